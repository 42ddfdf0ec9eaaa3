import ViewKit

/// The constraint graph of Guides/Spec.md §13.2 (the sample delegate), rebuilt with plain views
/// in place of the SDK's components, written the way the sample writes it.
@MainActor
final class SampleGraph {
  static let promptAnimationDuration: TimeInterval = 0.4

  let navMap: UIView
  let mapContentsBottomGuide = UILayoutGuide()
  let stack = makeView("stack", intrinsic: CGSize(width: 56, height: UIView.noIntrinsicMetric))
  let logo = makeView("logo", intrinsic: CGSize(width: 80, height: 24))
  let viewport = makeView("viewport")
  let turnCard = makeView("turnCard", intrinsic: CGSize(width: 390, height: 150))
  let etaCard = makeView("etaCard", intrinsic: CGSize(width: 390, height: 100))
  var log: [String] = []

  private var readyConstraints: [NSLayoutConstraint] = []
  private var activeConstraints: [NSLayoutConstraint] = []
  private var sharedConstraints: [NSLayoutConstraint] = []
  private var promptBottom: NSLayoutConstraint?
  private var currentPrompt: UIView?

  init(navMap: UIView) {
    self.navMap = navMap
    mapContentsBottomGuide.identifier = "G"
  }

  private var safe: UILayoutGuide { navMap.safeAreaLayoutGuide }

  func enableNavigationUI() {
    navMap.addLayoutGuide(mapContentsBottomGuide)
    let guide = mapContentsBottomGuide
    let low = guide.bottomAnchor.constraint(equalTo: safe.bottomAnchor)
    low.priority = .defaultLow
    sharedConstraints = [guide.heightAnchor.constraint(equalToConstant: 0), low]
    readyConstraints =
      sharedConstraints + [
        stack.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
        stack.topAnchor.constraint(equalTo: safe.topAnchor),
        stack.bottomAnchor.constraint(equalTo: guide.topAnchor),
        logo.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
        logo.bottomAnchor.constraint(equalTo: guide.topAnchor),
        viewport.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
        viewport.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
        viewport.topAnchor.constraint(equalTo: safe.topAnchor),
        viewport.bottomAnchor.constraint(equalTo: guide.topAnchor),
      ]
    activateReady()
  }

  private func activateReady() {
    for view in [logo, viewport] { navMap.addSubview(view) }
    navMap.addSubview(stack)
    NSLayoutConstraint.activate(readyConstraints)
  }

  private func deactivateReady() {
    NSLayoutConstraint.deactivate(readyConstraints)
    stack.removeFromSuperview()
    for view in [logo, viewport] { view.removeFromSuperview() }
  }

  func startGuidance() {
    deactivateReady()
    let guide = mapContentsBottomGuide
    activeConstraints =
      sharedConstraints + [
        turnCard.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
        turnCard.topAnchor.constraint(equalTo: navMap.topAnchor),
        etaCard.leadingAnchor.constraint(equalTo: navMap.leadingAnchor),
        etaCard.bottomAnchor.constraint(equalTo: navMap.bottomAnchor),
        guide.bottomAnchor.constraint(lessThanOrEqualTo: etaCard.topAnchor),
        stack.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
        stack.topAnchor.constraint(equalTo: turnCard.bottomAnchor),
        stack.bottomAnchor.constraint(equalTo: guide.topAnchor),
        logo.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
        logo.bottomAnchor.constraint(equalTo: guide.topAnchor),
        viewport.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
        viewport.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
        viewport.topAnchor.constraint(equalTo: turnCard.bottomAnchor),
        viewport.bottomAnchor.constraint(equalTo: guide.topAnchor),
      ]
    for view in [turnCard, etaCard, viewport, logo] { navMap.addSubview(view) }
    navMap.addSubview(stack)
    NSLayoutConstraint.activate(activeConstraints)
  }

  func stopGuidance() {
    NSLayoutConstraint.deactivate(activeConstraints)
    stack.removeFromSuperview()
    for view in [turnCard, etaCard, viewport, logo] { view.removeFromSuperview() }
    activeConstraints = []
    activateReady()
  }

  func disableNavigationUI() {
    currentPrompt?.removeFromSuperview()
    currentPrompt = nil
    promptBottom = nil
    deactivateReady()
    navMap.removeLayoutGuide(mapContentsBottomGuide)
  }

  func showPrompt(_ prompt: UIView) {
    navMap.addSubview(prompt)
    let bottom = prompt.bottomAnchor.constraint(
      equalTo: navMap.bottomAnchor, constant: prompt.bounds.height)
    NSLayoutConstraint.activate([
      bottom,
      prompt.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
      mapContentsBottomGuide.bottomAnchor.constraint(lessThanOrEqualTo: prompt.topAnchor),
    ])
    promptBottom = bottom
    currentPrompt = prompt
    navMap.layoutIfNeeded()
    let name = prompt.accessibilityIdentifier ?? "prompt"
    UIView.animate(withDuration: Self.promptAnimationDuration) {
      bottom.constant = 0
      self.navMap.layoutIfNeeded()
    } completion: { _ in
      self.log.append("shown \(name)")
    }
  }

  func hidePrompt(_ oldPrompt: UIView) {
    guard let bottom = promptBottom, currentPrompt === oldPrompt else { return }
    promptBottom = nil
    currentPrompt = nil
    let name = oldPrompt.accessibilityIdentifier ?? "prompt"
    UIView.animate(withDuration: Self.promptAnimationDuration) {
      bottom.constant = oldPrompt.bounds.height
      self.navMap.layoutIfNeeded()
    } completion: { _ in
      oldPrompt.removeFromSuperview()
      self.log.append("removed \(name)")
    }
  }

  func changePrompt(from old: UIView, to new: UIView) {
    hidePrompt(old)
    showPrompt(new)
  }
}

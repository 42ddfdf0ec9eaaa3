import NavigationUI

/// A ring showing how much of the day's round is done, drawn by the view itself with
/// `draw(_:)`: a faint track and a yellow arc clockwise from the top.
@MainActor
public final class StopProgressRing: UIView {
  /// The part done, 0…1; setting it redraws the ring.
  public var fraction: CGFloat { didSet { setNeedsDisplay() } }
  /// The arc's colour.
  public static let arcColor = UIColor.yellow

  /// A ring showing `fraction`.
  public init(fraction: CGFloat) {
    self.fraction = fraction
    super.init(frame: .zero)
    backgroundColor = .clear
    translatesAutoresizingMaskIntoConstraints = false
  }

  /// Draws the track and the arc.
  public override func draw(_ rect: CGRect) {
    let lineWidth: CGFloat = 4
    let centre = CGPoint(x: bounds.midX, y: bounds.midY)
    let radius = min(bounds.width, bounds.height) / 2 - lineWidth / 2
    let track = UIBezierPath(
      arcCenter: centre, radius: radius, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
    track.lineWidth = lineWidth
    UIColor.white.withAlphaComponent(0.35).setStroke()
    track.stroke()
    let arc = UIBezierPath(
      arcCenter: centre, radius: radius, startAngle: -.pi / 2,
      endAngle: -.pi / 2 + 2 * .pi * max(0, min(1, fraction)), clockwise: true)
    arc.lineWidth = lineWidth
    arc.lineCapStyle = .round
    Self.arcColor.setStroke()
    arc.stroke()
  }
}

/// A delivery app's own view: which stop of the route the driver is heading to, and a ring
/// of the round done. It sits above the ETA card during guidance, full width.
@MainActor
public final class DeliveryPanel: UIView {
  /// The text shown, e.g. "Stop 3 of 8 · Casino".
  public let label = UILabel()
  /// The round done (two stops of eight), at the trailing edge.
  public let ring = StopProgressRing(fraction: 0.25)

  /// A panel showing `text`.
  public init(text: String) {
    super.init(frame: .zero)
    accessibilityIdentifier = "deliveryPanel"
    backgroundColor = UIColor(red: 0.10, green: 0.45, blue: 0.25, alpha: 1)
    label.text = text
    label.textColor = .white
    label.font = UIFont.systemFont(ofSize: 16, weight: .semibold)
    label.translatesAutoresizingMaskIntoConstraints = false
    translatesAutoresizingMaskIntoConstraints = false
    addSubview(label)
    addSubview(ring)
    NSLayoutConstraint.activate([
      label.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
      label.trailingAnchor.constraint(lessThanOrEqualTo: ring.leadingAnchor, constant: -8),
      ring.trailingAnchor.constraint(equalTo: layoutMarginsGuide.trailingAnchor),
      ring.centerYAnchor.constraint(equalTo: centerYAnchor),
      ring.widthAnchor.constraint(equalToConstant: 28),
      ring.heightAnchor.constraint(equalToConstant: 28),
      label.topAnchor.constraint(equalTo: topAnchor, constant: 12),
      label.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -12),
    ])
  }
}

/// The delivery app's layout delegate: Google's turn card on top, the camera viewport under
/// it, the app's ``DeliveryPanel`` above the ETA card at the bottom, buttons and logo above
/// the panel, and prompts sliding up from behind the ETA card over the panel.
@MainActor
public final class FleetLayoutDelegate: NSObject, NavigationLayoutDelegate {
  /// The app's panel (shown during guidance).
  public let panel: DeliveryPanel
  /// How long a prompt takes to slide in or out.
  public static let promptDuration: TimeInterval = 0.3

  private let contentsBottom = UILayoutGuide()
  private var readyConstraints: [NSLayoutConstraint] = []
  private var readyViews: [UIView] = []
  private var guidanceConstraints: [NSLayoutConstraint] = []
  private var guidanceViews: [UIView] = []
  private var promptBottom: NSLayoutConstraint?
  private var prompt: NavigationPromptView?
  private weak var etaCard: UIView?
  private let readyButtons = GMSNavigationHidingStackView(position: .bottom, alignment: .trailing)
  private let guidanceButtons = GMSNavigationHidingStackView(
    position: .bottom, alignment: .trailing)

  /// A delegate whose panel reads `panelText`.
  public init(panelText: String = "Stop 3 of 8 · Casino") {
    panel = DeliveryPanel(text: panelText)
    super.init()
  }

  /// The constraints both states share: the map contents end at `contentsBottom`, which rests
  /// on the safe area unless something higher pushes it up.
  private func contentsConstraints(_ navMap: GMSMapView) -> [NSLayoutConstraint] {
    let onSafeArea = contentsBottom.bottomAnchor.constraint(
      equalTo: navMap.safeAreaLayoutGuide.bottomAnchor)
    onSafeArea.priority = .defaultLow
    return [
      contentsBottom.heightAnchor.constraint(equalToConstant: 0), onSafeArea,
      contentsBottom.bottomAnchor.constraint(
        lessThanOrEqualTo: navMap.safeAreaLayoutGuide.bottomAnchor),
    ]
  }

  /// Buttons, logo and viewport above `contentsBottom`; the viewport's top at `top`.
  private func mapContents(
    _ navMap: GMSMapView, stack: GMSNavigationHidingStackView, logo: UIView, viewport: UIView,
    top: NSLayoutYAxisAnchor
  ) -> [NSLayoutConstraint] {
    let safe = navMap.safeAreaLayoutGuide
    return [
      stack.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
      stack.topAnchor.constraint(equalTo: top),
      stack.bottomAnchor.constraint(equalTo: contentsBottom.topAnchor),
      logo.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
      logo.bottomAnchor.constraint(equalTo: contentsBottom.topAnchor),
      viewport.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
      viewport.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
      viewport.topAnchor.constraint(equalTo: top),
      viewport.bottomAnchor.constraint(equalTo: contentsBottom.topAnchor),
    ]
  }

  private func show(_ views: [UIView], _ constraints: [NSLayoutConstraint], on navMap: UIView) {
    for view in views { navMap.addSubview(view) }
    NSLayoutConstraint.activate(constraints)
  }

  private func hide(_ views: [UIView], _ constraints: [NSLayoutConstraint]) {
    NSLayoutConstraint.deactivate(constraints)
    for view in views { view.removeFromSuperview() }
  }

  /// Part of `NavigationLayoutDelegate`.
  public func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
    navMap.addLayoutGuide(contentsBottom)
    readyButtons.arrangedSubviews = newState.buttons.map(\.view)
    readyViews = [newState.viewport, newState.googleLogo, readyButtons]
    readyConstraints =
      contentsConstraints(navMap)
      + mapContents(
        navMap, stack: readyButtons, logo: newState.googleLogo, viewport: newState.viewport,
        top: navMap.safeAreaLayoutGuide.topAnchor)
    show(readyViews, readyConstraints, on: navMap)
  }

  /// Part of `NavigationLayoutDelegate`.
  public func disableNavigationUI(navMap: GMSMapView, oldState: NavigationReadyUIState) {
    prompt?.removeFromSuperview()
    prompt = nil
    promptBottom = nil
    hide(readyViews, readyConstraints)
    readyButtons.arrangedSubviews = []
    readyViews = []
    readyConstraints = []
    navMap.removeLayoutGuide(contentsBottom)
  }

  /// Part of `NavigationLayoutDelegate`.
  public func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    hide(readyViews, readyConstraints)
    guidanceButtons.arrangedSubviews = newState.buttons.map(\.view)
    guidanceViews = [
      newState.turnCard, newState.viewport, newState.googleLogo, guidanceButtons, panel,
      newState.etaCard,
    ]
    let safe = navMap.safeAreaLayoutGuide
    guidanceConstraints =
      contentsConstraints(navMap)
      + mapContents(
        navMap, stack: guidanceButtons, logo: newState.googleLogo, viewport: newState.viewport,
        top: newState.turnCard.bottomAnchor)
      + [
        newState.turnCard.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
        newState.turnCard.topAnchor.constraint(equalTo: navMap.topAnchor),
        newState.etaCard.leadingAnchor.constraint(equalTo: navMap.leadingAnchor),
        newState.etaCard.bottomAnchor.constraint(equalTo: navMap.bottomAnchor),
        panel.leadingAnchor.constraint(equalTo: navMap.leadingAnchor),
        panel.trailingAnchor.constraint(equalTo: navMap.trailingAnchor),
        panel.bottomAnchor.constraint(equalTo: newState.etaCard.topAnchor),
        contentsBottom.bottomAnchor.constraint(lessThanOrEqualTo: panel.topAnchor),
      ]
    etaCard = newState.etaCard
    show(guidanceViews, guidanceConstraints, on: navMap)
  }

  /// Part of `NavigationLayoutDelegate`.
  public func stopGuidance(
    navMap: GMSMapView, newState: NavigationReadyUIState, oldState: ActiveGuidanceUIState
  ) {
    hide(guidanceViews, guidanceConstraints)
    guidanceButtons.arrangedSubviews = []
    guidanceViews = []
    guidanceConstraints = []
    etaCard = nil
    show(readyViews, readyConstraints, on: navMap)
  }

  /// Part of `NavigationLayoutDelegate`: the prompt slides up from behind the ETA card and
  /// covers the panel while it is shown (on a short landscape screen there is no room for
  /// both above the card).
  public func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {
    let eta = etaCard.flatMap { $0.superview === navMap ? $0 : nil }
    if let eta {
      navMap.insertSubview(newPrompt, belowSubview: eta)
    } else {
      navMap.addSubview(newPrompt)
    }
    let bottom = newPrompt.bottomAnchor.constraint(
      equalTo: eta?.topAnchor ?? navMap.bottomAnchor, constant: newPrompt.bounds.height)
    NSLayoutConstraint.activate([
      bottom,
      newPrompt.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor),
      contentsBottom.bottomAnchor.constraint(lessThanOrEqualTo: newPrompt.topAnchor),
    ])
    promptBottom = bottom
    prompt = newPrompt
    navMap.layoutIfNeeded()
    UIView.animate(withDuration: Self.promptDuration) {
      bottom.constant = 0
      navMap.layoutIfNeeded()
    }
  }

  /// Part of `NavigationLayoutDelegate`.
  public func hidePrompt(navMap: GMSMapView, oldPrompt: NavigationPromptView) {
    guard let bottom = promptBottom, prompt === oldPrompt else { return }
    promptBottom = nil
    prompt = nil
    UIView.animate(withDuration: Self.promptDuration) {
      bottom.constant = oldPrompt.bounds.height
      navMap.layoutIfNeeded()
    } completion: { _ in
      oldPrompt.removeFromSuperview()
    }
  }

  /// Part of `NavigationLayoutDelegate`.
  public func changePrompt(
    navMap: GMSMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView
  ) {
    hidePrompt(navMap: navMap, oldPrompt: oldPrompt)
    showPrompt(navMap: navMap, newPrompt: newPrompt)
  }
}

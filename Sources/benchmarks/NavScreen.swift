import ViewKit

/// A view with a fixed intrinsic size (labels and icons without text shaping, so the
/// benchmark measures layout, not Pango).
@MainActor
final class BoxView: UIView {
  let size: CGSize

  init(_ name: String, _ width: CGFloat, _ height: CGFloat) {
    size = CGSize(width: width, height: height)
    super.init(frame: .zero)
    accessibilityIdentifier = name
    translatesAutoresizingMaskIntoConstraints = false
  }

  override var intrinsicContentSize: CGSize { size }
}

/// The navigation screen, the one fixture of the suites that lay out, draw or drive a
/// phone's navigation UI: a 390 × 844 pt portrait window with the safe area of a notched
/// phone (``window(clock:)``) holding the map, the turn card, the ETA card, a prompt, the
/// logo, the speed widgets and a button column. Each suite measures it in its own form:
///
/// - `layout` (this type): the `navscreen` solver workload (`scripts/solver-bench`) as a real
///   view tree, 23 views placed with anchors, sized by fixed intrinsic sizes (no text
///   shaping, so the suite measures layout, not Pango);
/// - `render` (``NavScreen/Painted``): the same parts as styled views with text, laid out by
///   frames, over the Monaco map;
/// - `navui` (``NavScreenDelegate``): the SDK's own components placed by a layout delegate.
@MainActor
struct NavScreen {
  let window: UIWindow
  let views: [UIView]
  let promptBottom: NSLayoutConstraint

  /// The screen's window: 390 × 844 pt, safe area 47 pt at the top and 34 pt at the bottom.
  static func window(clock: ManualClock) -> UIWindow {
    UIWindow(
      frame: CGRect(x: 0, y: 0, width: 390, height: 844),
      safeAreaInsets: UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0), clock: clock)
  }

  /// The view tree of the `navscreen` workload, in a new window on `clock`.
  init(clock: ManualClock) {
    window = Self.window(clock: clock)
    let safe = window.safeAreaLayoutGuide
    func plain(_ name: String) -> UIView {
      let view = UIView()
      view.accessibilityIdentifier = name
      view.translatesAutoresizingMaskIntoConstraints = false
      return view
    }
    let map = plain("map")
    let turnCard = plain("turnCard")
    let turnIcon = BoxView("turnIcon", 48, 48)
    let turnDistance = BoxView("turnDistance", 80, 28)
    let turnStreet = BoxView("turnStreet", 220, 24)
    let lanes = BoxView("laneGuidance", 180, 32)
    let etaCard = plain("etaCard")
    let progress = plain("progress")
    let eta = BoxView("eta", 70, 22)
    let remaining = BoxView("remaining", 90, 18)
    let arrival = BoxView("arrival", 60, 18)
    let end = BoxView("endButton", 64, 40)
    let prompt = plain("prompt")
    let promptTitle = BoxView("promptTitle", 200, 22)
    let promptIcon = BoxView("promptIcon", 32, 32)
    let logo = BoxView("logo", 80, 24)
    let speed = BoxView("speed", 56, 56)
    let limit = BoxView("speedLimit", 44, 56)
    let buttons = [BoxView("compass", 48, 48), BoxView("report", 48, 48), BoxView("mute", 48, 48)]
    let stack = UIStackView(arrangedSubviews: buttons)
    stack.accessibilityIdentifier = "buttons"
    stack.translatesAutoresizingMaskIntoConstraints = false
    stack.axis = .vertical
    stack.spacing = 8
    stack.alignment = .trailing
    let guide = UILayoutGuide()

    for view in [map, turnCard, etaCard, prompt, logo, speed, limit, stack] {
      window.addSubview(view)
    }
    for view in [turnIcon, turnDistance, turnStreet, lanes] { turnCard.addSubview(view) }
    for view in [progress, eta, remaining, arrival, end] { etaCard.addSubview(view) }
    for view in [promptTitle, promptIcon] { prompt.addSubview(view) }
    window.addLayoutGuide(guide)
    let low = guide.bottomAnchor.constraint(equalTo: safe.bottomAnchor)
    low.priority = .defaultLow
    promptBottom = prompt.bottomAnchor.constraint(equalTo: window.bottomAnchor, constant: 240)
    NSLayoutConstraint.activate([
      map.leadingAnchor.constraint(equalTo: window.leadingAnchor),
      map.trailingAnchor.constraint(equalTo: window.trailingAnchor),
      map.topAnchor.constraint(equalTo: window.topAnchor),
      map.bottomAnchor.constraint(equalTo: window.bottomAnchor),
      turnCard.leadingAnchor.constraint(equalTo: window.leadingAnchor),
      turnCard.trailingAnchor.constraint(equalTo: window.trailingAnchor),
      turnCard.topAnchor.constraint(equalTo: window.topAnchor),
      turnIcon.leadingAnchor.constraint(equalTo: turnCard.leadingAnchor, constant: 12),
      turnIcon.topAnchor.constraint(equalTo: safe.topAnchor, constant: 8),
      turnDistance.leadingAnchor.constraint(equalTo: turnIcon.trailingAnchor, constant: 12),
      turnDistance.topAnchor.constraint(equalTo: turnIcon.topAnchor),
      turnStreet.leadingAnchor.constraint(equalTo: turnDistance.leadingAnchor),
      turnStreet.topAnchor.constraint(equalTo: turnDistance.bottomAnchor, constant: 4),
      turnStreet.trailingAnchor.constraint(
        lessThanOrEqualTo: turnCard.trailingAnchor, constant: -12),
      lanes.centerXAnchor.constraint(equalTo: turnCard.centerXAnchor),
      lanes.topAnchor.constraint(equalTo: turnStreet.bottomAnchor, constant: 8),
      turnCard.bottomAnchor.constraint(equalTo: lanes.bottomAnchor, constant: 12),
      etaCard.leadingAnchor.constraint(equalTo: window.leadingAnchor),
      etaCard.trailingAnchor.constraint(equalTo: window.trailingAnchor),
      etaCard.bottomAnchor.constraint(equalTo: window.bottomAnchor),
      progress.leadingAnchor.constraint(equalTo: etaCard.leadingAnchor),
      progress.trailingAnchor.constraint(equalTo: etaCard.trailingAnchor),
      progress.topAnchor.constraint(equalTo: etaCard.topAnchor),
      progress.heightAnchor.constraint(equalToConstant: 4),
      eta.leadingAnchor.constraint(equalTo: etaCard.leadingAnchor, constant: 16),
      eta.topAnchor.constraint(equalTo: progress.bottomAnchor, constant: 12),
      remaining.leadingAnchor.constraint(equalTo: eta.leadingAnchor),
      remaining.topAnchor.constraint(equalTo: eta.bottomAnchor, constant: 4),
      arrival.leadingAnchor.constraint(equalTo: remaining.trailingAnchor, constant: 8),
      arrival.firstBaselineAnchor.constraint(equalTo: remaining.firstBaselineAnchor),
      end.trailingAnchor.constraint(equalTo: etaCard.trailingAnchor, constant: -16),
      end.centerYAnchor.constraint(equalTo: eta.bottomAnchor),
      safe.bottomAnchor.constraint(equalTo: remaining.bottomAnchor, constant: 8),
      prompt.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: 8),
      prompt.trailingAnchor.constraint(equalTo: safe.trailingAnchor, constant: -8),
      promptBottom,
      promptIcon.leadingAnchor.constraint(equalTo: prompt.leadingAnchor, constant: 12),
      promptIcon.centerYAnchor.constraint(equalTo: prompt.centerYAnchor),
      promptTitle.leadingAnchor.constraint(equalTo: promptIcon.trailingAnchor, constant: 8),
      promptTitle.topAnchor.constraint(equalTo: prompt.topAnchor, constant: 16),
      prompt.bottomAnchor.constraint(equalTo: promptTitle.bottomAnchor, constant: 16),
      guide.heightAnchor.constraint(equalToConstant: 0), low,
      guide.bottomAnchor.constraint(lessThanOrEqualTo: etaCard.topAnchor),
      guide.bottomAnchor.constraint(lessThanOrEqualTo: prompt.topAnchor, constant: -8),
      logo.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: 8),
      logo.bottomAnchor.constraint(equalTo: guide.topAnchor, constant: -8),
      speed.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: 8),
      speed.bottomAnchor.constraint(equalTo: logo.topAnchor, constant: -8),
      limit.leadingAnchor.constraint(equalTo: speed.trailingAnchor, constant: 4),
      limit.bottomAnchor.constraint(equalTo: speed.bottomAnchor),
      stack.trailingAnchor.constraint(equalTo: safe.trailingAnchor, constant: -8),
      stack.bottomAnchor.constraint(equalTo: guide.topAnchor, constant: -8),
      stack.topAnchor.constraint(greaterThanOrEqualTo: turnCard.bottomAnchor, constant: 8),
    ])
    views =
      [
        map, turnCard, turnIcon, turnDistance, turnStreet, lanes, etaCard, progress, eta,
        remaining, arrival, end, prompt, promptTitle, promptIcon, logo, speed, limit, stack,
      ] + buttons
  }
}

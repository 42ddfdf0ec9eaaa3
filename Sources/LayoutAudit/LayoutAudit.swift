import Foundation
import NavigationCore
import NavigationUI
import Routing
import ViewKit

/// Runs a layout delegate through every navigation state, prompt and resize on a manual
/// clock with a real embedded route, and checks the spec's rules for delegate authors
/// (SPEC §10.A) at each settled moment.
///
/// ```swift
/// let findings = LayoutAudit(matrix: .quick).run(makeDelegate: { MyDelegate() })
/// ```
@MainActor
public struct LayoutAudit {
  /// The screens to run on.
  public let matrix: AuditMatrix
  /// Overlaps of opaque views the layout means to have (the `overlap` rule lets them pass).
  public var allowedOverlaps: [AllowedOverlap]
  /// Called at each checked moment that produced findings, with the window still showing
  /// that moment: for pictures of failing frames (`navui audit` renders them).
  public var onFailingFrame: (@MainActor (AuditFrame) -> Void)?

  /// An audit over `matrix`, allowing the overlaps in `allowedOverlaps` (besides those the
  /// delegate declares through ``LayoutAuditDeclaring``).
  public init(matrix: AuditMatrix = .default, allowedOverlaps: [AllowedOverlap] = []) {
    self.matrix = matrix
    self.allowedOverlaps = allowedOverlaps
  }

  /// Runs a fresh delegate from `makeDelegate` on every configuration of the matrix and
  /// returns the findings, in run order, without duplicates.
  public func run(makeDelegate: () -> any NavigationLayoutDelegate) -> [LayoutFinding] {
    runAll { makeDelegate() }
  }

  /// Runs the SDK's built-in layout (no layout delegate set) through the same moments and
  /// rules and returns the findings.
  ///
  /// `configure` sets the map up first, for the built-in layout's options, e.g.
  /// `{ $0.settings.isNavigationTripProgressBarEnabled = true }`.
  public func runBuiltInLayout(configure: (GMSMapView) -> Void = { _ in }) -> [LayoutFinding] {
    runAll(configure: configure) { nil }
  }

  private func runAll(
    configure: (GMSMapView) -> Void = { _ in }, _ make: () -> (any NavigationLayoutDelegate)?
  ) -> [LayoutFinding] {
    let logs = LayoutIssue.logsToStandardError
    LayoutIssue.logsToStandardError = false
    defer { LayoutIssue.logsToStandardError = logs }
    var all: [LayoutFinding] = []
    var seen = Set<LayoutFinding>()
    var firstRun: AuditRun?
    func makeRun(_ configuration: AuditConfiguration, probe: Bool = false) -> AuditRun {
      let delegate = make()
      var allowed = allowedOverlaps
      if let declaring = delegate as? any LayoutAuditDeclaring {
        allowed += declaring.allowedOverlaps
      }
      let run = AuditRun(
        configuration: configuration, delegate: delegate, allowedOverlaps: allowed,
        onFailingFrame: probe ? nil : onFailingFrame)
      configure(run.mapView)
      return run
    }
    for configuration in matrix.configurations {
      let run = makeRun(configuration)
      run.drive()
      firstRun = firstRun ?? run
      for finding in run.findings where seen.insert(finding).inserted { all.append(finding) }
    }
    // D11: the first configuration again, the buttons handed over in reverse order; a
    // delegate that finds buttons by type shows and places the same buttons.
    if let first = firstRun, !first.builtIn {
      let probe = makeRun(first.configuration, probe: true)
      probe.recorder.reversesButtons = true
      probe.drive()
      for finding in first.compareButtons(with: probe) where seen.insert(finding).inserted {
        all.append(finding)
      }
    }
    return all
  }
}

/// Origin and destination of the audit's route in Monaco.
private let origin = CLLocationCoordinate2D(latitude: 43.7296, longitude: 7.4168)
private let destination = CLLocationCoordinate2D(latitude: 43.7394, longitude: 7.4275)

/// One configuration's run.
@MainActor
final class AuditRun {
  let configuration: AuditConfiguration
  let recorder: AuditRecorder
  let clock = ManualClock()
  let window: UIWindow
  let mapView: GMSMapView
  var findings: [LayoutFinding] = []
  var issuesSeen = 0
  /// Whether the SDK's built-in layout is under audit (no delegate).
  let builtIn: Bool
  let allowedOverlaps: [AllowedOverlap]
  let onFailingFrame: (@MainActor (AuditFrame) -> Void)?
  /// The legacy layout settings before navigation was enabled (D9).
  var legacyBefore: LegacySettings?
  /// The SDK's own constraints on the legacy layout guides (D9).
  var sdkGuideConstraints = IdentitySet<NSLayoutConstraint>()
  var reportedD9 = Set<String>()
  /// Button types visible, and where, at each moment (D11).
  var buttonRecord: [String: [String: String]] = [:]

  init(
    configuration: AuditConfiguration, delegate: (any NavigationLayoutDelegate)?,
    allowedOverlaps: [AllowedOverlap] = [],
    onFailingFrame: (@MainActor (AuditFrame) -> Void)? = nil
  ) {
    self.configuration = configuration
    self.allowedOverlaps = allowedOverlaps
    self.onFailingFrame = onFailingFrame
    builtIn = delegate == nil
    recorder = AuditRecorder(delegate ?? AuditRecorder.Nothing())
    window = UIWindow(
      frame: CGRect(origin: .zero, size: configuration.size),
      safeAreaInsets: configuration.safeArea, clock: clock)
    mapView = GMSMapView(frame: window.bounds)
    window.addSubview(mapView)
    if configuration.rightToLeft {
      mapView.semanticContentAttribute = .forceRightToLeft
      mapView.navigationLocale = Locale(identifier: "ar")
    }
  }

  func report(_ rule: String, _ state: String, _ views: [UIView], _ message: String) {
    findings.append(
      LayoutFinding(
        rule: rule, state: state, configuration: configuration.name, size: mapView.bounds.size,
        views: views.map(Self.name), message: message))
  }

  static func text(_ r: CGRect) -> String {
    "(\(points(r.minX)), \(points(r.minY)), \(points(r.width))×\(points(r.height)))"
  }

  static func name(_ view: UIView) -> String {
    view.accessibilityIdentifier ?? "\(type(of: view))"
  }

  func settle(_ seconds: TimeInterval) {
    clock.advance(by: seconds)
    window.layoutIfNeeded()
  }

  func resize(to size: CGSize, safeArea: UIEdgeInsets) {
    window.frame = CGRect(origin: .zero, size: size)
    window.setSafeAreaInsets(safeArea)
    mapView.frame = window.bounds
    settle(0.5)
  }

  /// The run: enable, route, guidance, prompts, resizes, stop, disable.
  func drive() {
    do {
      if !builtIn { try mapView.setLayoutDelegate(recorder) }
    } catch {
      report("setup", "non-navigation", [mapView], "setLayoutDelegate failed: \(error)")
      return
    }
    mapView.shouldDisplaySpeedometer = configuration.speedWidget
    mapView.shouldDisplaySpeedLimit = configuration.speedWidget
    // The legacy guides belong to the map (made on first use), not to a state.
    _ = mapView.navigationHeaderLayoutGuide
    let guidesBefore = mapView.layoutGuides.count
    let subviewsBefore = mapView.subviews.count
    sdkGuideConstraints = legacyGuideConstraints()
    legacyBefore = LegacySettings(mapView)
    // Headless: the terms are accepted for this process (the app would show the dialog).
    try? GMSNavigationServices.acceptTermsAndConditions(persisting: false)
    mapView.isNavigationEnabled = true
    guard let navigator = mapView.navigator else {
      report("setup", "ready", [mapView], "navigation could not be enabled")
      return
    }
    mapView.locationSimulator?.simulateLocation(at: origin)
    var status: GMSRouteStatus?
    if let waypoint = GMSNavigationWaypoint(location: destination, title: "Destination") {
      navigator.setDestinations([waypoint]) { status = $0 }
    }
    settle(0)
    if status != .OK {
      report("setup", "ready", [mapView], "no route: \(String(describing: status))")
    }
    settle(1)
    check("ready")
    if let target = configuration.resize {
      resize(to: target.size, safeArea: target.safeArea)
      check("ready (resized)")
      resize(to: configuration.size, safeArea: configuration.safeArea)
      check("ready (resized back)")
    }

    navigator.isGuidanceActive = true
    mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
    settle(5)
    check("guidance")
    probeD16("guidance (speed widget resized)")
    _ = navigator.showPrompt(.incident(title: "Accident ahead"))
    settle(0.2)
    check("guidance+prompt (animating in)", settled: false)
    settle(1)
    check("guidance+prompt")
    _ = navigator.showPrompt(.betterRoute(title: "2 min faster", savings: 120))
    settle(1)
    check("guidance+prompt (changed)")
    if let target = configuration.resize {
      resize(to: target.size, safeArea: target.safeArea)
      check("guidance+prompt (resized)")
    }
    navigator.dismissPrompt()
    settle(1)
    check("guidance (prompt hidden)")
    if configuration.resize != nil {
      resize(to: configuration.size, safeArea: configuration.safeArea)
      check("guidance (resized back)")
    }
    _ = navigator.showPrompt(.traffic(title: "Heavy traffic", distance: 900))
    settle(1)
    check("guidance+prompt (before stop)")

    navigator.isGuidanceActive = false
    settle(1)
    check("ready (after guidance)")
    checkGuidanceGone("ready (after guidance)")

    mapView.isNavigationEnabled = false
    settle(1)
    let state = "non-navigation (after disable)"
    let left = mapView.subviews
    if left.count > subviewsBefore {
      report("D7", state, left, "views left on the map after disableNavigationUI")
    }
    if mapView.layoutGuides.count > guidesBefore {
      report(
        "D7", state, [mapView],
        "\(mapView.layoutGuides.count - guidesBefore) layout guide(s) left after disableNavigationUI"
      )
    }
    collectIssues(state)
  }

  // MARK: - Checks

  var guidance: (any ActiveGuidanceUIState)? { recorder.guidance }

  /// The components of the current state (and the prompts seen), for D5 and friends.
  func fixedSizeComponents() -> [UIView] {
    var views: [UIView] = []
    if let s = recorder.current { views.append(s.googleLogo) }
    if recorder.phase == .guidance, let g = guidance {
      views += [g.turnCard, g.etaCard, g.speedWidget]
    }
    views += recorder.prompts.filter { $0.superview != nil }
    return views
  }

  func isInTree(_ view: UIView) -> Bool { view.window === window }

  func isVisible(_ view: UIView) -> Bool {
    var v: UIView? = view
    while let current = v {
      if current.isHidden || current.alpha <= 0.01 { return false }
      v = current.superview
    }
    return true
  }

  func frame(_ view: UIView) -> CGRect { view.convert(view.bounds, to: mapView) }

  func check(_ state: String, settled: Bool = true) {
    window.layoutIfNeeded()
    let before = findings.count
    defer {
      if findings.count > before, let onFailingFrame {
        onFailingFrame(
          AuditFrame(
            window: window, mapView: mapView, time: clock.now,
            findings: Array(findings[before...])))
      }
    }
    syncBuiltIn()
    collectIssues(state)
    guard let current = recorder.current else { return }
    checkD3(state, current)
    checkD5(state, current)
    guard settled else { return }
    checkD8(state)
    checkAmbiguity(state, current)
    checkD4(state)
    if recorder.phase == .guidance, let g = guidance {
      checkD13(state, g)
      checkD15(state, g)
    }
    if recorder.phase == .ready, recorder.prompts.contains(where: { $0.superview != nil }) {
      report(
        "D7", state, recorder.prompts.filter { $0.superview != nil },
        "prompt on screen outside active guidance")
    }
    checkTouchTargets(state, current)
    checkOpaqueViewport(state, current)
    checkD12(state)
    checkD14(state, current)
    checkSafeArea(state, current)
    checkOverlaps(state, current)
    checkD9(state)
    checkD10(state)
    recordButtons(state)
  }

  /// D11 findings: moments where the reversed-buttons probe shows other buttons, or places
  /// the delegate's own buttons elsewhere, than this run.
  func compareButtons(with probe: AuditRun) -> [LayoutFinding] {
    var out: [LayoutFinding] = []
    for (state, seen) in buttonRecord.sorted(by: { $0.key < $1.key }) {
      guard let other = probe.buttonRecord[state], other != seen else { continue }
      let types = Set(seen.keys).union(other.keys).sorted().filter { seen[$0] != other[$0] }
      out.append(
        LayoutFinding(
          rule: "D11", state: state, configuration: configuration.name + " (buttons reversed)",
          size: mapView.bounds.size, views: types.map { "button \($0)" },
          message: "with the buttons listed in another order the layout shows or places "
            + "\(types.joined(separator: ", ")) differently; find buttons by type, not index"))
    }
    return out
  }

  /// With the built-in layout there are no callbacks: the recorder follows the map instead.
  func syncBuiltIn() {
    guard builtIn else { return }
    switch mapView.navigationUIPhase {
    case .nonNavigation: recorder.phase = .off
    case .navigationReady:
      recorder.phase = .ready
      recorder.ready = mapView.navigationUIState as? any NavigationReadyUIState
    case .activeGuidance:
      recorder.phase = .guidance
      recorder.guidance = mapView.navigationUIState as? any ActiveGuidanceUIState
    }
    if let prompt = mapView.currentPromptView, !recorder.prompts.contains(where: { $0 === prompt })
    {
      recorder.prompts.append(prompt)
    }
  }

  /// A settled prompt must not cover the viewport, the logo or the buttons.
  func checkD14(_ state: String, _ s: any NavigationUIState) {
    var others: [UIView] = [s.viewport, s.googleLogo]
    if let g = current(as: (any ActiveGuidanceUIState).self) { others += g.buttons.map(\.view) }
    for prompt in recorder.prompts where prompt.isDescendant(of: mapView) && isVisible(prompt) {
      let p = frame(prompt)
      for other in others where other.isDescendant(of: mapView) && isVisible(other) {
        let o = frame(other)
        let overlap = p.intersection(o)
        if !overlap.isNull, overlap.width > 0.5, overlap.height > 0.5 {
          report(
            "D14", state, [prompt, other],
            "the prompt at \(Self.text(p)) overlaps \(Self.name(other)) at \(Self.text(o))")
        }
      }
    }
  }

  func current<T>(as: T.Type) -> T? { recorder.current as? T }

  /// The logo (the recenter button) and the buttons must be inside the map's safe-area
  /// layout guide (the frame delegates constrain to).
  func checkSafeArea(_ state: String, _ s: any NavigationUIState) {
    let safe = mapView.safeAreaLayoutGuide.layoutFrame.insetBy(dx: -0.5, dy: -0.5)
    var views: [UIView] = [s.googleLogo]
    if let g = current(as: (any ActiveGuidanceUIState).self) { views += g.buttons.map(\.view) }
    if let r = current(as: (any NavigationReadyUIState).self) { views += r.buttons.map(\.view) }
    for view in views where view.isDescendant(of: mapView) && isVisible(view) {
      let f = frame(view)
      if !safe.contains(f) {
        report(
          "safe-area", state, [view],
          "\(Self.name(view)) at \(Self.text(f)) is outside the safe area \(Self.text(safe))")
      }
    }
  }

  /// The hiding stack shows the leading views that fit its height and hides the rest; any
  /// other pattern means someone set `isHidden` on a managed view.
  func checkD12(_ state: String) {
    var stacks: [GMSNavigationHidingStackView] = []
    func walk(_ v: UIView) {
      for sub in v.subviews {
        if let stack = sub as? GMSNavigationHidingStackView { stacks.append(stack) }
        walk(sub)
      }
    }
    walk(mapView)
    for stack in stacks {
      var used: CGFloat = 0
      var fitting = 0
      for view in stack.arrangedSubviews {
        let height = max(0, view.intrinsicContentSize.height)
        let needed = height + (fitting > 0 ? stack.spacing : 0)
        if used + needed > stack.bounds.height + 0.001 { break }
        used += needed
        fitting += 1
      }
      for (index, view) in stack.arrangedSubviews.enumerated()
      where view.isHidden != (index >= fitting) {
        report(
          "D12", state, [view, stack],
          "isHidden is \(view.isHidden) on a view the hiding stack manages (it "
            + (index >= fitting ? "does not fit" : "fits") + ")")
      }
    }
  }

  func checkD3(_ state: String, _ s: any NavigationUIState) {
    for (view, what) in [(s.googleLogo, "logo"), (s.viewport, "viewport")] {
      guard view.isDescendant(of: mapView) else {
        report("D3", state, [view], "the \(what) is not in the map's hierarchy")
        continue
      }
      if !isVisible(view) {
        report("D3", state, [view], "the \(what) is hidden or transparent")
        continue
      }
      let f = frame(view)
      if f.width < 1 || f.height < 1 {
        report("D3", state, [view], "the \(what) has no size (\(f))")
      } else if !f.intersects(mapView.bounds) || !f.isFinite {
        report("D3", state, [view], "the \(what) is off the map (\(f))")
      }
    }
  }

  func checkD5(_ state: String, _ s: any NavigationUIState) {
    var views = [s.googleLogo, s.viewport] + recorder.prompts
    if let g = guidance {
      views += [g.turnCard, g.etaCard, g.speedWidget, g.tripProgressBar] + g.buttons.map(\.view)
    }
    if let r = recorder.ready { views += r.buttons.map(\.view) }
    for view in views where view.superview != nil && !view.isDescendant(of: mapView) {
      report(
        "D5", state, [view, view.superview!],
        "Google view added outside the map view and its descendants")
    }
  }

  func checkGuidanceGone(_ state: String) {
    guard let g = guidance else { return }
    let ready = Set((recorder.ready?.buttons ?? []).map { ObjectIdentifier($0.view) })
    var views = [g.turnCard, g.etaCard, g.speedWidget, g.tripProgressBar]
    views += g.buttons.map(\.view).filter { !ready.contains(ObjectIdentifier($0)) }
    for view in views where view.superview != nil {
      report("D7", state, [view], "active-guidance view left after stopGuidance")
    }
    for c in allConstraints() {
      let items = [c.firstItem, c.secondItem].compactMap { $0 as? UIView }
      if items.contains(where: { v in views.contains { $0 === v } }) {
        report("D7", state, items, "active-guidance constraint still active after stopGuidance")
      }
    }
  }

  /// Every active constraint touching a view of the map's tree, deduplicated, in order.
  func allConstraints() -> [NSLayoutConstraint] {
    var seen = Set<ObjectIdentifier>()
    var out: [NSLayoutConstraint] = []
    func walk(_ v: UIView) {
      for c in v.constraints where seen.insert(ObjectIdentifier(c)).inserted { out.append(c) }
      for s in v.subviews { walk(s) }
    }
    walk(mapView)
    return out
  }

  /// The Google components, whose insides are the SDK's business.
  func components() -> [UIView] {
    var views: [UIView] = recorder.prompts
    if let s = recorder.current { views += [s.googleLogo, s.viewport] }
    if let g = guidance {
      views += [g.turnCard, g.etaCard, g.speedWidget, g.tripProgressBar] + g.buttons.map(\.view)
    }
    if let r = recorder.ready { views += r.buttons.map(\.view) }
    return views
  }

  /// Whether the constraint only relates views inside one component (the SDK's own).
  func isInternal(_ c: NSLayoutConstraint) -> Bool {
    let items = [c.firstItem, c.secondItem].compactMap { $0 }
    let comps = components()
    return items.allSatisfy { item in
      guard let v = (item as? UIView) ?? (item as? UILayoutGuide)?.owningView else { return false }
      return comps.contains { comp in v !== comp && v.isDescendant(of: comp) }
        || (recorder.sdkConstraints.contains(c))
    }
  }

  func views(of c: NSLayoutConstraint) -> [UIView] {
    [c.firstItem, c.secondItem].compactMap { ($0 as? UIView) ?? ($0 as? UILayoutGuide)?.owningView }
  }

  func checkD8(_ state: String) {
    for c in allConstraints() where !isInternal(c) {
      let physical: Set<NSLayoutConstraint.Attribute> = [.left, .right]
      if physical.contains(c.firstAttribute) || physical.contains(c.secondAttribute) {
        report(
          "D8", state, views(of: c),
          "constraint uses left/right anchors; use leading/trailing for right-to-left layouts")
      }
    }
  }

  func collectIssues(_ state: String) {
    let issues = mapView.layoutIssues
    guard issues.count > issuesSeen else { return }
    for issue in issues[issuesSeen...] {
      let views = ([issue.constraint].compactMap { $0 } + issue.conflicting).flatMap(self.views)
      let rule = issue.kind == .unsatisfiable ? "conflict" : "constraint-misuse"
      report(rule, state, views, issue.message)
    }
    issuesSeen = issues.count
  }

  func checkAmbiguity(_ state: String, _ s: any NavigationUIState) {
    var views: [UIView] = []
    func walk(_ v: UIView) {
      for sub in v.subviews {
        views.append(sub)
        if !components().contains(where: { $0 === sub }) { walk(sub) }
      }
    }
    walk(mapView)
    // Hidden views (such as those a hiding stack hides) need no frame.
    for view in views where !view.translatesAutoresizingMaskIntoConstraints && isVisible(view) {
      if view.hasAmbiguousLayout {
        report(
          "ambiguous", state, [view], "the view's frame is not fully determined by constraints")
      }
    }
  }

  func checkD4(_ state: String) {
    for view in fixedSizeComponents() {
      for c in view.constraints where c.firstItem === view && !isInternal(c) {
        guard c.firstAttribute == .width || c.firstAttribute == .height else { continue }
        if recorder.sdkConstraints.contains(c) { continue }
        report(
          "D4", state, views(of: c),
          "\(c.firstAttribute == .width ? "width" : "height") constraint on a fixed-size component")
      }
    }
  }

  func checkD13(_ state: String, _ g: any ActiveGuidanceUIState) {
    guard !g.wideMode, g.turnCard.isDescendant(of: mapView), g.viewport.isDescendant(of: mapView)
    else { return }
    let pinned = g.viewport.constraints.contains { c in
      c.isActive && c.relation == .equal
        && ((c.firstItem === g.viewport && c.firstAttribute == .top
          && c.secondItem === g.turnCard && c.secondAttribute == .bottom)
          || (c.firstItem === g.turnCard && c.firstAttribute == .bottom
            && c.secondItem === g.viewport && c.secondAttribute == .top))
    }
    if !pinned {
      report(
        "D13", state, [g.viewport, g.turnCard],
        "viewport top is not constrained directly to the turn card's bottom")
    }
  }

  func checkD15(_ state: String, _ g: any ActiveGuidanceUIState) {
    guard g.wideMode else { return }
    let rtl = mapView.effectiveUserInterfaceLayoutDirection == .rightToLeft
    let safe = mapView.safeAreaInsets
    let bounds = mapView.bounds
    for (card, name) in [(g.turnCard, "turn card"), (g.etaCard, "ETA card")]
    where card.isDescendant(of: mapView) {
      let f = frame(card)
      let onLeading =
        rtl ? f.maxX >= bounds.maxX - safe.right - 1 : f.minX <= bounds.minX + safe.left + 1
      if !onLeading {
        report("D15", state, [card], "the \(name) is not on the leading edge in wide mode")
      }
    }
    if g.turnCard.isDescendant(of: mapView), g.etaCard.isDescendant(of: mapView),
      frame(g.turnCard).minY > frame(g.etaCard).minY
    {
      report(
        "D15", state, [g.turnCard, g.etaCard], "the turn card is below the ETA card in wide mode")
    }
  }

  func checkTouchTargets(_ state: String, _ s: any NavigationUIState) {
    var targets: [UIView] = []
    func walk(_ v: UIView) {
      for sub in v.subviews {
        if sub is UIControl, sub.isUserInteractionEnabled, isVisible(sub) { targets.append(sub) }
        walk(sub)
      }
    }
    walk(mapView)
    for view in targets {
      let f = frame(view)
      if f.width < 44 - 0.001 || f.height < 44 - 0.001 {
        report(
          "touch-target", state, [view],
          "touch target \(points(f.width))×\(points(f.height)) pt is smaller than 44×44 pt")
      }
    }
  }

  func checkOpaqueViewport(_ state: String, _ s: any NavigationUIState) {
    let viewport = s.viewport
    guard viewport.isDescendant(of: mapView) else { return }
    let vf = frame(viewport)
    let vehicle = CGPoint(x: vf.midX, y: vf.midY)
    let buttons = components().filter { $0 is UIControl }
    func walk(_ v: UIView) {
      for sub in v.subviews {
        if sub === viewport || viewport.isDescendant(of: sub) {
          walk(sub)
          continue
        }
        if buttons.contains(where: { sub === $0 || sub.isDescendant(of: $0) }) { continue }
        if sub === s.googleLogo { continue }
        let opaque =
          isVisible(sub) && sub.alpha >= 0.99 && (sub.backgroundColor?.alpha ?? 0) >= 0.99
        if opaque {
          let f = frame(sub)
          let overlap = f.intersection(vf)
          if f.contains(vehicle)
            || (!overlap.isNull && overlap.width * overlap.height > 0.25 * vf.width * vf.height)
          {
            report(
              "opaque-viewport", state, [sub, viewport],
              "opaque view at \(Self.text(f)) covers the viewport at \(Self.text(vf))")
          }
          continue
        }
        if !components().contains(where: { $0 === sub }) { walk(sub) }
      }
    }
    walk(mapView)
  }
}

/// A coordinate rounded to whole points for messages; never traps on NaN or infinity.
func points(_ value: CGFloat) -> String {
  value.isFinite && abs(value) < 1e15 ? String(Int(value.rounded())) : "\(value)"
}

extension CGRect {
  fileprivate var isFinite: Bool {
    minX.isFinite && minY.isFinite && width.isFinite && height.isFinite
  }
}

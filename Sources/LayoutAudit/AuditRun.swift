import Foundation
import NavigationCore
import NavigationUI
import ViewKit

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
      report(.setup, "non-navigation", [mapView], "setLayoutDelegate failed: \(error)")
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
    mapView.isNavigationEnabled = true
    guard let navigator = mapView.navigator else {
      report(.setup, "ready", [mapView], "navigation could not be enabled")
      return
    }
    mapView.locationSimulator?.simulateLocation(at: origin)
    var status: GMSRouteStatus?
    if let waypoint = GMSNavigationWaypoint(location: destination, title: "Destination") {
      navigator.setDestinations([waypoint]) { status = $0 }
    }
    settle(0)
    if status != .OK {
      report(.setup, "ready", [mapView], "no route: \(String(describing: status))")
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
    let own = mapView.mapControlViews
    let left = mapView.subviews.filter { view in !own.contains { $0 === view } }
    if left.count > subviewsBefore {
      report(.d7, state, left, "views left on the map after disableNavigationUI")
    }
    if mapView.layoutGuides.count > guidesBefore {
      report(
        .d7, state, [mapView],
        "\(mapView.layoutGuides.count - guidesBefore) layout guide(s) left after disableNavigationUI"
      )
    }
    collectIssues(state)
  }

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
        .d7, state, recorder.prompts.filter { $0.superview != nil },
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
}

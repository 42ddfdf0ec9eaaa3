import Foundation
import NavigationCore
import NavigationUI
import Rendering
import ViewKit

/// One navigation session on a manual clock: a window with a map view laid out by a layout
/// delegate, a route to the destination, the location simulator driving it, and the
/// app's prompts along the way.
///
/// ```swift
/// let session = try DemoSession(configuration: DemoConfiguration())
/// session.advance(to: 10)
/// let png = try session.renderPNG().png
/// ```
@MainActor
public final class DemoSession {
  /// The bundled Monaco extract's box (lat/lon): points outside it are off the map.
  public static let mapBounds = DemoMap.bundledBounds

  /// The configuration it runs.
  public let configuration: DemoConfiguration
  /// The clock every animation, timer and the simulator read.
  public let clock = ManualClock()
  /// The window (the screen).
  public let window: UIWindow
  /// The navigation map view filling the window.
  public let mapView: GMSMapView
  /// Wall-clock seconds the router took.
  public private(set) var routingSeconds = 0.0
  /// When the vehicle arrived, in clock seconds, once it has.
  public private(set) var arrivalTime: TimeInterval?

  private let recorder = NavigatorRecorder()
  private var log: [DemoEvent] = []
  private var nextPrompt = 0
  private let delegate: (any NavigationLayoutDelegate)?
  /// Objects a gallery screen keeps for as long as the session (a directions list).
  var galleryKeepAlive: [AnyObject] = []

  /// Sets up the screen, routes and starts guidance with the simulator at time 0, the
  /// navigation UI laid out by `layoutDelegate` when given (else by the configuration's
  /// layout).
  ///
  /// - Throws: ``DemoError`` when a point is off the map, the route file is bad, or no route
  ///   is found.
  public init(
    configuration: DemoConfiguration, layoutDelegate: (any NavigationLayoutDelegate)? = nil
  ) throws(DemoError) {
    self.configuration = configuration
    let provider = try Self.routeProvider(for: configuration)
    window = UIWindow(
      frame: CGRect(origin: .zero, size: configuration.size),
      safeAreaInsets: configuration.safeArea, clock: clock)
    window.backgroundColor = .white
    mapView = GMSMapView(frame: window.bounds)
    delegate = layoutDelegate ?? configuration.layout.makeDelegate()
    if configuration.isRightToLeft {
      window.semanticContentAttribute = .forceRightToLeft
      mapView.semanticContentAttribute = .forceRightToLeft
    }
    window.addSubview(mapView)
    mapView.navigationLocale = Locale(identifier: configuration.locale)
    if let delegate {
      do { try mapView.setLayoutDelegate(delegate) } catch {
        throw .render("layout delegate refused: \(error)")
      }
    }
    recorder.record = { [unowned self] name in
      collectLayoutCallbacks()
      log.append(DemoEvent(time: clock.now, source: .navigator, name: name))
      // A route file may have more legs than the one destination the demo sets: arriving
      // at an intermediate waypoint does not end the drive.
      if arrivalTime == nil, name.hasPrefix("didArriveAt"),
        (navigator?.routeProgress?.distanceRemaining ?? 0) < 50
      {
        arrivalTime = clock.now
      }
    }
    try start(provider: provider.provider, origin: provider.origin)
    // Apps capturing the window (`drawHierarchy`, `layer.render(in:)`) get the map too.
    Renderer(scale: configuration.scale).attach(to: window) { [weak self] in
      try? self?.mapLayer()
    }
  }

  /// Records an app action, after the layout callbacks that came before it.
  private func recordApp(_ name: String) {
    collectLayoutCallbacks()
    log.append(DemoEvent(time: clock.now, source: .app, name: name))
  }

  private static func routeProvider(for configuration: DemoConfiguration) throws(DemoError) -> (
    provider: (any NavigationRouteProvider)?, origin: CLLocationCoordinate2D
  ) {
    guard let url = configuration.routeFile else {
      let map = try demoMap(for: configuration)
      for point in [configuration.origin, configuration.destination] where !map.contains(point) {
        throw .noRoute(
          status: "point \(point.latitude),\(point.longitude) is off \(map.name)")
      }
      return (map.routeEngine.map { EmbeddedRouteProvider(engine: $0) }, configuration.origin)
    }
    let routes: [Route]
    do { routes = try RouteDecoder.decodeFile(at: url) } catch {
      throw .badRouteFile(path: url.path, reason: "\(error)")
    }
    guard let first = routes.first, let origin = first.geometry.first, first.geometry.count > 1
    else { throw .badRouteFile(path: url.path, reason: "no route with a geometry") }
    return (FixedRouteProvider(routes: routes), origin)
  }

  /// The map of a configuration: its `mapFile`, else the bundled one.
  static func demoMap(for configuration: DemoConfiguration) throws(DemoError) -> DemoMap {
    guard let url = configuration.mapFile else { return try DemoMap.bundled() }
    return try DemoMap.load(path: url.path)
  }

  /// Whether `point` lies inside the bundled map's box.
  public static func isOnMap(_ point: CLLocationCoordinate2D) -> Bool {
    DemoMap.box(mapBounds, contains: point)
  }

  private func start(provider: (any NavigationRouteProvider)?, origin: CLLocationCoordinate2D)
    throws(DemoError)
  {
    recordApp("isNavigationEnabled = true")
    // Headless: the terms are accepted for this process (the app would show the dialog).
    try? GMSNavigationServices.acceptTermsAndConditions(persisting: false)
    mapView.isNavigationEnabled = true
    guard let navigator = mapView.navigator else { throw .render("no navigator") }
    navigator.add(recorder)
    if let provider { navigator.routeProvider = provider }
    recordApp("simulateLocation(at: \(Self.format(origin)))")
    mapView.locationSimulator?.simulateLocation(at: origin)
    let fixed = (navigator.routeProvider as? FixedRouteProvider)?.routes.first?.geometry.last
    let destination = configuration.routeFile == nil ? configuration.destination : fixed
    guard let destination,
      let waypoint = GMSNavigationWaypoint(
        location: destination, title: configuration.destinationTitle)
    else { throw .noRoute(status: "invalid destination") }
    var status: GMSRouteStatus?
    recordApp("setDestinations([\(configuration.destinationTitle) \(Self.format(destination))])")
    let started = DispatchTime.now().uptimeNanoseconds
    navigator.setDestinations([waypoint]) { status = $0 }
    clock.advance(by: 0)
    routingSeconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    recordApp("route status: \(status.map { "\($0)" } ?? "no answer")")
    guard status == .OK, navigator.currentRoute != nil else {
      throw .noRoute(status: status.map { "\($0)" } ?? "no answer")
    }
    recordApp("isGuidanceActive = true")
    navigator.isGuidanceActive = true
    if configuration.simulatesDrive {
      recordApp("simulateLocationsAlongExistingRoute()")
      mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
    }
    collectLayoutCallbacks()
  }

  /// Drives the route again from its start once the vehicle has arrived (a kiosk's endless
  /// drive, a long run measuring memory): routes origin → destination anew, restarts
  /// guidance and the simulator. Prompts already raised are not raised again.
  ///
  /// - Throws: ``DemoError/noRoute(status:)`` when no route is found.
  public func restartDrive() throws(DemoError) {
    let provider = try Self.routeProvider(for: configuration)
    arrivalTime = nil
    try start(provider: nil, origin: provider.origin)
  }

  private static func format(_ point: CLLocationCoordinate2D) -> String {
    String(format: "%.4f,%.4f", point.latitude, point.longitude)
  }

  /// The navigator.
  public var navigator: GMSNavigator? { mapView.navigator }

  /// The route being driven.
  public var route: Route? { mapView.navigator?.currentRoute }

  /// Runs the clock to `time` in quarter-second steps, raising the scheduled prompts.
  public func advance(to time: TimeInterval) {
    while clock.now < time {
      let step = min(time, (clock.now * 4).rounded(.down) / 4 + 0.25)
      raisePrompts(upTo: step)
      clock.advance(to: step)
      collectLayoutCallbacks()
    }
    raisePrompts(upTo: time)
    collectLayoutCallbacks()
  }

  private func raisePrompts(upTo time: TimeInterval) {
    let prompts = configuration.prompts
    while nextPrompt < prompts.count, prompts[nextPrompt].time <= time {
      let scheduled = prompts[nextPrompt]
      nextPrompt += 1
      guard arrivalTime == nil, let navigator = mapView.navigator else { continue }
      clock.advance(to: max(clock.now, scheduled.time))
      if let prompt = scheduled.prompt {
        recordApp("showPrompt(\(prompt))")
        if !navigator.showPrompt(prompt) { recordApp("(prompt not shown: guidance inactive)") }
      } else {
        recordApp("dismissPrompt()")
        navigator.dismissPrompt()
      }
      collectLayoutCallbacks()
    }
  }

  /// Moves the map view's layout-callback log into the event log, at the clock's time.
  private func collectLayoutCallbacks() {
    for name in mapView.layoutCallbackLog {
      log.append(DemoEvent(time: clock.now, source: .layout, name: name))
    }
    mapView.clearLayoutCallbackLog()
  }

  /// Every event so far — app actions, layout callbacks, navigator events — in the order
  /// they happened.
  public var events: [DemoEvent] { log }

  /// Every event since the last call (or since the start), in the order they happened,
  /// removed from ``events`` so a long session keeps none (a live window logs them as they
  /// come).
  public func takeEvents() -> [DemoEvent] {
    collectLayoutCallbacks()
    defer { log.removeAll(keepingCapacity: true) }
    return log
  }

  /// The name of the UI state now: `navigation ready`, `active guidance`, or with a prompt.
  public var stateName: String {
    guard let navigator = mapView.navigator, navigator.isGuidanceActive else {
      return mapView.isNavigationEnabled ? "navigation ready" : "non-navigation"
    }
    return navigator.currentPrompt == nil ? "active guidance" : "active guidance with a prompt"
  }
}

import Foundation
import Routing

/// Turn-by-turn guidance for one map view (Guides/Spec.md §14.7): destinations, routes, progress,
/// listeners and prompts, on the map view's window clock.
///
/// ```swift
/// let navigator = mapView.navigator!
/// navigator.setDestinations([casino]) { status in }   // status: GMSRouteStatus
/// navigator.isGuidanceActive = true                   // → startGuidance
/// ```
@MainActor
public final class GMSNavigator {
  weak var mapView: GMSMapView?
  private var listeners: [WeakListener] = []
  /// Where routes come from; the embedded router over the bundled map by default.
  public var routeProvider: any NavigationRouteProvider = EmbeddedRouteProvider.bundled
  /// The rules that decide when prompts appear and go.
  public var promptPolicy = PromptPolicy()
  /// Speed alert thresholds; `nil` gives the defaults (Guides/Spec.md §14.7).
  public var speedAlertOptions: SpeedAlertOptions?
  /// Whether guidance stops when the last destination is reached (default true).
  public var stopGuidanceAtArrival = true
  /// The destinations of the current route, in order.
  public internal(set) var destinations: [GMSNavigationWaypoint] = []
  /// The route being followed, when there is one.
  public internal(set) var currentRoute: Route?
  /// The alternates found with the current route.
  public internal(set) var alternateRoutes: [Route] = []
  /// The latest progress along the route.
  public internal(set) var routeProgress: RouteProgress?
  /// The vehicle's latest location (real or simulated).
  public internal(set) var lastLocation: CLLocation?
  /// The latest suggested lighting mode from the sun's position.
  public internal(set) var suggestedLightingMode: GMSNavigationLightingMode = .normal
  /// The wall-clock date at clock time 0: arrival times and the sun's position are
  /// `referenceDate + clock.now` (fixed, so runs are deterministic).
  public var referenceDate = Date(timeIntervalSince1970: 1_782_900_000)
  /// The speed alert state at the latest tick.
  public internal(set) var speedAlert = SpeedAlertState()

  var core: Navigator?
  var state = NavigationState.idle
  var promptQueue = PromptQueueState()
  var lighting = LightingModeAdvisor.State()
  var guidanceRequested = false
  var guiding = false
  var guidanceTimer: ClockTimer?
  var promptedIncidents: Set<String> = []
  var trafficPrompted = false
  var lastLightingCheck = -Double.infinity
  var lastTrafficCheck = -Double.infinity
  var pendingCallbacks: [ClockTimer] = []
  var activePrompts: [Int: NavigationPrompt] = [:]

  init(mapView: GMSMapView) {
    self.mapView = mapView
  }

  struct WeakListener {
    weak var listener: (any GMSNavigatorListener)?
  }

  var clock: any MainClock { mapView?.clock ?? RealTimeClock.shared }

  /// Whether prompts about traffic, better routes and incidents show (default true). Setting
  /// it to false hides such a prompt on screen.
  public var shouldDisplayPrompts: Bool {
    get { promptPolicy.shouldDisplayPrompts }
    set {
      promptPolicy.shouldDisplayPrompts = newValue
      if !newValue {
        let (next, events) = promptPolicy.update(promptQueue, now: clock.now)
        promptQueue = next
        deliver(events)
        if let current = promptQueue.current?.prompt, current.kind == .app,
          activePrompts[current.id] != nil
        {
          dismissPrompt()
        }
      }
    }
  }

  /// Whether turn-by-turn guidance runs. Set while no route exists, guidance starts when a
  /// route arrives; it becomes false on ``clearDestinations()`` and on arrival.
  public var isGuidanceActive: Bool {
    get { guiding }
    set {
      guidanceRequested = newValue
      if newValue { beginGuidanceIfReady() } else { endGuidance() }
    }
  }

  /// Seconds to the next destination (`.infinity` without a route).
  public var timeToNextDestination: TimeInterval {
    routeProgress?.currentLegProgress.durationRemaining ?? currentRoute?.legs.first?
      .expectedTravelTime ?? .infinity
  }

  /// Meters to the next destination (`.infinity` without a route).
  public var distanceToNextDestination: CLLocationDistance {
    routeProgress?.currentLegProgress.distanceRemaining ?? currentRoute?.legs.first?.distance
      ?? .infinity
  }

  /// Seconds to the last destination.
  public var timeToFinalDestination: TimeInterval {
    routeProgress?.durationRemaining ?? currentRoute?.expectedTravelTime ?? .infinity
  }

  /// The leg being driven.
  public var currentRouteLeg: RouteLeg? {
    routeProgress?.currentLegProgress.leg ?? currentRoute?.legs.first
  }

  /// Adds a listener (held weakly).
  public func add(_ listener: any GMSNavigatorListener) {
    listeners.removeAll { $0.listener == nil || $0.listener === listener }
    listeners.append(WeakListener(listener: listener))
  }

  /// Removes a listener.
  public func remove(_ listener: any GMSNavigatorListener) {
    listeners.removeAll { $0.listener == nil || $0.listener === listener }
  }

  func notify(_ body: (any GMSNavigatorListener) -> Void) {
    for entry in listeners { if let listener = entry.listener { body(listener) } }
  }

  /// Routes from the vehicle's location through `destinations` and makes that the current
  /// route. `callback` runs on the main actor on the next clock turn.
  public func setDestinations(
    _ destinations: [GMSNavigationWaypoint], routingOptions: GMSNavigationRoutingOptions? = nil,
    callback: @escaping @MainActor (GMSRouteStatus) -> Void
  ) {
    let status = route(to: destinations, options: routingOptions ?? GMSNavigationRoutingOptions())
    let timer = clock.schedule(after: 0) { [weak self] in
      self?.pendingCallbacks.removeAll { !$0.isValid }
      callback(status)
    }
    pendingCallbacks.append(timer)
  }

  /// Like ``setDestinations(_:routingOptions:callback:)`` without options.
  public func setDestinations(
    _ destinations: [GMSNavigationWaypoint],
    callback: @escaping @MainActor (GMSRouteStatus) -> Void
  ) {
    setDestinations(destinations, routingOptions: nil, callback: callback)
  }

  private func route(
    to waypoints: [GMSNavigationWaypoint], options: GMSNavigationRoutingOptions
  ) -> GMSRouteStatus {
    guard !waypoints.isEmpty else { return .noWaypointsError }
    guard let origin = lastLocation else { return .locationUnavailable }
    let points = [origin.coordinate] + waypoints.map(\.coordinate)
    for i in 1..<points.count where Geodesy.distance(points[i - 1], points[i]) < 1 {
      return i == 1 ? .waypointError : .duplicateWaypointsError
    }
    let found: [Route]
    do {
      found = try routeProvider.routes(
        through: points, heading: nil,
        alternates: options.alternateRoutesStrategy.maximumAlternates)
    } catch let error as RoutingError {
      switch error {
      case .offMap: return .waypointError
      case .noRoute: return .noRouteFound
      case .tooFewWaypoints: return .noWaypointsError
      }
    } catch is RouteProviderError {
      return .networkError
    } catch {
      return .internalError
    }
    let (main, alternates) = options.alternateRoutesStrategy.select(from: found)
    guard let main else { return .noRouteFound }
    destinations = waypoints
    alternateRoutes = alternates
    install(main)
    return .OK
  }

  /// Removes the destinations and the route; guidance stops.
  public func clearDestinations() {
    for timer in pendingCallbacks { timer.invalidate() }
    pendingCallbacks = []
    let wasGuiding = guiding
    endGuidance(keepRequest: true)
    guidanceRequested = wasGuiding ? false : guidanceRequested
    destinations = []
    alternateRoutes = []
    currentRoute = nil
    core = nil
    routeProgress = nil
    notify { $0.navigatorDidChangeRoute(self) }
  }

  /// Makes `route` current: a new trip starts here (the trip progress bar resets).
  func install(_ route: Route) {
    currentRoute = route
    let navigator = Navigator(route: route)
    core = navigator
    state = navigator.start()
    if let lastLocation { state = navigator.update(state, with: lastLocation) }
    routeProgress = navigator.progress(for: state, now: clock.now)
    promptedIncidents = []
    trafficPrompted = false
    mapView?.navigatorRouteChanged()
    notify { $0.navigatorDidChangeRoute(self) }
    beginGuidanceIfReady()
  }
}

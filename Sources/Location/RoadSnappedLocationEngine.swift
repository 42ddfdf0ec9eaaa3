import NavigationCore
import Routing
import ViewKit

/// What a ``RoadSnappedLocationEngine`` reports. Every method but the first has an empty
/// default.
@MainActor
public protocol RoadSnappedLocationObserver: AnyObject {
  /// A fix was snapped; ``RoadSnappedLocationEngine/progress`` is up to date.
  func locationEngine(_ engine: RoadSnappedLocationEngine, didUpdate fix: RoadSnappedFix)
  /// The vehicle left the route and a new route from where it is was made and is active.
  func locationEngine(_ engine: RoadSnappedLocationEngine, didReroute route: Route)
  /// A reroute was needed but the router found none (tried again after a few seconds).
  func locationEngine(_ engine: RoadSnappedLocationEngine, didFailRerouting error: RoutingError)
  /// The location source failed.
  func locationEngine(_ engine: RoadSnappedLocationEngine, didFailWithError error: any Error)
}

extension RoadSnappedLocationObserver {
  /// Does nothing.
  public func locationEngine(_ engine: RoadSnappedLocationEngine, didReroute route: Route) {}
  /// Does nothing.
  public func locationEngine(
    _ engine: RoadSnappedLocationEngine, didFailRerouting error: RoutingError
  ) {}
  /// Does nothing.
  public func locationEngine(_ engine: RoadSnappedLocationEngine, didFailWithError error: any Error)
  {}
}

/// The engine under a road-snapped location provider and a navigation session: reads a
/// ``CLLocationManager``, snaps each fix with a ``RoadSnapper``, keeps ``progress`` on the
/// active route, and when the vehicle leaves the route asks the ``RouteEngine`` for a route
/// from where it is to the waypoints still ahead, and continues on it.
///
/// ```swift
/// let manager = CLLocationManager(source: GPSDLocationSource(), clock: clock)
/// let engine = RoadSnappedLocationEngine(locationManager: manager, routeEngine: routing)
/// engine.setRoute(route)
/// engine.addObserver(self)
/// engine.startUpdatingLocation()
/// ```
@MainActor
public final class RoadSnappedLocationEngine: CLLocationManagerDelegate {
  /// Where raw fixes come from. The engine is its delegate while updating.
  public let locationManager: CLLocationManager
  /// The router for the road network and for reroutes (nil: route snapping only, no reroutes).
  public let routeEngine: RouteEngine?
  /// Navigator tuning for every route this engine follows.
  public var navigatorConfiguration: NavigatorConfiguration
  /// Matcher tuning.
  public var matcherConfiguration: MapMatcher.Configuration
  /// Whether leaving the route makes a new route (on by default when a router is given).
  public var isReroutingEnabled = true
  /// Seconds between reroute attempts when the router finds none.
  public var rerouteRetryInterval = 5.0
  /// The active route, or nil while driving freely.
  public private(set) var route: Route?
  /// The snapper of the active route.
  public private(set) var snapper: RoadSnapper
  /// The snapper's state.
  public private(set) var state: RoadSnapper.State
  /// The last snapped fix.
  public private(set) var lastFix: RoadSnappedFix?
  /// Progress on the active route after the last fix. Worked out when read (a session's
  /// navigator keeps its own progress, so most fixes never need this one).
  public var progress: RouteProgress? {
    guard let progressTime else { return nil }
    return snapper.progress(for: state, now: progressTime)
  }
  /// The time of the fix ``progress`` is for; `nil` before a fix on the current route.
  private var progressTime: Double?
  /// How many reroutes have been made since the route was set.
  public private(set) var rerouteCount = 0
  private var lastRerouteAttempt = -Double.infinity
  private var observers: [WeakObserver] = []

  /// The last snapped location, as a road-snapped provider reports it.
  public var location: CLLocation? { lastFix?.location }

  /// An engine reading `locationManager`, matching and rerouting with `routeEngine`.
  public init(
    locationManager: CLLocationManager, routeEngine: RouteEngine?,
    navigatorConfiguration: NavigatorConfiguration = NavigatorConfiguration(),
    matcherConfiguration: MapMatcher.Configuration = MapMatcher.Configuration()
  ) {
    self.locationManager = locationManager
    self.routeEngine = routeEngine
    self.navigatorConfiguration = navigatorConfiguration
    self.matcherConfiguration = matcherConfiguration
    snapper = RoadSnapper(
      route: nil, router: routeEngine?.router, navigatorConfiguration: navigatorConfiguration,
      matcherConfiguration: matcherConfiguration)
    state = snapper.start()
  }

  /// Follows `route` from its start (nil: stop following a route, match to roads only).
  public func setRoute(_ route: Route?) {
    rerouteCount = 0
    lastRerouteAttempt = -.infinity
    replaceRoute(route)
  }

  private func replaceRoute(_ route: Route?) {
    self.route = route
    snapper = RoadSnapper(
      route: route, router: routeEngine?.router, navigatorConfiguration: navigatorConfiguration,
      matcherConfiguration: matcherConfiguration)
    state = snapper.start()
    progressTime = nil
  }

  /// Adds an observer (held weakly).
  public func addObserver(_ observer: any RoadSnappedLocationObserver) {
    observers.removeAll { $0.value == nil || $0.value === observer }
    observers.append(WeakObserver(value: observer))
  }

  /// Removes an observer.
  public func removeObserver(_ observer: any RoadSnappedLocationObserver) {
    observers.removeAll { $0.value == nil || $0.value === observer }
  }

  /// Becomes the manager's delegate and starts it.
  public func startUpdatingLocation() {
    locationManager.delegate = self
    locationManager.startUpdatingLocation()
  }

  /// Stops the manager.
  public func stopUpdatingLocation() {
    locationManager.stopUpdatingLocation()
  }

  /// Snaps one fix (as the manager's delegate does for each fix): progress, observers, and a
  /// reroute when one is needed. Returns the snapped fix (on the new route after a reroute),
  /// so the engine can also serve as a snapping function for another pipeline.
  @discardableResult
  public func receive(_ fix: CLLocation) -> RoadSnappedFix {
    var (next, snapped) = snapper.update(state, with: fix)
    state = next
    if snapped.needsReroute, isReroutingEnabled, let routeEngine,
      fix.timestamp - lastRerouteAttempt >= rerouteRetryInterval
    {
      lastRerouteAttempt = fix.timestamp
      let remaining = snapper.remainingWaypoints(for: state)
      if !remaining.isEmpty {
        do {
          let newRoute = try routeEngine.reroute(from: fix, to: remaining)
          replaceRoute(newRoute)
          rerouteCount += 1
          (next, snapped) = snapper.update(state, with: fix)
          state = next
          for o in liveObservers() { o.locationEngine(self, didReroute: newRoute) }
        } catch {
          for o in liveObservers() { o.locationEngine(self, didFailRerouting: error) }
        }
      }
    }
    lastFix = snapped
    progressTime = fix.timestamp
    for o in liveObservers() { o.locationEngine(self, didUpdate: snapped) }
    return snapped
  }

  private func liveObservers() -> [any RoadSnappedLocationObserver] {
    observers.compactMap(\.value)
  }

  /// Snaps each fix.
  public func locationManager(
    _ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]
  ) {
    for fix in locations { receive(fix) }
  }

  /// Passes the source's failure to the observers.
  public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
    for o in liveObservers() { o.locationEngine(self, didFailWithError: error) }
  }

  private struct WeakObserver {
    weak var value: (any RoadSnappedLocationObserver)?
  }
}

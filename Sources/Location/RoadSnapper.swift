import NavigationCore
import Routing

/// One fix after road snapping: where the vehicle is on the route (or, off it, on the road
/// network) and what the navigator makes of it.
public struct RoadSnappedFix: Sendable, Hashable {
  /// The fix as the source gave it.
  public var rawLocation: CLLocation
  /// The fix snapped: on the route while on it, else on the matched road (else the raw
  /// position); course is the road's bearing there, speed and time the fix's.
  public var location: CLLocation
  /// The navigator's status after this fix (`.idle` without a route).
  public var status: NavigationStatus
  /// The road the map matcher put the fix on, while off the route or without one.
  public var matched: MatchedLocation?

  /// Whether the fix is on the active route.
  public var isOnRoute: Bool {
    switch status {
    case .navigating, .arrivedAtWaypoint, .complete: return true
    case .idle, .offRoute, .reroutingRequested: return false
    }
  }

  /// Whether the vehicle has left the route for long enough that a new route is needed.
  public var needsReroute: Bool { status == .reroutingRequested }
}

/// The road-snapped location engine as a pure value: raw fixes in, snapped fixes and
/// navigation state out.
///
/// On the route, the ``Navigator`` snaps the fix to the route ahead and advances progress;
/// leaving the route is declared only when the fix stays beyond the off-route threshold for
/// ``NavigatorConfiguration/rerouteAfter`` seconds (noise does not trigger it), and then
/// ``RoadSnappedFix/needsReroute`` is set. Off the route (or without one) the ``MapMatcher``
/// places the fix on the road network, using the fix's course and the GPS noise.
///
/// ```swift
/// let snapper = RoadSnapper(route: route, router: engine.router)
/// var state = snapper.start()
/// let (next, snapped) = snapper.update(state, with: fix)
/// ```
public struct RoadSnapper: Sendable {
  /// The navigator of the active route, or nil while driving freely.
  public let navigator: Navigator?
  /// The road-network matcher, when a road graph is given.
  public let matcher: MapMatcher?

  /// Everything that changes per fix: a value.
  public struct State: Sendable, Hashable {
    /// The navigator's state.
    public var navigation: NavigationState
    /// The road matcher's state (reset while on the route).
    public var matching: MapMatcher.State
  }

  /// A snapper for `route` (nil to match to roads only) over `router`'s road network.
  public init(
    route: Route?, router: Router?,
    navigatorConfiguration: NavigatorConfiguration = NavigatorConfiguration(),
    matcherConfiguration: MapMatcher.Configuration = MapMatcher.Configuration()
  ) {
    navigator = route.map { Navigator(route: $0, configuration: navigatorConfiguration) }
    matcher = router.map { MapMatcher(router: $0, configuration: matcherConfiguration) }
  }

  /// The state before the first fix.
  public func start() -> State {
    State(navigation: navigator?.start() ?? .idle, matching: MapMatcher.State())
  }

  /// The next state after `fix`, and the fix snapped.
  ///
  /// - Complexity: O(window) on the route; a spatial query and a few candidate pairs off it.
  public func update(_ state: State, with fix: CLLocation) -> (State, RoadSnappedFix) {
    var next = state
    if let navigator {
      next.navigation = navigator.update(state.navigation, with: fix)
    }
    var snapped = fix
    var matched: MatchedLocation?
    let nav = next.navigation
    if navigator != nil, !nav.isOffRoute, nav.status != .idle {
      next.matching = MapMatcher.State()
      snapped.coordinate = nav.snappedLocation
      snapped.course = nav.snappedCourse
    } else if let matcher {
      let (m, match) = matcher.update(state.matching, with: fix)
      next.matching = m
      matched = match
      if let match {
        snapped.coordinate = match.coordinate
        snapped.course = match.bearing
      }
    }
    return (
      next,
      RoadSnappedFix(rawLocation: fix, location: snapped, status: nav.status, matched: matched)
    )
  }

  /// Progress on the route at `now`, when there is a route.
  public func progress(for state: State, now: Double) -> RouteProgress? {
    navigator?.progress(for: state.navigation, now: now)
  }

  /// The waypoints still ahead, for a reroute from where the vehicle is.
  public func remainingWaypoints(for state: State) -> [CLLocationCoordinate2D] {
    guard let navigator else { return [] }
    let done = min(state.navigation.waypointsReached + 1, navigator.route.waypoints.count)
    return navigator.route.waypoints.dropFirst(done).map(\.location)
  }
}

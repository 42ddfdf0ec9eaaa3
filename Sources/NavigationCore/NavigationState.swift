/// Where the traveller is relative to the route, in the navigator's terms.
public enum NavigationStatus: Sendable, Hashable, CustomStringConvertible {
  /// Not started.
  case idle
  /// Following the route.
  case navigating
  /// Away from the route; see ``NavigationState/deviation``.
  case offRoute
  /// Away from the route long enough that a new route should be fetched.
  case reroutingRequested
  /// Just reached the via waypoint at the end of leg `legIndex`; navigating the next leg.
  case arrivedAtWaypoint(legIndex: Int)
  /// Reached the final destination.
  case complete

  /// A short name for traces.
  public var description: String {
    switch self {
    case .idle: return "idle"
    case .navigating: return "navigating"
    case .offRoute: return "offRoute"
    case .reroutingRequested: return "reroutingRequested"
    case .arrivedAtWaypoint(let leg): return "arrivedAtWaypoint(\(leg))"
    case .complete: return "complete"
    }
  }
}

/// How far, and for how long, the traveller has been away from the route.
public struct RouteDeviation: Sendable, Hashable {
  /// Distance in meters from the fix to the nearest point of the route ahead.
  public var distanceFromRoute: CLLocationDistance
  /// When the deviation began (fix time, seconds).
  public var startedAt: Double
  /// How long it has lasted, in seconds.
  public var duration: Double

  /// A deviation from its parts.
  public init(distanceFromRoute: CLLocationDistance, startedAt: Double, duration: Double) {
    self.distanceFromRoute = distanceFromRoute
    self.startedAt = startedAt
    self.duration = duration
  }
}

/// The navigator's whole state: a value, updated by ``Navigator/update(_:with:)``.
public struct NavigationState: Sendable, Hashable {
  /// The current status.
  public var status: NavigationStatus
  /// Index of the track segment the traveller is on; never decreases.
  public var segmentIndex: Int
  /// Meters traveled along the route's track; never decreases.
  public var distanceTraveled: CLLocationDistance
  /// The traveller's position snapped to the route.
  public var snappedLocation: CLLocationCoordinate2D
  /// The bearing of the route where the traveller is.
  public var snappedCourse: CLLocationDirection
  /// The deviation while off route, else nil.
  public var deviation: RouteDeviation?
  /// How many waypoints after the origin have been reached (= completed legs).
  public var waypointsReached: Int
  /// The last fix the navigator accepted.
  public var lastFix: CLLocation?
  /// Time of the first fix of this route.
  public var startedAt: Double?
  /// Observed time over expected time for the distance traveled (1 until measurable).
  public var paceFactor: Double

  /// The state before the first fix.
  public static let idle = NavigationState(
    status: .idle, segmentIndex: 0, distanceTraveled: 0, snappedLocation: CLLocationCoordinate2D(),
    snappedCourse: 0, deviation: nil, waypointsReached: 0, lastFix: nil, startedAt: nil,
    paceFactor: 1)

  /// Whether guidance is over.
  public var isComplete: Bool { status == .complete }

  /// Whether the traveller is away from the route (off route or waiting for a new route).
  public var isOffRoute: Bool { status == .offRoute || status == .reroutingRequested }
}

/// Tuning of the navigator. Distances in meters, times in seconds.
public struct NavigatorConfiguration: Sendable, Hashable {
  /// A fix farther than this from the route ahead is off route.
  public var offRouteThreshold: CLLocationDistance = 50
  /// Fixes with a worse accuracy widen the threshold up to this much.
  public var maximumAccuracyAllowance: CLLocationDistance = 50
  /// How long a deviation lasts before a reroute is requested.
  public var rerouteAfter: Double = 5
  /// Within this distance of a waypoint, it counts as reached.
  public var arrivalThreshold: CLLocationDistance = 15
  /// The snapping window reaches at least this far ahead.
  public var minimumLookahead: CLLocationDistance = 150
  /// The snapping window reaches at most this far ahead when off route or after a gap.
  public var maximumLookahead: CLLocationDistance = 3000
  /// The snapping window never holds more segments than this.
  public var maximumWindowSegments: Int = 256
  /// Meters of score added per meter a candidate lies beyond where the traveller is expected.
  public var aheadPenalty: Double = 0.3
  /// Meters of score added when the course disagrees with a segment by more than 100°.
  public var coursePenalty: Double = 25

  /// The defaults.
  public init() {}
}

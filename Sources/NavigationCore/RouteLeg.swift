/// Per-segment data along a leg's geometry: index `i` describes the segment from point `i`
/// to point `i + 1`. Arrays the source does not give are empty.
public struct RouteLegAnnotation: Sendable, Hashable {
  /// Segment lengths in meters.
  public var distances: [Double] = []
  /// Segment durations in seconds.
  public var durations: [Double] = []
  /// Segment speeds in meters per second.
  public var speeds: [Double] = []
  /// Segment speed limits.
  public var maxSpeeds: [SpeedLimit] = []
  /// Segment congestion levels.
  public var congestion: [CongestionLevel] = []
  /// Segment congestion on a 0–100 scale, nil where unknown.
  public var congestionNumeric: [Int?] = []

  /// An empty annotation.
  public init() {}

  /// Whether no array has any data.
  public var isEmpty: Bool {
    distances.isEmpty && durations.isEmpty && speeds.isEmpty && maxSpeeds.isEmpty
      && congestion.isEmpty && congestionNumeric.isEmpty
  }
}

/// A leg annotation in columns: see ``RouteLeg/annotation``.
struct CompactAnnotation: Sendable, Hashable {
  var distances: ScaledDoubles
  var durations: ScaledDoubles
  var speeds: ScaledDoubles
  var maxSpeeds: RunLength<SpeedLimit>
  var congestion: RunLength<CongestionLevel>
  var congestionNumeric: RunLength<Int?>

  init(_ a: RouteLegAnnotation) {
    distances = ScaledDoubles(a.distances)
    durations = ScaledDoubles(a.durations)
    speeds = ScaledDoubles(a.speeds)
    maxSpeeds = RunLength(a.maxSpeeds)
    congestion = RunLength(a.congestion)
    congestionNumeric = RunLength(a.congestionNumeric)
  }

  var annotation: RouteLegAnnotation {
    var a = RouteLegAnnotation()
    a.distances = distances.values
    a.durations = durations.values
    a.speeds = speeds.values
    a.maxSpeeds = maxSpeeds.values
    a.congestion = congestion.values
    a.congestionNumeric = congestionNumeric.values
    return a
  }
}

/// A stop the route passes through or ends at.
public struct Waypoint: Sendable, Hashable {
  /// Where the waypoint is (snapped to the road by the source).
  public var location: CLLocationCoordinate2D
  /// The name the source gives it (often the road's).
  public var name: String
  /// Meters from the requested point to `location` (OSRM's `waypoints[].distance`), when the
  /// source gives it.
  public var distance: CLLocationDistance?

  /// A waypoint from its parts.
  public init(
    location: CLLocationCoordinate2D, name: String = "", distance: CLLocationDistance? = nil
  ) {
    self.location = location
    self.name = name
    self.distance = distance
  }
}

/// The part of a route between two consecutive waypoints.
public struct RouteLeg: Sendable, Hashable {
  /// The steps, from departure to arrival; empty when the source gave none.
  public var steps: [RouteStep]
  /// The leg's shape: the steps' geometries joined, or the source's shape when it has no steps.
  ///
  /// Only step-less legs store a shape of their own, so each point is stored once.
  /// - Complexity: O(n) for a leg with steps (the steps' shapes are joined on each access).
  public var geometry: [CLLocationCoordinate2D] {
    get { steps.isEmpty ? stepLessShape.coordinates : RouteLeg.join(steps.map(\.geometry)) }
    set { stepLessShape = steps.isEmpty ? CoordinateStorage(newValue) : .empty }
  }
  var stepLessShape: CoordinateStorage
  /// Length in meters, as the source gives it.
  public var distance: CLLocationDistance
  /// Expected time in seconds.
  public var expectedTravelTime: Double
  /// Typical time in seconds without live traffic, when given.
  public var typicalTravelTime: Double?
  /// A short summary such as the main roads' names.
  public var summary: String
  /// Per-segment data, when the source gives it.
  ///
  /// Stored in columns (scaled integers, runs of equal speed limits and congestion levels);
  /// reading it builds the arrays.
  public var annotation: RouteLegAnnotation? {
    get { annotationStorage?.annotation }
    set { annotationStorage = newValue.map(CompactAnnotation.init) }
  }
  var annotationStorage: CompactAnnotation?
  /// Incidents on the leg.
  public var incidents: [Incident]
  /// Notifications about the leg.
  public var notifications: [RouteNotification]
  /// Where the leg starts, when known.
  public var source: Waypoint?
  /// Where the leg ends, when known.
  public var destination: Waypoint?

  /// A leg from its parts.
  public init(
    steps: [RouteStep], geometry: [CLLocationCoordinate2D]? = nil, distance: CLLocationDistance,
    expectedTravelTime: Double, summary: String = ""
  ) {
    self.steps = steps
    self.stepLessShape = steps.isEmpty ? CoordinateStorage(geometry ?? []) : .empty
    self.distance = distance
    self.expectedTravelTime = expectedTravelTime
    self.typicalTravelTime = nil
    self.summary = summary
    self.annotationStorage = nil
    self.incidents = []
    self.notifications = []
    self.source = nil
    self.destination = nil
  }

  /// Joins step geometries, dropping each step's first point when it repeats the last one,
  /// and steps that add no point (an arrival's `[p, p]`).
  public static func join(_ parts: [[CLLocationCoordinate2D]]) -> [CLLocationCoordinate2D] {
    var out: [CLLocationCoordinate2D] = []
    out.reserveCapacity(parts.reduce(0) { $0 + $1.count })
    for part in parts {
      if let last = out.last, part.allSatisfy({ $0 == last }) { continue }
      if let last = out.last, let first = part.first, last == first {
        out.append(contentsOf: part.dropFirst())
      } else {
        out.append(contentsOf: part)
      }
    }
    return out
  }
}

/// Where a route came from.
public enum RouteSource: String, Sendable, Hashable {
  /// OSRM v5 JSON.
  case osrm
  /// Valhalla's OSRM-compatible output.
  case valhallaOSRM
  /// Valhalla native JSON.
  case valhalla
  /// Mapbox Directions v5 JSON.
  case mapbox
  /// A GPX `rte`.
  case gpxRoute
  /// A GPX `trk`.
  case gpxTrack
  /// A GeoJSON LineString.
  case geoJSON
  /// Built in code or unknown.
  case other
}

/// A route from an origin to a destination through zero or more via waypoints.
public struct Route: Sendable, Hashable {
  /// One leg per pair of consecutive waypoints.
  public var legs: [RouteLeg]
  /// Length in meters, as the source gives it.
  public var distance: CLLocationDistance
  /// Expected time in seconds.
  public var expectedTravelTime: Double
  /// Typical time in seconds without live traffic, when given.
  public var typicalTravelTime: Double?
  /// The waypoints: origin, vias, destination.
  public var waypoints: [Waypoint]
  /// The locale of the source's instructions, when given (e.g. `en-US`).
  public var voiceLocale: String?
  /// Which format the route was decoded from.
  public var source: RouteSource

  /// A route from its legs; distance and time default to the legs' sums.
  public init(
    legs: [RouteLeg], distance: CLLocationDistance? = nil, expectedTravelTime: Double? = nil,
    waypoints: [Waypoint] = [], source: RouteSource = .other
  ) {
    self.legs = legs
    self.distance = distance ?? legs.reduce(0) { $0 + $1.distance }
    self.expectedTravelTime = expectedTravelTime ?? legs.reduce(0) { $0 + $1.expectedTravelTime }
    self.typicalTravelTime = nil
    self.waypoints = waypoints
    self.voiceLocale = nil
    self.source = source
  }

  /// The whole route's shape: the legs' geometries joined.
  public var geometry: [CLLocationCoordinate2D] { RouteLeg.join(legs.map(\.geometry)) }

  /// All steps of all legs, in order.
  public var allSteps: [RouteStep] { legs.flatMap(\.steps) }
}

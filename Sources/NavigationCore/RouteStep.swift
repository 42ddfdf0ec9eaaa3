/// The rarely varying parts of a step, stored once and shared by the steps that have the same
/// (most steps of a route drive on the right, by car, with the same sign convention).
struct StepDetails: Sendable, Hashable {
  var ref: String?
  var destinations: String?
  var exits: String?
  var rotaryName: String?
  var mode: TransportMode = .driving
  var drivingSide = "right"
  var speedLimitSign: SpeedLimitSign?
  var speedLimitUnit: SpeedUnit?

  static let standard = Box(StepDetails())
}

/// One step of a leg: a maneuver and the stretch of road that follows it.
///
/// Stored compactly: the shape as fixed-point coordinates when exact, and the road's
/// reference, destinations, exits, mode, driving side and speed-limit conventions in one box
/// shared by steps that agree on them. The public properties read and write through it.
public struct RouteStep: Sendable, Hashable {
  /// The maneuver at the start of the step.
  public var maneuver: Maneuver
  /// The step's shape, from the maneuver to the next one.
  public var geometry: [CLLocationCoordinate2D] {
    get { shape.coordinates }
    set { shape = CoordinateStorage(newValue) }
  }
  var shape: CoordinateStorage
  var details: Shared<StepDetails>
  /// Length in meters, as the source gives it.
  public var distance: CLLocationDistance
  /// Expected time in seconds to travel the step.
  public var expectedTravelTime: Double
  /// Typical time in seconds without live traffic, when given.
  public var typicalTravelTime: Double?
  /// Name of the road the step follows (may be empty).
  public var name: String
  /// Road reference such as `A 8` or `I 205`, when given.
  public var ref: String? {
    get { details.value.ref }
    set { details.value.ref = newValue }
  }
  /// Destinations signposted on the road, when given.
  public var destinations: String? {
    get { details.value.destinations }
    set { details.value.destinations = newValue }
  }
  /// Exit numbers or names of an off-ramp, when given.
  public var exits: String? {
    get { details.value.exits }
    set { details.value.exits = newValue }
  }
  /// Name of the rotary, when the step enters one.
  public var rotaryName: String? {
    get { details.value.rotaryName }
    set { details.value.rotaryName = newValue }
  }
  /// How the traveller moves on the step.
  public var mode: TransportMode {
    get { details.value.mode }
    set { details.value.mode = newValue }
  }
  /// `right` or `left`: the side of the road traffic keeps to.
  public var drivingSide: String {
    get { details.value.drivingSide }
    set { details.value.drivingSide = newValue }
  }
  /// Intersections along the step, the first at the maneuver.
  public var intersections: [Intersection]
  /// Banners, in the order to show them.
  public var visualInstructions: [VisualInstruction]
  /// Voice announcements, in the order to speak them.
  public var spokenInstructions: [SpokenInstruction]
  /// The sign convention for the step's speed limits, when given.
  public var speedLimitSign: SpeedLimitSign? {
    get { details.value.speedLimitSign }
    set { details.value.speedLimitSign = newValue }
  }
  /// The unit for the step's speed limits, when given.
  public var speedLimitUnit: SpeedUnit? {
    get { details.value.speedLimitUnit }
    set { details.value.speedLimitUnit = newValue }
  }

  /// A step from its parts; unlisted fields take empty values.
  public init(
    maneuver: Maneuver, geometry: [CLLocationCoordinate2D], distance: CLLocationDistance,
    expectedTravelTime: Double, name: String = "", mode: TransportMode = .driving
  ) {
    self.maneuver = maneuver
    self.shape = CoordinateStorage(geometry)
    self.details = Shared(box: StepDetails.standard)
    self.distance = distance
    self.expectedTravelTime = expectedTravelTime
    self.typicalTravelTime = nil
    self.name = name
    self.intersections = []
    self.visualInstructions = []
    self.spokenInstructions = []
    if mode != .driving { self.mode = mode }
  }

  /// The lanes at the step's last intersection that has lanes (the ones for the next maneuver).
  public var lanesBeforeManeuver: [Lane]? {
    intersections.last { $0.lanes != nil }?.lanes
  }
}

/// Something the route provider tells about a stretch of a leg (a restriction, a violation).
public struct RouteNotification: Sendable, Hashable {
  /// `violation`, `alert`, …
  public var type: String
  /// A finer kind, when given.
  public var subtype: String?
  /// Free text or the provider's details, when given.
  public var details: String?
  /// First index into the leg's geometry it concerns, when given.
  public var geometryIndexStart: Int?
  /// Last index into the leg's geometry it concerns, when given.
  public var geometryIndexEnd: Int?

  /// A notification from its parts.
  public init(
    type: String, subtype: String? = nil, details: String? = nil, geometryIndexStart: Int? = nil,
    geometryIndexEnd: Int? = nil
  ) {
    self.type = type
    self.subtype = subtype
    self.details = details
    self.geometryIndexStart = geometryIndexStart
    self.geometryIndexEnd = geometryIndexEnd
  }
}

/// A traffic incident on a leg (accident, construction, closure, congestion).
public struct Incident: Sendable, Hashable {
  /// The provider's identifier.
  public var identifier: String
  /// `accident`, `construction`, `road_closure`, `congestion`, …
  public var type: String
  /// A description to show.
  public var description: String?
  /// `critical`, `major`, `minor`, `low`, `unknown`, when given.
  public var impact: String?
  /// First index into the leg's geometry it covers.
  public var geometryIndexStart: Int?
  /// Last index into the leg's geometry it covers.
  public var geometryIndexEnd: Int?

  /// An incident from its parts.
  public init(
    identifier: String, type: String, description: String? = nil, impact: String? = nil,
    geometryIndexStart: Int? = nil, geometryIndexEnd: Int? = nil
  ) {
    self.identifier = identifier
    self.type = type
    self.description = description
    self.impact = impact
    self.geometryIndexStart = geometryIndexStart
    self.geometryIndexEnd = geometryIndexEnd
  }
}

/// One lane at an intersection, as the source describes it.
public struct Lane: Sendable, Hashable {
  /// The turn markings painted on the lane (`left`, `straight`, …).
  public var indications: [ManeuverDirection]
  /// Whether the lane can be used for the route's maneuver.
  public var valid: Bool
  /// Whether the lane is the preferred one for the maneuver.
  public var active: Bool
  /// Which of the indications the route uses, when the source says.
  public var validIndication: ManeuverDirection?

  /// A lane from its parts.
  public init(
    indications: [ManeuverDirection], valid: Bool, active: Bool = false,
    validIndication: ManeuverDirection? = nil
  ) {
    self.indications = indications
    self.valid = valid
    self.active = active
    self.validIndication = validIndication
  }
}

/// A toll booth or gantry at an intersection.
public struct TollCollection: Sendable, Hashable {
  /// `toll_booth`, `toll_gantry` or another source value.
  public var type: String
  /// The toll's name, when given.
  public var name: String?

  /// A toll collection point.
  public init(type: String, name: String? = nil) {
    self.type = type
    self.name = name
  }
}

/// A place along a step where roads meet.
public struct Intersection: Sendable, Hashable {
  /// Where the intersection is.
  public var location: CLLocationCoordinate2D
  /// Bearings of all roads at the intersection, degrees from north.
  public var bearings: [Int]
  /// For each bearing, whether the route may enter that road.
  public var entry: [Bool]
  /// Index into `bearings` of the road the route arrives on.
  public var inIndex: Int?
  /// Index into `bearings` of the road the route leaves on.
  public var outIndex: Int?
  /// Lanes approaching the intersection, from left to right, when known.
  public var lanes: [Lane]?
  /// Road classes such as `toll`, `ferry`, `restricted`, `motorway`, `tunnel`.
  public var classes: [String]
  /// A toll booth or gantry here.
  public var tollCollection: TollCollection?
  /// Index of the intersection in the leg's geometry, when given.
  public var geometryIndex: Int?

  /// An intersection from its parts.
  public init(
    location: CLLocationCoordinate2D, bearings: [Int] = [], entry: [Bool] = [],
    inIndex: Int? = nil, outIndex: Int? = nil, lanes: [Lane]? = nil, classes: [String] = [],
    tollCollection: TollCollection? = nil, geometryIndex: Int? = nil
  ) {
    self.location = location
    self.bearings = bearings
    self.entry = entry
    self.inIndex = inIndex
    self.outIndex = outIndex
    self.lanes = lanes
    self.classes = classes
    self.tollCollection = tollCollection
    self.geometryIndex = geometryIndex
  }
}

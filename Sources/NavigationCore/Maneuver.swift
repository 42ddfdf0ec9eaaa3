/// What a maneuver does, in the OSRM/Mapbox vocabulary; unknown values are kept in `.other`.
public enum ManeuverType: Sendable, Hashable, CustomStringConvertible {
  /// Leave the origin or a via waypoint.
  case depart
  /// Reach a waypoint.
  case arrive
  /// Turn at an intersection.
  case turn
  /// Keep on the road as it turns.
  case `continue`
  /// The road changes name.
  case newName
  /// Merge onto a road.
  case merge
  /// Take a ramp onto a highway.
  case onRamp
  /// Take a ramp off a highway.
  case offRamp
  /// Keep left or right at a fork.
  case fork
  /// The road ends in a T intersection.
  case endOfRoad
  /// Change to a lane.
  case useLane
  /// Enter a roundabout.
  case roundabout
  /// Enter a rotary (a large, named roundabout).
  case rotary
  /// Turn at a small roundabout treated as an intersection.
  case roundaboutTurn
  /// Leave a roundabout.
  case exitRoundabout
  /// Leave a rotary.
  case exitRotary
  /// A change of mode or a notice without a turn (e.g. a ferry).
  case notification
  /// A value this library does not know, kept verbatim.
  case other(String)

  private static let table: [(String, ManeuverType)] = [
    ("depart", .depart), ("arrive", .arrive), ("turn", .turn), ("continue", .continue),
    ("new name", .newName), ("merge", .merge), ("on ramp", .onRamp), ("off ramp", .offRamp),
    ("fork", .fork), ("end of road", .endOfRoad), ("use lane", .useLane),
    ("roundabout", .roundabout), ("rotary", .rotary), ("roundabout turn", .roundaboutTurn),
    ("exit roundabout", .exitRoundabout), ("exit rotary", .exitRotary),
    ("notification", .notification),
  ]

  /// The type for an OSRM string such as `"end of road"`.
  public init(rawValue: String) {
    self = Self.table.first { $0.0 == rawValue }?.1 ?? .other(rawValue)
  }

  /// The OSRM string.
  public var rawValue: String {
    if case .other(let s) = self { return s }
    return Self.table.first { $0.1 == self }?.0 ?? ""
  }

  /// The OSRM string.
  public var description: String { rawValue }
}

/// The direction of a maneuver or lane, in the OSRM/Mapbox vocabulary.
public enum ManeuverDirection: Sendable, Hashable, CustomStringConvertible {
  /// Turn back.
  case uTurn
  /// A sharp right.
  case sharpRight
  /// Right.
  case right
  /// A slight right.
  case slightRight
  /// Straight on.
  case straight
  /// A slight left.
  case slightLeft
  /// Left.
  case left
  /// A sharp left.
  case sharpLeft
  /// `none` in lane indications: a lane without turn marking.
  case none
  /// A value this library does not know, kept verbatim.
  case other(String)

  private static let table: [(String, ManeuverDirection)] = [
    ("uturn", .uTurn), ("sharp right", .sharpRight), ("right", .right),
    ("slight right", .slightRight), ("straight", .straight), ("slight left", .slightLeft),
    ("left", .left), ("sharp left", .sharpLeft), ("none", .none),
  ]

  /// The direction for an OSRM string such as `"slight left"`.
  public init(rawValue: String) {
    self = Self.table.first { $0.0 == rawValue }?.1 ?? .other(rawValue)
  }

  /// The OSRM string.
  public var rawValue: String {
    if case .other(let s) = self { return s }
    return Self.table.first { $0.1 == self }?.0 ?? ""
  }

  /// The OSRM string.
  public var description: String { rawValue }
}

/// The maneuver that starts a step.
public struct Maneuver: Sendable, Hashable {
  /// What the maneuver does.
  public var type: ManeuverType
  /// Which way it goes, when the source gives it.
  public var modifier: ManeuverDirection?
  /// Bearing of travel just before the maneuver, degrees from north.
  public var bearingBefore: CLLocationDirection
  /// Bearing of travel just after the maneuver, degrees from north.
  public var bearingAfter: CLLocationDirection
  /// Where the maneuver happens.
  public var location: CLLocationCoordinate2D
  /// For roundabouts and rotaries: which exit to take (1-based).
  public var exit: Int?
  /// The source's own instruction text, when it has one.
  public var instruction: String?

  /// A maneuver from its parts.
  public init(
    type: ManeuverType, modifier: ManeuverDirection? = nil, bearingBefore: CLLocationDirection = 0,
    bearingAfter: CLLocationDirection = 0, location: CLLocationCoordinate2D, exit: Int? = nil,
    instruction: String? = nil
  ) {
    self.type = type
    self.modifier = modifier
    self.bearingBefore = bearingBefore
    self.bearingAfter = bearingAfter
    self.location = location
    self.exit = exit
    self.instruction = instruction
  }
}

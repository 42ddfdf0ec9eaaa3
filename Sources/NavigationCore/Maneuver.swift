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

/// The parts of a maneuver that do not fit its compact storage: unknown type or direction
/// strings, and bearings, location or exit that small numbers cannot hold exactly.
struct ManeuverExtras: Sendable, Hashable {
  var type: ManeuverType?
  var modifier: ManeuverDirection?
  var bearingBefore: Double?
  var bearingAfter: Double?
  var location: CLLocationCoordinate2D?
  var exit: Int?

  var isEmpty: Bool {
    type == nil && modifier == nil && bearingBefore == nil && bearingAfter == nil
      && location == nil && exit == nil
  }
}

/// The maneuver that starts a step.
///
/// Stored compactly: type and direction as small codes, bearings as `Float`, the location in
/// 1e-7 degrees and the exit as a 16-bit number whenever that is exact (as it is for every
/// decoded route); anything else goes in a box most maneuvers do without.
public struct Maneuver: Sendable, Hashable {
  private var typeCode: UInt8
  private var modifierCode: UInt8
  private var exitStorage: Int16
  private var bearingBeforeStorage: Float
  private var bearingAfterStorage: Float
  private var latitudeE7: Int32
  private var longitudeE7: Int32
  private var extrasStorage: Shared<ManeuverExtras>?
  /// The source's own instruction text, when it has one.
  public var instruction: String?

  private static let types: [ManeuverType] = [
    .depart, .arrive, .turn, .continue, .newName, .merge, .onRamp, .offRamp, .fork, .endOfRoad,
    .useLane, .roundabout, .rotary, .roundaboutTurn, .exitRoundabout, .exitRotary, .notification,
  ]
  private static let directions: [ManeuverDirection] = [
    .uTurn, .sharpRight, .right, .slightRight, .straight, .slightLeft, .left, .sharpLeft, .none,
  ]
  /// Code for a value kept in the extras (an `.other` type or direction, or an unusual exit).
  private static let inExtras: UInt8 = .max
  private static let noModifier: UInt8 = .max - 1
  private static let noExit: Int16 = -1
  private static let exitInExtras: Int16 = -2

  private var extras: ManeuverExtras {
    get { extrasStorage?.value ?? ManeuverExtras() }
    set { extrasStorage = newValue.isEmpty ? nil : Shared(newValue) }
  }

  /// What the maneuver does.
  public var type: ManeuverType {
    get {
      typeCode == Self.inExtras
        ? (extrasStorage?.value.type ?? .other("")) : Self.types[Int(typeCode)]
    }
    set {
      if let code = Self.types.firstIndex(of: newValue) {
        typeCode = UInt8(code)
        if extrasStorage?.value.type != nil { extras.type = nil }
      } else {
        typeCode = Self.inExtras
        extras.type = newValue
      }
    }
  }

  /// Which way it goes, when the source gives it.
  public var modifier: ManeuverDirection? {
    get {
      switch modifierCode {
      case Self.noModifier: return nil
      case Self.inExtras: return extrasStorage?.value.modifier
      default: return Self.directions[Int(modifierCode)]
      }
    }
    set {
      if let value = newValue, let code = Self.directions.firstIndex(of: value) {
        modifierCode = UInt8(code)
        if extrasStorage?.value.modifier != nil { extras.modifier = nil }
      } else if let value = newValue {
        modifierCode = Self.inExtras
        extras.modifier = value
      } else {
        modifierCode = Self.noModifier
        if extrasStorage?.value.modifier != nil { extras.modifier = nil }
      }
    }
  }

  /// Bearing of travel just before the maneuver, degrees from north.
  public var bearingBefore: CLLocationDirection {
    get { extrasStorage?.value.bearingBefore ?? Double(bearingBeforeStorage) }
    set {
      let f = Float(newValue)
      let exact = Double(f) == newValue
      bearingBeforeStorage = exact ? f : 0
      if !exact || extrasStorage?.value.bearingBefore != nil {
        extras.bearingBefore = exact ? nil : newValue
      }
    }
  }

  /// Bearing of travel just after the maneuver, degrees from north.
  public var bearingAfter: CLLocationDirection {
    get { extrasStorage?.value.bearingAfter ?? Double(bearingAfterStorage) }
    set {
      let f = Float(newValue)
      let exact = Double(f) == newValue
      bearingAfterStorage = exact ? f : 0
      if !exact || extrasStorage?.value.bearingAfter != nil {
        extras.bearingAfter = exact ? nil : newValue
      }
    }
  }

  /// Where the maneuver happens.
  public var location: CLLocationCoordinate2D {
    get {
      extrasStorage?.value.location
        ?? CoordinateStorage.coordinate(latitudeE7: latitudeE7, longitudeE7: longitudeE7)
    }
    set {
      if let fixed = CoordinateStorage.fixed(newValue) {
        (latitudeE7, longitudeE7) = fixed
        if extrasStorage?.value.location != nil { extras.location = nil }
      } else {
        latitudeE7 = 0
        longitudeE7 = 0
        extras.location = newValue
      }
    }
  }

  /// For roundabouts and rotaries: which exit to take (1-based).
  public var exit: Int? {
    get {
      switch exitStorage {
      case Self.noExit: return nil
      case Self.exitInExtras: return extrasStorage?.value.exit
      default: return Int(exitStorage)
      }
    }
    set {
      if let value = newValue, let small = Int16(exactly: value), small >= 0 {
        exitStorage = small
        if extrasStorage?.value.exit != nil { extras.exit = nil }
      } else if let value = newValue {
        exitStorage = Self.exitInExtras
        extras.exit = value
      } else {
        exitStorage = Self.noExit
        if extrasStorage?.value.exit != nil { extras.exit = nil }
      }
    }
  }

  /// A maneuver from its parts.
  public init(
    type: ManeuverType, modifier: ManeuverDirection? = nil, bearingBefore: CLLocationDirection = 0,
    bearingAfter: CLLocationDirection = 0, location: CLLocationCoordinate2D, exit: Int? = nil,
    instruction: String? = nil
  ) {
    typeCode = 0
    modifierCode = Self.noModifier
    exitStorage = Self.noExit
    bearingBeforeStorage = 0
    bearingAfterStorage = 0
    latitudeE7 = 0
    longitudeE7 = 0
    extrasStorage = nil
    self.instruction = instruction
    self.type = type
    self.modifier = modifier
    self.bearingBefore = bearingBefore
    self.bearingAfter = bearingAfter
    self.location = location
    self.exit = exit
  }
}

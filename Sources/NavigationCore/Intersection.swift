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
///
/// Stored compactly (routes carry an intersection every few shape points): bearings and
/// entry flags share one `UInt16` array, indexes are narrow integers, known road classes are
/// bits. The public properties read and write through that storage.
public struct Intersection: Sendable, Hashable {
  /// Where the intersection is.
  public var location: CLLocationCoordinate2D
  /// Bearing in the low 9 bits, entry allowed in the top bit.
  private var roads: [UInt16] = []
  private var inStorage: UInt8 = .max
  private var outStorage: UInt8 = .max
  private var knownClasses: UInt8 = 0
  private var geometryIndexStorage: Int32 = -1
  private var otherClasses: [String] = []
  private var tollStorage: [TollCollection] = []
  /// Lanes approaching the intersection, from left to right, when known.
  public var lanes: [Lane]?

  private static let classNames = ["toll", "ferry", "restricted", "motorway", "tunnel", "service"]

  /// Bearings of all roads at the intersection, degrees from north.
  public var bearings: [Int] {
    get { roads.map { Int($0 & 0x1FF) } }
    set {
      let old = entry
      roads = newValue.enumerated().map { n, b in
        UInt16(min(max(b, 0), 360)) | (n < old.count && old[n] ? 0x8000 : 0)
      }
    }
  }

  /// For each bearing, whether the route may enter that road.
  public var entry: [Bool] {
    get { roads.map { $0 & 0x8000 != 0 } }
    set {
      while roads.count < newValue.count { roads.append(0) }
      for n in roads.indices {
        roads[n] = (roads[n] & 0x1FF) | (n < newValue.count && newValue[n] ? 0x8000 : 0)
      }
    }
  }

  /// Index into `bearings` of the road the route arrives on.
  public var inIndex: Int? {
    get { inStorage == .max ? nil : Int(inStorage) }
    set { inStorage = newValue.map { UInt8(clamping: min(max($0, 0), 254)) } ?? .max }
  }

  /// Index into `bearings` of the road the route leaves on.
  public var outIndex: Int? {
    get { outStorage == .max ? nil : Int(outStorage) }
    set { outStorage = newValue.map { UInt8(clamping: min(max($0, 0), 254)) } ?? .max }
  }

  /// Index of the intersection in the leg's geometry, when given.
  public var geometryIndex: Int? {
    get { geometryIndexStorage < 0 ? nil : Int(geometryIndexStorage) }
    set { geometryIndexStorage = newValue.map { Int32(clamping: max($0, 0)) } ?? -1 }
  }

  /// Road classes such as `toll`, `ferry`, `restricted`, `motorway`, `tunnel`, in source order
  /// for known classes first, then others.
  public var classes: [String] {
    get {
      var out: [String] = []
      for (bit, name) in Self.classNames.enumerated() where knownClasses & (1 << bit) != 0 {
        out.append(name)
      }
      return out + otherClasses
    }
    set {
      knownClasses = 0
      otherClasses = []
      for c in newValue {
        if let bit = Self.classNames.firstIndex(of: c) {
          knownClasses |= 1 << bit
        } else {
          otherClasses.append(c)
        }
      }
    }
  }

  /// A toll booth or gantry here.
  public var tollCollection: TollCollection? {
    get { tollStorage.first }
    set { tollStorage = newValue.map { [$0] } ?? [] }
  }

  /// An intersection from its parts.
  public init(
    location: CLLocationCoordinate2D, bearings: [Int] = [], entry: [Bool] = [],
    inIndex: Int? = nil, outIndex: Int? = nil, lanes: [Lane]? = nil, classes: [String] = [],
    tollCollection: TollCollection? = nil, geometryIndex: Int? = nil
  ) {
    self.location = location
    self.lanes = lanes
    self.bearings = bearings
    self.entry = entry
    self.inIndex = inIndex
    self.outIndex = outIndex
    self.classes = classes
    self.tollCollection = tollCollection
    self.geometryIndex = geometryIndex
  }
}

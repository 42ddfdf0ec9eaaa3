/// One lane at an intersection, as the source describes it.
///
/// Stored in a few bytes: up to seven known indications are packed four bits each, in
/// order; lanes with unknown values keep a plain array instead.
public struct Lane: Sendable, Hashable {
  private var packed: UInt32 = 0
  private var count: UInt8 = 0
  private var validCode: UInt8 = Lane.noCode
  private var unusual: [ManeuverDirection] = []
  /// Whether the lane can be used for the route's maneuver.
  public var valid: Bool
  /// Whether the lane is the preferred one for the maneuver.
  public var active: Bool

  private static let noCode: UInt8 = 0xF
  private static let known: [ManeuverDirection] = [
    .uTurn, .sharpRight, .right, .slightRight, .straight, .slightLeft, .left, .sharpLeft, .none,
  ]

  private static func code(_ d: ManeuverDirection) -> UInt8? {
    known.firstIndex(of: d).map { UInt8($0) }
  }

  /// The turn markings painted on the lane (`left`, `straight`, …), in source order.
  public var indications: [ManeuverDirection] {
    get {
      if count == .max { return unusual.dropLast().map { $0 } }
      return (0..<Int(count)).map { Lane.known[Int((packed >> (4 * UInt32($0))) & 0xF)] }
    }
    set {
      let valid = validIndication
      let codes = newValue.compactMap(Lane.code)
      if codes.count == newValue.count, codes.count <= 7, valid.map(Lane.code) != .some(nil) {
        packed = 0
        for (n, c) in codes.enumerated() { packed |= UInt32(c) << (4 * UInt32(n)) }
        count = UInt8(codes.count)
        unusual = []
      } else {
        count = .max
        unusual = newValue + [valid ?? .other("")]
      }
      validCode = valid.flatMap(Lane.code) ?? Lane.noCode
    }
  }

  /// Which of the indications the route uses, when the source says.
  public var validIndication: ManeuverDirection? {
    get {
      if count == .max {
        let last = unusual.last
        return last == .other("") ? nil : last
      }
      return validCode == Lane.noCode ? nil : Lane.known[Int(validCode)]
    }
    set {
      if count != .max, let v = newValue, Lane.code(v) == nil {
        let current = indications
        count = .max
        unusual = current + [v]
      } else if count == .max {
        unusual[unusual.count - 1] = newValue ?? .other("")
      } else {
        validCode = newValue.flatMap(Lane.code) ?? Lane.noCode
      }
    }
  }

  /// Lanes are equal when their public values are, whatever their storage.
  public static func == (a: Lane, b: Lane) -> Bool {
    a.valid == b.valid && a.active == b.active && a.indications == b.indications
      && a.validIndication == b.validIndication
  }

  /// Hashes the public values.
  public func hash(into h: inout Hasher) {
    h.combine(valid)
    h.combine(active)
    h.combine(indications)
    h.combine(validIndication)
  }

  /// A lane from its parts.
  public init(
    indications: [ManeuverDirection], valid: Bool, active: Bool = false,
    validIndication: ManeuverDirection? = nil
  ) {
    self.valid = valid
    self.active = active
    self.validIndication = validIndication
    self.indications = indications
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

/// The parts of an intersection few have, stored out of line.
struct IntersectionExtras: Sendable, Hashable {
  var exactLocation: CLLocationCoordinate2D?
  var extraRoads: [UInt16] = []
  var otherClasses: [String] = []
  var tollCollection: TollCollection?
  var lanes: [Lane]?

  var isEmpty: Bool {
    exactLocation == nil && extraRoads.isEmpty && otherClasses.isEmpty && tollCollection == nil
      && lanes == nil
  }
}

/// A place along a step where roads meet.
///
/// Stored compactly (routes carry an intersection every few shape points): the location in
/// 1e-7 degrees when exact, bearings and entry flags as one `UInt16` per road with up to four
/// roads inline, narrow indexes, known road classes as bits, and the rest (more roads, other
/// classes, tolls, lanes) in one box that most intersections do without. The public properties
/// read and write through that storage.
public struct Intersection: Sendable, Hashable {
  private var latitudeE7: Int32 = 0
  private var longitudeE7: Int32 = 0
  /// Bearing in the low 9 bits, entry allowed in the top bit.
  private var inlineRoads: UInt64 = 0
  private var geometryIndexStorage: Int32 = -1
  private var roadCount: UInt8 = 0
  private var inStorage: UInt8 = .max
  private var outStorage: UInt8 = .max
  private var knownClasses: UInt8 = 0
  private var extrasStorage: Shared<IntersectionExtras>?

  private var extras: IntersectionExtras {
    get { extrasStorage?.value ?? IntersectionExtras() }
    set { extrasStorage = newValue.isEmpty ? nil : Shared(newValue) }
  }

  /// Where the intersection is.
  public var location: CLLocationCoordinate2D {
    get {
      extrasStorage?.value.exactLocation
        ?? CoordinateStorage.coordinate(latitudeE7: latitudeE7, longitudeE7: longitudeE7)
    }
    set {
      if let fixed = CoordinateStorage.fixed(newValue) {
        (latitudeE7, longitudeE7) = fixed
        if extrasStorage?.value.exactLocation != nil { extras.exactLocation = nil }
      } else {
        latitudeE7 = 0
        longitudeE7 = 0
        extras.exactLocation = newValue
      }
    }
  }

  /// Roads as `UInt16` (bearing | entry bit); up to four live inline, more in the extras.
  private var roads: [UInt16] {
    get {
      if roadCount == .max { return extras.extraRoads }
      return (0..<Int(roadCount)).map {
        UInt16(truncatingIfNeeded: inlineRoads >> (16 * UInt64($0)))
      }
    }
    set {
      if newValue.count <= 4 {
        inlineRoads = 0
        for (n, r) in newValue.enumerated() { inlineRoads |= UInt64(r) << (16 * UInt64(n)) }
        roadCount = UInt8(newValue.count)
        if !(extrasStorage?.value.extraRoads.isEmpty ?? true) { extras.extraRoads = [] }
      } else {
        roadCount = .max
        inlineRoads = 0
        extras.extraRoads = newValue
      }
    }
  }

  /// Lanes approaching the intersection, from left to right, when known.
  public var lanes: [Lane]? {
    get { extrasStorage?.value.lanes }
    set { extras.lanes = newValue }
  }

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
      var r = roads
      while r.count < newValue.count { r.append(0) }
      for n in r.indices {
        r[n] = (r[n] & 0x1FF) | (n < newValue.count && newValue[n] ? 0x8000 : 0)
      }
      roads = r
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
      return out + (extrasStorage?.value.otherClasses ?? [])
    }
    set {
      knownClasses = 0
      var others: [String] = []
      for c in newValue {
        if let bit = Self.classNames.firstIndex(of: c) {
          knownClasses |= 1 << bit
        } else {
          others.append(c)
        }
      }
      if others != (extrasStorage?.value.otherClasses ?? []) { extras.otherClasses = others }
    }
  }

  /// A toll booth or gantry here.
  public var tollCollection: TollCollection? {
    get { extrasStorage?.value.tollCollection }
    set { extras.tollCollection = newValue }
  }

  /// Shares equal extras and strings with the rest of a decoded route.
  mutating func share(_ pool: inout StoragePool) {
    guard var e = extrasStorage?.value else { return }
    e.otherClasses = e.otherClasses.map { pool.intern($0) }
    extrasStorage = pool.intern(Shared(e))
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

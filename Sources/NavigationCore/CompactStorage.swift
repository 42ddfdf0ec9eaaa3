// Lossless compact storage behind the route model's public properties. Each container picks
// the smallest representation that gives back exactly the values it was given, so equality,
// hashing and every read are as if plain arrays were stored.

/// An immutable value stored out of line; copies share it. Writers replace the box.
final class Box<Value: Sendable>: Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// A value kept in a shared ``Box``: one pointer inline, equal by value.
struct Shared<Value: Sendable & Hashable>: Sendable, Hashable {
  private(set) var box: Box<Value>

  init(_ value: Value) { box = Box(value) }
  init(box: Box<Value>) { self.box = box }

  var value: Value {
    get { box.value }
    set { box = Box(newValue) }
  }

  static func == (a: Shared, b: Shared) -> Bool { a.box === b.box || a.box.value == b.box.value }
  func hash(into h: inout Hasher) { h.combine(box.value) }
}

/// Coordinates as latitude/longitude pairs in 1e-7 degrees (8 bytes a point) when every point
/// survives the round trip exactly (all decoded polylines and 7-decimal inputs), else as given.
enum CoordinateStorage: Sendable, Hashable {
  case e7([Int32])
  case exact([CLLocationCoordinate2D])

  static let empty = CoordinateStorage.e7([])

  init(_ points: [CLLocationCoordinate2D]) {
    var packed: [Int32] = []
    packed.reserveCapacity(points.count * 2)
    for p in points {
      guard let (lat, lon) = CoordinateStorage.fixed(p) else {
        self = .exact(points)
        return
      }
      packed.append(lat)
      packed.append(lon)
    }
    self = .e7(packed)
  }

  /// A coordinate in 1e-7-degree units when both of its degrees are exact there.
  static func fixed(_ coordinate: CLLocationCoordinate2D) -> (latitude: Int32, longitude: Int32)? {
    guard let lat = fixed(coordinate.latitude), let lon = fixed(coordinate.longitude) else {
      return nil
    }
    return (lat, lon)
  }

  /// The coordinate of two 1e-7-degree values.
  static func coordinate(latitudeE7: Int32, longitudeE7: Int32) -> CLLocationCoordinate2D {
    CLLocationCoordinate2D(latitude: Double(latitudeE7) / 1e7, longitude: Double(longitudeE7) / 1e7)
  }

  /// `degrees` in 1e-7 units when that is exact.
  static func fixed(_ degrees: Double) -> Int32? {
    guard let n = Int32(exactly: (degrees * 1e7).rounded()), Double(n) / 1e7 == degrees else {
      return nil
    }
    // Keep the sign of zero: -0.0 would come back as 0.0.
    return n == 0 && degrees.sign == .minus ? nil : n
  }

  var count: Int {
    switch self {
    case .e7(let a): return a.count / 2
    case .exact(let a): return a.count
    }
  }

  subscript(index: Int) -> CLLocationCoordinate2D {
    switch self {
    case .e7(let a):
      return Self.coordinate(latitudeE7: a[2 * index], longitudeE7: a[2 * index + 1])
    case .exact(let a): return a[index]
    }
  }

  var coordinates: [CLLocationCoordinate2D] {
    switch self {
    case .e7(let a):
      var out: [CLLocationCoordinate2D] = []
      out.reserveCapacity(a.count / 2)
      var i = 0
      while i + 1 < a.count {
        out.append(Self.coordinate(latitudeE7: a[i], longitudeE7: a[i + 1]))
        i += 2
      }
      return out
    case .exact(let a): return a
    }
  }
}

/// A list of doubles stored as 16- or 32-bit integers times a power of ten (1 to 1000) when
/// that reproduces every value exactly, else as doubles.
enum ScaledDoubles: Sendable, Hashable {
  case u16(scale: Double, [UInt16])
  case i32(scale: Double, [Int32])
  case raw([Double])

  static let empty = ScaledDoubles.u16(scale: 1, [])

  init(_ values: [Double]) {
    for scale in [1.0, 10, 100, 1000] {
      var exact = true
      var fitsU16 = true
      for v in values {
        guard let n = Int32(exactly: (v * scale).rounded()), Double(n) / scale == v,
          !(n == 0 && v.sign == .minus)
        else {
          exact = false
          break
        }
        if n < 0 || n > Int32(UInt16.max) { fitsU16 = false }
      }
      guard exact else { continue }
      if fitsU16 {
        self = .u16(scale: scale, values.map { UInt16(($0 * scale).rounded()) })
      } else {
        self = .i32(scale: scale, values.map { Int32(($0 * scale).rounded()) })
      }
      return
    }
    self = .raw(values)
  }

  var values: [Double] {
    switch self {
    case .u16(let scale, let a): return a.map { Double($0) / scale }
    case .i32(let scale, let a): return a.map { Double($0) / scale }
    case .raw(let a): return a
    }
  }
}

/// A list stored as runs of equal values (speed limits and congestion change rarely).
struct RunLength<Value: Sendable & Hashable>: Sendable, Hashable {
  /// The value of each run.
  private var runValues: [Value] = []
  /// The index one past each run's last element.
  private var runEnds: [Int32] = []

  init(_ values: [Value]) {
    for (n, v) in values.enumerated() {
      if let last = runValues.last, last == v {
        runEnds[runEnds.count - 1] = Int32(n + 1)
      } else {
        runValues.append(v)
        runEnds.append(Int32(n + 1))
      }
    }
  }

  var count: Int { Int(runEnds.last ?? 0) }

  /// The element at `index` (binary search over the runs).
  subscript(index: Int) -> Value {
    var lo = 0
    var hi = runEnds.count - 1
    while lo < hi {
      let mid = (lo + hi) / 2
      if Int(runEnds[mid]) > index { hi = mid } else { lo = mid + 1 }
    }
    return runValues[lo]
  }

  var values: [Value] {
    var out: [Value] = []
    out.reserveCapacity(count)
    var start = 0
    for (v, end) in zip(runValues, runEnds) {
      out.append(contentsOf: repeatElement(v, count: Int(end) - start))
      start = Int(end)
    }
    return out
  }
}

/// Makes equal strings and boxes share one buffer when a decoded route is finished.
struct StoragePool {
  private var strings: Set<String> = []
  private var boxes: [ObjectIdentifier: [AnyHashable: AnyObject]] = [:]

  /// `s` itself, or an equal string seen before (strings of up to 15 UTF-8 bytes are inline
  /// anyway and are returned as they are).
  mutating func intern(_ s: String) -> String {
    guard s.utf8.count > 15 else { return s }
    if let found = strings.firstIndex(of: s) { return strings[found] }
    strings.insert(s)
    return s
  }

  mutating func intern(_ s: String?) -> String? { s.map { intern($0) } }

  /// `shared`, or an equal one seen before.
  mutating func intern<V: Sendable & Hashable>(_ shared: Shared<V>) -> Shared<V> {
    let kind = ObjectIdentifier(V.self)
    if let found = boxes[kind]?[AnyHashable(shared.value)] as? Box<V> {
      return Shared(box: found)
    }
    boxes[kind, default: [:]][AnyHashable(shared.value)] = shared.box
    return shared
  }
}

import NavigationCore

/// Why a serialized graph could not be loaded.
public enum GraphFormatError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Not a graph file, or another version.
  case badHeader
  /// The data ends early or an array does not fit (byte offset).
  case truncated(offset: Int)
  /// Values are inconsistent (an index out of range, …).
  case inconsistent(String)

  /// A message that says what and where.
  public var description: String {
    switch self {
    case .badHeader: return "not a road graph file (bad magic or version)"
    case .truncated(let offset): return "road graph file truncated at byte \(offset)"
    case .inconsistent(let why): return "road graph file inconsistent: \(why)"
    }
  }
}

extension RoadGraph {
  static let magic: [UInt8] = Array("NVRG0002".utf8)

  /// A compact binary form: fixed-width arrays copied as bytes, then the road attributes.
  public func serialized() -> [UInt8] {
    var w = BinaryWriter()
    w.bytes.append(contentsOf: Self.magic)
    w.array(latitudes)
    w.array(longitudes)
    w.array(nodeIDs)
    for field in [\RoadEdge.from, \.to, \.road, \.shapeStart, \.shapeCount] {
      w.array(edges.map { $0[keyPath: field] })
    }
    w.array(edges.map { $0.reversed ? UInt8(1) : 0 })
    w.array(edges.map(\.length))
    w.array(edges.map(\.duration))
    w.array(firstOut)
    w.array(shapeLatitudes)
    w.array(shapeLongitudes)
    w.array(bannedTurns)
    w.array(trafficSignals)
    w.array(delayVertices)
    w.array(delaySeconds)
    w.int(roads.count)
    for r in roads {
      w.array([r.wayID])
      for s in [r.highway, r.name, r.ref ?? "\u{0}", r.destinations ?? "\u{0}"] { w.string(s) }
      switch r.maxspeed {
      case .known(let v, let unit): w.array([v, unit == .milesPerHour ? 2 : 1])
      case .unlimited: w.array([0.0, 3])
      case nil: w.array([0.0, 0])
      }
      w.array([r.speed, Double(r.lanes ?? -1)])
      w.string(Self.lanesString(r.turnLanesForward))
      w.string(Self.lanesString(r.turnLanesBackward))
      w.array(
        [r.isRoundabout, r.isTunnel, r.isBridge, r.isToll, r.isFerry].map { $0 ? UInt8(1) : 0 })
    }
    return w.bytes
  }

  static func lanesString(_ lanes: [[ManeuverDirection]]?) -> String {
    guard let lanes else { return "\u{0}" }
    return lanes.map { $0.map(\.rawValue).joined(separator: ";") }.joined(separator: "|")
  }

  static func lanes(_ s: String) -> [[ManeuverDirection]]? {
    guard s != "\u{0}" else { return nil }
    return s.split(separator: "|", omittingEmptySubsequences: false).map {
      $0.split(separator: ";").map { ManeuverDirection(rawValue: String($0)) }
    }
  }

  /// Loads a graph written by ``serialized()``, validating every index.
  public init(serialized bytes: [UInt8]) throws(GraphFormatError) {
    guard bytes.starts(with: Self.magic) else { throw .badHeader }
    var r = BinaryReader(bytes: bytes, position: Self.magic.count)
    self.init()
    latitudes = try r.array()
    longitudes = try r.array()
    nodeIDs = try r.array()
    let ints = try (0..<5).map { _ throws(GraphFormatError) -> [Int32] in try r.array() }
    let reversed: [UInt8] = try r.array()
    let lengths: [Float] = try r.array()
    let durations: [Float] = try r.array()
    let m = reversed.count
    guard ints.allSatisfy({ $0.count == m }), lengths.count == m, durations.count == m else {
      throw .inconsistent("edge arrays differ in length")
    }
    edges = (0..<m).map {
      RoadEdge(
        from: ints[0][$0], to: ints[1][$0], road: ints[2][$0], shapeStart: ints[3][$0],
        shapeCount: ints[4][$0], reversed: reversed[$0] != 0, length: lengths[$0],
        duration: durations[$0])
    }
    firstOut = try r.array()
    shapeLatitudes = try r.array()
    shapeLongitudes = try r.array()
    bannedTurns = try r.array()
    trafficSignals = try r.array()
    delayVertices = try r.array()
    delaySeconds = try r.array()
    guard delayVertices.count == delaySeconds.count else {
      throw .inconsistent("delay arrays differ in length")
    }
    let count = try r.int()
    guard count >= 0, count <= bytes.count else { throw .inconsistent("road count \(count)") }
    roads.reserveCapacity(count)
    for _ in 0..<count {
      let id: [Int64] = try r.array()
      let strings = try (0..<4).map { _ throws(GraphFormatError) in try r.string() }
      let speed: [Double] = try r.array()
      let more: [Double] = try r.array()
      let forward = try r.string()
      let backward = try r.string()
      let flags: [UInt8] = try r.array()
      guard id.count == 1, speed.count == 2, more.count == 2, flags.count >= 3 else {
        throw .inconsistent("road record")
      }
      let maxspeed: SpeedLimitValue? =
        switch speed[1] {
        case 1: .known(speed[0], .kilometersPerHour)
        case 2: .known(speed[0], .milesPerHour)
        case 3: .unlimited
        default: nil
        }
      roads.append(
        RoadAttributes(
          wayID: id[0], highway: strings[0], name: strings[1],
          ref: strings[2] == "\u{0}" ? nil : strings[2],
          destinations: strings[3] == "\u{0}" ? nil : strings[3], maxspeed: maxspeed,
          speed: more[0], lanes: more[1] < 0 ? nil : Int(more[1]),
          turnLanesForward: Self.lanes(forward), turnLanesBackward: Self.lanes(backward),
          isRoundabout: flags[0] != 0, isTunnel: flags[1] != 0, isBridge: flags[2] != 0,
          // Files written before tolls and ferries were kept have three flags.
          isToll: flags.count > 3 && flags[3] != 0, isFerry: flags.count > 4 && flags[4] != 0))
    }
    try validate()
    finalize()
  }

  func validate() throws(GraphFormatError) {
    let n = latitudes.count
    guard longitudes.count == n, nodeIDs.count == n, firstOut.count == n + 1,
      shapeLatitudes.count == shapeLongitudes.count, firstOut.first == 0,
      firstOut.last.map({ Int($0) == edges.count }) ?? false
    else { throw .inconsistent("array lengths") }
    for k in 0..<n where firstOut[k] > firstOut[k + 1] {
      throw .inconsistent("adjacency offsets at vertex \(k)")
    }
    for (i, e) in edges.enumerated() {
      guard e.from >= 0, Int(e.from) < n, e.to >= 0, Int(e.to) < n, e.road >= 0,
        Int(e.road) < roads.count, e.shapeStart >= 0, e.shapeCount >= 2,
        Int(e.shapeStart) + Int(e.shapeCount) <= shapeLatitudes.count,
        e.length.isFinite, e.duration.isFinite
      else { throw .inconsistent("edge \(i)") }
      guard Int(firstOut[Int(e.from)]) <= i, i < Int(firstOut[Int(e.from) + 1]) else {
        throw .inconsistent("edge \(i) outside its vertex's range")
      }
    }
  }
}

struct BinaryWriter {
  var bytes: [UInt8] = []

  mutating func int(_ v: Int) { withUnsafeBytes(of: Int64(v).littleEndian) { bytes += $0 } }

  mutating func array<T: BitwiseCopyable>(_ values: [T]) {
    int(values.count)
    values.withUnsafeBytes { bytes += $0 }
  }

  mutating func string(_ s: String) { array(Array(s.utf8)) }
}

struct BinaryReader {
  let bytes: [UInt8]
  var position: Int

  mutating func int() throws(GraphFormatError) -> Int {
    guard bytes.count - position >= 8 else { throw .truncated(offset: position) }
    var v: Int64 = 0
    withUnsafeMutableBytes(of: &v) { $0.copyBytes(from: bytes[position..<(position + 8)]) }
    position += 8
    return Int(Int64(littleEndian: v))
  }

  mutating func array<T: BitwiseCopyable>() throws(GraphFormatError) -> [T] {
    let count = try int()
    let size = MemoryLayout<T>.stride
    guard count >= 0, count <= (bytes.count - position) / max(size, 1) else {
      throw .truncated(offset: position)
    }
    let start = position
    position += count * size
    return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
      bytes[start..<(start + count * size)].withUnsafeBytes { raw in
        UnsafeMutableRawBufferPointer(buffer).copyMemory(from: raw)
      }
      initialized = count
    }
  }

  mutating func string() throws(GraphFormatError) -> String {
    let utf8: [UInt8] = try array()
    return String(decoding: utf8, as: UTF8.self)
  }
}

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// A way: an ordered list of node references with tags.
public struct OSMWay: Sendable, Hashable {
  /// The OSM id.
  public var id: Int64
  /// The node ids in order.
  public var nodeIDs: [Int64]
  /// The tags.
  public var tags: [String: String]

  /// A way from its parts.
  public init(id: Int64, nodeIDs: [Int64], tags: [String: String]) {
    self.id = id
    self.nodeIDs = nodeIDs
    self.tags = tags
  }
}

/// A relation member's kind.
public enum OSMMemberType: UInt8, Sendable, Hashable {
  /// A node.
  case node = 0
  /// A way.
  case way = 1
  /// A relation.
  case relation = 2
}

/// One member of a relation.
public struct OSMMember: Sendable, Hashable {
  /// The member's kind.
  public var type: OSMMemberType
  /// The member's id.
  public var ref: Int64
  /// The member's role (`from`, `via`, `to`, …).
  public var role: String

  /// A member from its parts.
  public init(type: OSMMemberType, ref: Int64, role: String) {
    self.type = type
    self.ref = ref
    self.role = role
  }
}

/// A relation: members with roles, and tags.
public struct OSMRelation: Sendable, Hashable {
  /// The OSM id.
  public var id: Int64
  /// The members in order.
  public var members: [OSMMember]
  /// The tags.
  public var tags: [String: String]

  /// A relation from its parts.
  public init(id: Int64, members: [OSMMember], tags: [String: String]) {
    self.id = id
    self.members = members
    self.tags = tags
  }
}

/// The contents of an OSM file: nodes (as parallel arrays), ways and relations, in file order.
public struct OSMData: Sendable {
  /// Node ids, in file order.
  public var nodeIDs: [Int64] = []
  /// Node latitudes, parallel to `nodeIDs`.
  public var latitudes: [Double] = []
  /// Node longitudes, parallel to `nodeIDs`.
  public var longitudes: [Double] = []
  /// Tags of the nodes that have any, by index into `nodeIDs`.
  public var nodeTags: [Int: [String: String]] = [:]
  /// The ways, in file order.
  public var ways: [OSMWay] = []
  /// The relations, in file order.
  public var relations: [OSMRelation] = []
  /// The bounding box from the header, when given: min lat, min lon, max lat, max lon.
  public var bounds:
    (
      minLatitude: Double, minLongitude: Double, maxLatitude: Double,
      maxLongitude: Double
    )?
  /// The program that wrote the file, when given.
  public var writingProgram: String?

  /// An empty data set.
  public init() {}

  /// A map from node id to index into the node arrays.
  ///
  /// - Complexity: O(n).
  public func nodeIndex() -> [Int64: Int] {
    var index = [Int64: Int](minimumCapacity: nodeIDs.count)
    for (i, id) in nodeIDs.enumerated() { index[id] = i }
    return index
  }

  mutating func appendNode(id: Int64, latitude: Double, longitude: Double) {
    nodeIDs.append(id)
    latitudes.append(latitude)
    longitudes.append(longitude)
  }
}

extension OSMData {
  /// Reads an OSM file, PBF or XML, choosing by content (PBF starts with a length prefix).
  public static func read(path: String) throws(OSMReadError) -> OSMData {
    let bytes = try readFile(path)
    if bytes.first == UInt8(ascii: "<") || path.hasSuffix(".osm") {
      return try OSMXMLReader.read(bytes)
    }
    return try OSMPBFReader.read(bytes)
  }

  /// Reads a whole file into memory.
  static func readFile(_ path: String) throws(OSMReadError) -> [UInt8] {
    guard let file = fopen(path, "rb") else {
      throw .io(path: path, reason: String(cString: strerror(errno)))
    }
    defer { fclose(file) }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, 1 << 16, file) }
      if n > 0 { out.append(contentsOf: chunk[0..<n]) }
      if n < 1 << 16 {
        if ferror(file) != 0 { throw .io(path: path, reason: "read error") }
        break
      }
    }
    return out
  }
}

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
  /// Reads an OSM file, PBF or XML, choosing by content (PBF starts with a length prefix),
  /// and checks it with ``validate(path:)``.
  public static func read(path: String) throws(OSMReadError) -> OSMData {
    let bytes = try readFile(path)
    let data: OSMData
    if bytes.first == UInt8(ascii: "<") || path.hasSuffix(".osm") {
      data = try OSMXMLReader.read(bytes)
    } else {
      data = try OSMPBFReader.read(bytes)
    }
    try data.validate(path: path)
    return data
  }

  /// The most nodes a way may have (the OSM API allows 2,000; extracts that merge ways stay
  /// far below this).
  public static let maximumWayNodes = 100_000

  /// Checks what decoding cannot: every node's coordinate is a finite latitude in -90…90 and
  /// longitude in -180…180; every way has at most ``maximumWayNodes`` nodes; every way the
  /// router drives on (``RoadTags/isDrivable(_:)``) has a node. With `complete`, also that
  /// every road has at least two nodes and references only nodes in the file.
  ///
  /// Extracts cut roads at their boundary (Geofabrik's Monaco has a one-node road, the Helsinki
  /// extract roads whose far nodes are missing), so by default such roads are accepted and
  /// ``RoadGraph/build(from:)`` keeps the runs of nodes that are present, as OSRM does.
  ///
  /// - Parameters:
  ///   - path: The file named in the error.
  ///   - complete: Whether the file must hold every node its roads reference.
  /// - Throws: ``OSMReadError/invalidData(path:element:reason:)`` naming the first offending
  ///   node or way.
  public func validate(path: String, complete: Bool = false) throws(OSMReadError) {
    guard latitudes.count == nodeIDs.count, longitudes.count == nodeIDs.count else {
      throw .invalidData(
        path: path, element: "nodes",
        reason: "have \(nodeIDs.count) ids but \(latitudes.count) latitudes")
    }
    for i in nodeIDs.indices {
      let lat = latitudes[i]
      let lon = longitudes[i]
      guard lat.isFinite, lon.isFinite, abs(lat) <= 90, abs(lon) <= 180 else {
        throw .invalidData(
          path: path, element: "node \(nodeIDs[i])",
          reason: "has coordinate (\(lat), \(lon)) outside latitude -90…90, longitude -180…180")
      }
    }
    var index: [Int64: Int]?
    for way in ways {
      guard way.nodeIDs.count <= Self.maximumWayNodes else {
        throw .invalidData(
          path: path, element: "way \(way.id)",
          reason: "has \(way.nodeIDs.count) nodes (at most \(Self.maximumWayNodes))")
      }
      guard RoadTags.isDrivable(way.tags) else { continue }
      guard way.nodeIDs.count >= (complete ? 2 : 1) else {
        throw .invalidData(
          path: path, element: "way \(way.id)",
          reason: "is a road with \(way.nodeIDs.count) node(s) (at least 2 needed)")
      }
      guard complete else { continue }
      if index == nil { index = nodeIndex() }
      for id in way.nodeIDs where index?[id] == nil {
        throw .invalidData(
          path: path, element: "way \(way.id)", reason: "references node \(id), not in the file")
      }
    }
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

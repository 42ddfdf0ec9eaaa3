import Foundation
import NavigationCore
import OSM

/// Turns OSM ways and multipolygon relations into ``BaseMap`` features: classifies tags,
/// resolves node positions into local metres, and closes the coastline into sea polygons.
struct BaseMapBuilder {
  let data: OSMData
  var origin = CLLocationCoordinate2D(latitude: 0, longitude: 0)
  var xs: [Double] = []
  var ys: [Double] = []
  var features: [BaseMap.Feature] = []
  var entrances: [(x: Double, y: Double)] = []
  private var nodeIndex: [Int64: Int] = [:]
  private var cosLatitude = 1.0

  init(data: OSMData) {
    self.data = data
  }

  /// The map's kind for a way's or relation's tags, or `nil` when it is not drawn.
  static func kind(of tags: [String: String]) -> MapFeatureKind? {
    if let highway = tags["highway"] {
      switch highway {
      case "motorway", "trunk", "motorway_link", "trunk_link": return .majorRoad
      case "primary", "secondary", "primary_link", "secondary_link": return .arterialRoad
      case "tertiary", "tertiary_link", "residential", "unclassified", "living_street", "road":
        return .minorRoad
      case "service", "track": return .serviceRoad
      case "footway", "path", "cycleway", "pedestrian", "steps", "bridleway": return .path
      default: return nil
      }
    }
    if tags["building"] != nil { return .building }
    if tags["natural"] == "water" || tags["waterway"] == "riverbank" || tags["waterway"] == "dock"
      || tags["landuse"] == "basin" || tags["landuse"] == "reservoir"
    {
      return .water
    }
    if let waterway = tags["waterway"], ["river", "stream", "canal"].contains(waterway) {
      return .waterway
    }
    if let leisure = tags["leisure"],
      ["park", "garden", "pitch", "playground", "golf_course"]
        .contains(leisure)
    {
      return .park
    }
    if let landuse = tags["landuse"],
      ["grass", "forest", "recreation_ground", "cemetery", "meadow", "village_green"]
        .contains(landuse)
    {
      return .park
    }
    if let natural = tags["natural"], ["wood", "scrub", "grassland"].contains(natural) {
      return .park
    }
    if tags["railway"] == "rail" || tags["railway"] == "light_rail" { return .rail }
    return nil
  }

  mutating func build() -> (
    origin: CLLocationCoordinate2D, xs: [Double], ys: [Double], features: [BaseMap.Feature],
    entrances: [(x: Double, y: Double)]
  ) {
    nodeIndex = data.nodeIndex()
    if let bounds = data.bounds {
      origin = CLLocationCoordinate2D(
        latitude: (bounds.minLatitude + bounds.maxLatitude) / 2,
        longitude: (bounds.minLongitude + bounds.maxLongitude) / 2)
    } else if !data.latitudes.isEmpty {
      origin = CLLocationCoordinate2D(
        latitude: (data.latitudes.min()! + data.latitudes.max()!) / 2,
        longitude: (data.longitudes.min()! + data.longitudes.max()!) / 2)
    }
    cosLatitude = cos(origin.latitude * .pi / 180)
    var coastline: [[Int64]] = []
    var wayByID: [Int64: Int] = [:]
    for (index, way) in data.ways.enumerated() {
      wayByID[way.id] = index
      if way.tags["natural"] == "coastline" {
        coastline.append(way.nodeIDs)
        continue
      }
      guard let kind = Self.kind(of: way.tags) else { continue }
      if kind.isArea, way.nodeIDs.first != way.nodeIDs.last { continue }
      add(
        kind, nodes: way.nodeIDs, name: kind.isRoad ? way.tags["name"] ?? "" : "",
        tunnel: way.tags["tunnel"] == "yes" || way.tags["layer"].map { $0.hasPrefix("-") } == true,
        height: kind == .building ? Self.height(of: way.tags) : 0)
    }
    for relation in data.relations where relation.tags["type"] == "multipolygon" {
      guard let kind = Self.kind(of: relation.tags), kind.isArea else { continue }
      let outers = relation.members.filter { $0.type == .way && $0.role != "inner" }
        .compactMap { wayByID[$0.ref].map { data.ways[$0].nodeIDs } }
      for ring in RingJoiner.join(outers) where ring.first == ring.last {
        add(
          kind, nodes: ring, name: "", tunnel: false,
          height: kind == .building ? Self.height(of: relation.tags) : 0)
      }
    }
    for (node, tags) in data.nodeTags.sorted(by: { $0.key < $1.key })
    where tags["entrance"] != nil && node < data.latitudes.count {
      entrances.append(local(node))
    }
    addSea(coastline)
    let order = features.indices.sorted {
      (features[$0].kind, $0) < (features[$1].kind, $1)
    }
    return (origin, xs, ys, order.map { features[$0] }, entrances)
  }

  private mutating func local(_ node: Int) -> (Double, Double) {
    (
      (data.longitudes[node] - origin.longitude) * MapCamera.metersPerDegree * cosLatitude,
      (data.latitudes[node] - origin.latitude) * MapCamera.metersPerDegree
    )
  }

  /// A building's height in metres from `height` (`12`, `12 m`, `40'`), else 3 m per
  /// `building:levels` (plus `roof:levels`), else ``BaseMap/defaultBuildingHeight``.
  static func height(of tags: [String: String]) -> Double {
    func number(_ text: String?) -> Double? {
      guard var text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
        return nil
      }
      var factor = 1.0
      if text.hasSuffix("m") {
        text.removeLast()
      } else if text.hasSuffix("'") || text.hasSuffix("ft") {
        text = String(text.prefix { $0.isNumber || $0 == "." })
        factor = 0.3048
      }
      guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite,
        value > 0, value < 1000
      else { return nil }
      return value * factor
    }
    if let height = number(tags["height"]) { return height }
    if let levels = number(tags["building:levels"]) {
      return 3 * (levels + (number(tags["roof:levels"]) ?? 0))
    }
    return BaseMap.defaultBuildingHeight
  }

  private mutating func add(
    _ kind: MapFeatureKind, nodes: [Int64], name: String, tunnel: Bool, height: Double = 0
  ) {
    var points: [(Double, Double)] = []
    points.reserveCapacity(nodes.count)
    for id in nodes {
      if let node = nodeIndex[id] { points.append(local(node)) }
    }
    add(kind, points: points, name: name, tunnel: tunnel, height: height)
  }

  private mutating func add(
    _ kind: MapFeatureKind, points: [(Double, Double)], name: String, tunnel: Bool,
    height: Double = 0
  ) {
    guard points.count >= 2 else { return }
    var feature = BaseMap.Feature(
      kind: kind, start: xs.count, count: points.count, name: name, isTunnel: tunnel,
      minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity, height: height)
    for (x, y) in points {
      xs.append(x)
      ys.append(y)
      feature.minX = min(feature.minX, x)
      feature.minY = min(feature.minY, y)
      feature.maxX = max(feature.maxX, x)
      feature.maxY = max(feature.maxY, y)
    }
    features.append(feature)
  }

  /// Closes each open coastline chain along the data's box on its right-hand (sea) side;
  /// closed chains are islands and left as land.
  private mutating func addSea(_ ways: [[Int64]]) {
    guard !ways.isEmpty, !xs.isEmpty || !data.latitudes.isEmpty else { return }
    var box = (
      minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity
    )
    for node in data.latitudes.indices {
      let (x, y) = local(node)
      box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
    }
    let margin = 5000.0
    let frame = SeaCloser(
      minX: box.minX - margin, minY: box.minY - margin, maxX: box.maxX + margin,
      maxY: box.maxY + margin)
    for chain in RingJoiner.join(ways) where chain.first != chain.last {
      var points: [(Double, Double)] = []
      for id in chain {
        if let node = nodeIndex[id] { points.append(local(node)) }
      }
      guard points.count >= 2 else { continue }
      add(.sea, points: frame.close(points), name: "", tunnel: false)
    }
  }
}

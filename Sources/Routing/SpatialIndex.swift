import NavigationCore

/// Where a coordinate lands on the graph: an edge and a position along it.
public struct EdgeSnap: Sendable, Hashable {
  /// The directed edge.
  public var edge: Int
  /// Meters from the edge's start to the snapped point.
  public var offset: Double
  /// The snapped point.
  public var coordinate: CLLocationCoordinate2D
  /// Meters from the query to the snapped point.
  public var distance: Double
  /// Travel bearing of the edge at the snapped point.
  public var bearing: Double
}

/// A uniform grid over edge segments for nearest-edge queries.
///
/// - Complexity: a query visits the cells within the search radius, usually a handful.
public struct SpatialIndex: Sendable {
  let cellSize: Double
  let minLatitude: Double
  let minLongitude: Double
  let columns: Int
  let rows: Int
  /// `cellStart[c]..<cellStart[c+1]` index `entries`: (edge, segment) packed as edge<<16|segment.
  let cellStart: [Int32]
  let entries: [UInt64]

  init(empty: Void) {
    cellSize = 1
    minLatitude = 0
    minLongitude = 0
    columns = 0
    rows = 0
    cellStart = [0]
    entries = []
  }

  /// Indexes every segment of every edge of `graph`.
  public init(graph: RoadGraph, cellSize: Double = 0.002) {
    self.cellSize = cellSize
    minLatitude = (graph.latitudes.min() ?? 0) - cellSize
    minLongitude = (graph.longitudes.min() ?? 0) - cellSize
    columns = Int(((graph.longitudes.max() ?? 0) + cellSize - minLongitude) / cellSize) + 1
    rows = Int(((graph.latitudes.max() ?? 0) + cellSize - minLatitude) / cellSize) + 1
    var pairs: [(Int, UInt64)] = []
    for (e, edge) in graph.edges.enumerated() {
      let start = Int(edge.shapeStart)
      for s in 0..<(Int(edge.shapeCount) - 1) {
        let la = (graph.shapeLatitudes[start + s], graph.shapeLatitudes[start + s + 1])
        let lo = (graph.shapeLongitudes[start + s], graph.shapeLongitudes[start + s + 1])
        let r0 = Int((min(la.0, la.1) - minLatitude) / cellSize)
        let r1 = Int((max(la.0, la.1) - minLatitude) / cellSize)
        let c0 = Int((min(lo.0, lo.1) - minLongitude) / cellSize)
        let c1 = Int((max(lo.0, lo.1) - minLongitude) / cellSize)
        for r in r0...r1 {
          for c in c0...c1 { pairs.append((r * columns + c, UInt64(e) << 16 | UInt64(s))) }
        }
      }
    }
    pairs.sort { ($0.0, $0.1) < ($1.0, $1.1) }
    var starts = [Int32](repeating: 0, count: rows * columns + 1)
    for (cell, _) in pairs { starts[cell + 1] += 1 }
    for c in 0..<(rows * columns) { starts[c + 1] += starts[c] }
    cellStart = starts
    entries = pairs.map(\.1)
  }

  /// The nearest edges to `coordinate` within `radius` meters, nearest first (ties by edge).
  ///
  /// - Parameter heading: When given, edges whose bearing differs by more than
  ///   `headingTolerance` degrees are skipped.
  public func nearest(
    _ coordinate: CLLocationCoordinate2D, in graph: RoadGraph, radius: Double = 200,
    heading: Double? = nil, headingTolerance: Double = 60
  ) -> [EdgeSnap] {
    guard coordinate.latitude.isFinite, coordinate.longitude.isFinite,
      abs(coordinate.latitude) <= 90,
      abs(coordinate.longitude) <= 180, radius.isFinite, radius >= 0, radius < 100_000
    else { return [] }
    let reach = Int((radius / 111_000) / cellSize) + 1
    let r = Int((coordinate.latitude - minLatitude) / cellSize)
    let c = Int((coordinate.longitude - minLongitude) / cellSize)
    var best: [Int: EdgeSnap] = [:]
    let rowRange = max(0, r - reach)..<max(max(0, r - reach), min(rows, r + reach + 1))
    let colRange = max(0, c - reach)..<max(max(0, c - reach), min(columns, c + reach + 1))
    for row in rowRange {
      for col in colRange {
        let cell = row * columns + col
        guard cell >= 0, cell + 1 < cellStart.count else { continue }
        for i in Int(cellStart[cell])..<Int(cellStart[cell + 1]) {
          let e = Int(entries[i] >> 16)
          let s = Int(entries[i] & 0xFFFF)
          let edge = graph.edges[e]
          let base = Int(edge.shapeStart) + s
          let a = CLLocationCoordinate2D(
            latitude: graph.shapeLatitudes[base], longitude: graph.shapeLongitudes[base])
          let b = CLLocationCoordinate2D(
            latitude: graph.shapeLatitudes[base + 1], longitude: graph.shapeLongitudes[base + 1])
          let p = Geodesy.project(coordinate, ontoSegmentFrom: a, to: b)
          guard p.distance <= radius else { continue }
          if let existing = best[e], existing.distance <= p.distance { continue }
          // Offset along the edge in travel direction.
          var before = 0.0
          for k in Int(edge.shapeStart)..<base {
            before += Geodesy.distance(
              CLLocationCoordinate2D(
                latitude: graph.shapeLatitudes[k], longitude: graph.shapeLongitudes[k]),
              CLLocationCoordinate2D(
                latitude: graph.shapeLatitudes[k + 1], longitude: graph.shapeLongitudes[k + 1]))
          }
          let along = before + Geodesy.distance(a, p.coordinate)
          let total = Double(edge.length)
          let offset = edge.reversed ? max(0, total - along) : min(total, along)
          let bearing = edge.reversed ? Geodesy.bearing(b, a) : Geodesy.bearing(a, b)
          if let heading, abs(Geodesy.angleDifference(bearing, heading)) > headingTolerance {
            continue
          }
          best[e] = EdgeSnap(
            edge: e, offset: offset, coordinate: p.coordinate, distance: p.distance,
            bearing: bearing)
        }
      }
    }
    return best.values.sorted { ($0.distance, $0.edge) < ($1.distance, $1.edge) }
  }
}

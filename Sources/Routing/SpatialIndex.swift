import NavigationCore

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

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
/// The cell size starts at `cellSize` degrees and grows until the grid has at most about four
/// cells per segment, so a map that spans the globe (or a mistyped coordinate far from the
/// rest) costs memory in proportion to its segments, not its area.
///
/// - Complexity: a query visits rings of cells around the query until the nearest edges are
///   found or the ring is beyond the radius; usually a handful of cells.
public struct SpatialIndex: Sendable {
  let cellSize: Double
  let minLatitude: Double
  let minLongitude: Double
  let columns: Int
  let rows: Int
  /// `cellStart[c]..<cellStart[c+1]` index `entries`: (edge, segment) packed as
  /// edge << 24 | segment.
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

  /// Indexes every segment of every edge of `graph` (edges with coordinates that are not
  /// finite, or segments past the 2^24th of an edge, are left out).
  public init(graph: RoadGraph, cellSize: Double = 0.002) {
    var minLat = Double.infinity
    var maxLat = -Double.infinity
    var minLon = Double.infinity
    var maxLon = -Double.infinity
    var segments = 0
    for (la, lo) in zip(graph.shapeLatitudes, graph.shapeLongitudes)
    where la.isFinite && lo.isFinite && abs(la) <= 90 && abs(lo) <= 180 {
      minLat = min(minLat, la)
      maxLat = max(maxLat, la)
      minLon = min(minLon, lo)
      maxLon = max(maxLon, lo)
    }
    for edge in graph.edges { segments += max(0, Int(edge.shapeCount) - 1) }
    guard minLat <= maxLat, segments > 0 else {
      self = SpatialIndex(empty: ())
      return
    }
    // Grow the cells until the grid has no more than ~4 cells a segment (and 2^26 in all).
    var size = cellSize.isFinite && cellSize > 0 ? cellSize : 0.002
    let cellLimit = Double(min(max(1024, 4 * segments), 1 << 26))
    while ((maxLat - minLat) / size + 3) * ((maxLon - minLon) / size + 3) > cellLimit {
      size *= 2
    }
    self.cellSize = size
    minLatitude = minLat - size
    minLongitude = minLon - size
    columns = Int((maxLon + size - minLongitude) / size) + 1
    rows = Int((maxLat + size - minLatitude) / size) + 1
    var pairs: [(Int, UInt64)] = []
    pairs.reserveCapacity(segments)
    for (e, edge) in graph.edges.enumerated() {
      let start = Int(edge.shapeStart)
      for s in 0..<min(max(0, Int(edge.shapeCount) - 1), 1 << 24) {
        let la = (graph.shapeLatitudes[start + s], graph.shapeLatitudes[start + s + 1])
        let lo = (graph.shapeLongitudes[start + s], graph.shapeLongitudes[start + s + 1])
        guard la.0 >= minLat, la.0 <= maxLat, la.1 >= minLat, la.1 <= maxLat,
          lo.0 >= minLon, lo.0 <= maxLon, lo.1 >= minLon, lo.1 <= maxLon
        else { continue }
        let r0 = Int((min(la.0, la.1) - minLatitude) / size)
        let r1 = Int((max(la.0, la.1) - minLatitude) / size)
        let c0 = Int((min(lo.0, lo.1) - minLongitude) / size)
        let c1 = Int((max(lo.0, lo.1) - minLongitude) / size)
        for r in r0...r1 {
          for c in c0...c1 { pairs.append((r * columns + c, UInt64(e) << 24 | UInt64(s))) }
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
  /// - Parameters:
  ///   - heading: When given, edges whose bearing differs by more than `headingTolerance`
  ///     degrees are skipped.
  ///   - limit: Stop once the `limit` nearest edges are known; the answer then holds those and
  ///     every edge within `slack` meters of the `limit`-th (all edges in reach by default).
  ///   - accept: When given, only edges it accepts are answered.
  public func nearest(
    _ coordinate: CLLocationCoordinate2D, in graph: RoadGraph, radius: Double = 200,
    heading: Double? = nil, headingTolerance: Double = 60, limit: Int = .max,
    slack: Double = 0, where accept: ((Int) -> Bool)? = nil
  ) -> [EdgeSnap] {
    guard coordinate.latitude.isFinite, coordinate.longitude.isFinite,
      abs(coordinate.latitude) <= 90, abs(coordinate.longitude) <= 180, radius.isFinite,
      radius >= 0, rows > 0, columns > 0, limit > 0
    else { return [] }
    // The cell holding the query, clamped to the grid (a query outside the grid starts at its
    // nearest cell; ring distances stay lower bounds because they are measured from the query).
    let r = min(
      max(Int(((coordinate.latitude - minLatitude) / cellSize).rounded(.down)), 0), rows - 1)
    let c = min(
      max(Int(((coordinate.longitude - minLongitude) / cellSize).rounded(.down)), 0), columns - 1)
    // Nothing in reach when the grid's box (padded by a cell) is farther than the radius.
    let boxLat = min(max(coordinate.latitude, minLatitude), minLatitude + Double(rows) * cellSize)
    let boxLon = min(
      max(coordinate.longitude, minLongitude), minLongitude + Double(columns) * cellSize)
    let toBox = Geodesy.distance(
      coordinate, CLLocationCoordinate2D(latitude: boxLat, longitude: boxLon))
    guard toBox <= radius + 1 else { return [] }
    var best: [Int: EdgeSnap] = [:]
    let near = NearFilter(coordinate, radius: radius)
    var ring = 0
    let maxRing = max(rows, columns)
    while ring <= maxRing {
      visitRing(ring, row: r, column: c) { cell in
        for i in Int(cellStart[cell])..<Int(cellStart[cell + 1]) {
          let e = Int(entries[i] >> 24)
          if let accept, !accept(e) { continue }
          consider(
            e, segment: Int(entries[i] & 0xFF_FFFF), coordinate, graph, radius, heading,
            headingTolerance, near, &best)
        }
      }
      // Every segment not yet seen lies outside the rings so far: at least this far away.
      let seen = seenDistance(coordinate, ring: ring, row: r, column: c)
      if seen > radius { break }
      if best.count >= limit {
        let kth =
          limit == 1
          ? best.values.lazy.map(\.distance).min() ?? 0
          : best.values.map(\.distance).sorted()[limit - 1]
        if kth + slack <= seen { break }
      }
      ring += 1
    }
    var out = best.values.sorted { ($0.distance, $0.edge) < ($1.distance, $1.edge) }
    if limit < out.count {
      let cut = out[limit - 1].distance + slack
      out = out.filter { $0.distance <= cut }
    }
    return out.map { withOffset($0, graph) }
  }

  /// Calls `body` with each cell of the square ring `ring` cells away from (row, column).
  private func visitRing(_ ring: Int, row: Int, column: Int, _ body: (Int) -> Void) {
    let r0 = row - ring
    let r1 = row + ring
    let c0 = column - ring
    let c1 = column + ring
    for rr in max(r0, 0)...min(r1, rows - 1) {
      if rr == r0 || rr == r1 {
        for cc in max(c0, 0)...min(c1, columns - 1) { body(rr * columns + cc) }
      } else {
        if c0 >= 0 { body(rr * columns + c0) }
        if c1 < columns, c1 != c0 { body(rr * columns + c1) }
      }
    }
  }

  /// A lower bound in meters on the distance from `coordinate` to any point outside the
  /// square of cells `ring` around (row, column).
  private func seenDistance(
    _ coordinate: CLLocationCoordinate2D, ring: Int, row: Int, column: Int
  ) -> Double {
    let south = minLatitude + Double(row - ring) * cellSize
    let north = minLatitude + Double(row + ring + 1) * cellSize
    let west = minLongitude + Double(column - ring) * cellSize
    let east = minLongitude + Double(column + ring + 1) * cellSize
    let metersPerDegree = 111_195.0
    let dLat = min(coordinate.latitude - south, north - coordinate.latitude)
    // Longitude degrees shrink toward the poles: use the widest latitude the square reaches.
    let polewards = min(89.999, max(abs(south), abs(north)))
    let lonScale = cos(polewards * .pi / 180)
    let dLon = min(coordinate.longitude - west, east - coordinate.longitude) * lonScale
    return max(0, min(dLat, dLon)) * metersPerDegree * 0.995
  }

  /// A cheap first test of a segment against the query: its distance on a flat plane
  /// around the query (a few multiplications where the exact projection costs sines and an
  /// arcsine). Within a query's reach the plane is within a fraction of a percent of the
  /// sphere, so segments it puts beyond `1 %` plus a meter past the radius are beyond it on
  /// the sphere too; the rest get the exact projection.
  struct NearFilter {
    let latitude: Double
    let longitude: Double
    /// Meters per degree of latitude and of longitude at the query.
    let yScale: Double
    let xScale: Double
    /// The squared planar distance past which a segment is out of reach.
    let limit2: Double

    init(_ coordinate: CLLocationCoordinate2D, radius: Double) {
      latitude = coordinate.latitude
      longitude = coordinate.longitude
      yScale = Geodesy.earthRadius * .pi / 180
      xScale = yScale * cos(coordinate.latitude * .pi / 180)
      // Past a few kilometres (and toward the poles) the plane drifts from the sphere: no
      // first test there.
      let reach = radius * 1.01 + 1
      limit2 = radius <= 2_000 && abs(coordinate.latitude) < 80 ? reach * reach : .infinity
    }

    /// Whether the segment from (aLat, aLon) to (bLat, bLon) may come within the radius.
    func mayReach(_ aLat: Double, _ aLon: Double, _ bLat: Double, _ bLon: Double) -> Bool {
      let ax = (aLon - longitude) * xScale
      let ay = (aLat - latitude) * yScale
      let dx = (bLon - aLon) * xScale
      let dy = (bLat - aLat) * yScale
      let len2 = dx * dx + dy * dy
      var t = len2 > 0 ? -(ax * dx + ay * dy) / len2 : 0
      if !(t > 0) { t = 0 } else if t > 1 { t = 1 }
      let px = ax + t * dx
      let py = ay + t * dy
      // Not finite (a bad coordinate): leave it to the exact test.
      let d2 = px * px + py * py
      return !(d2 > limit2)
    }
  }

  /// Projects the query onto one segment and keeps the result when it is the edge's nearest.
  private func consider(
    _ e: Int, segment s: Int, _ coordinate: CLLocationCoordinate2D, _ graph: RoadGraph,
    _ radius: Double, _ heading: Double?, _ headingTolerance: Double, _ near: NearFilter,
    _ best: inout [Int: EdgeSnap]
  ) {
    let edge = graph.edges[e]
    let base = Int(edge.shapeStart) + s
    let aLat = graph.shapeLatitudes[base]
    let aLon = graph.shapeLongitudes[base]
    let bLat = graph.shapeLatitudes[base + 1]
    let bLon = graph.shapeLongitudes[base + 1]
    guard near.mayReach(aLat, aLon, bLat, bLon) else { return }
    let a = CLLocationCoordinate2D(latitude: aLat, longitude: aLon)
    let b = CLLocationCoordinate2D(latitude: bLat, longitude: bLon)
    let p = Geodesy.project(coordinate, ontoSegmentFrom: a, to: b)
    guard p.distance <= radius else { return }
    if let existing = best[e], existing.distance <= p.distance { return }
    let bearing = edge.reversed ? Geodesy.bearing(b, a) : Geodesy.bearing(a, b)
    if let heading, abs(Geodesy.angleDifference(bearing, heading)) > headingTolerance { return }
    // The offset along the edge is filled in for the answers only (``withOffset``); until
    // then it holds the segment.
    best[e] = EdgeSnap(
      edge: e, offset: Double(s), coordinate: p.coordinate, distance: p.distance,
      bearing: bearing)
  }

  /// `snap` (from `consider`, its offset holding the segment) with the meters from the edge's
  /// start to the snapped point in travel direction.
  private func withOffset(_ snap: EdgeSnap, _ graph: RoadGraph) -> EdgeSnap {
    let edge = graph.edges[snap.edge]
    let base = Int(edge.shapeStart) + Int(snap.offset)
    var before = 0.0
    for k in Int(edge.shapeStart)..<base {
      before += Geodesy.distance(
        CLLocationCoordinate2D(
          latitude: graph.shapeLatitudes[k], longitude: graph.shapeLongitudes[k]),
        CLLocationCoordinate2D(
          latitude: graph.shapeLatitudes[k + 1], longitude: graph.shapeLongitudes[k + 1]))
    }
    let a = CLLocationCoordinate2D(
      latitude: graph.shapeLatitudes[base], longitude: graph.shapeLongitudes[base])
    let along = before + Geodesy.distance(a, snap.coordinate)
    let total = Double(edge.length)
    var out = snap
    out.offset = edge.reversed ? max(0, total - along) : min(total, along)
    return out
  }
}

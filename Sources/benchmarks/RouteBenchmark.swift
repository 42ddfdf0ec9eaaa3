import Foundation
import NavigationCore
import Routing

/// `benchmarks route [--data DIR] [--osrm] [--grid SPACING_M …] [--grid-ch] [--skip-maps]`:
/// load, preprocessing, memory and query timings of the embedded router on the Monaco and
/// Helsinki extracts, and OSRM's own query time on the same Monaco pairs (`--osrm`: the
/// server started by scripts/route_engines.py). `--preprocess` compares preprocessing with
/// OSRM's instead (``comparePreprocessing(_:)``).
///
/// The 100 km grid: a square 100 km × 100 km synthetic road grid, a vertex every SPACING m
/// (default 2000, 1000 and 500 m; 500 m gives 201 × 201 vertices and 160,800 directed edges),
/// residential roads on every line and primary roads every 5 km, all two-way; queries between
/// random vertices and corner to corner. The edge-based contraction hierarchy is built for
/// spacings of 2000 m and more, or for all with `--grid-ch` (1000 m takes minutes: see
/// Guides/Routing.md); finer grids are routed by A* with landmarks (ALT), reported next to
/// plain A* (straight-line bound only, the peer) on the same pairs in the same run: 8
/// landmarks using the best 4 per query (the default), 8 using all 8, and 16 using the best 4,
/// with preprocessing time, table size, settled edges and a check that every ALT cost equals
/// plain A*'s.
func runRouteBenchmark(_ args: [String]) throws {
  var options = RouteBenchmarkOptions()
  var rest = Arguments(args)
  while let argument = rest.next() {
    switch argument {
    case "--data": options.data = try rest.value(after: argument)
    case "--osrm": options.osrm = true
    case "--grid":
      let text = try rest.value(after: argument)
      guard let spacing = Double(text), spacing >= 50 else {
        throw BenchmarkError(description: "--grid needs a spacing of at least 50 m, not \(text)")
      }
      options.spacings.append(spacing)
    case "--grid-ch": options.contractAllGrids = true
    case "--skip-maps": options.skipMaps = true
    case "--preprocess": options.preprocess = true
    case "--timeout": options.timeout = Double(try rest.positiveInteger(after: argument))
    case "--grid-side": options.gridSide = try rest.positiveInteger(after: argument)
    case "--preprocess-one", "--preprocess-one-alt":
      exit(
        preprocessOne(try rest.value(after: argument), hierarchy: argument == "--preprocess-one"))
    default: throw BenchmarkError(description: "unknown option \(argument)")
    }
  }
  if options.preprocess {
    try comparePreprocessing(options)
    return
  }
  var monaco = MonacoQueries()
  if !options.skipMaps {
    for (label, file) in [
      (
        "monaco",
        RouteEngine.bundledMapPath()
          ?? options.osmFolder.appendingPathComponent("monaco.osm.pbf").path
      ),
      ("helsinki", options.osmFolder.appendingPathComponent("helsinki-center.osm.pbf").path),
    ] {
      let queries = try benchmarkMap(label, file: file)
      if label == "monaco" { monaco = queries }
    }
  }
  if options.osrm { compareWithOSRM(monaco) }
  for spacing in options.spacings.isEmpty ? [2_000, 1_000, 500] : options.spacings {
    benchmarkGrid(spacing: spacing, contract: spacing >= 2_000 || options.contractAllGrids)
  }
}

/// The route suite's options.
struct RouteBenchmarkOptions {
  /// A folder laid out as the repo's test data (default: the repo's fixtures under the
  /// working directory, as `swift run` from the package's folder has it).
  var data = "Tests/SharedTestData/Fixtures"
  var osrm = false
  var spacings: [Double] = []
  var contractAllGrids = false
  var skipMaps = false
  var preprocess = false
  /// The longest any one preprocessing step may run before it is stopped, in seconds.
  var timeout = 300.0
  /// The side of the preprocessing comparison's square grid (1,000: a million nodes).
  var gridSide = 1_000

  /// The map extracts' folder.
  var osmFolder: URL { URL(fileURLWithPath: data).appendingPathComponent("osm") }
  /// The package's folder: the working directory.
  var root: URL { URL(fileURLWithPath: FileManager.default.currentDirectoryPath) }
}

/// The Monaco pairs and our query times on them, for the OSRM comparison.
struct MonacoQueries {
  var pairs: [(CLLocationCoordinate2D, CLLocationCoordinate2D)] = []
  var pathOnly = Samples([])
  var withGuidance = Samples([])
}

/// The resident set size of this process, in MB.
func residentMB() -> Double {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
    let kb = Double(line.split(separator: " ")[1])
  else { return 0 }
  return kb / 1024
}

/// A query's samples reported with their 95th percentile.
private func reportQuery(_ name: String, _ samples: Samples, peer: Peer? = nil) {
  report(name, samples, .ms, peer: peer, note: "p95 \(figure(samples.p95)) ms")
}

/// Reading, building, loading, preprocessing and querying one extract.
private func benchmarkMap(_ label: String, file: String) throws -> MonacoQueries {
  let rssBefore = residentMB()
  var data = OSMData()
  report(
    "\(label) read PBF",
    try measure(.ms, runs: 5, warmup: 1) { data = try OSMData.read(path: file) },
    .ms)
  var graph = RoadGraph()
  report(
    "\(label) build graph",
    measure(.ms, runs: 5, warmup: 1) { graph = RoadGraph.build(from: data) }, .ms)
  let bytes = graph.serialized()
  var loaded = RoadGraph()
  report(
    "\(label) load serialized graph",
    try measure(.ms, runs: 10, warmup: 1) { loaded = try RoadGraph(serialized: bytes) }, .ms)
  var router = Router(graph: loaded)
  report(
    "\(label) router preprocessing (index, landmarks, CH)",
    measure(.ms, runs: 5, warmup: 1) { router = Router(graph: loaded) }, .ms)
  report(
    "\(label) router preprocessing without CH",
    measure(.ms, runs: 5, warmup: 1) { _ = Router(graph: loaded, hierarchy: false) }, .ms)
  report(
    "\(label) RouteEngine(mapPath:) (read + build + preprocess)",
    measure(.ms, runs: 3, warmup: 1) { _ = try? RouteEngine(mapPath: file) }, .ms)
  let size = router.hierarchySize
  fact("\(label) CH nodes / arcs / shortcuts", "\(size.nodes) / \(size.arcs) / \(size.shortcuts)")
  data = OSMData()
  fact(
    "\(label) graph + index + landmarks + CH in memory",
    String(format: "%.2f MB", Double(router.memoryFootprint) / 1e6))
  fact("\(label) vertices / edges", "\(graph.vertexCount) / \(graph.edges.count)")
  fact("\(label) serialized graph", String(format: "%.2f MB", Double(bytes.count) / 1e6))
  fact(
    "\(label) resident memory growth (read + build + load)",
    String(format: "%.1f MB", residentMB() - rssBefore))
  var rng = SplitMix64(seed: 2026)
  var pairs: [([EdgeSnap], [EdgeSnap])] = []
  var coordinates: [(CLLocationCoordinate2D, CLLocationCoordinate2D)] = []
  while pairs.count < 200 {
    let a = loaded.coordinate(ofVertex: Int(rng.next() % UInt64(loaded.vertexCount)))
    let b = loaded.coordinate(ofVertex: Int(rng.next() % UInt64(loaded.vertexCount)))
    let sa = router.snap(a)
    let sb = router.snap(b)
    guard !sa.isEmpty, !sb.isEmpty, router.path(from: sa, to: sb) != nil else { continue }
    pairs.append((sa, sb))
    coordinates.append((a, b))
  }
  let queries = Samples(
    pairs.map { sa, sb in elapsed(in: .ms) { _ = router.path(from: sa, to: sb) } })
  reportQuery("\(label) query (snapped, path only)", queries)
  let engine = RouteEngine(graph: loaded)
  let full = Samples(
    coordinates.prefix(100).map { a, b in
      elapsed(in: .ms) { _ = try? engine.route(through: [a, b]) }
    })
  reportQuery("\(label) route (snap + path + guidance)", full)
  // Points anywhere in the map's box (the sea, parks, roofs), snapping included in the time.
  let latRange = (loaded.latitudes.min() ?? 0)...(loaded.latitudes.max() ?? 0)
  let lonRange = (loaded.longitudes.min() ?? 0)...(loaded.longitudes.max() ?? 0)
  func anywhere() -> CLLocationCoordinate2D {
    let u = Double(rng.next() >> 11) / Double(1 << 53)
    let w = Double(rng.next() >> 11) / Double(1 << 53)
    return CLLocationCoordinate2D(
      latitude: latRange.lowerBound + u * (latRange.upperBound - latRange.lowerBound),
      longitude: lonRange.lowerBound + w * (lonRange.upperBound - lonRange.lowerBound))
  }
  var snapTimes: [Double] = []
  for _ in 0..<200 {
    let (a, b) = (anywhere(), anywhere())
    snapTimes.append(
      elapsed(in: .ms) {
        let sa = router.snap(a)
        let sb = router.snap(b)
        if !sa.isEmpty, !sb.isEmpty { _ = router.path(from: sa, to: sb) }
      })
  }
  reportQuery("\(label) query with snapping (points anywhere in the box)", Samples(snapTimes))
  return MonacoQueries(pairs: coordinates, pathOnly: queries, withGuidance: full)
}

/// The square 100 km grid with a vertex every `spacing` metres (see ``runRouteBenchmark(_:)``).
private func gridData(spacing: Double) -> OSMData {
  var data = OSMData()
  let n = Int(100_000 / spacing) + 1
  let dLat = spacing / 111_195
  let dLon = dLat / cos(45 * Double.pi / 180)
  for r in 0..<n {
    for c in 0..<n {
      data.nodeIDs.append(Int64(r * n + c + 1))
      data.latitudes.append(45 + Double(r) * dLat)
      data.longitudes.append(7 + Double(c) * dLon)
    }
  }
  var wayID: Int64 = 1
  let every = max(1, Int(5_000 / spacing))
  for (isRow, line) in (0..<n).map({ (true, $0) }) + (0..<n).map({ (false, $0) }) {
    data.ways.append(
      OSMWay(
        id: wayID, nodeIDs: (0..<n).map { Int64(isRow ? line * n + $0 + 1 : $0 * n + line + 1) },
        tags: ["highway": line % every == 0 ? "primary" : "residential"]))
    wayID += 1
  }
  return data
}

/// Preprocessing and queries on one 100 km grid: the contraction hierarchy against A* when
/// `contract`, else ALT against plain A*.
private func benchmarkGrid(spacing: Double, contract: Bool) {
  var data = gridData(spacing: spacing)
  let name = "grid \(Int(spacing)) m"
  var graph = RoadGraph()
  report(
    "\(name) build graph", Samples([elapsed(in: .ms) { graph = RoadGraph.build(from: data) }]), .ms)
  data = OSMData()
  let rssBefore = residentMB()
  let (router, plainMs) = timed(in: .ms) { Router(graph: graph, hierarchy: false) }
  fact("\(name) vertices / edges", "\(graph.vertexCount) / \(graph.edges.count)")
  report("\(name) router preprocessing without CH", Samples([plainMs]), .ms)
  var rng = SplitMix64(seed: 7)
  var pairs: [([EdgeSnap], [EdgeSnap])] = []
  for _ in 0..<200 {
    let a = graph.coordinate(ofVertex: Int(rng.next() % UInt64(graph.vertexCount)))
    let b = graph.coordinate(ofVertex: Int(rng.next() % UInt64(graph.vertexCount)))
    pairs.append((router.snap(a), router.snap(b)))
  }
  let corner = (
    router.snap(graph.coordinate(ofVertex: 0)),
    router.snap(graph.coordinate(ofVertex: graph.vertexCount - 1))
  )
  if contract {
    benchmarkHierarchy(
      name, graph: graph, pairs: pairs, corner: corner, plainBytes: router.memoryFootprint,
      rssBefore: rssBefore)
  } else {
    benchmarkLandmarks(name, graph: graph, pairs: pairs, corner: corner)
  }
}

/// Plain A* (straight-line bound only) against ALT with 8 and 16 landmarks, same pairs.
private func benchmarkLandmarks(
  _ name: String, graph: RoadGraph, pairs: [([EdgeSnap], [EdgeSnap])],
  corner: ([EdgeSnap], [EdgeSnap])
) {
  let (plain, plainPrepMs) = timed(in: .ms) { Router(graph: graph, hierarchy: false, landmarks: 0) }
  report("\(name) router preprocessing, no landmarks", Samples([plainPrepMs]), .ms)
  fact(
    "\(name) router in memory, no landmarks",
    String(format: "%.1f MB", Double(plain.memoryFootprint) / 1e6))
  var plainCosts: [Double] = []
  var astar: [Double] = []
  var plainSettled: [Double] = []
  for (sa, sb) in pairs {
    var p: EdgePath?
    var settled = 0
    astar.append(elapsed(in: .ms) { p = plain.searchPath(from: sa, to: sb, settled: &settled) })
    plainCosts.append(p?.cost ?? -1)
    plainSettled.append(Double(settled))
  }
  let settledPlain = Samples(plainSettled)
  fact(
    "\(name) plain A* settled edges median / p95",
    "\(Int(settledPlain.median)) / \(Int(settledPlain.p95)) of \(graph.edges.count)")
  let plainPeer = Peer(name: "plain A*", samples: Samples(astar))
  reportQuery("\(name) plain A* query (200 random pairs)", plainPeer.samples)
  let plainCorner = measure(.ms, runs: 5, warmup: 1) {
    _ = plain.searchPath(from: corner.0, to: corner.1)
  }
  report("\(name) plain A* query (corner to corner)", plainCorner, .ms)
  for (count, active) in [(8, 4), (8, 8), (16, 4)] {
    let (built, prepMs) = timed(in: .ms) {
      Router(graph: graph, hierarchy: false, landmarks: count)
    }
    var alt = built
    alt.activeLandmarks = active
    let label = "\(count)/\(active)"
    report("\(name) router preprocessing, ALT \(label)", Samples([prepMs]), .ms)
    fact(
      "\(name) ALT \(label) landmark tables",
      String(format: "%.1f MB", Double(alt.landmarkSize.bytes) / 1e6))
    var times: [Double] = []
    var settledCounts: [Double] = []
    var mismatches = 0
    for (i, (sa, sb)) in pairs.enumerated() {
      var p: EdgePath?
      var settled = 0
      times.append(elapsed(in: .ms) { p = alt.searchPath(from: sa, to: sb, settled: &settled) })
      settledCounts.append(Double(settled))
      if abs((p?.cost ?? -1) - plainCosts[i]) > 1e-3 * max(1, plainCosts[i]) { mismatches += 1 }
    }
    reportQuery("\(name) ALT \(label) query (200 random pairs)", Samples(times), peer: plainPeer)
    let settled = Samples(settledCounts)
    fact(
      "\(name) ALT \(label) settled edges median / p95",
      "\(Int(settled.median)) / \(Int(settled.p95)) of \(graph.edges.count)")
    fact("\(name) ALT \(label) cost != plain A* cost (200 pairs)", "\(mismatches)")
    report(
      "\(name) ALT \(label) query (corner to corner)",
      measure(.ms, runs: 20, warmup: 1) { _ = alt.searchPath(from: corner.0, to: corner.1) }, .ms,
      peer: Peer(name: "plain A*", samples: plainCorner))
  }
}

/// The contraction hierarchy's preprocessing and queries against A* on the same pairs.
private func benchmarkHierarchy(
  _ name: String, graph: RoadGraph, pairs: [([EdgeSnap], [EdgeSnap])],
  corner: ([EdgeSnap], [EdgeSnap]), plainBytes: Int, rssBefore: Double
) {
  let (router, withCH) = timed(in: .ms) { Router(graph: graph) }
  let size = router.hierarchySize
  report("\(name) router preprocessing with CH", Samples([withCH]), .ms)
  fact("\(name) CH nodes / arcs / shortcuts", "\(size.nodes) / \(size.arcs) / \(size.shortcuts)")
  fact(
    "\(name) router in memory (CH part)",
    String(
      format: "%.1f MB (%.1f MB)", Double(router.memoryFootprint) / 1e6,
      Double(router.memoryFootprint - plainBytes) / 1e6))
  fact(
    "\(name) resident memory growth (routers)",
    String(format: "%.1f MB", residentMB() - rssBefore))
  var times: [Double] = []
  var astar: [Double] = []
  var mismatches = 0
  for (i, (sa, sb)) in pairs.enumerated() {
    var p: EdgePath?
    times.append(elapsed(in: .ms) { p = router.path(from: sa, to: sb) })
    guard i < 20 else { continue }
    var q: EdgePath?
    astar.append(elapsed(in: .ms) { q = router.searchPath(from: sa, to: sb) })
    if abs((p?.cost ?? -1) - (q?.cost ?? -1)) > 0.01 * max(1, q?.cost ?? 1) { mismatches += 1 }
  }
  let astarPeer = Peer(name: "A* (first 20 pairs)", samples: Samples(astar))
  reportQuery("\(name) CH query (200 random pairs)", Samples(times), peer: astarPeer)
  reportQuery("\(name) A* query, no CH (first 20 pairs)", astarPeer.samples)
  fact("\(name) CH cost != A* cost (first 20 pairs)", "\(mismatches)")
  report(
    "\(name) CH query (corner to corner)",
    measure(.ms, runs: 20, warmup: 1) { _ = router.path(from: corner.0, to: corner.1) }, .ms)
}

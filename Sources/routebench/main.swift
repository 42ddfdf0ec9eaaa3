// routebench: load, preprocessing, memory and query timings of the embedded router, and OSRM's
// own query time on the same pairs when the engines can be started (scripts/route_engines.py).
//
// Usage: swift run -c release routebench [--json] [--osrm] [--grid SPACING_M ...]
//        swift run -c release routebench --preprocess   (Helsinki and a 1M-node grid vs OSRM's
//        extract + partition + customize: see Preprocess.swift)
//
// "100 km grid": a square 100 km x 100 km synthetic road grid, a vertex every SPACING m (default
// 2000, 1000 and 500 m; 500 m gives 201 x 201 vertices and 160,800 directed edges), residential
// roads on every line and primary roads every 5 km, all two-way; queries between random
// vertices and corner to corner. The edge-based contraction hierarchy is built for spacings of
// 2000 m and more, or for all with --grid-ch (1000 m takes minutes: see the Routing notes);
// finer grids are routed by A* with landmarks (ALT), reported next to plain A* (straight-line
// bound only) on the same pairs in the same run: 8 landmarks using the best 4 per query (the
// default), 8 using all 8, and 16 using the best 4, with preprocessing time, table size, settled
// edges and a check that every ALT cost equals plain A*'s. See Guides/Routing.md.
import Foundation
import NavigationCore
import Routing

struct Sample {
  var name: String
  var values: [Double]  // milliseconds
  var median: Double { values.sorted()[values.count / 2] }
  var p95: Double { values.sorted()[min(values.count - 1, values.count * 95 / 100)] }
  var minimum: Double { values.min() ?? 0 }
  var maximum: Double { values.max() ?? 0 }
}

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
  let start = ContinuousClock.now
  try body()
  let d = ContinuousClock.now - start
  return Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15
}

func residentMB() -> Double {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
    let kb = Double(line.split(separator: " ")[1])
  else { return 0 }
  return kb / 1024
}

struct SplitMix {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

let arguments = CommandLine.arguments.dropFirst()
let asJSON = arguments.contains("--json")
var samples: [Sample] = []
var facts: [(String, String)] = []
/// The map extracts: `--data DIR` (a folder laid out as the repo's test data), default the
/// repo's `Tests/SharedTestData/Fixtures` under the working directory (`swift run` from the
/// package's folder).
let dataRoot = URL(
  fileURLWithPath: optionValue("--data") ?? "Tests/SharedTestData/Fixtures")
let shared = dataRoot.appendingPathComponent("osm")
/// The package's folder: the working directory (`swift run` from the package's folder).
let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)

func optionValue(_ name: String) -> String? {
  guard let index = arguments.firstIndex(of: name),
    arguments.index(after: index) < arguments.endIndex
  else { return nil }
  return arguments[arguments.index(after: index)]
}

@MainActor func measure(_ name: String, runs: Int, _ body: () throws -> Void) rethrows {
  try body()  // warm-up
  var values: [Double] = []
  for _ in 0..<runs { values.append(try milliseconds(body)) }
  samples.append(Sample(name: name, values: values))
}

var pairsForOSRM: [(CLLocationCoordinate2D, CLLocationCoordinate2D)] = []

for mode in ["--preprocess-one", "--preprocess-one-alt"] {
  if let i = arguments.firstIndex(of: mode), i + 1 < arguments.endIndex {
    exit(preprocessOne(arguments[i + 1], hierarchy: mode == "--preprocess-one"))
  }
}
if arguments.contains("--preprocess") {
  comparePreprocessing(
    root: root, helsinki: shared.appendingPathComponent("helsinki-center.osm.pbf").path)
  exit(0)
}

for (label, file) in [
  ("monaco", RouteEngine.bundledMapPath() ?? shared.appendingPathComponent("monaco.osm.pbf").path),
  ("helsinki", shared.appendingPathComponent("helsinki-center.osm.pbf").path),
] {
  let rssBefore = residentMB()
  var data = OSMData()
  try measure("\(label) read PBF", runs: 5) { data = try OSMData.read(path: file) }
  var graph = RoadGraph()
  measure("\(label) build graph", runs: 5) { graph = RoadGraph.build(from: data) }
  let bytes = graph.serialized()
  var loaded = RoadGraph()
  try measure("\(label) load serialized graph", runs: 10) {
    loaded = try RoadGraph(serialized: bytes)
  }
  var router = Router(graph: loaded)
  measure("\(label) router preprocessing (index, landmarks, CH)", runs: 5) {
    router = Router(graph: loaded)
  }
  measure("\(label) router preprocessing without CH", runs: 5) {
    _ = Router(graph: loaded, hierarchy: false)
  }
  measure("\(label) RouteEngine(mapPath:) (read + build + preprocess)", runs: 3) {
    _ = try? RouteEngine(mapPath: file)
  }
  let size = router.hierarchySize
  facts.append(
    ("\(label) CH nodes / arcs / shortcuts", "\(size.nodes) / \(size.arcs) / \(size.shortcuts)"))
  data = OSMData()
  facts.append(
    (
      "\(label) graph + index + landmarks + CH in memory",
      String(format: "%.2f MB", Double(router.memoryFootprint) / 1e6)
    ))
  facts.append(("\(label) vertices / edges", "\(graph.vertexCount) / \(graph.edges.count)"))
  facts.append(("\(label) serialized graph", String(format: "%.2f MB", Double(bytes.count) / 1e6)))
  facts.append(
    (
      "\(label) resident memory growth (read + build + load)",
      String(format: "%.1f MB", residentMB() - rssBefore)
    ))
  var rng = SplitMix(state: 2026)
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
  if label == "monaco" { pairsForOSRM = coordinates }
  var queryTimes: [Double] = []
  for (sa, sb) in pairs { queryTimes.append(milliseconds { _ = router.path(from: sa, to: sb) }) }
  samples.append(Sample(name: "\(label) query (snapped, path only)", values: queryTimes))
  let engine = RouteEngine(graph: loaded)
  var fullTimes: [Double] = []
  for (a, b) in coordinates.prefix(100) {
    fullTimes.append(milliseconds { _ = try? engine.route(through: [a, b]) })
  }
  samples.append(Sample(name: "\(label) route (snap + path + guidance)", values: fullTimes))
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
      milliseconds {
        let sa = router.snap(a)
        let sb = router.snap(b)
        if !sa.isEmpty, !sb.isEmpty { _ = router.path(from: sa, to: sb) }
      })
  }
  samples.append(
    Sample(name: "\(label) query with snapping (points anywhere in the box)", values: snapTimes))
}

/// Prints why the OSRM comparison cannot run and exits with status 1.
func osrmFailure(_ reason: String) -> Never {
  FileHandle.standardError.write(Data("routebench --osrm: \(reason)\n".utf8))
  exit(1)
}

/// OSRM's own query time (from osrm-routed's log) on the same Monaco pairs as ours, the servers
/// started by scripts/route_engines.py (OSRM only, MLD as in Tests/SharedTestData/Fixtures/README.md).
@MainActor func compareWithOSRM() {
  let python =
    ProcessInfo.processInfo.environment["NAVUI_PYTHON"]
    ?? root.appendingPathComponent(".venv/bin/python").path
  guard FileManager.default.isExecutableFile(atPath: python) else {
    osrmFailure("no Python at \(python); set NAVUI_PYTHON to one with osrm-bindings installed")
  }
  let cache = root.appendingPathComponent(".build/route-engines")
  try? FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
  let log = cache.appendingPathComponent("servers.log")
  let errors = cache.appendingPathComponent("routebench-engines.err")
  _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
  let before = (try? Data(contentsOf: log).count) ?? 0
  let p = Process()
  p.executableURL = URL(fileURLWithPath: python)
  p.arguments = [
    root.appendingPathComponent("scripts/route_engines.py").path,
    root.appendingPathComponent("Sources/Routing/Resources/monaco.osm.pbf").path, cache.path,
    "osrm",
  ]
  let out = Pipe()
  let input = Pipe()
  p.standardOutput = out
  p.standardInput = input
  p.standardError = try? FileHandle(forWritingTo: errors)
  do { try p.run() } catch { osrmFailure("cannot start \(python): \(error)") }
  func stop() {
    try? input.fileHandleForWriting.close()
    let deadline = Date().addingTimeInterval(10)
    while p.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    if p.isRunning { p.terminate() }
    p.waitUntilExit()
  }
  func failure(_ reason: String) -> Never {
    stop()
    let detail = String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self)
      .split(separator: "\n").suffix(3).joined(separator: "\n")
    osrmFailure(reason + (detail.isEmpty ? "" : "\n" + detail))
  }
  // The first line (or end of output) arrives on another thread so the wait has a deadline
  // (building the OSRM files on the first run takes a while).
  final class Box: @unchecked Sendable { var data = Data() }  // written before `done` signals
  let line = Box()
  let done = DispatchSemaphore(value: 0)
  let reader = out.fileHandleForReading
  Thread.detachNewThread {
    var data = Data()
    while true {
      let chunk = reader.availableData
      if chunk.isEmpty { break }
      data.append(chunk)
      if chunk.contains(0x0A) { break }
    }
    line.data = data
    done.signal()
  }
  let startSeconds = 600.0
  if done.wait(timeout: .now() + startSeconds) == .timedOut {
    failure("the OSRM server did not start within \(Int(startSeconds)) s")
  }
  guard let json = try? JSONSerialization.jsonObject(with: line.data) as? [String: String] else {
    failure(
      "scripts/route_engines.py exited without starting osrm-routed (is osrm-bindings "
        + "installed for \(python)?)")
  }
  guard let url = json["osrm"] else { failure(json["error"] ?? "no OSRM URL in \(json)") }
  let client = HTTPClient(timeout: 10)
  var roundTrips: [Double] = []
  var failures = 0
  for (a, b) in pairsForOSRM {
    let request =
      "\(url)/route/v1/driving/\(a.longitude),\(a.latitude);\(b.longitude),\(b.latitude)"
      + "?overview=false&generate_hints=false"
    roundTrips.append(
      milliseconds {
        do {
          let (status, _) = try client.get(request)
          if status != 200 { failures += 1 }
        } catch { failures += 1 }
      })
  }
  // osrm-routed may buffer its log: read it once the server has stopped.
  stop()
  let text = String(
    decoding: (try? Data(contentsOf: log))?.dropFirst(before) ?? Data(), as: UTF8.self)
  let own = text.split(separator: "\n").filter {
    $0.contains("/route/v1/driving/") && $0.contains("overview=false")
  }
  .compactMap { line -> Double? in
    line.split(separator: " ").first { $0.hasSuffix("ms") }.flatMap { Double($0.dropLast(2)) }
  }
  samples.append(Sample(name: "osrm HTTP round trip (same Monaco pairs)", values: roundTrips))
  facts.append(("osrm requests failed", "\(failures) of \(pairsForOSRM.count)"))
  guard !own.isEmpty else {
    osrmFailure("no query timings for our requests in \(log.path)")
  }
  let ownSample = Sample(name: "osrm own query time (osrm-routed log, MLD)", values: own)
  samples.append(ownSample)
  if let ours = samples.first(where: { $0.name == "monaco query (snapped, path only)" }),
    let full = samples.first(where: { $0.name == "monaco route (snap + path + guidance)" })
  {
    facts.append(
      (
        "median query: osrm own / ours (path only)",
        String(format: "%.1fx", ownSample.median / ours.median)
      ))
    facts.append(
      (
        "median query: osrm own / ours (with guidance)",
        String(format: "%.2fx", ownSample.median / full.median)
      ))
  }
}

if arguments.contains("--osrm") { compareWithOSRM() }

// The synthetic 100 km x 100 km grid (see the header).
var spacings: [Double] = []
var argList = Array(arguments)
while let i = argList.firstIndex(of: "--grid"), i + 1 < argList.count {
  if let v = Double(argList[i + 1]), v >= 50 { spacings.append(v) }
  argList.removeSubrange(i...(i + 1))
}
if spacings.isEmpty { spacings = [2_000, 1_000, 500] }
let contractAllGrids = argList.contains("--grid-ch")
for spacing in spacings {
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
  for r in 0..<n {
    data.ways.append(
      OSMWay(
        id: wayID, nodeIDs: (0..<n).map { Int64(r * n + $0 + 1) },
        tags: ["highway": r % every == 0 ? "primary" : "residential"]))
    wayID += 1
  }
  for c in 0..<n {
    data.ways.append(
      OSMWay(
        id: wayID, nodeIDs: (0..<n).map { Int64($0 * n + c + 1) },
        tags: ["highway": c % every == 0 ? "primary" : "residential"]))
    wayID += 1
  }
  let name = "grid \(Int(spacing)) m"
  var graph = RoadGraph()
  measure("\(name) build graph", runs: 1) { graph = RoadGraph.build(from: data) }
  data = OSMData()
  let rssBefore = residentMB()
  var router = Router(graph: graph, hierarchy: false)
  let plainMs = milliseconds { router = Router(graph: graph, hierarchy: false) }
  let plainBytes = router.memoryFootprint
  let contract = spacing >= 2_000 || contractAllGrids
  facts.append(("\(name) vertices / edges", "\(graph.vertexCount) / \(graph.edges.count)"))
  samples.append(Sample(name: "\(name) router preprocessing without CH", values: [plainMs]))
  var rng = SplitMix(state: 7)
  var pairs: [([EdgeSnap], [EdgeSnap])] = []
  for _ in 0..<200 {
    let a = graph.coordinate(ofVertex: Int(rng.next() % UInt64(graph.vertexCount)))
    let b = graph.coordinate(ofVertex: Int(rng.next() % UInt64(graph.vertexCount)))
    pairs.append((router.snap(a), router.snap(b)))
  }
  let corner = [
    router.snap(graph.coordinate(ofVertex: 0)),
    router.snap(graph.coordinate(ofVertex: graph.vertexCount - 1)),
  ]
  guard contract else {
    // Plain A* (straight-line bound only) against ALT with 8 and 16 landmarks, same pairs.
    var plain = router
    let plainPrepMs = milliseconds { plain = Router(graph: graph, hierarchy: false, landmarks: 0) }
    samples.append(
      Sample(name: "\(name) router preprocessing, no landmarks", values: [plainPrepMs]))
    facts.append(
      (
        "\(name) router in memory, no landmarks",
        String(format: "%.1f MB", Double(plain.memoryFootprint) / 1e6)
      ))
    var plainCosts: [Double] = []
    var astar: [Double] = []
    var plainSettled: [Double] = []
    for (sa, sb) in pairs {
      var p: EdgePath?
      var settled = 0
      astar.append(milliseconds { p = plain.searchPath(from: sa, to: sb, settled: &settled) })
      plainCosts.append(p?.cost ?? -1)
      plainSettled.append(Double(settled))
    }
    plainSettled.sort()
    facts.append(
      (
        "\(name) plain A* settled edges median / p95",
        "\(Int(plainSettled[100])) / \(Int(plainSettled[189])) of \(graph.edges.count)"
      ))
    samples.append(Sample(name: "\(name) plain A* query (200 random pairs)", values: astar))
    measure("\(name) plain A* query (corner to corner)", runs: 5) {
      _ = plain.searchPath(from: corner[0], to: corner[1])
    }
    for (count, active) in [(8, 4), (8, 8), (16, 4)] {
      var alt = router
      let prepMs = milliseconds { alt = Router(graph: graph, hierarchy: false, landmarks: count) }
      alt.activeLandmarks = active
      let count = "\(count)/\(active)"
      samples.append(Sample(name: "\(name) router preprocessing, ALT \(count)", values: [prepMs]))
      facts.append(
        (
          "\(name) ALT \(count) landmark tables",
          String(format: "%.1f MB", Double(alt.landmarkSize.bytes) / 1e6)
        ))
      var times: [Double] = []
      var settledCounts: [Double] = []
      var mismatches = 0
      for (i, (sa, sb)) in pairs.enumerated() {
        var p: EdgePath?
        var settled = 0
        times.append(milliseconds { p = alt.searchPath(from: sa, to: sb, settled: &settled) })
        settledCounts.append(Double(settled))
        if abs((p?.cost ?? -1) - plainCosts[i]) > 1e-3 * max(1, plainCosts[i]) { mismatches += 1 }
      }
      samples.append(
        Sample(name: "\(name) ALT \(count) query (200 random pairs)", values: times))
      let settledSorted = settledCounts.sorted()
      facts.append(
        (
          "\(name) ALT \(count) settled edges median / p95",
          "\(Int(settledSorted[100])) / \(Int(settledSorted[189])) of \(graph.edges.count)"
        ))
      facts.append(("\(name) ALT \(count) cost != plain A* cost (200 pairs)", "\(mismatches)"))
      measure("\(name) ALT \(count) query (corner to corner)", runs: 20) {
        _ = alt.searchPath(from: corner[0], to: corner[1])
      }
    }
    continue
  }
  let withCH = milliseconds { router = Router(graph: graph) }
  let size = router.hierarchySize
  samples.append(Sample(name: "\(name) router preprocessing with CH", values: [withCH]))
  facts.append(
    (
      "\(name) CH nodes / arcs / shortcuts",
      "\(size.nodes) / \(size.arcs) / \(size.shortcuts)"
    ))
  facts.append(
    (
      "\(name) router in memory (CH part)",
      String(
        format: "%.1f MB (%.1f MB)", Double(router.memoryFootprint) / 1e6,
        Double(router.memoryFootprint - plainBytes) / 1e6)
    ))
  facts.append(
    (
      "\(name) resident memory growth (routers)",
      String(format: "%.1f MB", residentMB() - rssBefore)
    ))
  var times: [Double] = []
  var astar: [Double] = []
  var mismatches = 0
  for (i, (sa, sb)) in pairs.enumerated() {
    var p: EdgePath?
    times.append(milliseconds { p = router.path(from: sa, to: sb) })
    guard i < 20 else { continue }
    var q: EdgePath?
    astar.append(milliseconds { q = router.searchPath(from: sa, to: sb) })
    if abs((p?.cost ?? -1) - (q?.cost ?? -1)) > 0.01 * max(1, q?.cost ?? 1) { mismatches += 1 }
  }
  samples.append(Sample(name: "\(name) CH query (200 random pairs)", values: times))
  samples.append(Sample(name: "\(name) A* query, no CH (first 20 pairs)", values: astar))
  facts.append(("\(name) CH cost != A* cost (first 20 pairs)", "\(mismatches)"))
  measure("\(name) CH query (corner to corner)", runs: 20) {
    _ = router.path(from: corner[0], to: corner[1])
  }
}

if asJSON {
  let items = samples.map {
    "{\"name\":\"\($0.name)\",\"median_ms\":\($0.median),\"p95_ms\":\($0.p95),\"min_ms\":\($0.minimum),\"max_ms\":\($0.maximum),\"n\":\($0.values.count)}"
  }
  print("[" + items.joined(separator: ",") + "]")
} else {
  for s in samples {
    print(
      s.name.padding(toLength: 58, withPad: " ", startingAt: 0)
        + String(
          format: "median %9.3f ms  p95 %9.3f  min %9.3f  max %9.3f  (n=%d)", s.median, s.p95,
          s.minimum, s.maximum, s.values.count))
  }
  for (k, v) in facts { print(k.padding(toLength: 58, withPad: " ", startingAt: 0) + v) }
}

// routebench: load, preprocessing, memory and query timings of the embedded router, and OSRM's
// own query time on the same pairs when the engines can be started (scripts/route_engines.py).
//
// Usage: swift run -c release routebench [--json] [--osrm]
import Foundation
import NavigationCore
import Routing

struct Sample {
  var name: String
  var values: [Double]  // milliseconds
  var median: Double { values.sorted()[values.count / 2] }
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
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()
let shared = root.deletingLastPathComponent().appendingPathComponent("shared/data/osm")

@MainActor func measure(_ name: String, runs: Int, _ body: () throws -> Void) rethrows {
  try body()  // warm-up
  var values: [Double] = []
  for _ in 0..<runs { values.append(try milliseconds(body)) }
  samples.append(Sample(name: name, values: values))
}

var pairsForOSRM: [(CLLocationCoordinate2D, CLLocationCoordinate2D)] = []

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
}

// A synthetic 100 km x 100 km grid: residential every 500 m, primary every 5 km.
for spacing in [1_000.0, 500.0] {
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
  let every = Int(5_000 / spacing)
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
  var graph = RoadGraph()
  measure("grid \(Int(spacing)) m build graph", runs: 1) { graph = RoadGraph.build(from: data) }
  // Contraction of the grids is too slow for this benchmark's budget (see the report); the
  // grids use A* with landmarks.
  let router = Router(graph: graph, hierarchy: false)
  facts.append(
    ("grid \(Int(spacing)) m vertices / edges", "\(graph.vertexCount) / \(graph.edges.count)"))
  var rng = SplitMix(state: 7)
  var times: [Double] = []
  for _ in 0..<20 {
    let a = graph.coordinate(ofVertex: Int(rng.next() % UInt64(graph.vertexCount)))
    let b = graph.coordinate(ofVertex: Int(rng.next() % UInt64(graph.vertexCount)))
    let sa = router.snap(a)
    let sb = router.snap(b)
    times.append(milliseconds { _ = router.path(from: sa, to: sb) })
  }
  samples.append(Sample(name: "grid \(Int(spacing)) m query (random pairs)", values: times))
  let corner = [
    router.snap(graph.coordinate(ofVertex: 0)),
    router.snap(graph.coordinate(ofVertex: graph.vertexCount - 1)),
  ]
  measure("grid \(Int(spacing)) m query (corner to corner)", runs: 5) {
    _ = router.path(from: corner[0], to: corner[1])
  }

}

// OSRM's own query time (from osrm-routed's log) on the same Monaco pairs.
if arguments.contains("--osrm") {
  let python =
    ProcessInfo.processInfo.environment["NAVUI_PYTHON"]
    ?? root.appendingPathComponent(".venv/bin/python").path
  if FileManager.default.isExecutableFile(atPath: python) {
    let cache = root.appendingPathComponent(".build/route-engines")
    let log = cache.appendingPathComponent("servers.log")
    let before = (try? Data(contentsOf: log).count) ?? 0
    let p = Process()
    p.executableURL = URL(fileURLWithPath: python)
    p.arguments = [
      root.appendingPathComponent("scripts/route_engines.py").path,
      root.appendingPathComponent("Sources/Routing/Resources/monaco.osm.pbf").path, cache.path,
    ]
    let out = Pipe()
    let input = Pipe()
    p.standardInput = input
    p.standardError = FileHandle.nullDevice
    try p.run()
    let line = out.fileHandleForReading.availableData
    if let json = try? JSONSerialization.jsonObject(with: line) as? [String: String],
      let url = json["osrm"]
    {
      let client = HTTPClient(timeout: 10)
      var roundTrips: [Double] = []
      for (a, b) in pairsForOSRM {
        let request =
          "\(url)/route/v1/driving/\(a.longitude),\(a.latitude);\(b.longitude),\(b.latitude)?overview=false&generate_hints=false"
        roundTrips.append(milliseconds { _ = try? client.get(request) })
      }
      samples.append(Sample(name: "osrm HTTP round trip (same Monaco pairs)", values: roundTrips))
      Thread.sleep(forTimeInterval: 0.5)
      let text = String(
        decoding: (try? Data(contentsOf: log))?.dropFirst(before) ?? Data(), as: UTF8.self)
      let own = text.split(separator: "\n").filter {
        $0.contains("/route/v1/driving/") && $0.contains("overview=false")
      }
      .compactMap { line -> Double? in
        line.split(separator: " ").first { $0.hasSuffix("ms") }.flatMap { Double($0.dropLast(2)) }
      }
      if !own.isEmpty {
        samples.append(Sample(name: "osrm own query time (osrm-routed log)", values: own))
      }
    }
    try? input.fileHandleForWriting.close()
    p.waitUntilExit()
  }
}

if asJSON {
  let items = samples.map {
    "{\"name\":\"\($0.name)\",\"median_ms\":\($0.median),\"min_ms\":\($0.minimum),\"max_ms\":\($0.maximum),\"n\":\($0.values.count)}"
  }
  print("[" + items.joined(separator: ",") + "]")
} else {
  for s in samples {
    print(
      s.name.padding(toLength: 48, withPad: " ", startingAt: 0)
        + String(
          format: "median %9.3f ms  min %9.3f  max %9.3f  (n=%d)", s.median, s.minimum, s.maximum,
          s.values.count))
  }
  for (k, v) in facts { print(k.padding(toLength: 48, withPad: " ", startingAt: 0) + v) }
}

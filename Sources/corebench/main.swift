import CMallocStats
import Foundation
import NavigationCore

// corebench: NavigationCore benchmarks (to be folded into the package's `benchmarks`).
// Usage: swift run -c release corebench [filter] [--json]

struct Result {
  var name: String
  var unit: String
  var samples: [Double]
  var median: Double { samples.sorted()[samples.count / 2] }
  var min: Double { samples.min() ?? 0 }
  var max: Double { samples.max() ?? 0 }
}

func nanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Runs `body` (which performs `operations` operations) `warmup + samples` times and
/// returns nanoseconds per operation for each timed sample.
func measure(samples: Int, warmup: Int = 3, operations: Int, _ body: () -> Void) -> [Double] {
  for _ in 0..<warmup { body() }
  var out: [Double] = []
  for _ in 0..<samples {
    let t0 = nanoseconds()
    body()
    out.append(Double(nanoseconds() - t0) / Double(operations))
  }
  return out
}

/// A zigzag route with `count` points about 10 m apart, one step per 100 points.
func syntheticRoute(points count: Int) -> Route {
  var coords: [CLLocationCoordinate2D] = []
  var c = CLLocationCoordinate2D(latitude: 43.0, longitude: 7.0)
  for n in 0..<count {
    coords.append(c)
    let bearing = (n / 100) % 2 == 0 ? 60.0 : 120.0
    c = Geodesy.destination(from: c, distance: 10, bearing: bearing)
  }
  var steps: [RouteStep] = []
  var start = 0
  while start < count - 1 {
    let end = min(start + 100, count - 1)
    let shape = Array(coords[start...end])
    steps.append(
      RouteStep(
        maneuver: Maneuver(type: start == 0 ? .depart : .turn, location: shape[0]),
        geometry: shape, distance: Double(end - start) * 10,
        expectedTravelTime: Double(end - start)))
    start = end
  }
  let last = coords[count - 1]
  steps.append(
    RouteStep(
      maneuver: Maneuver(type: .arrive, location: last), geometry: [last, last], distance: 0,
      expectedTravelTime: 0))
  let leg = RouteLeg(
    steps: steps, distance: steps.reduce(0) { $0 + $1.distance },
    expectedTravelTime: steps.reduce(0) { $0 + $1.expectedTravelTime })
  return Route(legs: [leg])
}

let arguments = CommandLine.arguments.dropFirst()
let json = arguments.contains("--json")
let filter = zip(arguments, [""] + arguments).first { argument, previous in
  !argument.hasPrefix("--") && previous != "--data"
}?.0
var results: [Result] = []
/// The route responses: `--data DIR` (a folder laid out as the repo's test data), default the
/// repo's `Tests/SharedTestData/Fixtures` under the working directory (`swift run` from the
/// package's folder).
let dataRoot: URL = {
  let all = Array(CommandLine.arguments.dropFirst())
  let folder =
    all.firstIndex(of: "--data").flatMap { $0 + 1 < all.count ? all[$0 + 1] : nil }
    ?? "Tests/SharedTestData/Fixtures"
  return URL(fileURLWithPath: folder).appendingPathComponent("routes")
}()
bench("json.parse.tollAndFerry(542KB)", unit: "µs") {
  let url = dataRoot.appendingPathComponent(
    "mapbox-directions-swift/tollAndFerryDirectionsRoute.json")
  guard let data = try? Data(contentsOf: url) else { return [0] }
  let bytes = [UInt8](data)
  var sink = 0
  let r = measure(samples: 15, operations: 1) {
    if case .object(let members)? = try? JSONValue.parse(bytes) { sink += members.count }
  }
  if sink < 0 { print(sink) }
  return r.map { $0 / 1000 }
}

@MainActor func bench(_ name: String, unit: String = "ns", _ make: () -> [Double]) {
  if let filter, !name.contains(filter) { return }
  results.append(Result(name: name, unit: unit, samples: make()))
}

// Memory of a decoded route: heap bytes per shape point, from malloc's own count of bytes in
// use (glibc mallinfo2, through CMallocStats) while holding 20 decoded copies of each route
// file's first route. One decode runs first and is dropped so one-time allocations (interned
// tables, the parser's buffers) are not counted. The figure is then split by part: the bytes
// freed when each part is cleared from the held copies, in the order listed.
func heapInUse() -> Double { Double(cmallocstats_in_use()) }

func routeFiles() -> [String] {
  let fm = FileManager.default
  var out: [String] = []
  for dir in ((try? fm.contentsOfDirectory(atPath: dataRoot.path)) ?? []).sorted() {
    let sub = dataRoot.appendingPathComponent(dir).path
    for f in ((try? fm.contentsOfDirectory(atPath: sub)) ?? []).sorted() where f.hasSuffix(".json")
    {
      out.append(dir + "/" + f)
    }
  }
  return out
}

if filter == nil || "memory".contains(filter ?? "") {
  print("memory: heap bytes per shape point of a decoded route (mallinfo2, 20 copies held)")
  var worst = 0.0
  for file in routeFiles() {
    guard let data = try? Data(contentsOf: dataRoot.appendingPathComponent(file)),
      let first = try? RouteDecoder.decode(data).first
    else {
      print("  \(file): does not decode")
      continue
    }
    let copies = 20
    let points = Double(first.legs.reduce(0) { $0 + $1.geometry.count })
    let before = heapInUse()
    var held: [Route] = []
    for _ in 0..<copies { if let r = try? RouteDecoder.decode(data).first { held.append(r) } }
    var level = heapInUse()
    let total = (level - before) / Double(copies) / points
    worst = max(worst, total)
    var parts: [String] = []
    func strip(
      _ name: String, _ body: (inout RouteStep) -> Void, leg: (inout RouteLeg) -> Void = { _ in }
    ) {
      for r in held.indices {
        for l in held[r].legs.indices {
          leg(&held[r].legs[l])
          for s in held[r].legs[l].steps.indices { body(&held[r].legs[l].steps[s]) }
        }
      }
      let now = heapInUse()
      parts.append(name + " " + String(format: "%.1f", (level - now) / Double(copies) / points))
      level = now
    }
    strip("annotations", { _ in }, leg: { $0.annotation = nil })
    strip("intersections", { $0.intersections = [] })
    strip(
      "instructions",
      {
        $0.visualInstructions = []
        $0.spokenInstructions = []
        $0.maneuver.instruction = nil
      })
    strip("shapes", { $0.geometry = [] }, leg: { if $0.steps.isEmpty { $0.geometry = [] } })
    parts.append("rest " + String(format: "%.1f", (level - before) / Double(copies) / points))
    print(
      "  " + file.padding(toLength: 62, withPad: " ", startingAt: 0)
        + String(format: "%6.1f B/pt", total) + " (\(Int(points)) pts): "
        + parts.joined(separator: ", "))
    withExtendedLifetime(held) {}
  }
  print("  worst: " + String(format: "%.1f", worst) + " B/pt (target: under 64)")
  let strides: [(String, Int)] = [
    ("RouteStep", MemoryLayout<RouteStep>.stride), ("Maneuver", MemoryLayout<Maneuver>.stride),
    ("Intersection", MemoryLayout<Intersection>.stride), ("Lane", MemoryLayout<Lane>.stride),
    ("VisualInstruction", MemoryLayout<VisualInstruction>.stride),
    ("VisualInstructionLine", MemoryLayout<VisualInstructionLine>.stride),
    ("VisualInstructionComponent", MemoryLayout<VisualInstructionComponent>.stride),
    ("SpokenInstruction", MemoryLayout<SpokenInstruction>.stride),
    ("RouteLeg", MemoryLayout<RouteLeg>.stride),
  ]
  print("  strides: " + strides.map { "\($0.0) \($0.1)" }.joined(separator: ", "))
}

for count in [1_000, 10_000, 100_000] {
  bench("navigator.update/\(count)pts") {
    let navigator = Navigator(route: syntheticRoute(points: count))
    let sim = LocationSimulator(
      track: navigator.track, configuration: .init(speed: .fixed(12), noise: 3, seed: 42))
    let fixes = Array(sim.run().prefix(600))
    var sink = 0.0
    // Each operation is one update along a stretch of the drive; the state is reset per sample.
    let r = measure(samples: 25, operations: fixes.count) {
      var state = navigator.start()
      for fix in fixes { state = navigator.update(state, with: fix) }
      sink += state.distanceTraveled
    }
    if sink < 0 { print(sink) }
    return r
  }
}

bench("navigator.progress/10000pts") {
  let navigator = Navigator(route: syntheticRoute(points: 10_000))
  let fixes = Array(LocationSimulator(track: navigator.track).run().prefix(600))
  var states: [NavigationState] = []
  var state = navigator.start()
  for fix in fixes {
    state = navigator.update(state, with: fix)
    states.append(state)
  }
  var sink = 0.0
  let r = measure(samples: 25, operations: states.count) {
    for s in states { sink += navigator.progress(for: s, now: 0).durationRemaining }
  }
  if sink < 0 { print(sink) }
  return r
}

bench("decode.tollAndFerry(184km)", unit: "µs") {
  let url = dataRoot.appendingPathComponent(
    "mapbox-directions-swift/tollAndFerryDirectionsRoute.json")
  guard let data = try? Data(contentsOf: url) else {
    print("missing \(url.path)")
    return [0]
  }
  var points = 0
  let r = measure(samples: 15, operations: 1) {
    if let routes = try? RouteDecoder.decodeMapbox(data) {
      points += routes[0].legs[0].geometry.count
    }
  }
  return r.map { $0 / 1000 }
}

if json {
  let items = results.map {
    "{\"name\":\"\($0.name)\",\"unit\":\"\($0.unit)\",\"median\":\($0.median),\"min\":\($0.min),\"max\":\($0.max),\"samples\":\($0.samples.count)}"
  }
  print("[" + items.joined(separator: ",") + "]")
} else {
  print(
    "benchmark".padding(toLength: 32, withPad: " ", startingAt: 0) + "  median       min       max")
  for r in results {
    let cols = [r.median, r.min, r.max].map { String(format: "%9.2f", $0) }
    print(
      r.name.padding(toLength: 32, withPad: " ", startingAt: 0) + cols.joined(separator: " ")
        + " \(r.unit)")
  }
}

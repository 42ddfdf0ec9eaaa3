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
let filter = arguments.first { !$0.hasPrefix("--") }
var results: [Result] = []
let dataRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("shared/data/routes")
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

// Memory of a decoded route: resident bytes per shape point, from /proc/self/statm while
// holding 100 decoded copies (so page granularity does not matter). One decode runs first and
// is dropped, so the parser's temporary tree is already resident and not counted. Runs before
// the other benchmarks so their freed memory does not hide the growth.
func residentBytes() -> Double {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
    return 0
  }
  let fields = text.split(separator: " ")
  return fields.count > 1 ? (Double(fields[1]) ?? 0) * 4096 : 0
}

if filter == nil || "memory".contains(filter ?? "") {
  let url = dataRoot.appendingPathComponent(
    "mapbox-directions-swift/tollAndFerryDirectionsRoute.json")
  if let data = try? Data(contentsOf: url), let first = try? RouteDecoder.decodeMapbox(data) {
    let copies = 100
    _ = try? RouteDecoder.decodeMapbox(data)
    let before = residentBytes()
    var held: [[Route]] = []
    for _ in 0..<copies { if let r = try? RouteDecoder.decodeMapbox(data) { held.append(r) } }
    let after = residentBytes()
    let points = first[0].legs.reduce(0) { $0 + $1.geometry.count }
    let perRoute = (after - before) / Double(copies)
    let shapes = first[0].legs.reduce(0) {
      $0 + ($1.steps.isEmpty ? $1.geometry.count : $1.steps.reduce(0) { $0 + $1.geometry.count })
    }
    print(
      "memory.tollAndFerry: ~\(Int(perRoute)) bytes per decoded route, \(points) shape points = "
        + String(format: "%.1f", perRoute / Double(points)) + " B/point (all fields); shapes alone "
        + String(format: "%.1f", Double(shapes * 16) / Double(points)) + " B/point")
    withExtendedLifetime(held) {}
  }
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

// Estimated footprint by part, per shape point: array and string storage from strides and
// byte counts (no malloc overhead). Shows what the resident figure above is made of.
func footprint(_ r: Route) -> [(String, Int)] {
  func arr<T>(_ a: [T]) -> Int { a.isEmpty ? 0 : 32 + a.count * MemoryLayout<T>.stride }
  func str(_ s: String?) -> Int {
    guard let s, s.utf8.count > 15 else { return 0 }
    return 32 + (s.utf8.count + 15) / 16 * 16
  }
  var inter = 0
  var instr = 0
  var ann = 0
  var shapes = 0
  var steps = 0
  for l in r.legs {
    steps += arr(l.steps)
    if l.steps.isEmpty { shapes += arr(l.geometry) }
    for s in l.steps {
      shapes += arr(s.geometry)
      inter += arr(s.intersections)
      for x in s.intersections {
        // Up to four roads (bearing and entry) live inline; known classes are bits.
        inter += x.bearings.count <= 4 ? 0 : 32 + (2 * x.bearings.count + 15) / 16 * 16
        inter += arr(x.lanes ?? [])
        for lane in x.lanes ?? [] { inter += arr(lane.indications) }
      }
      instr += arr(s.visualInstructions) + arr(s.spokenInstructions)
      for v in s.visualInstructions {
        for line in [v.primary, v.secondary, v.sub].compactMap({ $0 }) {
          instr += str(line.text) + arr(line.components)
          for c in line.components {
            instr += str(c.text) + str(c.abbreviation) + arr(c.directions)
          }
        }
      }
      for v in s.spokenInstructions { instr += str(v.text) + str(v.ssmlText) }
      steps += str(s.name) + str(s.maneuver.instruction) + str(s.destinations)
    }
    if let a = l.annotation {
      ann += arr(a.distances) + arr(a.durations) + arr(a.speeds) + arr(a.maxSpeeds)
      ann += arr(a.congestion) + arr(a.congestionNumeric)
    }
  }
  return [
    ("shapes", shapes), ("annotations", ann), ("intersections", inter),
    ("instructions", instr), ("steps", steps),
  ]
}

if filter == nil || "memory".contains(filter ?? "") {
  for file in [
    "mapbox-directions-swift/tollAndFerryDirectionsRoute.json",
    "generated/helsinki-annankatu-kaivokatu-lanes.valhalla-osrm.json",
    "generated/monaco-stadelouis2-larvotto.osrm.json",
  ] {
    guard let data = try? Data(contentsOf: dataRoot.appendingPathComponent(file)),
      let route = try? RouteDecoder.decode(data).first
    else { continue }
    let points = Double(route.legs.reduce(0) { $0 + $1.geometry.count })
    let parts = footprint(route)
    let total = parts.reduce(0) { $0 + $1.1 }
    let text = parts.map { "\($0.0) " + String(format: "%.1f", Double($0.1) / points) }
    print(
      "footprint \(file.split(separator: "/").last ?? ""): "
        + String(format: "%.1f", Double(total) / points) + " B/point = "
        + text.joined(separator: " + "))
  }
}

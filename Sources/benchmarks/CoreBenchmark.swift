import CMallocStats
import Foundation
import NavigationCore

/// `benchmarks core [--data DIR] [FILTER]`: NavigationCore's hot paths — parsing and decoding
/// a 542 KB Mapbox route, one navigator update and one progress on synthetic routes of 1,000
/// to 100,000 points — and the heap a decoded route holds per shape point, split by part.
/// FILTER keeps the results whose name contains it (`memory` for the heap report alone).
/// The route files come from `--data DIR` (a folder laid out as the repo's test data), by
/// default `Tests/SharedTestData/Fixtures` under the working directory.
func runCoreBenchmark(_ args: [String]) throws {
  var folder = "Tests/SharedTestData/Fixtures"
  var filter: String?
  var rest = Arguments(args)
  while let argument = rest.next() {
    switch argument {
    case "--data": folder = try rest.value(after: argument)
    default:
      if argument.hasPrefix("-") { throw BenchmarkError(description: "unknown option \(argument)") }
      filter = argument
    }
  }
  let dataRoot = URL(fileURLWithPath: folder).appendingPathComponent("routes")
  func wanted(_ name: String) -> Bool { filter.map { name.contains($0) } ?? true }
  let tollAndFerry = dataRoot.appendingPathComponent(
    "mapbox-directions-swift/tollAndFerryDirectionsRoute.json")

  if wanted("json.parse.tollAndFerry(542KB)") {
    let data = try Data(contentsOf: tollAndFerry)
    let bytes = [UInt8](data)
    var sink = 0
    let samples = measure(.µs, runs: 15, warmup: 3) {
      if case .object(let members)? = try? JSONValue.parse(bytes) { sink += members.count }
    }
    if sink < 0 { print(sink) }
    report("json.parse.tollAndFerry(542KB)", samples, .µs)
  }
  if filter == nil || "memory".contains(filter ?? "") {
    routeMemoryReport(dataRoot)
  }
  for count in [1_000, 10_000, 100_000] where wanted("navigator.update/\(count)pts") {
    let navigator = Navigator(route: syntheticRoute(points: count))
    let simulator = LocationSimulator(
      track: navigator.track, configuration: .init(speed: .fixed(12), noise: 3, seed: 42))
    let fixes = Array(simulator.run().prefix(600))
    var sink = 0.0
    // Each operation is one update along a stretch of the drive; the state is reset per sample.
    let samples = measure(.ns, runs: 25, warmup: 3, operations: fixes.count) {
      var state = navigator.start()
      for fix in fixes { state = navigator.update(state, with: fix) }
      sink += state.distanceTraveled
    }
    if sink < 0 { print(sink) }
    report("navigator.update/\(count)pts", samples, .ns)
  }
  if wanted("navigator.progress/10000pts") {
    let navigator = Navigator(route: syntheticRoute(points: 10_000))
    let fixes = Array(LocationSimulator(track: navigator.track).run().prefix(600))
    var states: [NavigationState] = []
    var state = navigator.start()
    for fix in fixes {
      state = navigator.update(state, with: fix)
      states.append(state)
    }
    var sink = 0.0
    let samples = measure(.ns, runs: 25, warmup: 3, operations: states.count) {
      for s in states { sink += navigator.progress(for: s, now: 0).durationRemaining }
    }
    if sink < 0 { print(sink) }
    report("navigator.progress/10000pts", samples, .ns)
  }
  if wanted("decode.tollAndFerry(184km)") {
    let data = try Data(contentsOf: tollAndFerry)
    var points = 0
    let samples = measure(.µs, runs: 15, warmup: 3) {
      if let routes = try? RouteDecoder.decodeMapbox(data) {
        points += routes[0].legs[0].geometry.count
      }
    }
    if points < 0 { print(points) }
    report("decode.tollAndFerry(184km)", samples, .µs)
  }
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

/// Memory of a decoded route: heap bytes per shape point, from malloc's own count of bytes in
/// use (glibc mallinfo2, through CMallocStats) while holding 20 decoded copies of each route
/// file's first route. One decode runs first and is dropped so one-time allocations (interned
/// tables, the parser's buffers) are not counted. The figure is then split by part: the bytes
/// freed when each part is cleared from the held copies, in the order listed.
func routeMemoryReport(_ dataRoot: URL) {
  func heapInUse() -> Double { Double(cmallocstats_in_use()) }
  let fm = FileManager.default
  var files: [String] = []
  for dir in ((try? fm.contentsOfDirectory(atPath: dataRoot.path)) ?? []).sorted() {
    let sub = dataRoot.appendingPathComponent(dir).path
    for f in ((try? fm.contentsOfDirectory(atPath: sub)) ?? []).sorted() where f.hasSuffix(".json")
    {
      files.append(dir + "/" + f)
    }
  }
  section("memory: heap bytes per shape point of a decoded route (mallinfo2, 20 copies held)")
  var worst = 0.0
  for file in files {
    guard let data = try? Data(contentsOf: dataRoot.appendingPathComponent(file)),
      let first = try? RouteDecoder.decode(data).first
    else {
      fact("memory \(file)", "does not decode")
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
    fact(
      "memory \(file)",
      String(format: "%.1f B/pt", total) + " (\(Int(points)) pts): "
        + parts.joined(separator: ", "))
    withExtendedLifetime(held) {}
  }
  fact("memory worst", String(format: "%.1f", worst) + " B/pt (target: under 64)")
  let strides: [(String, Int)] = [
    ("RouteStep", MemoryLayout<RouteStep>.stride), ("Maneuver", MemoryLayout<Maneuver>.stride),
    ("Intersection", MemoryLayout<Intersection>.stride), ("Lane", MemoryLayout<Lane>.stride),
    ("VisualInstruction", MemoryLayout<VisualInstruction>.stride),
    ("VisualInstructionLine", MemoryLayout<VisualInstructionLine>.stride),
    ("VisualInstructionComponent", MemoryLayout<VisualInstructionComponent>.stride),
    ("SpokenInstruction", MemoryLayout<SpokenInstruction>.stride),
    ("RouteLeg", MemoryLayout<RouteLeg>.stride),
  ]
  fact("strides", strides.map { "\($0.0) \($0.1)" }.joined(separator: ", "))
}

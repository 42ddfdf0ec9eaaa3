import Foundation
import NavigationCore
import Testing

@testable import Routing

/// Bad OSM input is a typed error naming the file and the element, never a trap: mutated
/// coordinates, references to missing nodes, empty and absurdly long roads, and a seeded batch
/// of randomly mutated copies of the Monaco XML extract run through reader, graph and router.
@Suite struct MalformedMapTests {
  static let original: String? = {
    guard let bytes = try? TestData.bytes(TestData.osm("monaco-center-roads.osm")) else {
      return nil
    }
    return String(decoding: bytes, as: UTF8.self)
  }()

  /// Writes `text` to a fresh temporary file and returns its path.
  func write(_ text: String, name: String) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "navui-\(ProcessInfo.processInfo.processIdentifier)-\(name)")
    try Data(text.utf8).write(to: url)
    return url.path
  }

  func expectInvalid(
    _ text: String, name: String, element: String, reasonContains reason: String,
    complete: Bool = false
  ) throws {
    let path = try write(text, name: name)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect {
      let data = try OSMData.read(path: path)
      try data.validate(path: path, complete: complete)
    } throws: { error in
      guard case .invalidData(let p, let e, let r) = error as? OSMReadError else { return false }
      return p == path && e == element && r.contains(reason)
    }
  }

  /// The reported crash: one node's latitude mutated from 43.7370125 to 437.370125.
  @Test(arguments: ["437.370125", "nan", "inf", "-1e308", "43.7e300"])
  func mutatedCoordinateIsTypedError(latitude: String) throws {
    let xml = try #require(Self.original)
    let mutated = xml.replacingOccurrences(
      of: "<node id=\"21911863\" lat=\"43.7370125\"",
      with: "<node id=\"21911863\" lat=\"\(latitude)\"")
    #expect(mutated != xml)
    try expectInvalid(
      mutated, name: "lat-\(latitude).osm", element: "node 21911863", reasonContains: "outside")
  }

  @Test func missingNodeEmptyAndHugeWaysAreTypedErrors() throws {
    let road = "<tag k=\"highway\" v=\"residential\"/>"
    let nodes =
      "<node id=\"1\" lat=\"43.73\" lon=\"7.42\"/><node id=\"2\" lat=\"43.731\" lon=\"7.42\"/>"
    func doc(_ way: String) -> String { "<osm version=\"0.6\">\(nodes)\(way)</osm>" }
    // Extracts cut roads: a file that must be complete names the missing node and the
    // one-node road; any file names a road without nodes.
    try expectInvalid(
      doc("<way id=\"7\"><nd ref=\"1\"/><nd ref=\"99\"/>\(road)</way>"), name: "missing.osm",
      element: "way 7", reasonContains: "node 99", complete: true)
    try expectInvalid(
      doc("<way id=\"8\">\(road)</way>"), name: "empty.osm", element: "way 8",
      reasonContains: "0 node")
    try expectInvalid(
      doc("<way id=\"9\"><nd ref=\"1\"/>\(road)</way>"), name: "single.osm", element: "way 9",
      reasonContains: "1 node", complete: true)
    let long = String(repeating: "<nd ref=\"1\"/><nd ref=\"2\"/>", count: 50_001)
    try expectInvalid(
      doc("<way id=\"10\">\(long)\(road)</way>"), name: "huge.osm", element: "way 10",
      reasonContains: "100002 nodes")
    // By default a cut road keeps the nodes that are present: 1-2 is a road, 99 is not.
    let path = try write(
      doc(
        "<node id=\"3\" lat=\"43.732\" lon=\"7.42\"/><way id=\"11\"><nd ref=\"1\"/><nd ref=\"2\"/>"
          + "<nd ref=\"99\"/><nd ref=\"3\"/>\(road)</way>"),
      name: "cut.osm")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let graph = RoadGraph.build(from: try OSMData.read(path: path))
    #expect(graph.edges.count == 2)
    #expect(graph.vertexCount == 2)
  }

  /// A valid coordinate far from the rest (the other side of the globe) keeps the spatial index
  /// small and routing on the rest of the map working.
  @Test func farawayNodeKeepsIndexBounded() throws {
    let xml = try #require(Self.original)
    let path = try write(
      xml.replacingOccurrences(
        of: "lat=\"43.7370125\" lon=\"7.422028\"", with: "lat=\"-89.5\" lon=\"-179.9\""),
      name: "faraway.osm")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let graph = RoadGraph.build(from: try OSMData.read(path: path))
    let router = Router(graph: graph, hierarchy: false, landmarks: 2)
    #expect(router.index.rows * router.index.columns <= max(1024, 4 * graph.edges.count * 8))
    let engine = RouteEngine(graph: graph)
    let route = try engine.route(through: [
      CLLocationCoordinate2D(latitude: 43.7375, longitude: 7.4252),
      CLLocationCoordinate2D(latitude: 43.7392, longitude: 7.4278),
    ])
    #expect(route.distance > 100)
  }

  /// 200 seeded mutated copies of the Monaco XML extract (digits changed, bytes deleted or
  /// inserted, lines swapped or repeated, coordinates scaled, references changed): each one
  /// either reads, builds and routes, or throws a typed error; none traps.
  @Test func mutatedCopiesNeverTrap() throws {
    let xml = try #require(Self.original)
    let lines = xml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var rng = SplitMix(seed: 23)
    var outcomes: [String: Int] = [:]
    for copy in 0..<200 {
      var mutated = lines
      for _ in 0..<(1 + Int(rng.next() % 4)) {
        mutate(&mutated, &rng)
      }
      let bytes = Array(mutated.joined(separator: "\n").utf8)
      let outcome: String
      do {
        let data = try OSMXMLReader.read(bytes)
        try data.validate(path: "mutant \(copy)")
        let graph = RoadGraph.build(from: data)
        let a = CLLocationCoordinate2D(latitude: 43.7375, longitude: 7.4252)
        let b = CLLocationCoordinate2D(
          latitude: 43.735 + Double(rng.next() % 1000) * 0.000_01,
          longitude: 7.418 + Double(rng.next() % 1000) * 0.000_012)
        // Every tenth copy gets the whole engine (hierarchy and landmarks); the rest a router
        // with two landmarks, which debug builds make in a fraction of the time.
        let router =
          copy % 10 == 0
          ? RouteEngine(graph: graph).router : Router(graph: graph, hierarchy: false, landmarks: 2)
        let from = router.snap(a)
        let to = router.snap(b)
        if !from.isEmpty, !to.isEmpty, let path = router.path(from: from, to: to) {
          let route = Guidance(router: router).route(legs: [path], waypoints: [a, b])
          #expect(route.distance.isFinite && route.expectedTravelTime.isFinite)
          outcome = "routed"
        } else {
          outcome = "no route"
        }
      } catch {
        guard case .malformedXML = error else {
          if case .invalidData(let path, _, _) = error { #expect(path == "mutant \(copy)") }
          outcomes["invalid data", default: 0] += 1
          continue
        }
        outcome = "malformed XML"
      }
      outcomes[outcome, default: 0] += 1
    }
    // The batch exercises every path: some copies route, some are rejected each way.
    print("mutated copies: \(outcomes)")
    #expect(outcomes["routed", default: 0] > 20, "\(outcomes)")
    #expect(outcomes["invalid data", default: 0] > 5, "\(outcomes)")
    #expect(outcomes["malformed XML", default: 0] > 20, "\(outcomes)")
  }

  /// One random change to the document's lines.
  func mutate(_ lines: inout [String], _ rng: inout SplitMix) {
    let i = Int(rng.next() % UInt64(lines.count))
    var line = Array(lines[i].utf8)
    switch rng.next() % 7 {
    case 0, 1:
      // A digit changed (ids, references, coordinates).
      let digits = line.indices.filter { (48...57).contains(line[$0]) }
      if let d = digits.randomElement(using: &rng) { line[d] = 48 + UInt8(rng.next() % 10) }
    case 2:
      // A node's coordinate scaled or negated far out of place.
      var k = i
      for _ in 0..<50 where !lines[k].contains("lat=\"") {
        k = Int(rng.next() % UInt64(lines.count))
      }
      let text = lines[k]
      let factors = ["e3", "0000", "-", "1e400", "e-9"]
      let f = factors[Int(rng.next() % UInt64(factors.count))]
      let replaced = text.replacingOccurrences(of: "lat=\"", with: f == "-" ? "lat=\"-" : "lat=\"")
        .replacingOccurrences(of: "\" lon", with: f == "-" ? "\" lon" : "\(f)\" lon")
      lines[k] = replaced
      return
    case 3:
      // A run of bytes deleted.
      if !line.isEmpty {
        let start = Int(rng.next() % UInt64(line.count))
        line.removeSubrange(start..<min(line.count, start + 1 + Int(rng.next() % 12)))
      }
    case 4:
      // Random printable bytes inserted.
      let at = line.isEmpty ? 0 : Int(rng.next() % UInt64(line.count))
      let junk = (0..<(1 + rng.next() % 6)).map { _ in UInt8(32 + rng.next() % 95) }
      line.insert(contentsOf: junk, at: at)
    case 5:
      // The line repeated (duplicate nodes, references, tags).
      lines.insert(lines[i], at: i)
      return
    default:
      // Two lines swapped.
      let j = Int(rng.next() % UInt64(lines.count))
      lines.swapAt(i, j)
      return
    }
    lines[i] = String(decoding: line, as: UTF8.self)
  }
}

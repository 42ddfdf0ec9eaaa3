import NavigationCore
import Testing

@testable import Routing

@Suite struct RoadGraphTests {
  @Test(
    arguments: [
      ("yes", 1), ("1", 1), ("true", 1), ("-1", -1), ("no", 0), ("reversible", nil),
    ] as [(String, Int?)])
  func onewayForms(value: String, expected: Int?) {
    #expect(RoadTags.oneway(["highway": "primary", "oneway": value]) == expected)
  }

  @Test func roundaboutsAndMotorwaysImplyOneway() {
    #expect(RoadTags.oneway(["highway": "primary", "junction": "roundabout"]) == 1)
    #expect(RoadTags.oneway(["highway": "motorway"]) == 1)
    #expect(RoadTags.oneway(["highway": "residential"]) == 0)
  }

  @Test func maxspeedUnits() {
    #expect(RoadTags.maxspeed("50") == .known(50, .kilometersPerHour))
    #expect(RoadTags.maxspeed("30 mph") == .known(30, .milesPerHour))
    #expect(RoadTags.maxspeed("none") == .unlimited)
    #expect(RoadTags.maxspeed("FR:urban") == .known(50, .kilometersPerHour))
    #expect(RoadTags.maxspeed("DE:zone30") == .known(30, .kilometersPerHour))
    #expect(RoadTags.maxspeed("GB:nsl_single") == nil)
    #expect(RoadTags.maxspeed("fast") == nil)
    #expect(RoadTags.maxspeed("30 mph")?.kilometersPerHour.map { Int($0) } == 48)
  }

  @Test func accessAndClasses() {
    #expect(RoadTags.isDrivable(["highway": "residential"]))
    #expect(!RoadTags.isDrivable(["highway": "footway"]))
    #expect(!RoadTags.isDrivable(["highway": "residential", "access": "private"]))
    #expect(!RoadTags.isDrivable(["highway": "residential", "motor_vehicle": "no"]))
    #expect(RoadTags.isDrivable(["highway": "service", "access": "no", "motorcar": "yes"]))
  }

  @Test func turnLanesParse() {
    let lanes = RoadTags.turnLanes("left|through;right|")
    #expect(lanes == [[.left], [.straight, .right], [.none]])
  }

  @Test func monacoGraphHasRestrictionsSignalsAndTunnels() throws {
    let graph = try #require(monacoEngine).router.graph
    #expect(graph.vertexCount > 1_000)
    #expect(!graph.bannedTurns.isEmpty)
    #expect(!graph.trafficSignals.isEmpty)
    #expect(graph.roads.contains { $0.isTunnel && $0.name == "Tunnel Rocher Palais" })
    #expect(graph.roads.contains { $0.isRoundabout })
    #expect(graph.roads.contains { $0.maxspeed != nil })
    for e in graph.edges.indices {
      #expect(graph.edges[e].duration > 0 || graph.edges[e].length == 0)
    }
  }

  @Test func serializationRoundTrips() throws {
    let graph = try #require(monacoEngine).router.graph
    let bytes = graph.serialized()
    let loaded = try RoadGraph(serialized: bytes)
    #expect(loaded.edges == graph.edges)
    #expect(loaded.roads == graph.roads)
    #expect(loaded.bannedTurns == graph.bannedTurns)
    #expect(loaded.firstIn == graph.firstIn && loaded.edgeBearings == graph.edgeBearings)
  }

  @Test func corruptSerializedGraphThrows() throws {
    let graph = try RoadGraph.build(
      from: OSMData.read(path: TestData.osm("monaco-center-roads.osm")))
    let bytes = graph.serialized()
    #expect(throws: GraphFormatError.badHeader) { try RoadGraph(serialized: Array("junk".utf8)) }
    for cut in [8, 100, bytes.count / 2, bytes.count - 1] {
      #expect(throws: GraphFormatError.self) { try RoadGraph(serialized: Array(bytes.prefix(cut))) }
    }
    var rng = SplitMix(seed: 7)
    for _ in 0..<30 {
      var flipped = bytes
      let at = 8 + Int(rng.next() % UInt64(bytes.count - 8))
      flipped[at] ^= 0xFF
      // Either a typed error or a graph that passed validation; never a crash.
      _ = try? RoadGraph(serialized: flipped)
    }
  }

  @Test func xmlRestrictionsAreHonoured() throws {
    let data = try OSMData.read(path: TestData.osm("monaco-center-roads.osm"))
    let graph = RoadGraph.build(from: data)
    #expect(graph.bannedTurns.count >= 10)
    let router = Router(graph: graph)
    for key in graph.bannedTurns {
      #expect(router.turnCost(from: Int(key >> 32), to: Int(key & 0xFFFF_FFFF)) == nil)
    }
  }
}

import Foundation
import NavigationCore
import Routing
import Testing

/// A two-way choice between A and B: a short direct way with `directTags` and a long detour
/// (`detourKilometers` north and back) of plain primary road, with stubs at both ends where
/// the waypoints lie.
enum TwoWayMap {
  static let origin = CLLocationCoordinate2D(latitude: 45, longitude: 6.997)
  static let destination = CLLocationCoordinate2D(latitude: 45, longitude: 7.033)

  static func data(directTags: [String: String], detourKilometers: Double = 5) -> OSMData {
    var data = OSMData()
    let north = 45 + detourKilometers / 111.195
    let nodes: [(Int64, Double, Double)] = [
      (1, 45, 6.995), (2, 45, 7), (3, 45, 7.03), (4, 45, 7.035), (5, north, 7), (6, north, 7.03),
    ]
    for (id, lat, lon) in nodes {
      data.nodeIDs.append(id)
      data.latitudes.append(lat)
      data.longitudes.append(lon)
    }
    data.ways = [
      OSMWay(id: 10, nodeIDs: [1, 2], tags: ["highway": "primary", "name": "West"]),
      OSMWay(id: 11, nodeIDs: [3, 4], tags: ["highway": "primary", "name": "East"]),
      OSMWay(id: 12, nodeIDs: [2, 3], tags: directTags.merging(["name": "Direct"]) { a, _ in a }),
      OSMWay(id: 13, nodeIDs: [2, 5, 6, 3], tags: ["highway": "primary", "name": "Detour"]),
    ]
    return data
  }

  /// Whether the route through the map uses the direct way.
  static func usesDirect(_ tags: [String: String], _ options: RouteCostOptions, detour: Double = 5)
    throws -> Bool
  {
    let engine = RouteEngine(
      graph: RoadGraph.build(from: data(directTags: tags, detourKilometers: detour)))
    let route = try engine.route(through: [origin, destination], options: options)
    return route.distance < 5_000
  }
}

@Suite struct RouteCostOptionsTests {
  @Test func avoidsHighwaysTakesTheDetour() throws {
    for highway in ["motorway", "trunk"] {
      let tags = ["highway": highway, "oneway": "no"]
      #expect(try TwoWayMap.usesDirect(tags, RouteCostOptions()))
      #expect(try !TwoWayMap.usesDirect(tags, RouteCostOptions(avoidsHighways: true)))
      // Other avoidances leave it alone.
      #expect(
        try TwoWayMap.usesDirect(tags, RouteCostOptions(avoidsTolls: true, avoidsFerries: true)))
    }
    // A motorway link is not a highway to avoid.
    #expect(
      try TwoWayMap.usesDirect(["highway": "motorway_link"], RouteCostOptions(avoidsHighways: true))
    )
  }

  @Test func avoidsTollsTakesTheDetour() throws {
    for tags in [
      ["highway": "primary", "toll": "yes"], ["highway": "primary", "toll:motorcar": "yes"],
    ] {
      #expect(try TwoWayMap.usesDirect(tags, RouteCostOptions()))
      #expect(try !TwoWayMap.usesDirect(tags, RouteCostOptions(avoidsTolls: true)))
    }
    #expect(
      try TwoWayMap.usesDirect(
        ["highway": "primary", "toll": "no"], RouteCostOptions(avoidsTolls: true)))
  }

  /// A car ferry is in the graph (5 km/h) and used when it saves time, unless avoided; a
  /// ferry not tagged for motor vehicles is never driven.
  @Test func carFerriesAreRoutedUnlessAvoided() throws {
    let ferry = ["route": "ferry", "motor_vehicle": "yes"]
    #expect(try TwoWayMap.usesDirect(ferry, RouteCostOptions(), detour: 40))
    #expect(try !TwoWayMap.usesDirect(ferry, RouteCostOptions(avoidsFerries: true), detour: 40))
    #expect(try !TwoWayMap.usesDirect(["route": "ferry"], RouteCostOptions(), detour: 40))
    let graph = RoadGraph.build(from: TwoWayMap.data(directTags: ferry))
    let road = try #require(graph.roads.first { $0.wayID == 12 })
    #expect(road.isFerry && road.highway == "ferry" && !road.isToll)
    // Kept through the binary graph format.
    let loaded = try RoadGraph(serialized: graph.serialized())
    #expect(loaded.roads.first { $0.wayID == 12 }?.isFerry == true)
  }

  /// Avoiding is a preference: with no other way, the avoided road is used.
  @Test func anAvoidedRoadIsUsedWhenNothingElseReaches() throws {
    var data = TwoWayMap.data(directTags: ["highway": "motorway", "oneway": "no"])
    data.ways.removeAll { $0.id == 13 }
    let engine = RouteEngine(graph: RoadGraph.build(from: data))
    let route = try engine.route(
      through: [TwoWayMap.origin, TwoWayMap.destination],
      options: RouteCostOptions(avoidsHighways: true))
    #expect(route.distance < 5_000)
  }

  /// The shorter strategy takes a slow short road over a fast long one.
  @Test func shorterPrefersDistance() throws {
    let slow = ["highway": "residential", "maxspeed": "10"]
    #expect(try !TwoWayMap.usesDirect(slow, RouteCostOptions(), detour: 2))
    #expect(try TwoWayMap.usesDirect(slow, RouteCostOptions(prefersShorter: true), detour: 2))
  }
}

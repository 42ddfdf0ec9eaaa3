import Foundation
import Routing
import Testing

@testable import Rendering

/// The base map from small hand-made OSM data: tag classes, areas, the sea, bad references.
@Suite struct BaseMapBuildingTests {
  /// A 3 × 3 grid of nodes 0.001° apart, ids 1…9, row by row from the south-west.
  private func grid() -> OSMData {
    var data = OSMData()
    var id: Int64 = 1
    for row in 0..<3 {
      for column in 0..<3 {
        data.nodeIDs.append(id)
        data.latitudes.append(43.73 + 0.001 * Double(row))
        data.longitudes.append(7.42 + 0.001 * Double(column))
        id += 1
      }
    }
    return data
  }

  @Test func emptyDataGivesAnEmptyMap() {
    let map = BaseMap(data: OSMData())
    #expect(map.featureCount == 0)
  }

  @Test func tagsDecideTheKinds() {
    var data = grid()
    data.ways = [
      OSMWay(id: 1, nodeIDs: [1, 2, 3], tags: ["highway": "primary", "name": "Boulevard"]),
      OSMWay(id: 2, nodeIDs: [4, 5, 6], tags: ["highway": "footway"]),
      OSMWay(id: 3, nodeIDs: [1, 2, 5, 4, 1], tags: ["building": "yes"]),
      OSMWay(id: 4, nodeIDs: [5, 6, 9, 8, 5], tags: ["leisure": "park"]),
      OSMWay(id: 5, nodeIDs: [7, 8, 9], tags: ["highway": "bus_stop"]),
      // An area that is not closed is dropped; a way with unknown nodes keeps what it can.
      OSMWay(id: 6, nodeIDs: [1, 2, 3], tags: ["natural": "water"]),
      OSMWay(id: 7, nodeIDs: [7, 99, 8], tags: ["highway": "residential"]),
    ]
    let counts = BaseMap(data: data).featureCounts
    #expect(counts[.arterialRoad] == 1)
    #expect(counts[.path] == 1)
    #expect(counts[.building] == 1)
    #expect(counts[.park] == 1)
    #expect(counts[.minorRoad] == 1)
    #expect(counts[.water] == nil)
    #expect(BaseMapBuilder.kind(of: ["railway": "rail"]) == .rail)
    #expect(BaseMapBuilder.kind(of: ["waterway": "stream"]) == .waterway)
    #expect(BaseMapBuilder.kind(of: ["amenity": "bench"]) == nil)
  }

  @Test func multipolygonOutersAreJoined() {
    var data = grid()
    data.ways = [
      OSMWay(id: 10, nodeIDs: [1, 2, 3, 6], tags: [:]),
      OSMWay(id: 11, nodeIDs: [6, 9, 8, 7, 4, 1], tags: [:]),
    ]
    data.relations = [
      OSMRelation(
        id: 1,
        members: [
          OSMMember(type: .way, ref: 10, role: "outer"),
          OSMMember(type: .way, ref: 11, role: "outer"),
          OSMMember(type: .way, ref: 404, role: "outer"),
        ], tags: ["type": "multipolygon", "natural": "water"])
    ]
    #expect(BaseMap(data: data).featureCounts[.water] == 1)
  }

  @Test func anOpenCoastlineBecomesSea() {
    var data = grid()
    // West to east along the middle row: land to the north (left), sea to the south.
    data.ways = [OSMWay(id: 20, nodeIDs: [4, 5, 6], tags: ["natural": "coastline"])]
    let map = BaseMap(data: data)
    #expect(map.featureCounts[.sea] == 1)
    let sea = map.features.first { $0.kind == .sea }!
    // The sea polygon reaches far south of the coast and not north of it.
    #expect(sea.minY < -1000)
    #expect(sea.maxY < 200)
  }
}

import Testing

@testable import NavigationCore

@Suite struct IntersectionTests {
  @Test func compactStorageRoundTrips() {
    var x = Intersection(
      location: .init(latitude: 1, longitude: 2), bearings: [0, 90, 180, 360],
      entry: [true, false, true, false],
      inIndex: 2, outIndex: 0, classes: ["motorway", "toll", "private"],
      tollCollection: TollCollection(type: "toll_gantry", name: "Øresund"), geometryIndex: 1116)
    #expect(x.bearings == [0, 90, 180, 360])
    #expect(x.entry == [true, false, true, false])
    #expect(x.inIndex == 2 && x.outIndex == 0)
    #expect(x.classes == ["toll", "motorway", "private"])
    #expect(x.tollCollection?.name == "Øresund")
    #expect(x.geometryIndex == 1116)
    x.inIndex = nil
    x.geometryIndex = nil
    x.tollCollection = nil
    x.bearings = [45, 225]
    #expect(x.inIndex == nil && x.geometryIndex == nil && x.tollCollection == nil)
    #expect(x.entry == [true, false])
    let plain = Intersection(location: .init(latitude: 1, longitude: 2))
    #expect(plain.bearings.isEmpty && plain.entry.isEmpty && plain.classes.isEmpty)
    #expect(plain.inIndex == nil && plain.outIndex == nil && plain.lanes == nil)
  }

  @Test func decodedTollRouteKeepsIntersectionData() throws {
    let route = try TestData.route("mapbox-directions-swift/tollAndFerryDirectionsRoute.json")
    let all = route.legs[0].steps.flatMap(\.intersections)
    #expect(all.count == 543)
    let toll = try #require(all.first { $0.tollCollection != nil })
    #expect(toll.bearings == [164, 344])
    #expect(toll.entry == [false, true])
    #expect(toll.inIndex == 0 && toll.outIndex == 1)
    #expect(toll.geometryIndex == 226)
    #expect(all.contains { $0.classes == ["toll", "motorway"] })
    #expect(all.contains { $0.classes.contains("ferry") })
  }
}

@Suite struct LaneStorageTests {
  @Test func packedAndUnusualLanesRoundTrip() {
    let all: [ManeuverDirection] = [
      .uTurn, .sharpRight, .right, .slightRight, .straight, .slightLeft, .left,
    ]
    let a = Lane(indications: all, valid: true, active: true, validIndication: .left)
    #expect(a.indications == all)
    #expect(a.validIndication == .left)
    let b = Lane(indications: [.left, .other("merge_to_left")], valid: false)
    #expect(b.indications == [.left, .other("merge_to_left")])
    #expect(b.validIndication == nil)
    var c = Lane(indications: [.straight, .right], valid: true, validIndication: .other("x"))
    #expect(c.indications == [.straight, .right])
    #expect(c.validIndication == .other("x"))
    c.validIndication = .right
    #expect(c == Lane(indications: [.straight, .right], valid: true, validIndication: .right))
    #expect(
      c.hashValue
        == Lane(indications: [.straight, .right], valid: true, validIndication: .right).hashValue)
    var d = Lane(indications: [], valid: false)
    #expect(d.indications.isEmpty && d.validIndication == nil)
    d.indications = [.none]
    #expect(d.indications == [.none])
    let eight = Array(repeating: ManeuverDirection.straight, count: 8)
    #expect(Lane(indications: eight, valid: true).indications == eight)
  }
}

import Foundation
import Testing

@testable import NavigationCore

@Suite struct DecoderContentTests {
  @Test func helsinkiValhallaHasLanesBannersAndMaxspeed() throws {
    let route = try TestData.route(
      "generated/helsinki-annankatu-kaivokatu-lanes.valhalla-osrm.json")
    #expect(route.source == .valhallaOSRM)
    let leg = route.legs[0]
    let withLanes = leg.steps.flatMap(\.intersections).filter { $0.lanes != nil }
    #expect(withLanes.count == 19)
    let lane = try #require(withLanes.first?.lanes?.first)
    #expect(lane.indications == [.left, .straight])
    #expect(lane.valid && lane.active)
    #expect(lane.validIndication == .straight)
    let maxSpeeds = try #require(leg.annotation?.maxSpeeds)
    #expect(maxSpeeds.count == 136)
    #expect(maxSpeeds.allSatisfy { $0.metersPerSecond != nil })
    #expect(maxSpeeds[0] == .known(value: 30, unit: .kilometersPerHour))
    #expect(leg.steps[1].speedLimitSign == .vienna)
    #expect(leg.steps[1].visualInstructions.first?.primary.maneuverDirection == .slightLeft)
    #expect(leg.steps[1].spokenInstructions.first?.text == "Bear left onto Erottajankatu.")
    let subLanes = leg.steps.flatMap(\.visualInstructions).compactMap(\.sub)
      .flatMap(\.components).filter { $0.type == "lane" }
    #expect(!subLanes.isEmpty)
  }

  @Test func monacoRoundaboutExitAndOSRMFlavour() throws {
    let v = try TestData.route("generated/monaco-fontvieille-casino.valhalla-osrm.json")
    #expect(v.legs[0].steps.count == 11)
    #expect(v.legs[0].steps.contains { $0.maneuver.type == .roundabout && $0.maneuver.exit == 3 })
    let o = try TestData.route("generated/monaco-fontvieille-casino.osrm.json")
    #expect(o.source == .osrm)
    #expect(o.legs[0].steps.count == 12)
    #expect(o.legs[0].annotation?.maxSpeeds.isEmpty == true)
    #expect(o.legs[0].steps.allSatisfy { $0.visualInstructions.isEmpty })
  }

  @Test func valhallaNativeMatchesItsOSRMTwin() throws {
    let native = try TestData.route("generated/monaco-fontvieille-casino.valhalla.json")
    #expect(native.source == .valhalla)
    #expect(abs(native.distance - 1815) < 1)
    #expect(native.legs[0].steps.first?.maneuver.type == .depart)
    #expect(native.legs[0].steps.contains { $0.maneuver.type == .roundabout })
    #expect(native.legs[0].steps[1].name == "Avenue Albert II")
    #expect(native.legs[0].steps[1].maneuver.modifier == .right)
  }

  @Test func mapboxFerryTollsExitsAndSigns() throws {
    let toll = try TestData.route("mapbox-directions-swift/tollAndFerryDirectionsRoute.json")
    #expect(toll.source == .mapbox)
    #expect(toll.legs[0].steps.count == 38)
    #expect(toll.legs[0].steps.filter { $0.mode == .ferry }.count == 1)
    #expect(toll.legs[0].steps.contains { $0.maneuver.type == .notification })
    #expect(toll.legs[0].steps.flatMap(\.intersections).contains { $0.tollCollection != nil })
    #expect(abs(toll.distance - 184_000) < 1_000)
    let refresh = try TestData.route("mapbox-directions-swift/routeRefreshRoute.json")
    #expect(refresh.legs.count == 2)
    #expect(refresh.legs[0].steps.first?.speedLimitSign == .mutcd)
    #expect(refresh.legs[0].annotation?.congestion.isEmpty == false)
    let exits = try TestData.route("ferrostar/valhalla_osrm_response_with_exit_info.json")
    #expect(exits.legs[0].steps.contains { $0.exits == "10" })
    #expect(
      exits.legs[0].steps.contains { $0.destinations == "OR 213 South: Oregon City, Molalla" })
    let walk = try TestData.route("ferrostar/valhalla_osrm_response.json")
    #expect(walk.legs[0].steps.allSatisfy { $0.mode == .walking })
  }

  @Test func precisionFiveAndSixAreDetected() throws {
    let p5 = try TestData.route("mapbox-directions-swift/instructions.json")
    let first = try #require(p5.legs[0].geometry.first)
    #expect(abs(first.latitude - 37.78127) < 0.001)
    let annotated = try TestData.route("mapbox-directions-swift/annotation.json")
    #expect(annotated.legs[0].steps.isEmpty)
    #expect(annotated.legs[0].annotation?.congestionNumeric.contains(nil) == true)
  }

  @Test func steplessLegsSplitTheRouteShape() throws {
    let route = try TestData.route("ferrostar/standard_osrm_polyline6_response.json")
    #expect(route.legs.count == 2)
    #expect(route.legs.allSatisfy { $0.steps.isEmpty && $0.geometry.count >= 2 })
    #expect(route.legs[0].geometry.last == route.legs[1].geometry.first)
    #expect(route.legs[0].destination?.name == "Torstraße")
  }

  @Test func unknownManeuverValuesAreKept() {
    #expect(ManeuverType(rawValue: "teleport") == .other("teleport"))
    #expect(ManeuverType(rawValue: "end of road") == .endOfRoad)
    #expect(ManeuverType.endOfRoad.rawValue == "end of road")
    #expect(ManeuverDirection(rawValue: "uturn") == .uTurn)
    #expect(ManeuverDirection(rawValue: "hairpin").rawValue == "hairpin")
    #expect(TransportMode(rawValue: "pushing bike") == .other("pushing bike"))
  }

  @Test func geoJSONLineString() throws {
    let text = """
      {"type":"Feature","properties":{},"geometry":{"type":"LineString",
      "coordinates":[[7.4168,43.7296],[7.4200,43.7310],[7.4275,43.7394]]}}
      """
    let route = try RouteDecoder.decodeGeoJSON(Data(text.utf8))
    #expect(route.legs[0].geometry.count == 3)
    #expect(route.legs[0].steps.map(\.maneuver.type) == [.depart, .arrive])
    #expect(route.distance > 1000)
  }
}

import Foundation
import NavigationCore
import Testing

@testable import Routing

@Suite struct CommandTests {
  func run(_ args: [String]) -> (Int32, String, String) {
    var out = ""
    var err = ""
    let code = runRouteCommand(arguments: args, stdout: { out += $0 }, stderr: { err += $0 })
    return (code, out, err)
  }

  @Test func helpHasSections() {
    let (code, out, _) = run(["--help"])
    #expect(code == 0)
    #expect(out.contains("OVERVIEW:") && out.contains("USAGE:") && out.contains("OPTIONS:"))
  }

  @Test(arguments: [
    [], ["--from", "43.7296,7.4168"], ["--from", "abc", "--to", "43.7394,7.4275"],
    ["--from", "43.7296,7.4168", "--to", "43.7394,7.4275", "--format", "xml"],
    ["--bogus"], ["--from"],
    ["--from", "43.7296,7.4168", "--to", "43.7394,7.4275", "--engine", "graphhopper"],
  ])
  func usageErrorsExit64(args: [String]) {
    let (code, out, err) = run(args)
    #expect(code == 64)
    #expect(out.isEmpty)
    #expect(err.hasPrefix("Error: ") && err.contains("Usage: navui route"))
  }

  @Test func offMapExits65() {
    let (code, _, err) = run(["--from", "48.85,2.35", "--to", "43.7394,7.4275"])
    #expect(code == 65)
    #expect(err.contains("waypoint 0"))
  }

  @Test func badMapFileExits65() {
    let (code, _, err) = run([
      "--from", "43.7296,7.4168", "--to", "43.7394,7.4275", "--map", "/nonexistent.osm.pbf",
    ])
    #expect(code == 65)
    #expect(err.contains("nonexistent"))
  }

  @Test func jsonIsOSRMv5() throws {
    let (code, out, _) = run([
      "--from", "43.7296,7.4168", "--to", "43.7394,7.4275", "--format", "json",
    ])
    #expect(code == 0)
    let json = try JSONValue.parse(Array(out.utf8))
    #expect(json["code"] == .string("Ok"))
    let routes = try RouteDecoder.decodeOSRM(Data(out.utf8))
    let route = try #require(routes.first)
    #expect(route.distance > 1_500 && route.distance < 2_500)
    #expect(route.legs[0].steps.first?.maneuver.type == .depart)
  }

  @Test func viaMakesTwoLegsAndGeoJSON() throws {
    let (code, out, _) = run([
      "--from", "43.7350,7.4225", "--via", "43.7310,7.4200", "--to", "43.7310,7.4125",
      "--format", "geojson",
    ])
    #expect(code == 0)
    #expect(out.contains("\"FeatureCollection\"") && out.contains("\"LineString\""))
    let (_, summary, _) = run([
      "--from", "43.7350,7.4225", "--via", "43.7310,7.4200", "--to", "43.7310,7.4125",
    ])
    #expect(summary.contains("legs: 2"))
    #expect(summary.contains("OpenStreetMap contributors"))
  }

  @Test func xmlMapWorks() {
    let (code, out, _) = run([
      "--from", "43.7350,7.4225", "--to", "43.7394,7.4275", "--map",
      TestData.osm("monaco-center-roads.osm"),
    ])
    #expect(code == 0)
    #expect(out.hasPrefix("distance: "))
  }

  @Test func unreachableServerExits69() {
    let (code, _, err) = run([
      "--from", "43.7296,7.4168", "--to", "43.7394,7.4275", "--engine", "osrm=http://127.0.0.1:9",
    ])
    #expect(code == 69)
    #expect(err.contains("127.0.0.1:9"))
  }
}

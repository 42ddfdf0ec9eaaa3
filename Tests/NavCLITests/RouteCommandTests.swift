import Foundation
import NavCLI
import NavigationCore
import SharedTestData
import Testing

@Suite struct RouteCommandTests {
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
      SharedTestData.path("osm/monaco-center-roads.osm").path,
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

  /// `--snap-radius` bounds every waypoint: a point in the sea off Monaco is off the
  /// map within 50 m (exit 65) and snapped by default; the JSON names the snap distance.
  @Test func snapRadiusLimitsSnapping() throws {
    let args = ["--from", "43.7300,7.4300", "--to", "43.7394,7.4275"]
    let (near, _, err) = run(args + ["--snap-radius", "50"])
    #expect(near == 65)
    #expect(err.contains("waypoint 0"))
    let (code, out, _) = run(args)
    #expect(code == 0)
    #expect(out.contains("waypoint 0  snapped "), "\(out)")
    let (jsonCode, json, _) = run(args + ["--format", "json"])
    #expect(jsonCode == 0)
    let decoded = try RouteDecoder.decodeOSRM(Data(json.utf8))
    #expect((decoded.first?.waypoints.first?.distance ?? 0) > 200)
    #expect(run(args + ["--snap-radius", "-3"]).0 == 64)
  }

  /// A map whose node lies outside -180…180 is exit 65 with the file and node named.
  @Test func routeCommandOnMutatedMapExits65() throws {
    let original = try String(
      contentsOf: SharedTestData.path("osm/monaco-center-roads.osm"), encoding: .utf8)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "navui-\(ProcessInfo.processInfo.processIdentifier)-bad.osm")
    try Data(
      original.replacingOccurrences(of: "lon=\"7.422028\"", with: "lon=\"742.2028\"").utf8
    ).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let (code, out, err) = run([
      "--map", url.path, "--from", "43.7370,7.4220", "--to", "43.7390,7.4260",
    ])
    #expect(code == 65)
    #expect(out.isEmpty)
    #expect(err.contains(url.path) && err.contains("node 21911863"), "\(err)")
  }
}

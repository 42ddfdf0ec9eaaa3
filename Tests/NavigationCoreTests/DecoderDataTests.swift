import Foundation
import Testing

@testable import NavigationCore

@Suite struct DecoderDataTests {
  @Test(arguments: TestData.routeFiles)
  func everyRouteFileDecodesAndTotalsMatch(file: String) throws {
    let route = try TestData.route(file)
    #expect(!route.legs.isEmpty)
    let legDistance = route.legs.reduce(0) { $0 + $1.distance }
    let legTime = route.legs.reduce(0) { $0 + $1.expectedTravelTime }
    #expect(
      abs(legDistance - route.distance) <= max(1, route.distance * 0.001), "\(file) leg distances")
    #expect(
      abs(legTime - route.expectedTravelTime) <= max(1, route.expectedTravelTime * 0.001),
      "\(file) leg times")
    for (n, leg) in route.legs.enumerated() {
      #expect(leg.geometry.count >= 2)
      if !leg.steps.isEmpty {
        let d = leg.steps.reduce(0) { $0 + $1.distance }
        let t = leg.steps.reduce(0) { $0 + $1.expectedTravelTime }
        #expect(
          abs(d - leg.distance) <= max(2, leg.distance * 0.002),
          "\(file) leg \(n) step distances \(d) vs \(leg.distance)")
        #expect(
          abs(t - leg.expectedTravelTime) <= max(2, leg.expectedTravelTime * 0.002),
          "\(file) leg \(n) step times \(t) vs \(leg.expectedTravelTime)")
        #expect(leg.steps.first?.maneuver.type == .depart)
        #expect(leg.steps.last?.maneuver.type == .arrive)
      }
      let shapeLength = Geodesy.length(of: leg.geometry)
      #expect(
        abs(shapeLength - leg.distance) <= max(15, leg.distance * 0.03),
        "\(file) leg \(n) shape \(shapeLength) vs \(leg.distance)")
      if let a = leg.annotation, !a.distances.isEmpty {
        #expect(a.distances.count == leg.geometry.count - 1, "\(file) annotation count")
      }
    }
  }

  @Test func theListCoversEveryRouteFileOnDisk() throws {
    let routes = TestData.root.appendingPathComponent("routes")
    var found: [String] = []
    for folder in try FileManager.default.contentsOfDirectory(atPath: routes.path).sorted() {
      let files = try FileManager.default.contentsOfDirectory(
        atPath: routes.appendingPathComponent(folder).path)
      for file in files.sorted() where file.hasSuffix(".json") { found.append(folder + "/" + file) }
    }
    #expect(found.sorted() == TestData.routeFiles.sorted())
    let gpx = try FileManager.default.contentsOfDirectory(
      atPath: TestData.root.appendingPathComponent("gpx").path)
    #expect(gpx.filter { $0.hasSuffix(".gpx") } == ["graphhopper-leipzig-test1.gpx"])
  }

  @Test func gpxDecodesRouteAndTrack() throws {
    let doc = try RouteDecoder.decodeGPX(try TestData.data(TestData.gpxFile))
    #expect(doc.routes.count == 1)
    #expect(doc.routes[0].points.count == 34)
    #expect(doc.tracks.count == 1)
    #expect(doc.tracks[0].points.count == 264)
    #expect(doc.routes[0].points[0].description == "continue onto Fučikstraße")
    let track = doc.tracks[0].asRoute()
    #expect(abs(track.expectedTravelTime - 796) < 0.001)
    let route = doc.routes[0].asRoute()
    let ghDistance = doc.routes[0].points.compactMap { Double($0.extensions["gh:distance"] ?? "") }
    #expect(abs(route.distance - ghDistance.reduce(0, +)) < 0.01)
    #expect(abs(route.expectedTravelTime - 796) < 2)
  }
}

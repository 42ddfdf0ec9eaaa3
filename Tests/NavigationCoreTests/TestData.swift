import Foundation
import SharedTestData

@testable import NavigationCore

/// The test data kept in the repo (see ``SharedTestData``).
enum TestData {
  /// The shared data folder (see ``SharedTestData``).
  static let root: URL = SharedTestData.path("")

  static let routeFiles: [String] = [
    "generated/helsinki-annankatu-kaivokatu-lanes.osrm.json",
    "generated/helsinki-annankatu-kaivokatu-lanes.valhalla-osrm.json",
    "generated/monaco-fontvieille-casino.osrm.json",
    "generated/monaco-fontvieille-casino.valhalla-osrm.json",
    "generated/monaco-fontvieille-casino.valhalla.json",
    "generated/monaco-port-palais-jardinexotique-2legs.osrm.json",
    "generated/monaco-port-palais-jardinexotique-2legs.valhalla-osrm.json",
    "generated/monaco-stadelouis2-larvotto.osrm.json",
    "generated/monaco-stadelouis2-larvotto.valhalla-osrm.json",
    "ferrostar/standard_osrm_polyline6_response.json",
    "ferrostar/valhalla_extended_osrm_response.json",
    "ferrostar/valhalla_osrm_response.json",
    "ferrostar/valhalla_osrm_response_with_exit_info.json",
    "ferrostar/valhalla_osrm_with_roundabouts.json",
    "mapbox-directions-swift/annotation.json",
    "mapbox-directions-swift/instructions.json",
    "mapbox-directions-swift/routeRefreshRoute.json",
    "mapbox-directions-swift/subLaneInstructions.json",
    "mapbox-directions-swift/tollAndFerryDirectionsRoute.json",
  ]

  static let gpxFile = "gpx/graphhopper-leipzig-test1.gpx"

  static func data(_ relative: String) throws -> Data {
    let folder = relative.hasSuffix(".gpx") ? "" : "routes/"
    return try Data(contentsOf: root.appendingPathComponent(folder + relative))
  }

  static func route(_ relative: String) throws -> Route {
    let routes = try RouteDecoder.decode(try data(relative))
    guard let first = routes.first else {
      throw RouteDecodingError.noRoute(path: relative, reason: "")
    }
    return first
  }

  /// A short name for snapshots: the file name without extension.
  static func shortName(_ relative: String) -> String {
    let file = relative.split(separator: "/").last.map(String.init) ?? relative
    return file.replacingOccurrences(of: ".json", with: "").replacingOccurrences(
      of: ".gpx", with: "")
  }
}

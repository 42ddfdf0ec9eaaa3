import Foundation

/// The ODbL attribution every screen or file built from the bundled map must show.
public let openStreetMapAttribution =
  "Map data © OpenStreetMap contributors, available under the Open Database License (ODbL 1.0)"
  + " — https://www.openstreetmap.org/copyright"

extension OSMData {
  /// The path of the bundled Monaco extract, in this module's resource bundle
  /// (`NavigationUIKit_OSM.resources`, beside the running binary or in the build folder;
  /// an installed `navui` needs that folder copied beside it).
  public static func bundledMapPath() -> String? {
    let url = Bundle.module.url(forResource: "monaco.osm", withExtension: "pbf")
    return url.map(\.path).flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil }
  }
}

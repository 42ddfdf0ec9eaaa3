import Foundation
import SharedTestData

/// The OSM files of the shared test data (see ``SharedTestData``).
enum TestData {
  /// The path of `osm/<name>`.
  static func osm(_ name: String) -> String { SharedTestData.path("osm/\(name)").path }

  /// The file's bytes; a missing file is an error that names it.
  static func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }
}

import Foundation
import NavigationCore
import SharedTestData

/// The shared data folder (see ``SharedTestData``); reads fail with file-not-found when it is
/// missing.
enum TestData {
  static let dataDirectory: URL = SharedTestData.path("")

  static func osm(_ name: String) -> String {
    dataDirectory.appendingPathComponent("osm/\(name)").path
  }

  /// The file's bytes; a missing file is an error that names it (not an empty array that a
  /// test would index into).
  static func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }
}

/// The seeded generator of the tests (NavigationCore's SplitMix64).
typealias SplitMix = SplitMix64

import Foundation

/// Locates `shared/data` relative to this file (the worktree sits beside `shared`).
enum TestData {
  static let dataDirectory: URL = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<6 {
      url.deleteLastPathComponent()
      let candidate = url.appendingPathComponent("shared/data")
      if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
      let sibling = url.appendingPathComponent("../shared/data").standardized
      if FileManager.default.fileExists(atPath: sibling.path) { return sibling }
    }
    return URL(fileURLWithPath: "/work/shared/data")
  }()

  static func osm(_ name: String) -> String {
    dataDirectory.appendingPathComponent("osm/\(name)").path
  }

  static func bytes(_ path: String) -> [UInt8] {
    (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))) ?? []
  }
}

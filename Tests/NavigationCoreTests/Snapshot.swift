import Foundation
import Testing

/// Text snapshots: recorded when `SNAPSHOT_RECORD=1`, compared otherwise.
enum Snapshot {
  static let folder: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Snapshots")

  static func assert(
    _ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let url = folder.appendingPathComponent(name + ".txt")
    if ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1" {
      try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      do { try text.write(to: url, atomically: true, encoding: .utf8) } catch {
        Issue.record("could not record \(name): \(error)", sourceLocation: sourceLocation)
      }
      return
    }
    guard let recorded = try? String(contentsOf: url, encoding: .utf8) else {
      Issue.record(
        "no snapshot \(name); run with SNAPSHOT_RECORD=1", sourceLocation: sourceLocation)
      return
    }
    if recorded != text {
      let a = recorded.split(separator: "\n", omittingEmptySubsequences: false)
      let b = text.split(separator: "\n", omittingEmptySubsequences: false)
      let n = zip(a, b).prefix { $0 == $1 }.count
      let was = n < a.count ? String(a[n]) : "<end>"
      let now = n < b.count ? String(b[n]) : "<end>"
      Issue.record(
        "snapshot \(name) differs at line \(n + 1):\n  recorded: \(was)\n  actual:   \(now)",
        sourceLocation: sourceLocation)
    }
  }
}

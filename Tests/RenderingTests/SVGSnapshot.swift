import Foundation
import Rendering
import Testing

/// Golden SVG files under `Snapshots/`, compared with every number rounded to one decimal
/// so that float noise does not change the text. `SNAPSHOT_RECORD=1` rewrites them (never
/// in CI).
enum SVGSnapshot {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Snapshots")

  /// The SVG text as the snapshots hold it (see `SVGSnapshotText`).
  static func normalize(_ data: Data) -> String { SVGSnapshotText.normalized(data) }

  static func assertMatches(
    _ data: Data, named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let file = directory.appendingPathComponent("\(name).svg")
    let actual = normalize(data)
    if ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1" {
      try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try? Data(actual.utf8).write(to: file)
      return
    }
    guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
      Issue.record(
        "no snapshot \(file.path); record with SNAPSHOT_RECORD=1", sourceLocation: sourceLocation)
      return
    }
    if expected != actual {
      let failed = URL(fileURLWithPath: NSTemporaryDirectory())
        .appendingPathComponent("\(name).actual.svg")
      try? Data(actual.utf8).write(to: failed)
      Issue.record(
        "\(name).svg differs from the snapshot; actual written to \(failed.path)",
        sourceLocation: sourceLocation)
    }
  }
}

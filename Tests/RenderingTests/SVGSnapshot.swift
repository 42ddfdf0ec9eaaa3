import Foundation
import Rendering
import SharedTestData
import Testing

/// Golden SVG files under `Snapshots/`, compared with every number rounded to one decimal
/// so that float noise does not change the text. `SNAPSHOT_RECORD=1` rewrites them (and the
/// recording run records an issue, so it never passes silently; never in CI).
enum SVGSnapshot {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Snapshots")

  /// The SVG text as the snapshots hold it (see `SVGSnapshotText`).
  static func normalize(_ data: Data) -> String { SVGSnapshotText.normalized(data) }

  static func assertMatches(
    _ data: Data, named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    Snapshot.assertText(
      normalize(data), matches: directory.appendingPathComponent("\(name).svg"),
      recording: Snapshot.isSet("SNAPSHOT_RECORD"), recordHint: "SNAPSHOT_RECORD=1",
      keepingActualAs: "\(name).actual.svg", sourceLocation: sourceLocation)
  }
}

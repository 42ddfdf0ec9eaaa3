import Foundation
import SharedTestData
import Testing

/// Compares text with a snapshot file in `Snapshots/` next to this file (see `Snapshot`).
///
/// With `NAVUI_RECORD_SNAPSHOTS=1` in the environment the file is (re)written and the test
/// records an issue saying so, so a recording run never passes silently.
func assertSnapshot(
  _ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  Snapshot.assertText(
    text,
    matches: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Snapshots/\(name).txt"),
    recording: Snapshot.isSet("NAVUI_RECORD_SNAPSHOTS"), recordHint: "NAVUI_RECORD_SNAPSHOTS=1",
    sourceLocation: sourceLocation)
}

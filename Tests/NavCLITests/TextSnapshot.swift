import Foundation
import Testing

/// Compares text with a snapshot file in `Snapshots/` next to this file.
///
/// With `NAVUI_RECORD_SNAPSHOTS=1` in the environment the file is (re)written and the test
/// records an issue saying so, so a recording run never passes silently.
func assertSnapshot(
  _ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Snapshots/\(name).txt")
  if ProcessInfo.processInfo.environment["NAVUI_RECORD_SNAPSHOTS"] == "1" {
    try? FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? Data(text.utf8).write(to: url)
    Issue.record("recorded snapshot \(name)", sourceLocation: sourceLocation)
    return
  }
  guard let data = try? Data(contentsOf: url) else {
    Issue.record(
      "no snapshot \(url.path); run with NAVUI_RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
    return
  }
  #expect(text == String(decoding: data, as: UTF8.self), sourceLocation: sourceLocation)
}

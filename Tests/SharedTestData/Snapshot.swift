import Foundation
import Testing

/// Golden text files for the test targets (help screens, frame trees, SVG frames): one
/// comparison, so a recording run, a missing file and a mismatch are reported alike
/// everywhere.
public enum Snapshot {
  /// Compares `actual` with the file at `url`.
  ///
  /// When `recording`, the file is (re)written and an issue says so, so a recording run
  /// never passes silently. A missing file is an issue naming `recordHint` (how to record
  /// it). On a mismatch, with `actualName` the actual text is written to the temporary
  /// folder under that name and the issue says where; without it the two texts are compared
  /// with `#expect`, which shows both.
  public static func assertText(
    _ actual: String, matches url: URL, recording: Bool, recordHint: String,
    keepingActualAs actualName: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    if recording {
      try? FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try? Data(actual.utf8).write(to: url)
      Issue.record("recorded \(url.path)", sourceLocation: sourceLocation)
      return
    }
    guard let data = try? Data(contentsOf: url) else {
      Issue.record(
        "no snapshot \(url.path); record with \(recordHint)", sourceLocation: sourceLocation)
      return
    }
    let expected = String(decoding: data, as: UTF8.self)
    guard let actualName else {
      #expect(actual == expected, sourceLocation: sourceLocation)
      return
    }
    if expected != actual {
      let failed = URL(fileURLWithPath: NSTemporaryDirectory())
        .appendingPathComponent(actualName)
      try? Data(actual.utf8).write(to: failed)
      Issue.record(
        "\(url.lastPathComponent) differs from the snapshot; actual written to \(failed.path)",
        sourceLocation: sourceLocation)
    }
  }

  /// Compares `text` with `Snapshots/<name>.txt` beside the calling test file (`file`, the
  /// caller's `#filePath` by default); `NAVUI_RECORD_SNAPSHOTS=1` (re)writes it.
  public static func assertText(
    _ text: String, named name: String, besides file: StaticString = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    assertText(
      text,
      matches: URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
        .appendingPathComponent("Snapshots/\(name).txt"),
      recording: isSet("NAVUI_RECORD_SNAPSHOTS"), recordHint: "NAVUI_RECORD_SNAPSHOTS=1",
      sourceLocation: sourceLocation)
  }

  /// Whether the environment variable `name` is `1`.
  public static func isSet(_ name: String) -> Bool {
    ProcessInfo.processInfo.environment[name] == "1"
  }
}

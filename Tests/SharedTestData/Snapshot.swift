import Foundation
import Testing

/// Where a test target's golden files are: the copy SwiftPM puts in the target's resource
/// bundle (read) and the folder in the package's source tree (written when recording).
///
/// A test target declares `resources: [.copy("Snapshots")]` and makes one with
/// `SnapshotFolder(bundle: .module, target: "DemoTests")`.
public struct SnapshotFolder: Sendable {
  /// The goldens as built into the test bundle.
  public let stored: URL
  /// `Tests/<target>/<folder>` under the package root, where a recording run writes.
  public let source: URL

  /// The folder `folder` of test target `target`, read from `bundle`.
  public init(bundle: Bundle, target: String, folder: String = "Snapshots") {
    stored = (bundle.resourceURL ?? bundle.bundleURL).appendingPathComponent(folder)
    source = SharedTestData.packageRoot.appendingPathComponent("Tests/\(target)/\(folder)")
  }

  /// The stored file `relative`.
  public func url(_ relative: String) -> URL { stored.appendingPathComponent(relative) }
}

/// Golden text files for the test targets (help screens, frame trees, SVG frames): one
/// comparison, so a recording run, a missing file and a mismatch are reported alike
/// everywhere. One environment variable records every golden of the package:
/// `NAVUI_RECORD_SNAPSHOTS=1 swift test` (run from the package's folder).
public enum Snapshot {
  /// The environment variable that turns comparisons into recordings.
  public static let recordVariable = "NAVUI_RECORD_SNAPSHOTS"

  /// Whether this run records goldens instead of comparing them.
  public static var recording: Bool { isSet(recordVariable) }

  /// Compares `actual` with the golden `relative` of `folder`.
  ///
  /// When recording, the source tree's file is (re)written and an issue says so, so a
  /// recording run never passes silently. A missing file is an issue saying how to record it.
  /// On a mismatch, with `actualName` the actual text is written to the temporary folder under
  /// that name and the issue says where; without it the two texts are compared with
  /// `#expect`, which shows both.
  public static func assertText(
    _ actual: String, file relative: String, in folder: SnapshotFolder,
    keepingActualAs actualName: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    if recording {
      let url = folder.source.appendingPathComponent(relative)
      do {
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(actual.utf8).write(to: url)
        Issue.record("recorded \(url.path)", sourceLocation: sourceLocation)
      } catch {
        Issue.record("could not record \(url.path): \(error)", sourceLocation: sourceLocation)
      }
      return
    }
    let url = folder.url(relative)
    guard let data = try? Data(contentsOf: url) else {
      Issue.record(
        "no snapshot \(url.path); record with \(recordVariable)=1",
        sourceLocation: sourceLocation)
      return
    }
    let expected = String(decoding: data, as: UTF8.self)
    guard let actualName else {
      if expected != actual { reportFirstDifference(expected, actual, relative, sourceLocation) }
      return
    }
    if expected != actual {
      let failed = URL(fileURLWithPath: NSTemporaryDirectory())
        .appendingPathComponent(actualName)
      try? Data(actual.utf8).write(to: failed)
      Issue.record(
        "\(relative) differs from the snapshot; actual written to \(failed.path)",
        sourceLocation: sourceLocation)
    }
  }

  /// Compares `text` with `<name>.txt` of `folder`.
  public static func assertText(
    _ text: String, named name: String, in folder: SnapshotFolder,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    assertText(text, file: "\(name).txt", in: folder, sourceLocation: sourceLocation)
  }

  /// Whether the environment variable `name` is `1`.
  public static func isSet(_ name: String) -> Bool {
    ProcessInfo.processInfo.environment[name] == "1"
  }

  /// One issue naming the first line that differs, with both versions of it.
  static func reportFirstDifference(
    _ expected: String, _ actual: String, _ name: String, _ sourceLocation: SourceLocation
  ) {
    let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let n = zip(a, b).prefix { $0 == $1 }.count
    let was = n < a.count ? String(a[n]) : "<end>"
    let now = n < b.count ? String(b[n]) : "<end>"
    Issue.record(
      "snapshot \(name) differs at line \(n + 1):\n  recorded: \(was)\n  actual:   \(now)",
      sourceLocation: sourceLocation)
  }
}

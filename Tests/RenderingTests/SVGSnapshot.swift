import Foundation
import Testing

/// Golden SVG files under `Snapshots/`, compared with every number rounded to one decimal
/// so that float noise does not change the text. `SNAPSHOT_RECORD=1` rewrites them (never
/// in CI).
enum SVGSnapshot {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Snapshots")

  /// The SVG text with numbers rounded to one decimal (and `-0` as `0`).
  static func normalize(_ data: Data) -> String {
    let text = String(decoding: data, as: UTF8.self)
    var out = ""
    out.reserveCapacity(text.utf8.count)
    var number = ""
    func flush() {
      guard !number.isEmpty else { return }
      if number.contains("."), let value = Double(number) {
        var rounded = String(format: "%.1f", value)
        if rounded == "-0.0" { rounded = "0.0" }
        out += rounded
      } else {
        out += number
      }
      number = ""
    }
    for ch in text {
      if ch.isASCII, ch.isNumber || ch == "." || (ch == "-" && number.isEmpty) {
        number.append(ch)
      } else {
        flush()
        out.append(ch)
      }
    }
    flush()
    return out
  }

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

import Foundation
import Rendering
import SharedTestData
import Testing

/// Golden SVG files under `Snapshots/`, compared with every number rounded to one decimal
/// so that float noise does not change the text. `NAVUI_RECORD_SNAPSHOTS=1` rewrites them (and the
/// recording run records an issue, so it never passes silently; never in CI).
enum SVGSnapshot {
  /// This target's golden files (`Snapshots/`, built into the test bundle).
  static let folder = SnapshotFolder(bundle: .module, target: "RenderingTests")

  /// The SVG text as the snapshots hold it (see `SVGSnapshotText`).
  static func normalize(_ data: Data) -> String { SVGSnapshotText.normalized(data) }

  static func assertMatches(
    _ data: Data, named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    Snapshot.assertText(
      normalize(data), file: "\(name).svg", in: folder,
      keepingActualAs: "\(name).actual.svg", sourceLocation: sourceLocation)
  }
}

import Demo
import Foundation
import SharedTestData
import Testing
import ViewKit

/// Text snapshots of where each layout puts the navigation UI, on every device, left to right
/// and right to left, with a prompt on screen (t = 13 s).
@MainActor
@Suite struct FrameTreeSnapshotTests {
  nonisolated static let cases: [(DemoConfiguration.Layout, DemoConfiguration.Device)] =
    DemoConfiguration.Layout.allCases.flatMap { layout in
      DemoConfiguration.Device.allCases.map { (layout, $0) }
    }

  /// The map view's visible subviews (and their visible subviews) with window frames.
  static func frameTree(_ session: DemoSession) -> String {
    session.window.layoutIfNeeded()
    var lines: [String] = []
    func walk(_ view: UIView, depth: Int) {
      for subview in view.subviews where !subview.isHidden && subview.alpha > 0.01 {
        let frame = subview.convert(subview.bounds, to: nil)
        let name = subview.accessibilityIdentifier ?? "\(type(of: subview))"
        lines.append(
          String(repeating: "  ", count: depth)
            + String(
              format: "%@ %.1f %.1f %.1f %.1f", name, frame.minX, frame.minY, frame.width,
              frame.height))
        if depth < 1 { walk(subview, depth: depth + 1) }
      }
    }
    walk(session.mapView, depth: 0)
    return lines.joined(separator: "\n") + "\n"
  }

  @Test(arguments: cases)
  func frameTreeMatchesSnapshot(
    layout: DemoConfiguration.Layout, device: DemoConfiguration.Device
  ) throws {
    for locale in ["en", "ar"] {
      let session = try FrameGoldenTests.session(layout, device, locale: locale)
      let direction = locale == "ar" ? "rtl" : "ltr"
      assertSnapshot(
        Self.frameTree(session), named: "\(layout.rawValue)-\(device.rawValue)-\(direction)")
    }
  }
}

/// Compares text with `Snapshots/<name>.txt` next to this file (see `Snapshot`);
/// `NAVUI_RECORD_SNAPSHOTS=1` (re)writes it.
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

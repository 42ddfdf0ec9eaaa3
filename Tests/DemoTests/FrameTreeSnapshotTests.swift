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
      Snapshot.assertText(
        Self.frameTree(session), named: "\(layout.rawValue)-\(device.rawValue)-\(direction)",
        in: FrameGoldenTests.folder)
    }
  }
}

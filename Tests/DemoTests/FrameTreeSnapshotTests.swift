import Demo
import Foundation
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
      var configuration = DemoConfiguration()
      configuration.layout = layout
      configuration.size = device.size
      configuration.safeArea = device.safeArea
      configuration.locale = locale
      let session = try DemoSession(configuration: configuration)
      session.advance(to: 13)
      let direction = locale == "ar" ? "rtl" : "ltr"
      assertSnapshot(
        Self.frameTree(session), named: "\(layout.rawValue)-\(device.rawValue)-\(direction)")
    }
  }
}

/// Compares text with `Snapshots/<name>.txt` next to this file; `NAVUI_RECORD_SNAPSHOTS=1`
/// (re)writes it and records an issue so a recording run never passes silently.
func assertSnapshot(
  _ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Snapshots/\(name).txt")
  if ProcessInfo.processInfo.environment["NAVUI_RECORD_SNAPSHOTS"] == "1" {
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

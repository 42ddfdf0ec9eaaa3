import Demo
import Foundation
import NavigationUITesting
import Rendering
import SharedTestData
import Testing
import ViewKit

/// Golden pictures of demo frames.
///
/// - SVG: every built-in layout on every device, left to right (`en`) and right to left
///   (`ar`), at t = 13 s (a prompt on screen), under `Snapshots/svg/`. They draw the views
///   only — no base map under them — so each file stays small (the map alone is hundreds of
///   kilobytes of paths and is covered by the Rendering module's own map snapshot). Numbers
///   are rounded to one decimal before comparing and Cairo's glyph identifiers are
///   renumbered by the renderer, so float noise does not change the text.
/// - PNG: the default session's frame with the map at scale 1, decoded and compared pixel by
///   pixel with `Snapshots/png/sample-phone-ltr.png` within a tolerance.
///
/// Regenerate after an intended change with
/// `NAVUI_RECORD_SNAPSHOTS=1 swift test --filter FrameGoldenTests` (each rewritten file is
/// reported as an issue, so a recording run never passes silently), then look at the
/// pictures before committing them.
@MainActor
@Suite struct FrameGoldenTests {
  nonisolated static let cases: [(DemoConfiguration.Layout, DemoConfiguration.Device)] =
    DemoConfiguration.Layout.allCases.flatMap { layout in
      DemoConfiguration.Device.allCases.map { (layout, $0) }
    }

  /// This target's golden files (`Snapshots/`, built into the test bundle).
  static let folder = SnapshotFolder(bundle: .module, target: "DemoTests")

  static var updating: Bool { Snapshot.recording }

  static func session(
    _ layout: DemoConfiguration.Layout, _ device: DemoConfiguration.Device, locale: String
  ) throws -> DemoSession {
    var configuration = DemoConfiguration()
    configuration.layout = layout
    configuration.size = device.size
    configuration.safeArea = device.safeArea
    configuration.locale = locale
    let session = try DemoSession(configuration: configuration)
    session.advance(to: 13)
    return session
  }

  @Test(arguments: cases)
  func svgFrameMatchesGolden(
    layout: DemoConfiguration.Layout, device: DemoConfiguration.Device
  ) throws {
    for locale in ["en", "ar"] {
      let session = try Self.session(layout, device, locale: locale)
      let svg = try Renderer().svg(window: session.window, at: session.clock.now)
      let name = "\(layout.rawValue)-\(device.rawValue)-\(locale == "ar" ? "rtl" : "ltr")"
      Self.assertSVG(svg, named: name)
    }
  }

  /// The check itself fails on a changed picture.
  @Test func svgComparisonCatchesAChange() throws {
    let session = try Self.session(.sample, .phone, locale: "en")
    let golden = try String(
      contentsOf: Self.folder.url("svg/sample-phone-ltr.svg"),
      encoding: .utf8)
    session.advance(to: 40)
    let later = Self.normalize(try Renderer().svg(window: session.window, at: session.clock.now))
    #expect(later != golden)
  }

  @Test func pngFrameMatchesGoldenWithinTolerance() throws {
    let session = try Self.session(.sample, .phone, locale: "en")
    let png = try Renderer(scale: 1).png(
      window: session.window, at: session.clock.now, map: try session.mapLayer())
    let url = Self.folder.url("png/sample-phone-ltr.png")
    if Self.updating {
      let url = Self.folder.source.appendingPathComponent("png/sample-phone-ltr.png")
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      // zlib-compressed: the golden is kept small.
      try Renderer(scale: 1, pngCompression: .balanced).png(
        window: session.window, at: session.clock.now, map: try session.mapLayer()
      ).write(to: url)
      Issue.record("recorded \(url.path)")
      return
    }
    let golden = try RasterImage(png: try Data(contentsOf: url))
    let actual = try RasterImage(png: png)
    let comparison = try #require(ImageDifference(actual, golden, channelTolerance: 24))
    if comparison.differingFraction > 0.002 {
      let failed = URL(fileURLWithPath: NSTemporaryDirectory())
        .appendingPathComponent("sample-phone-ltr.actual.png")
      try? png.write(to: failed)
      Issue.record("\(comparison); actual written to \(failed.path)")
    }
    // The comparison is not blind: a frame 30 s later differs well beyond the tolerance.
    session.advance(to: 43)
    let later = try RasterImage(
      png: try Renderer(scale: 1).png(
        window: session.window, at: session.clock.now, map: try session.mapLayer()))
    let moved = try #require(ImageDifference(later, golden, channelTolerance: 24))
    #expect(moved.differingFraction > 0.05, "\(moved)")
  }

  // MARK: - Helpers

  static func assertSVG(
    _ data: Data, named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    Snapshot.assertText(
      normalize(data), file: "svg/\(name).svg", in: folder,
      keepingActualAs: "\(name).actual.svg", sourceLocation: sourceLocation)
  }

  /// The SVG text as the goldens hold it (see `SVGSnapshotText`).
  static func normalize(_ data: Data) -> String { SVGSnapshotText.normalized(data) }
}

import Foundation
import Testing
import ViewKit

@testable import Rendering

/// Labels draw the lines they measured, aligned and truncated as UIKit draws them, in both
/// directions.
@MainActor
@Suite struct LabelRenderingTests {
  private func window(_ label: UILabel) -> UIWindow {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 80), clock: ManualClock())
    window.backgroundColor = .white
    window.addSubview(label)
    return window
  }

  private func label(_ text: String, frame: CGRect, lines: Int = 1) -> UILabel {
    let label = UILabel(frame: frame)
    label.text = text
    label.numberOfLines = lines
    label.font = .systemFont(ofSize: 14)
    return label
  }

  /// The leftmost and rightmost columns (in points) with dark pixels.
  private func inkColumns(_ image: RasterImage) -> ClosedRange<Int>? {
    var columns: [Int] = []
    for x in 0..<image.width {
      for y in 0..<image.height {
        if let p = image.pixel(x: x, y: y), p.red < 128 {
          columns.append(x)
          break
        }
      }
    }
    guard let first = columns.first, let last = columns.last else { return nil }
    return first...last
  }

  @Test(arguments: [
    ("Quai Albert 1er et Boulevard Louis II jusqu'au Casino de Monte-Carlo", 0),
    ("شارع مونت كارلو من الميناء حتى الكازينو في موناكو", 0),
    ("ถนนมอนติคาร์โลจากท่าเรือไปยังคาสิโนในโมนาโก", 2),
    ("摩納哥蒙地卡羅大道從港口到賭場", 3),
  ])
  func drawnLinesAreTheMeasuredLines(text: String, lines: Int) {
    let label = label(text, frame: CGRect(x: 0, y: 0, width: 120, height: 400), lines: lines)
    _ = window(label)
    let measured = label.textLayout?.lines.map { [$0.utf8Start, $0.utf8Length] } ?? []
    let drawn = LabelPainter.shared.lineRanges(label).map { [$0.start, $0.length] }
    #expect(drawn == measured)
    #expect(drawn.count > 1)
  }

  /// The ink a label draws lies within the size it measured (the drawn layout is the
  /// measured one by construction), for Latin, Arabic and Chinese, on one line and wrapped.
  @Test(arguments: [
    ("Boulevard Louis II", 1),
    ("شارع مونت كارلو", 1),
    ("摩納哥蒙地卡羅大道", 1),
    ("Quai Albert 1er et Boulevard Louis II jusqu'au Casino de Monte-Carlo", 0),
    ("شارع مونت كارلو من الميناء حتى الكازينو في موناكو", 0),
    ("摩納哥蒙地卡羅大道從港口到賭場", 0),
  ])
  func drawnInkLiesWithinTheMeasuredSize(text: String, lines: Int) throws {
    let label = label(text, frame: .zero, lines: lines)
    let measured = label.sizeThatFits(CGSize(width: 120, height: 1000))
    label.frame = CGRect(origin: .zero, size: measured)
    _ = window(label)
    let ink = try #require(LabelPainter.shared.drawnInkBox(label))
    // A glyph's ink may overhang its advance by a little (the hook of a "j" opening a line
    // reaches 0.8 pt left of it), as on iOS; a line wrapped elsewhere goes far beyond.
    let allowed = CGRect(origin: .zero, size: measured).insetBy(dx: -1, dy: -1)
    #expect(allowed.contains(ink), "ink \(ink) outside the measured \(measured)")
    // Wide enough to matter: most of the measured width is inked.
    #expect(ink.width > measured.width / 2)
    if lines == 0 { #expect(LabelPainter.shared.lineRanges(label).count > 1) }
  }

  @Test func naturalAlignmentFollowsTheTextDirection() throws {
    let ltr = label("Monaco", frame: CGRect(x: 0, y: 0, width: 200, height: 80))
    let ltrInk = try #require(inkColumns(try Renderer().raster(window: window(ltr))))
    #expect(ltrInk.lowerBound < 10 && ltrInk.upperBound < 100)
    let rtl = label("موناكو", frame: CGRect(x: 0, y: 0, width: 200, height: 80))
    let rtlInk = try #require(inkColumns(try Renderer().raster(window: window(rtl))))
    #expect(rtlInk.upperBound > 190 && rtlInk.lowerBound > 100)
  }

  /// In a right-to-left layout natural alignment is right-aligned whatever the script, as
  /// UIKit does: Latin street names in an Arabic screen sit on the right (one line and
  /// wrapped); explicit left stays left.
  @Test func naturalAlignmentFollowsARightToLeftLayout() throws {
    let latin = label("Monaco", frame: CGRect(x: 0, y: 0, width: 200, height: 80))
    let screen = window(latin)
    screen.semanticContentAttribute = .forceRightToLeft
    let ink = try #require(inkColumns(try Renderer().raster(window: screen)))
    #expect(ink.upperBound > 190 && ink.lowerBound > 100, "\(ink)")

    let wrapped = label(
      "Boulevard Louis II", frame: CGRect(x: 0, y: 0, width: 200, height: 80), lines: 2)
    let wrappedScreen = window(wrapped)
    wrappedScreen.semanticContentAttribute = .forceRightToLeft
    let wrappedInk = try #require(inkColumns(try Renderer().raster(window: wrappedScreen)))
    #expect(wrappedInk.upperBound > 190 && wrappedInk.lowerBound > 50, "\(wrappedInk)")

    let left = label("Monaco", frame: CGRect(x: 0, y: 0, width: 200, height: 80))
    left.textAlignment = .left
    let leftScreen = window(left)
    leftScreen.semanticContentAttribute = .forceRightToLeft
    let leftInk = try #require(inkColumns(try Renderer().raster(window: leftScreen)))
    #expect(leftInk.lowerBound < 10)
  }

  @Test func explicitSidesDoNotFlipForRightToLeftText() throws {
    let rtl = label("موناكو", frame: CGRect(x: 0, y: 0, width: 200, height: 80))
    rtl.textAlignment = .left
    let ink = try #require(inkColumns(try Renderer().raster(window: window(rtl))))
    #expect(ink.lowerBound < 10)
    let centered = label("Monaco", frame: CGRect(x: 0, y: 0, width: 200, height: 80))
    centered.textAlignment = .center
    let middle = try #require(inkColumns(try Renderer().raster(window: window(centered))))
    #expect(abs((middle.lowerBound + middle.upperBound) / 2 - 100) <= 3)
  }

  @Test func oneLineLabelsTruncateAtTheirWidth() throws {
    let long = label(
      "Boulevard Princesse Charlotte", frame: CGRect(x: 0, y: 0, width: 100, height: 80))
    let ink = try #require(inkColumns(try Renderer().raster(window: window(long))))
    // Ellipsized inside the label: ink stays within its 100 points, close to the end.
    #expect(ink.upperBound < 100 && ink.upperBound > 80)
    let drawn = LabelPainter.shared.lineRanges(long)
    #expect(drawn.count == 1)
  }

  @Test func shortLabelsShowOnlyTheLinesThatFit() {
    let text = "Quai Albert 1er et Boulevard Louis II jusqu'au Casino de Monte-Carlo"
    let short = label(text, frame: CGRect(x: 0, y: 0, width: 120, height: 24), lines: 0)
    _ = window(short)
    #expect(LabelPainter.shared.lineRanges(short).count == 1)
  }
}

/// A label's layout is kept between frames: a change to anything it depends on draws anew,
/// an unchanged label draws the same pixels.
@MainActor
@Suite struct KeptLabelLayoutTests {
  @Test func changesBetweenFramesAreDrawn() throws {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 220, height: 60), clock: ManualClock())
    window.backgroundColor = .white
    let label = UILabel(frame: CGRect(x: 10, y: 10, width: 200, height: 40))
    label.text = "Avenue de Monte-Carlo"
    label.font = .systemFont(ofSize: 14)
    window.addSubview(label)
    let renderer = Renderer(scale: 1)
    LabelPainter.shared.forgetPreparedLayouts()
    var pictures: [Data] = [try renderer.png(window: window)]
    // The same label again: the same picture.
    let again = try renderer.png(window: window) == pictures[0]
    #expect(again)
    let changes: [(UILabel) -> Void] = [
      { $0.text = "Avenue de Monte-Carlo!" },
      { $0.font = .systemFont(ofSize: 15) },
      { $0.font = .systemFont(ofSize: 15, weight: .bold) },
      { $0.textAlignment = .center },
      { $0.frame.size.width = 120 },
      { $0.lineBreakMode = .byTruncatingHead },
      {
        $0.numberOfLines = 2
        $0.lineBreakMode = .byWordWrapping
      },
      {
        $0.textAlignment = .natural
        $0.semanticContentAttribute = .forceRightToLeft
      },
      { $0.isEnabled = false },
    ]
    for change in changes {
      change(label)
      // Drawn with the kept layouts, then afresh: the same picture.
      let kept = try renderer.png(window: window)
      LabelPainter.shared.forgetPreparedLayouts()
      let fresh = try renderer.png(window: window)
      let same = kept == fresh
      #expect(same, "a kept layout drew a stale label")
      #expect(!pictures.contains(kept), "a change drew an earlier picture")
      pictures.append(kept)
    }
  }
}

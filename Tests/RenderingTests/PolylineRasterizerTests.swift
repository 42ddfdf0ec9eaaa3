import CCairo
import Foundation
import NavigationCore
import Testing

@testable import Rendering

/// Lines scan converted by our own code (PolylineRasterizer), checked by pixels against the
/// colours they must have and against Cairo drawing the same.
@Suite struct PolylineRasterizerTests {
  /// An ARGB32 surface of `width` × `height` painted white.
  static func surface(_ width: Int, _ height: Int) -> OpaquePointer {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
    let cr = cairo_create(surface)!
    cairo_set_source_rgb(cr, 1, 1, 1)
    cairo_paint(cr)
    cairo_destroy(cr)
    return surface
  }

  /// The pixel's channels (red, green, blue, alpha), premultiplied.
  static func pixel(_ surface: OpaquePointer, _ x: Int, _ y: Int) -> (Int, Int, Int, Int) {
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    let p = UnsafeRawPointer(cairo_image_surface_get_data(surface)! + y * stride)
      .assumingMemoryBound(to: UInt32.self)[x]
    return (Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF), Int(p >> 24))
  }

  /// Strokes a line with our rasterizer into `surface` under a clip of rows `rows`.
  static func stroke(
    _ surface: OpaquePointer, _ points: [(Double, Double)], width: Double, color: RGBA,
    spans: [MapStrokeSpan] = [], rows: Range<Int>? = nil
  ) throws {
    let cr = cairo_create(surface)!
    defer { cairo_destroy(cr) }
    if let rows {
      cairo_rectangle(
        cr, 0, Double(rows.lowerBound), Double(cairo_image_surface_get_width(surface)),
        Double(rows.count))
      cairo_clip(cr)
    }
    let rasterizer = try #require(PolylineRasterizer(cr))
    rasterizer.stroke(points, width: width, color: color, spans: spans)
  }

  static let red = RGBA(hex: 0xFF0000)
  static let blue = RGBA(hex: 0x0000FF)

  @Test func aGradientSpanHasItsColoursAtItsEndsAndMiddle() throws {
    let surface = Self.surface(200, 40)
    defer { cairo_surface_destroy(surface) }
    try Self.stroke(
      surface, [(10, 20), (190, 20)], width: 10, color: Self.blue,
      spans: [MapStrokeSpan(from: Self.red, to: Self.blue, segments: 1)])
    let start = Self.pixel(surface, 12, 20)
    let middle = Self.pixel(surface, 100, 20)
    let end = Self.pixel(surface, 188, 20)
    #expect(start.0 > 245 && start.2 < 10, "start \(start)")
    #expect(abs(middle.0 - 128) <= 2 && abs(middle.2 - 127) <= 2 && middle.1 == 0, "\(middle)")
    #expect(end.2 > 245 && end.0 < 10, "end \(end)")
    // Its width: covered 4 pixels from the middle, white 6 pixels away.
    #expect(Self.pixel(surface, 100, 16) == middle)
    #expect(Self.pixel(surface, 100, 26) == (255, 255, 255, 255))
    // Round caps: 5 pixels past the ends, nothing beyond.
    #expect(Self.pixel(surface, 7, 20).1 < 200)
    #expect(Self.pixel(surface, 3, 20) == (255, 255, 255, 255))
  }

  @Test func aSolidLineCoversWhatCairosStrokeCovers() throws {
    let points = [(12.3, 30.7), (150.2, 18.4), (90.6, 110.1), (180.5, 95.2)]
    let ours = Self.surface(200, 130)
    let cairo = Self.surface(200, 130)
    defer {
      cairo_surface_destroy(ours)
      cairo_surface_destroy(cairo)
    }
    try Self.stroke(ours, points, width: 7, color: Self.blue)
    let cr = cairo_create(cairo)!
    cairo_set_antialias(cr, CAIRO_ANTIALIAS_FAST)
    cairo_set_line_width(cr, 7)
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
    cairo_move_to(cr, points[0].0, points[0].1)
    for p in points.dropFirst() { cairo_line_to(cr, p.0, p.1) }
    cairo_set_source_rgb(cr, 0, 0, 1)
    cairo_stroke(cr)
    cairo_destroy(cr)
    // The same ink within 2 % (Cairo's round parts are polygons inside the circles); no
    // pixel off by more than 4 of the 16 levels of Cairo's 4 × 4 samples.
    var inkOurs = 0
    var inkCairo = 0
    var worst = 0
    for y in 0..<130 {
      for x in 0..<200 {
        let a = 255 - Self.pixel(ours, x, y).0
        let b = 255 - Self.pixel(cairo, x, y).0
        inkOurs += a
        inkCairo += b
        worst = max(worst, abs(a - b))
      }
    }
    #expect(abs(inkOurs - inkCairo) < inkCairo / 50, "ink \(inkOurs) against \(inkCairo)")
    #expect(worst <= 64, "worst pixel differs by \(worst)")
  }

  @Test func aTranslucentLineIsOneStrokeOverItselfAndASecondStrokeOverAnother() throws {
    let surface = Self.surface(120, 120)
    defer { cairo_surface_destroy(surface) }
    try Self.stroke(surface, [(10, 60), (110, 60)], width: 10, color: Self.red)
    // Down, back up over itself and across the red line: half-transparent blue.
    try Self.stroke(
      surface, [(40, 10), (40, 100), (40, 30)], width: 10, color: Self.blue.withAlpha(0.5))
    // Over white once (where it doubles back too): half blue.
    #expect(Self.pixel(surface, 40, 20) == (127, 127, 255, 255))
    #expect(Self.pixel(surface, 40, 45) == (127, 127, 255, 255))
    // Over the red line: half blue over red, as a second stroke.
    #expect(Self.pixel(surface, 40, 60) == (127, 0, 128, 255))
    #expect(Self.pixel(surface, 80, 60) == (255, 0, 0, 255))
  }

  @Test func bandsOfRowsDrawWhatOneClipDraws() throws {
    let points = [(5.5, 3.2), (115.1, 77.7), (20.4, 70.3)]
    let spans = [MapStrokeSpan(from: Self.red, to: Self.blue, segments: 1.5)]
    let whole = Self.surface(120, 80)
    let banded = Self.surface(120, 80)
    defer {
      cairo_surface_destroy(whole)
      cairo_surface_destroy(banded)
    }
    try Self.stroke(whole, points, width: 6, color: Self.blue, spans: spans)
    for band in stride(from: 0, to: 80, by: 17) {
      try Self.stroke(
        banded, points, width: 6, color: Self.blue, spans: spans, rows: band..<min(80, band + 17))
    }
    for y in 0..<80 {
      for x in 0..<120 {
        #expect(Self.pixel(whole, x, y) == Self.pixel(banded, x, y), "at \(x), \(y)")
      }
    }
  }
}

/// Lines drawn together, the opaque ones from the top down: what they leave out is exactly
/// what drawing every line in order covers.
@Suite struct PolylineStackTests {
  /// Lines across a 160 × 110 canvas: solid, graded (one across two stretches of colour),
  /// translucent and nearly flat ones, from a fixed seed.
  static func lines() -> [PolylineRasterizer.Line] {
    var random = SplitMix64(seed: 25)
    func unit() -> Double { Double(random.next() % 10_000) / 10_000 }
    return (0..<40).map { k in
      var points = (0..<6).map { _ in (unit() * 200 - 20, unit() * 150 - 20) }
      if k % 9 == 4 {
        // Nearly flat: rows wider than 64 pixels.
        points = [(3.3, 40 + unit() * 30), (157.1, 41 + unit() * 30), (20.2, 43 + unit() * 30)]
      }
      let color = RGBA(red: unit(), green: unit(), blue: unit(), alpha: k % 7 == 3 ? 0.5 : 1)
      let spans =
        k % 3 == 1
        ? [MapStrokeSpan(from: PolylineRasterizerTests.red, to: color, segments: 2.5)]
        : []
      return PolylineRasterizer.Line(
        points: points, width: 2 + unit() * 9, color: color, spans: spans)
    }
  }

  /// Draws `lines` into `surface` clipped to `rows`, together or one by one, under an opaque
  /// disc copied over them when `marker`.
  static func draw(
    _ surface: OpaquePointer, rows: Range<Int>, together: Bool, marker: OpaquePointer?
  ) throws {
    let cr = MarkerStackTests.band(surface, rows: rows)
    defer { cairo_destroy(cr) }
    let rasterizer = try #require(PolylineRasterizer(cr))
    if let marker, let opaque = OpaqueRows(surface: marker) {
      rasterizer.hide(under: opaque, x: 50, y: 30)
    }
    let lines = Self.lines()
    if together {
      rasterizer.stroke(lines: lines)
    } else {
      for line in lines {
        rasterizer.stroke(line.points, width: line.width, color: line.color, spans: line.spans)
      }
    }
    if let marker {
      cairo_set_source_surface(cr, marker, 50, 30)
      cairo_paint(cr)
    }
  }

  @Test(arguments: [CAIRO_FORMAT_RGB24, CAIRO_FORMAT_ARGB32], [false, true])
  func linesDrawnTogetherGiveWhatDrawingEachInOrderGives(
    format: cairo_format_t, marker: Bool
  ) throws {
    let disc = MarkerStackTests.disc(40, red: 0.7, alpha: 1)
    defer { cairo_surface_destroy(disc) }
    for rows in [0..<110, 17..<63] {
      let each = MarkerStackTests.background(format, 160, 110)
      let together = MarkerStackTests.background(format, 160, 110)
      defer {
        cairo_surface_destroy(each)
        cairo_surface_destroy(together)
      }
      try Self.draw(each, rows: rows, together: false, marker: marker ? disc : nil)
      try Self.draw(together, rows: rows, together: true, marker: marker ? disc : nil)
      var differing = 0
      for y in 0..<110 {
        for x in 0..<160
        where PolylineRasterizerTests.pixel(each, x, y)
          != PolylineRasterizerTests.pixel(together, x, y)
        {
          differing += 1
        }
      }
      #expect(differing == 0, "\(differing) pixels differ in rows \(rows)")
    }
  }
}

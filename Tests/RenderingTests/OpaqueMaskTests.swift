import CCairo
import Foundation
import Testing

@testable import Rendering

/// The mask of pixels opaque markers will cover, and opaque lines leaving those pixels
/// alone: checked bit by bit against the pictures and pixel by pixel against lines drawn
/// without it.
@Suite struct OpaqueMaskTests {
  /// A surface of `format` whose pixel at (x, y) is `pixel(x, y)` (premultiplied ARGB).
  static func surface(
    _ format: cairo_format_t, _ width: Int, _ height: Int, pixel: (Int, Int) -> UInt32
  ) -> OpaquePointer {
    let surface = cairo_image_surface_create(format, Int32(width), Int32(height))!
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = cairo_image_surface_get_data(surface)!
    for y in 0..<height {
      let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<width { row[x] = pixel(x, y) }
    }
    cairo_surface_mark_dirty(surface)
    return surface
  }

  /// A transparent ARGB32 surface with `opaque(x, y)` pixels opaque red, the others half
  /// transparent where `half(x, y)`.
  static func picture(
    _ width: Int, _ height: Int, opaque: (Int, Int) -> Bool,
    half: (Int, Int) -> Bool = { _, _ in false }
  ) -> OpaquePointer {
    surface(CAIRO_FORMAT_ARGB32, width, height) { x, y in
      opaque(x, y) ? 0xFFFF_0000 : half(x, y) ? 0x8080_0000 : 0
    }
  }

  /// A ring: opaque between radii 6 and 14 of the centre of a 40 × 30 picture, a half
  /// transparent fringe just outside.
  static func ring() -> OpaquePointer {
    func d(_ x: Int, _ y: Int) -> Double { hypot(Double(x) - 20, Double(y) - 15) }
    return picture(40, 30, opaque: { d($0, $1) >= 6 && d($0, $1) <= 14 }, half: { d($0, $1) < 15 })
  }

  @Test func aPicturesOpaquePixelsAreItsBits() throws {
    let surface = Self.picture(70, 3, opaque: { x, y in (x + y) % 3 == 0 }, half: { _, _ in true })
    defer { cairo_surface_destroy(surface) }
    let rows = try #require(OpaqueRows(surface: surface))
    #expect(rows.width == 70 && rows.height == 3 && rows.wordsPerRow == 2)
    for y in 0..<3 {
      for x in 0..<70 {
        let bit = rows.words[y * 2 + x / 64] >> UInt64(x % 64) & 1
        #expect(bit == ((x + y) % 3 == 0 ? 1 : 0), "at \(x), \(y)")
      }
    }
    let rgb = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 4, 4)!
    defer { cairo_surface_destroy(rgb) }
    #expect(OpaqueRows(surface: rgb) == nil)
  }

  @Test func placedAcrossWordsAndPastTheEdgesTheMaskCoversTheOpaquePixels() throws {
    let ring = Self.ring()
    defer { cairo_surface_destroy(ring) }
    let rows = try #require(OpaqueRows(surface: ring))
    // A canvas of columns 10..<160, rows 5..<45; rings at three places, one over its
    // top-left corner, one across a word boundary, one past its right and bottom edges.
    let mask = OpaqueMask.allocate(x0: 10, y0: 5, x1: 160, y1: 45)
    defer { mask.deallocate() }
    let places = [(-3, -7), (61, 9), (137, 27)]
    for (x, y) in places { #expect(mask.add(rows, x: x, y: y)) }
    #expect(!mask.add(rows, x: 200, y: 0), "off the canvas")
    mask.seal()
    func expected(_ x: Int, _ y: Int) -> Bool {
      places.contains { px, py in
        let (u, v) = (x - px, y - py)
        guard u >= 0, u < 40, v >= 0, v < 30 else { return false }
        let d = hypot(Double(u) - 20, Double(v) - 15)
        return d >= 6 && d <= 14
      }
    }
    for y in 5..<45 {
      for x in 10..<160 {
        #expect(mask.covers(y: y, x: x - 10) == expected(x, y), "at \(x), \(y)")
      }
      // Runs: the uncovered runs are exactly the pixels not covered.
      var free = Set<Int>()
      var at = 0
      while let (a, b) = mask.uncoveredRun(y: y, from: at, to: 150) {
        #expect(a < b && a >= at)
        free.formUnion(a..<b)
        at = b
      }
      #expect(free == Set((0..<150).filter { !expected($0 + 10, y) }), "row \(y)")
      // Whole stretches: covered when every pixel is.
      for (from, to) in [(0, 150), (60, 70), (63, 65), (120, 135), (140, 150)] {
        let all = (from..<to).allSatisfy { expected($0 + 10, y) }
        #expect(mask.covers(y: y, from: from, to: to) == all, "row \(y), \(from)..<\(to)")
      }
    }
    // Groups of eight rows: covered where all eight rows are.
    for y in stride(from: 5, to: 45, by: 8) {
      for (from, to) in [(70, 74), (76, 80), (0, 150)] {
        let all = (y..<y + 8).allSatisfy { r in (from..<to).allSatisfy { expected($0 + 10, r) } }
        #expect(mask.groupCovers(y: y, from: from, to: to) == all, "group \(y), \(from)..<\(to)")
      }
    }
  }

  @Test func coveredBitsReadColumnsOffTheCanvasAsCovered() throws {
    let ring = Self.ring()
    defer { cairo_surface_destroy(ring) }
    let rows = try #require(OpaqueRows(surface: ring))
    let mask = OpaqueMask.allocate(x0: 10, y0: 5, x1: 160, y1: 45)
    defer { mask.deallocate() }
    for (x, y) in [(-3, -7), (61, 9), (137, 27)] { mask.add(rows, x: x, y: y) }
    for y in [5, 12, 20, 31, 44] {
      for from in [-70, -64, -40, -1, 0, 1, 63, 64, 86, 87, 100, 149, 150, 200] {
        let bits = mask.coveredBits(y: y, from: from)
        for i in 0..<64 {
          let x = from + i
          let expected = x < 0 || x >= 150 || mask.covers(y: y, x: x)
          #expect((bits >> UInt64(i)) & 1 == (expected ? 1 : 0), "row \(y), column \(x)")
        }
      }
    }
  }

  @Test func opaqueLinesLeaveTheHiddenPixelsAndDrawTheRestAsWithoutTheMask() throws {
    let ring = Self.ring()
    defer { cairo_surface_destroy(ring) }
    let rows = try #require(OpaqueRows(surface: ring))
    let places = [(30, 20), (90, 44), (140, 70)]
    let points = [(5.3, 8.1), (190.2, 95.4), (12.7, 100.6), (150.1, 4.2)]
    let spans = [
      MapStrokeSpan(
        from: PolylineRasterizerTests.red, to: PolylineRasterizerTests.blue, segments: 2)
    ]
    for (color, spans) in [
      (PolylineRasterizerTests.blue, []), (PolylineRasterizerTests.blue, spans),
    ] {
      let plain = PolylineRasterizerTests.surface(200, 110)
      let masked = PolylineRasterizerTests.surface(200, 110)
      defer {
        cairo_surface_destroy(plain)
        cairo_surface_destroy(masked)
      }
      try PolylineRasterizerTests.stroke(plain, points, width: 9, color: color, spans: spans)
      let cr = cairo_create(masked)!
      let rasterizer = try #require(PolylineRasterizer(cr))
      for (x, y) in places { rasterizer.hide(under: rows, x: x, y: y) }
      rasterizer.stroke(points, width: 9, color: color, spans: spans)
      cairo_destroy(cr)
      var hiddenInk = 0
      for y in 0..<110 {
        for x in 0..<200 {
          let covered = places.contains { px, py in
            let (u, v) = (x - px, y - py)
            guard u >= 0, u < 40, v >= 0, v < 30 else { return false }
            let d = hypot(Double(u) - 20, Double(v) - 15)
            return d >= 6 && d <= 14
          }
          let a = PolylineRasterizerTests.pixel(masked, x, y)
          if covered {
            #expect(a == (255, 255, 255, 255), "hidden pixel drawn at \(x), \(y)")
            if PolylineRasterizerTests.pixel(plain, x, y) != a { hiddenInk += 1 }
          } else {
            #expect(a == PolylineRasterizerTests.pixel(plain, x, y), "at \(x), \(y)")
          }
        }
      }
      // The line does cross the rings (the test would prove nothing otherwise).
      #expect(hiddenInk > 100)
      // With the rings copied over both, the pictures are the same.
      for surface in [plain, masked] {
        let cr = cairo_create(surface)!
        for (x, y) in places {
          cairo_set_source_surface(cr, ring, Double(x), Double(y))
          cairo_paint(cr)
        }
        cairo_destroy(cr)
      }
      for y in 0..<110 {
        for x in 0..<200 {
          #expect(
            PolylineRasterizerTests.pixel(masked, x, y)
              == PolylineRasterizerTests.pixel(plain, x, y))
        }
      }
    }
  }
}

import CCairo
import Foundation
import NavigationCore
import Testing

@testable import Rendering

/// Markers sorted out from the top down: each copies only the pixels no opaque marker above
/// it covers, and the picture is the one copying every marker in order gives, bit for bit.
@Suite struct MarkerStackTests {
  /// A surface of `format` filled with a pattern of colours (what lies under the markers).
  static func background(_ format: cairo_format_t, _ width: Int, _ height: Int) -> OpaquePointer {
    OpaqueMaskTests.surface(format, width, height) { x, y in
      let v = UInt32((x * 7 + y * 13) % 256)
      // ARGB32: opaque where x + y is even, transparent elsewhere (a layer's raster).
      let clear = format == CAIRO_FORMAT_ARGB32 && (x + y) % 2 == 1
      return clear ? 0 : 0xFF00_0000 | v << 16 | (255 - v) << 8 | UInt32((x * y) % 256)
    }
  }

  /// A disc with an antialiased edge drawn by Cairo (opaque inside, translucent at its
  /// edge), `alpha` its colour's opacity.
  static func disc(_ size: Int, red: Double, alpha: Double) -> OpaquePointer {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size), Int32(size + 7))!
    let cr = cairo_create(surface)!
    cairo_set_source_rgba(cr, red, 0.3, 1 - red, alpha)
    let r = Double(size) / 2
    cairo_arc(cr, r, r, r - 0.6, 0, 2 * .pi)
    cairo_fill(cr)
    cairo_rectangle(cr, r - 2, r, 4, 7)
    cairo_fill(cr)
    cairo_destroy(cr)
    cairo_surface_flush(surface)
    return surface
  }

  /// The context of `surface` clipped to rows `rows` (a band of a parallel drawing).
  static func band(_ surface: OpaquePointer, rows: Range<Int>) -> OpaquePointer {
    let cr = cairo_create(surface)!
    cairo_rectangle(
      cr, 0, Double(rows.lowerBound), Double(cairo_image_surface_get_width(surface)),
      Double(rows.count))
    cairo_clip(cr)
    return cr
  }

  @Test(arguments: [CAIRO_FORMAT_RGB24, CAIRO_FORMAT_ARGB32])
  func theStackCopiesWhatCopyingEveryMarkerGives(format: cairo_format_t) throws {
    let pictures = [
      Self.disc(27, red: 0.9, alpha: 1), Self.disc(70, red: 0.2, alpha: 1),
      Self.disc(33, red: 0.5, alpha: 0.6),
    ]
    defer { for p in pictures { cairo_surface_destroy(p) } }
    var random = SplitMix64(seed: 7)
    // Overlapping markers, some across the canvas's edges and its band's.
    let placed = (0..<60).map { k -> (picture: Int, x: Int, y: Int) in
      (k % 3, Int(random.next() % 230) - 40, Int(random.next() % 150) - 40)
    }
    for rows in [0..<120, 23..<71] {
      let copied = Self.background(format, 190, 120)
      let stacked = Self.background(format, 190, 120)
      defer {
        cairo_surface_destroy(copied)
        cairo_surface_destroy(stacked)
      }
      let cr = Self.band(copied, rows: rows)
      for marker in placed {
        cairo_set_source_surface(cr, pictures[marker.picture], Double(marker.x), Double(marker.y))
        cairo_paint(cr)
      }
      cairo_destroy(cr)
      let target = Self.band(stacked, rows: rows)
      let canvas = try #require(PixelCanvas(target))
      let stack = MarkerStack(
        canvas: canvas,
        markers: try placed.enumerated().map { index, marker in
          MarkerStack.Marker(
            index: index, raster: cairo_surface_reference(pictures[marker.picture]),
            rows: try #require(OpaqueRows(surface: pictures[marker.picture])), x: marker.x,
            y: marker.y)
        })
      for index in placed.indices { #expect(stack.draw(index)) }
      #expect(!stack.draw(placed.count), "not in the stack")
      cairo_destroy(target)
      cairo_surface_flush(copied)
      cairo_surface_flush(stacked)
      var differing = 0
      for y in 0..<120 {
        for x in 0..<190 {
          var a = PolylineRasterizerTests.pixel(copied, x, y)
          var b = PolylineRasterizerTests.pixel(stacked, x, y)
          // RGB24 has no alpha byte.
          if format == CAIRO_FORMAT_RGB24 { (a.3, b.3) = (0, 0) }
          if a != b { differing += 1 }
        }
      }
      #expect(differing == 0, "rows \(rows)")
      // The mask: the opaque pixels of the opaque markers, on the canvas.
      let opaque = try pictures.map { try #require(OpaqueRows(surface: $0)) }
      for y in rows {
        for x in 0..<190 {
          let expected = placed.contains { marker in
            guard marker.picture != 2 else { return false }
            let rows = opaque[marker.picture]
            let (u, v) = (x - marker.x, y - marker.y)
            guard u >= 0, u < rows.width, v >= 0, v < rows.height else { return false }
            return (rows.words[v * rows.wordsPerRow + u / 64] >> UInt64(u % 64)) & 1 == 1
          }
          #expect(stack.mask.covers(y: y, x: x) == expected, "mask at \(x), \(y)")
        }
      }
    }
  }
}

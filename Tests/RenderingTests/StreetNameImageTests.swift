import CCairo
import Foundation
import NavigationCore
import Testing
import ViewKit

@testable import Rendering

/// Street names are kept as images and composited into our own map raster: the arithmetic
/// and the picture against Cairo's drawing of the same image.
@MainActor
struct StreetNameImageTests {
  /// The steps of a row inside an image, against counting them one by one.
  @Test func stepsWithinARangeMatchCounting() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<5000 {
      let start = Int.random(in: -300_000...300_000, using: &generator)
      let step = Int.random(in: -70_000...70_000, using: &generator)
      let low = Int.random(in: -100_000...100_000, using: &generator)
      let high = low + Int.random(in: 0...200_000, using: &generator)
      let count = Int.random(in: 0...40, using: &generator)
      let counted = (0..<count).filter { (low...high).contains(start + $0 * step) }
      let range = LabelBitmaps.steps(from: start, by: step, within: low...high, count: count)
      #expect(Array(range) == counted, "start \(start) step \(step) \(low)...\(high) ×\(count)")
    }
  }

  /// One turned name composited into an opaque raster gives Cairo's picture of the same
  /// image but for rounding, at several angles.
  @Test(arguments: [0.0, 0.4, -1.1, 2.5])
  func compositedNameMatchesCairo(angle: Double) throws {
    let scale = 3.0
    func raster(direct: Bool) throws -> [UInt32] {
      let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 240, 180)!
      defer { cairo_surface_destroy(surface) }
      let cr = cairo_create(surface)!
      defer { cairo_destroy(cr) }
      cairo_set_source_rgb(cr, 0.95, 0.93, 0.9)
      cairo_paint(cr)
      cairo_scale(cr, scale, scale)
      cairo_translate(cr, 40.3, 30.7)
      cairo_rotate(cr, angle)
      let bitmap = try #require(
        LabelBitmaps().bitmap(
          for: "Boulevard Rainier III", size: 11, style: .day, on: cr))
      if direct {
        #expect(bitmap.composite(in: cr))
      } else {
        bitmap.paint(in: cr)
      }
      cairo_surface_flush(surface)
      let data = cairo_image_surface_get_data(surface)!
      let stride = Int(cairo_image_surface_get_stride(surface))
      return (0..<180).flatMap { y in
        (0..<240).map { x in
          UnsafeRawPointer(data + y * stride + x * 4).load(as: UInt32.self) & 0x00FF_FFFF
        }
      }
    }
    let ours = try raster(direct: true)
    let cairo = try raster(direct: false)
    var largest = 0
    var inked = 0
    let background = ours[0]
    for (a, b) in zip(ours, cairo) {
      if a != background { inked += 1 }
      for shift in [0, 8, 16] {
        largest = max(largest, abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF)))
      }
    }
    #expect(inked > 1000, "the name was drawn")
    #expect(largest <= 4, "largest channel difference \(largest)")
  }

  /// A name placed wholly off the raster draws nothing (and does not trap).
  @Test(arguments: [(-500.0, 30.0), (30.0, -500.0), (900.0, 60.0), (60.0, 900.0)])
  func nameOffTheRasterDrawsNothing(x: Double, y: Double) throws {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 120, 90)!
    defer { cairo_surface_destroy(surface) }
    let cr = cairo_create(surface)!
    defer { cairo_destroy(cr) }
    cairo_set_source_rgb(cr, 1, 1, 1)
    cairo_paint(cr)
    cairo_scale(cr, 2, 2)
    cairo_translate(cr, x, y)
    cairo_rotate(cr, 0.3)
    let bitmap = try #require(
      LabelBitmaps().bitmap(for: "Avenue d'Ostende", size: 11, style: .day, on: cr))
    #expect(bitmap.composite(in: cr))
    cairo_surface_flush(surface)
    let data = cairo_image_surface_get_data(surface)!
    let stride = Int(cairo_image_surface_get_stride(surface))
    let touched = (0..<90).contains { row in
      (0..<120).contains { column in
        UnsafeRawPointer(data + row * stride + column * 4).load(as: UInt32.self) & 0x00FF_FFFF
          != 0x00FF_FFFF
      }
    }
    #expect(!touched)
  }

  /// Vector output keeps glyphs: no image for a PDF surface.
  @Test func vectorSurfacesGetNoImage() throws {
    let surface = cairo_pdf_surface_create_for_stream(nil, nil, 100, 100)!
    defer { cairo_surface_destroy(surface) }
    let cr = cairo_create(surface)!
    defer { cairo_destroy(cr) }
    #expect(LabelBitmaps().bitmap(for: "Rue Grimaldi", size: 11, style: .day, on: cr) == nil)
  }
}

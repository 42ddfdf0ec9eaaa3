import CCairo
import Foundation
import NavigationCore
import Testing
import ViewKit

@testable import Rendering

/// A kept map raster is copied into the frame by our own parallel copy when the clip is
/// whole-pixel rectangles: the same pixels as Cairo's blit.
@MainActor
struct KeptRasterCopyTests {
  /// A 90 × 70 opaque raster with a pattern, its top byte left unset as in RGB24.
  static func raster() -> MapRasterCache.Raster {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 90, 70)!
    cairo_surface_flush(surface)
    let data = cairo_image_surface_get_data(surface)!
    let stride = Int(cairo_image_surface_get_stride(surface))
    for y in 0..<70 {
      for x in 0..<90 {
        UnsafeMutableRawPointer(data + y * stride + x * 4).storeBytes(
          of: UInt32(truncatingIfNeeded: (x * 2_654_435_761) ^ (y * 40_503)) & 0x00FF_FFFF,
          as: UInt32.self)
      }
    }
    cairo_surface_mark_dirty(surface)
    return MapRasterCache.Raster(surface: surface, reach: (0, 0, 90, 70))
  }

  /// The frame's pixels after `clip` (device pixels) and either copy.
  static func frame(ours: Bool, clip: (OpaquePointer) -> Void) -> (copied: Bool, [UInt32]) {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 120, 100)!
    defer { cairo_surface_destroy(surface) }
    let cr = cairo_create(surface)!
    defer { cairo_destroy(cr) }
    cairo_set_source_rgba(cr, 0.2, 0.4, 0.6, 1)
    cairo_paint(cr)
    clip(cr)
    let raster = raster()
    var copied = false
    if ours {
      copied = ParallelMapRaster.copy(raster, at: (17, -9), into: cr)
    } else {
      cairo_set_source_surface(cr, raster.surface, 17, -9)
      cairo_paint(cr)
    }
    cairo_surface_flush(surface)
    let data = cairo_image_surface_get_data(surface)!
    let stride = Int(cairo_image_surface_get_stride(surface))
    let pixels = (0..<100).flatMap { y in
      (0..<120).map { x in UnsafeRawPointer(data + y * stride + x * 4).load(as: UInt32.self) }
    }
    return (copied, pixels)
  }

  @Test func rectangleClipsCopyCairosPixels() {
    let clip: (OpaquePointer) -> Void = { cr in
      cairo_rectangle(cr, 10, 5, 80, 60)
      cairo_rectangle(cr, 60, 40, 50, 50)
      cairo_clip(cr)
    }
    let ours = Self.frame(ours: true, clip: clip)
    let cairo = Self.frame(ours: false, clip: clip)
    #expect(ours.copied)
    #expect(ours.1 == cairo.1)
  }

  /// A clip that is not whole-pixel rectangles (a circle, a half pixel) is left to Cairo.
  @Test func otherClipsAreLeftToCairo() {
    let round = Self.frame(ours: true) { cr in
      cairo_arc(cr, 60, 50, 30, 0, 2 * .pi)
      cairo_clip(cr)
    }
    #expect(!round.copied)
    let half = Self.frame(ours: true) { cr in
      cairo_rectangle(cr, 10.5, 5, 80, 60)
      cairo_clip(cr)
    }
    #expect(!half.copied)
  }
}

/// A map view drawn at group opacity (its `alpha` below 1) shows through to what is under
/// it: the parallel raster path must paint the map into the group, as the serial path does.
@MainActor
@Suite struct TranslucentMapViewTests {
  @Test(arguments: [true, false])
  func aHalfTransparentMapViewBlendsWithTheWindowBehindIt(tiles: Bool) throws {
    let scene = try Fixtures.casinoScene(metersPerPoint: 1.2)
    func picture(parallel: Bool) throws -> RasterImage {
      let window = UIWindow(
        frame: CGRect(x: 0, y: 0, width: 200, height: 300), clock: ManualClock())
      window.backgroundColor = UIColor(rgb: 0xFF0000)
      let container = UIView(frame: window.bounds)
      container.alpha = 0.5
      window.addSubview(container)
      let mapView = UIView(frame: container.bounds)
      container.addSubview(mapView)
      var renderer = Renderer(scale: 2, session: RenderSession())
      renderer.rendersInParallel = parallel
      renderer.usesMapTiles = tiles
      return try renderer.raster(window: window, map: MapLayer(scene: scene, view: mapView))
    }
    let parallel = try picture(parallel: true)
    let serial = try picture(parallel: false)
    // Half the red window shows through everywhere in the map: the same colours as the
    // serial path's (which Cairo groups), not the map's own.
    var largest = 0
    for (x, y) in [(10, 10), (200, 300), (390, 590), (50, 500), (300, 100)] {
      let a = parallel.pixel(x: x, y: y)!
      let b = serial.pixel(x: x, y: y)!
      largest = max(
        largest, abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)),
        abs(Int(a.blue) - Int(b.blue)))
    }
    // Tiles resample the geometry, so the two pictures may differ a little at edges.
    #expect(largest <= (tiles ? 24 : 4), "pixels differ by up to \(largest)")
  }
}

/// What goes over the map on every frame (route, markers) and the alternatives are drawn
/// band by band on the threads that fill the bands: the same pixels as one drawing.
@MainActor
struct BandOverlayTests {
  static let overlay: ParallelMapRaster.BandOverlay = { cr in
    cairo_set_line_width(cr, 9)
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
    cairo_move_to(cr, 5, 3)
    cairo_line_to(cr, 61, 47)
    cairo_line_to(cr, 20, 88)
    cairo_set_source_rgba(cr, 0.1, 0.4, 0.9, 0.6)
    cairo_stroke(cr)
    cairo_arc(cr, 70, 30, 13.3, 0, 2 * .pi)
    cairo_set_source_rgba(cr, 0.9, 0.2, 0.1, 1)
    cairo_fill(cr)
  }

  /// A 300 × 200 frame (format `format`) with the overlay at scale 3 from (11.5, -4.25),
  /// drawn in one go or in the bands `bands` (rows) within columns 7 ..< 290.
  static func frame(format: cairo_format_t, bands: [Range<Int>]?) -> [UInt32] {
    let surface = cairo_image_surface_create(format, 300, 200)!
    defer { cairo_surface_destroy(surface) }
    let cr = cairo_create(surface)!
    cairo_set_source_rgb(cr, 0.95, 0.93, 0.88)
    cairo_paint(cr)
    let matrix = cairo_matrix_t(xx: 3, yx: 0, xy: 0, yy: 3, x0: 11.5, y0: -4.25)
    if let bands {
      cairo_surface_flush(surface)
      let data = cairo_image_surface_get_data(surface)!
      let stride = Int(cairo_image_surface_get_stride(surface))
      for rows in bands {
        ParallelMapRaster.PlacedOverlay(userToDevice: matrix, body: overlay).draw(
          into: data, format: format, width: 300, stride: stride, rows: rows, columns: 7..<290)
      }
      cairo_surface_mark_dirty(surface)
    } else {
      cairo_rectangle(cr, 7, 0, 283, 200)
      cairo_clip(cr)
      var m = matrix
      cairo_transform(cr, &m)
      overlay(cr)
    }
    cairo_destroy(cr)
    cairo_surface_flush(surface)
    let data = cairo_image_surface_get_data(surface)!
    let stride = Int(cairo_image_surface_get_stride(surface))
    return (0..<200).flatMap { y in
      (0..<300).map { x in UnsafeRawPointer(data + y * stride + x * 4).load(as: UInt32.self) }
    }
  }

  @Test(arguments: [CAIRO_FORMAT_ARGB32, CAIRO_FORMAT_RGB24])
  func bandsGiveTheWholeDrawingsPixels(format: cairo_format_t) {
    let whole = Self.frame(format: format, bands: nil)
    let banded = Self.frame(
      format: format, bands: [0..<37, 37..<100, 100..<101, 101..<164, 164..<200])
    var largest = 0
    var differing = 0
    for (a, b) in zip(whole, banded) where a != b {
      differing += 1
      for shift in [0, 8, 16] {
        largest = max(largest, abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF)))
      }
    }
    #expect(largest <= 1, "\(differing) pixels differ, by up to \(largest)")
    // The overlay was drawn (not an empty comparison): the disc's red in both.
    #expect(whole[90 * 300 + 221] & 0xFF_FFFF == banded[90 * 300 + 221] & 0xFF_FFFF)
    #expect((whole[90 * 300 + 221] >> 16) & 0xFF > 200)
  }
}

/// A raster freshly resampled from tiles and the same raster kept for the next frame give
/// the same picture.
@MainActor
@Suite struct FreshAndKeptRasterTests {
  @Test func theFreshAndTheKeptRasterGiveTheSamePicture() throws {
    let scene = try Fixtures.casinoScene(metersPerPoint: 1.3)
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 240, height: 400), clock: ManualClock())
    window.backgroundColor = .white
    let mapView = UIView(frame: CGRect(x: 0, y: 30, width: 240, height: 370))
    window.addSubview(mapView)
    let header = UIView(frame: CGRect(x: 0, y: 0, width: 240, height: 60))
    header.backgroundColor = UIColor(rgb: 0x0B8043)
    mapView.addSubview(header)
    var renderer = Renderer(scale: 2, session: RenderSession())
    renderer.usesMapTiles = true
    let layer = MapLayer(scene: scene, view: mapView)
    let fresh = try renderer.png(window: window, map: layer)
    let kept = try renderer.png(window: window, map: layer)
    let use = renderer.session.keptMapRasterUse
    #expect(use.drawn == 1, "the first frame made the raster")
    #expect(use.reused == 1, "the second frame used it")
    // Compared as a flag: a failure would otherwise diff two large PNGs byte by byte.
    let same = fresh == kept
    #expect(same, "the fresh raster's picture differs from the kept one's")
  }
}

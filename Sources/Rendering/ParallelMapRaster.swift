import CCairo
import Dispatch
import Foundation

/// Rasterizes a map's geometry in horizontal bands on several threads, each band its own
/// Cairo image surface over a slice of one pixel buffer, then paints the result into the
/// picture. Only for raster output whose user space is an axis-aligned scale.
enum ParallelMapRaster {
  /// Paints `scene`'s geometry into `(0, 0, size)` of `cr`'s user space at `scale` pixels
  /// per point; returns `false` (having drawn nothing) when it cannot.
  static func paint(
    _ painter: MapPainter, in cr: OpaquePointer, size: CGSize, anchor: CGPoint, scale: Double
  ) -> Bool {
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cr, &matrix)
    guard matrix.xy == 0, matrix.yx == 0, abs(matrix.xx - scale) < 1e-9,
      abs(matrix.yy - scale) < 1e-9
    else { return false }
    let width = Int((Double(size.width) * scale).rounded(.up))
    let height = Int((Double(size.height) * scale).rounded(.up))
    let bands = max(1, min(ProcessInfo.processInfo.activeProcessorCount, height / 128, 8))
    guard bands > 1, width > 0,
      let surface = BufferPool.shared.surface(width: width, height: height),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
      let data = cairo_image_surface_get_data(surface)
    else { return false }
    defer { cairo_surface_destroy(surface) }
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    let rowsPerBand = (height + bands - 1) / bands
    let base = UnsafeSendableMutable(data)
    DispatchQueue.concurrentPerform(iterations: bands) { band in
      let first = band * rowsPerBand
      let rows = min(height, first + rowsPerBand) - first
      guard rows > 0,
        let slice = cairo_image_surface_create_for_data(
          base.pointer + first * stride, CAIRO_FORMAT_ARGB32, Int32(width), Int32(rows),
          Int32(stride))
      else { return }
      let context = cairo_create(slice)!
      cairo_translate(context, 0, -Double(first))
      cairo_scale(context, scale, scale)
      painter.paintGeometry(in: context, size: size, anchor: anchor)
      cairo_destroy(context)
      cairo_surface_flush(slice)
      cairo_surface_destroy(slice)
    }
    cairo_surface_mark_dirty(surface)
    cairo_save(cr)
    cairo_scale(cr, 1 / scale, 1 / scale)
    cairo_set_source_surface(cr, surface, 0, 0)
    cairo_paint(cr)
    cairo_restore(cr)
    return true
  }
}

/// A mutable pixel pointer handed to worker threads that write disjoint rows while the
/// caller waits.
struct UnsafeSendableMutable: @unchecked Sendable {
  let pointer: UnsafeMutablePointer<UInt8>

  init(_ pointer: UnsafeMutablePointer<UInt8>) { self.pointer = pointer }
}

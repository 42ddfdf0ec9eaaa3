import CCairo
import Foundation

/// Keeps the big per-frame buffers — the raster surface and the PNG rows — for the next
/// frame of the same size: a fresh 12 MB buffer costs thousands of page faults per frame.
final class BufferPool: @unchecked Sendable {
  static let shared = BufferPool()
  private let lock = NSLock()
  private var surfaces: [OpaquePointer] = []
  private var arrays: [[UInt8]] = []
  private var keptBytes = 0

  deinit {
    for surface in surfaces { cairo_surface_destroy(surface) }
  }

  /// An ARGB32 image surface of this size (the caller owns one reference), cleared unless
  /// `clear` is false (a reused one then holds an earlier picture).
  func surface(width: Int, height: Int, clear: Bool = true) -> OpaquePointer? {
    lock.lock()
    defer { lock.unlock() }
    if let index = surfaces.firstIndex(where: {
      cairo_image_surface_get_width($0) == Int32(width)
        && cairo_image_surface_get_height($0) == Int32(height)
        && cairo_surface_get_reference_count($0) == 1
    }) {
      let surface = surfaces[index]
      if clear {
        let cr = cairo_create(surface)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        cairo_destroy(cr)
      }
      return cairo_surface_reference(surface)
    }
    guard let made = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
    else { return nil }
    guard cairo_surface_status(made) == CAIRO_STATUS_SUCCESS else { return made }
    if surfaces.count >= 2 { cairo_surface_destroy(surfaces.removeFirst()) }
    surfaces.append(cairo_surface_reference(made))
    return made
  }

  /// A byte array of at least `count` bytes (contents undefined); give it back when done.
  func array(count: Int) -> [UInt8] {
    lock.lock()
    if let index = arrays.firstIndex(where: { $0.count >= count }) {
      let array = arrays.remove(at: index)
      keptBytes -= array.count
      lock.unlock()
      return array
    }
    lock.unlock()
    return [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
  }

  /// Returns an array for reuse (up to 48 MB of them are kept: a frame encoded in bands
  /// gives back one array a band).
  func recycle(_ array: [UInt8]) {
    lock.lock()
    defer { lock.unlock() }
    if keptBytes + array.count <= Self.arrayBudget {
      arrays.append(array)
      keptBytes += array.count
    }
  }

  /// The most bytes of arrays kept for reuse.
  static let arrayBudget = 48 << 20
}

import CCairo
import Foundation
import Synchronization

/// Keeps the big per-frame buffers — the raster surface and the PNG rows — for the next
/// frame of the same size: a fresh 12 MB buffer costs thousands of page faults per frame.
final class BufferPool: Sendable {
  static let shared = BufferPool()

  private struct State: ~Copyable {
    var surfaces: [OpaquePointer] = []
    var arrays: [[UInt8]] = []
    var keptBytes = 0

    deinit {
      for surface in surfaces { cairo_surface_destroy(surface) }
    }
  }

  private let state = Mutex(State())

  /// An ARGB32 image surface of this size (the caller owns one reference), cleared unless
  /// `clear` is false (a reused one then holds an earlier picture).
  func surface(width: Int, height: Int, clear: Bool = true) -> OpaquePointer? {
    state.withLock { state -> OpaquePointer? in
      if let index = state.surfaces.firstIndex(where: {
        cairo_image_surface_get_width($0) == Int32(width)
          && cairo_image_surface_get_height($0) == Int32(height)
          && cairo_surface_get_reference_count($0) == 1
      }) {
        let surface = state.surfaces[index]
        if clear {
          let cr = cairo_create(surface)
          cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
          cairo_paint(cr)
          cairo_destroy(cr)
        }
        return cairo_surface_reference(surface)
      }
      guard
        let made = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
      else { return nil }
      guard cairo_surface_status(made) == CAIRO_STATUS_SUCCESS else { return made }
      if state.surfaces.count >= 2 { cairo_surface_destroy(state.surfaces.removeFirst()) }
      state.surfaces.append(cairo_surface_reference(made))
      return made
    }
  }

  /// A byte array of at least `count` bytes (contents undefined); give it back when done.
  func array(count: Int) -> [UInt8] {
    let kept = state.withLock { state -> [UInt8]? in
      guard let index = state.arrays.firstIndex(where: { $0.count >= count }) else {
        return nil
      }
      let array = state.arrays.remove(at: index)
      state.keptBytes -= array.count
      return array
    }
    return kept
      ?? [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
  }

  /// Returns an array for reuse (up to 48 MB of them are kept: a frame encoded in bands
  /// gives back one array a band).
  func recycle(_ array: [UInt8]) {
    state.withLock { state in
      if state.keptBytes + array.count <= Self.arrayBudget {
        state.arrays.append(array)
        state.keptBytes += array.count
      }
    }
  }

  /// The most bytes of arrays kept for reuse.
  static let arrayBudget = 48 << 20
}

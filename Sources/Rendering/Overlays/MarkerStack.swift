import CCairo

/// The markers of one band of a frame that are copied as whole-pixel rasters (unturned, of
/// full opacity), sorted out from the top down before anything of the overlays is drawn.
/// An opaque pixel hides whatever lies under it, so each marker's copy leaves out the pixels
/// that opaque pixels of markers above it cover (with a thousand markers on a phone's map,
/// each pixel lies under three or four of them), and the opaque pixels of all of them make
/// the mask under which the lines, drawn before the markers, leave pixels out
/// (``PolylineRasterizer/hide(all:)``). The pixels that are copied are the ones a copy of
/// every marker in order would leave, bit for bit: a pixel is left out only where a later
/// copy writes an opaque pixel over it.
final class MarkerStack {
  /// One marker: its raster (a reference the stack owns), which of its pixels are opaque
  /// and painted, its top-left device pixel, and where its visible pixels' bits start.
  private struct Entry {
    let raster: OpaquePointer
    let rows: OpaqueRows
    let x: Int
    let y: Int
    let visible: Int
  }

  let canvas: PixelCanvas
  /// The opaque pixels of all the stack's markers.
  let mask: OpaqueMask
  private var entries: [Int: Entry] = [:]
  /// Per entry, per row of its raster, per word of the row: the pixels its copy writes.
  private var bits: [UInt64] = []

  /// A marker of the stack: its place in the scene's overlays, its raster (the stack takes
  /// over the reference), its opaque and painted pixels and its top-left device pixel.
  struct Marker {
    let index: Int
    let raster: OpaquePointer
    let rows: OpaqueRows
    let x: Int
    let y: Int
  }

  /// The stack of `markers` (in the order they are drawn) over `canvas`.
  init(canvas: PixelCanvas, markers: [Marker]) {
    self.canvas = canvas
    mask = .allocate(x0: canvas.x0, y0: canvas.y0, x1: canvas.x1, y1: canvas.y1)
    // Bits for the rows on the canvas only: a marker's row `r` at `offsets[k] + (r -
    // firstRow) * wordsPerRow`.
    var offsets = [Int](repeating: 0, count: markers.count)
    var total = 0
    for (k, marker) in markers.enumerated() {
      let (first, last) = Self.rows(of: marker.rows, at: marker.y, on: canvas)
      offsets[k] = total - first * marker.rows.wordsPerRow
      total += max(0, last - first) * marker.rows.wordsPerRow
    }
    bits = [UInt64](repeating: 0, count: total)
    // From the top down: what is not yet covered is seen, then it covers what lies below.
    bits.withUnsafeMutableBufferPointer { bits in
      for k in markers.indices.reversed() {
        let marker = markers[k]
        let rows = marker.rows
        let (first, last) = Self.rows(of: rows, at: marker.y, on: canvas)
        guard first < last else { continue }
        let column = marker.x - canvas.x0
        for r in first..<last {
          let y = marker.y + r
          for w in 0..<rows.wordsPerRow {
            let painted = rows.painted[r * rows.wordsPerRow + w]
            guard painted != 0 else { continue }
            bits[offsets[k] + r * rows.wordsPerRow + w] =
              painted & ~mask.coveredBits(y: y, from: column + 64 * w)
          }
        }
        mask.add(rows, x: marker.x, y: marker.y)
      }
    }
    for (k, marker) in markers.enumerated() {
      entries[marker.index] = Entry(
        raster: marker.raster, rows: marker.rows, x: marker.x, y: marker.y, visible: offsets[k])
    }
  }

  /// The rows of a raster placed with its top at device row `y` that lie on `canvas`.
  private static func rows(of rows: OpaqueRows, at y: Int, on canvas: PixelCanvas) -> (Int, Int) {
    (max(0, canvas.y0 - y), min(rows.height, canvas.y1 - y))
  }

  deinit {
    for entry in entries.values { cairo_surface_destroy(entry.raster) }
    mask.deallocate()
  }

  /// Copies the seen pixels of the marker at `index` of the scene's overlays over the
  /// canvas; `false` when it is not in the stack (the caller draws it).
  func draw(_ index: Int) -> Bool {
    guard let entry = entries[index] else { return false }
    let rows = entry.rows
    let perRow = rows.wordsPerRow
    let (first, last) = Self.rows(of: rows, at: entry.y, on: canvas)
    guard first < last, let data = cairo_image_surface_get_data(entry.raster) else { return true }
    let stride = Int(cairo_image_surface_get_stride(entry.raster))
    let opaque = canvas.opaque
    bits.withUnsafeBufferPointer { bits in
      for r in first..<last {
        let source = UnsafeRawPointer(data + r * stride).assumingMemoryBound(to: UInt32.self)
        // Only pixels whose bits are set are touched: those lie on the canvas.
        let target = canvas.pixel(x: 0, y: entry.y + r) + entry.x
        for w in 0..<perRow {
          let seen = bits[entry.visible + r * perRow + w]
          guard seen != 0 else { continue }
          let base = 64 * w
          // Runs of opaque pixels copied; the rest put over what is there.
          var copied = seen & rows.words[r * perRow + w]
          while copied != 0 {
            let start = copied.trailingZeroBitCount
            let run = (~(copied >> UInt64(start))).trailingZeroBitCount
            (target + base + start).update(from: source + base + start, count: run)
            copied &= ~(OpaqueMask.low(run) << UInt64(start))
          }
          var blended = seen & ~rows.words[r * perRow + w]
          while blended != 0 {
            let i = base + blended.trailingZeroBitCount
            let below = opaque ? target[i] | 0xFF00_0000 : target[i]
            target[i] = PremultipliedPixel.over(source[i], below)
            blended &= blended &- 1
          }
        }
      }
    }
    canvas.wrote(rows: (entry.y + first)..<(entry.y + last))
    return true
  }
}

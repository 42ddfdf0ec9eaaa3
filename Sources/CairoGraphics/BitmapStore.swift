import CCairo
import Foundation

/// The pixels of a bitmap context: the buffer in the layout its maker asked for (theirs, or
/// one the context allocated and zeroed) and the Cairo image surface drawing happens in.
///
/// When the layout is Cairo's own (premultiplied alpha first, 32-bit little endian, rows a
/// multiple of 4 bytes, aligned memory), the surface is the buffer itself. Otherwise the
/// surface is separate: before each drawing operation the buffer is read into it when it
/// changed since the last write (the caller writes its own memory without telling us, and its
/// first contents count), and after each operation it is written back, so the caller reads
/// its memory with no call to the context, as on iOS.
final class BitmapStore {
  /// The layout of ``buffer``.
  let layout: BitmapLayout
  /// Pixels across.
  let width: Int
  /// Rows.
  let height: Int
  /// Bytes from one row of ``buffer`` to the next.
  let bytesPerRow: Int
  /// The pixels in ``layout``.
  let buffer: UnsafeMutableRawPointer
  /// Whether the context allocated ``buffer``.
  private let ownsBuffer: Bool
  /// The surface drawn into.
  let surface: OpaquePointer
  /// Whether ``surface`` draws into ``buffer`` itself.
  let isDirect: Bool
  /// Whether ``surface`` is Cairo's RGB24 (a layout without alpha).
  private let surfaceIsOpaque: Bool
  /// ``buffer`` as last written back, to tell whether the caller changed it since.
  private var written: UnsafeMutableRawPointer?

  /// A store of `width` × `height` pixels in `layout`, in `data` when given (`bytesPerRow`
  /// apart; 0: packed rows). `nil` when rows are shorter than `width` pixels, the size is
  /// zero or too large for Cairo, or memory cannot be had.
  init?(
    data: UnsafeMutableRawPointer?, width: Int, height: Int, bytesPerRow: Int,
    layout: BitmapLayout
  ) {
    guard width > 0, height > 0, width <= 32_767, height <= 32_767 else { return nil }
    let rowBytes = bytesPerRow == 0 ? width * layout.bytesPerPixel : bytesPerRow
    guard rowBytes >= width * layout.bytesPerPixel, rowBytes <= Int(Int32.max) / height
    else { return nil }
    let buffer: UnsafeMutableRawPointer
    if let data {
      buffer = data
    } else {
      guard let allocated = calloc(rowBytes * height, 1) else { return nil }
      buffer = allocated
    }
    let direct =
      layout == .cairo && rowBytes % 4 == 0 && Int(bitPattern: buffer) % 4 == 0
    let format = layout.isOpaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
    let made =
      direct
      ? cairo_image_surface_create_for_data(
        buffer.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width),
        Int32(height), Int32(rowBytes))
      : cairo_image_surface_create(format, Int32(width), Int32(height))
    guard let made, cairo_surface_status(made) == CAIRO_STATUS_SUCCESS else {
      if let made { cairo_surface_destroy(made) }
      if data == nil { free(buffer) }
      return nil
    }
    self.layout = layout
    self.width = width
    self.height = height
    self.bytesPerRow = rowBytes
    self.buffer = buffer
    ownsBuffer = data == nil
    surface = made
    isDirect = direct
    surfaceIsOpaque = !direct && layout.isOpaque
  }

  deinit {
    cairo_surface_destroy(surface)
    if ownsBuffer { free(buffer) }
    written?.deallocate()
  }

  private var byteCount: Int { bytesPerRow * height }

  /// Makes the surface hold what the buffer holds, before a drawing operation.
  func willDraw() {
    guard !isDirect else { return cairo_surface_mark_dirty(surface) }
    if let written, memcmp(written, buffer, byteCount) == 0 { return }
    cairo_surface_flush(surface)
    layout.importRows(
      from: buffer, sourceStride: bytesPerRow, to: cairo_image_surface_get_data(surface)!,
      targetStride: Int(cairo_image_surface_get_stride(surface)), width: width, height: height)
    cairo_surface_mark_dirty(surface)
  }

  /// Writes what was drawn into the buffer, after a drawing operation.
  func didDraw() {
    cairo_surface_flush(surface)
    guard !isDirect else { return }
    layout.exportRows(
      from: cairo_image_surface_get_data(surface)!,
      sourceStride: Int(cairo_image_surface_get_stride(surface)), opaqueSource: surfaceIsOpaque,
      to: buffer, targetStride: bytesPerRow, width: width, height: height, keepingUnchanged: true)
    if written == nil {
      written = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 16)
    }
    written!.copyMemory(from: buffer, byteCount: byteCount)
    if layout.isGray {
      // Grey is what the caller sees: later drawing blends with it, not the colour drawn.
      layout.importRows(
        from: buffer, sourceStride: bytesPerRow, to: cairo_image_surface_get_data(surface)!,
        targetStride: Int(cairo_image_surface_get_stride(surface)), width: width, height: height)
      cairo_surface_mark_dirty(surface)
    }
  }

  /// An image of the pixels now, reporting the buffer's layout.
  func makeImage() -> CGImage? {
    if isDirect { return CGImage(copying: surface) }
    return CGImage(
      width: width, height: height, layout: layout, bytesPerRow: bytesPerRow,
      bytes: Data(bytes: buffer, count: byteCount))
  }
}

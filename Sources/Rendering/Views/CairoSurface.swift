import CCairo
import Foundation

/// Collects bytes written by a Cairo stream surface.
final class ByteSink {
  var data = Data()
}

/// Cairo's write callback: appends to the ``ByteSink`` passed as closure.
let cairoWriteToSink: cairo_write_func_t = { closure, bytes, length in
  guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
  let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
  sink.data.append(bytes, count: Int(length))
  return CAIRO_STATUS_SUCCESS
}

/// One Cairo surface and context for one picture: a raster image, or an SVG or PDF document
/// written to memory.
final class CairoSurface {
  /// The output kinds.
  enum Kind {
    case raster
    case svg
    case pdf
  }

  let kind: Kind
  let surface: OpaquePointer
  let context: OpaquePointer
  let sink = ByteSink()
  let pixelWidth: Int
  let pixelHeight: Int

  /// A surface `width` × `height` points at `scale` pixels per point (raster) or in points
  /// (vector, where scale only sets the user-space transform to 1).
  /// `covered`: the caller paints every pixel opaque first, so a reused raster buffer need
  /// not be cleared.
  init(kind: Kind, width: Double, height: Double, scale: Double, covered: Bool = false)
    throws(RenderError)
  {
    self.kind = kind
    pixelWidth = Int((width * scale).rounded(.up))
    pixelHeight = Int((height * scale).rounded(.up))
    let unmanaged = Unmanaged.passUnretained(sink).toOpaque()
    let made: OpaquePointer?
    switch kind {
    case .raster:
      made = BufferPool.shared.surface(width: pixelWidth, height: pixelHeight, clear: !covered)
    case .svg:
      made = cairo_svg_surface_create_for_stream(cairoWriteToSink, unmanaged, width, height)
      if let made { cairo_svg_surface_restrict_to_version(made, CAIRO_SVG_VERSION_1_1) }
    case .pdf:
      made = cairo_pdf_surface_create_for_stream(cairoWriteToSink, unmanaged, width, height)
      if let made {
        cairo_pdf_surface_set_metadata(
          made, CAIRO_PDF_METADATA_CREATOR, "NavigationUIKit Rendering")
        cairo_pdf_surface_set_metadata(made, CAIRO_PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00Z")
      }
    }
    surface = try Self.checked(made)
    context = cairo_create(surface)
    if kind == .raster { cairo_scale(context, scale, scale) }
  }

  /// A surface Cairo made, or the typed error for none or a failed one (destroyed).
  private static func checked(_ made: OpaquePointer?) throws(RenderError) -> OpaquePointer {
    guard let made else { throw .cairo(stage: "creating a surface", status: "no surface") }
    let status = cairo_surface_status(made)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(made)
      throw .cairo(
        stage: "creating a surface", status: String(cString: cairo_status_to_string(status)))
    }
    return made
  }

  /// A raster surface over pixels the caller owns (`height` rows of `stride` bytes, 32 bits
  /// a pixel in Cairo's ARGB32 layout), `width` × `height` points at `scale`: drawing goes
  /// straight into them. Cleared unless `covered` (the caller paints every pixel opaque).
  init(
    pixels: UnsafeMutablePointer<UInt8>, stride: Int, pixelWidth: Int, pixelHeight: Int,
    width: Double, height: Double, scale: Double, covered: Bool
  ) throws(RenderError) {
    kind = .raster
    self.pixelWidth = Int((width * scale).rounded(.up))
    self.pixelHeight = Int((height * scale).rounded(.up))
    guard self.pixelWidth == pixelWidth, self.pixelHeight == pixelHeight,
      stride >= pixelWidth * 4, pixelWidth <= Int(Int32.max), pixelHeight <= Int(Int32.max)
    else {
      throw .cairo(
        stage: "drawing into a \(pixelWidth)×\(pixelHeight) buffer",
        status: "the picture is \(self.pixelWidth)×\(self.pixelHeight) pixels")
    }
    surface = try Self.checked(
      cairo_image_surface_create_for_data(
        pixels, CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight), Int32(stride)))
    context = cairo_create(surface)
    if !covered {
      cairo_set_operator(context, CAIRO_OPERATOR_CLEAR)
      cairo_paint(context)
      cairo_set_operator(context, CAIRO_OPERATOR_OVER)
    }
    cairo_scale(context, scale, scale)
  }

  deinit {
    cairo_destroy(context)
    cairo_surface_destroy(surface)
  }

  /// Finishes a vector document and returns its bytes.
  func finishDocument() throws(RenderError) -> Data {
    cairo_show_page(context)
    cairo_surface_finish(surface)
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw .cairo(
        stage: "finishing the document", status: String(cString: cairo_status_to_string(status)))
    }
    return sink.data
  }

  /// The raster surface's pixels (flushed) and bytes per row; `nil` without image data.
  var pixelBuffer: (data: UnsafeMutablePointer<UInt8>, stride: Int)? {
    cairo_surface_flush(surface)
    guard let data = cairo_image_surface_get_data(surface) else { return nil }
    return (data, Int(cairo_image_surface_get_stride(surface)))
  }

  /// The raster surface's premultiplied ARGB32 pixels, row by row (`stride` bytes per row).
  func withPixels<T>(_ body: (UnsafePointer<UInt8>, _ stride: Int) throws(RenderError) -> T)
    throws(RenderError) -> T
  {
    cairo_surface_flush(surface)
    guard let data = cairo_image_surface_get_data(surface) else {
      throw .cairo(stage: "reading pixels", status: "no image data")
    }
    return try body(UnsafePointer(data), Int(cairo_image_surface_get_stride(surface)))
  }
}

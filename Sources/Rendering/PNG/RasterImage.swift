import CCairo
import Foundation

/// Decoded pixels: 8-bit RGBA with straight alpha, row by row from the top left. Used to
/// check rendered PNGs and to draw PNG images.
///
/// ```swift
/// let image = try RasterImage(png: try renderer.png(window: window))
/// let pixel = image.pixel(x: 10, y: 10)   // (r, g, b, a)
/// ```
public struct RasterImage: Sendable, Hashable, CustomStringConvertible {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// `width * height * 4` bytes: red, green, blue, alpha.
  public let rgba: [UInt8]

  /// Pixels from their parts; `rgba` must hold `width * height * 4` bytes.
  public init?(width: Int, height: Int, rgba: [UInt8]) {
    guard width >= 0, height >= 0, rgba.count == width * height * 4 else { return nil }
    self.width = width
    self.height = height
    self.rgba = rgba
  }

  /// Decodes PNG data with Cairo's reader.
  ///
  /// - Throws: ``RenderError/invalidImageData(name:reason:)`` when the data is not a PNG.
  public init(png data: Data, name: String = "png") throws(RenderError) {
    let surface = try Self.decodeSurface(data, name: name)
    defer { cairo_surface_destroy(surface) }
    let w = Int(cairo_image_surface_get_width(surface))
    let h = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    var out = [UInt8](repeating: 0, count: w * h * 4)
    if let base = cairo_image_surface_get_data(surface) {
      for y in 0..<h {
        let row = UnsafeRawPointer(base + y * stride).assumingMemoryBound(to: UInt32.self)
        for x in 0..<w {
          let p = PNGEncoder.unpremultiply(row[x])
          let o = (y * w + x) * 4
          out[o] = p.0
          out[o + 1] = p.1
          out[o + 2] = p.2
          out[o + 3] = p.3
        }
      }
    }
    width = w
    height = h
    rgba = out
  }

  /// `RasterImage(300 × 200)`: the size, not the pixels.
  public var description: String { "RasterImage(\(width) × \(height))" }

  /// The pixel at (`x`, `y`), or `nil` outside the image.
  public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)? {
    guard x >= 0, y >= 0, x < width, y < height else { return nil }
    let o = (y * width + x) * 4
    return (rgba[o], rgba[o + 1], rgba[o + 2], rgba[o + 3])
  }

  /// Whether the pixel at (`x`, `y`) is within `tolerance` (per channel, 0…255) of `color`.
  public func matches(x: Int, y: Int, _ color: RGBA, tolerance: Int = 8) -> Bool {
    guard let p = pixel(x: x, y: y) else { return false }
    let want = [color.red, color.green, color.blue, color.alpha].map { Int(($0 * 255).rounded()) }
    let have = [Int(p.red), Int(p.green), Int(p.blue), Int(p.alpha)]
    return zip(want, have).allSatisfy { abs($0 - $1) <= tolerance }
  }

  /// The pixels as a PNG file (RGB when every pixel is opaque, else RGBA).
  ///
  /// - Throws: ``RenderError`` for an empty image or a zlib failure.
  public func pngData(compression: PNGCompression = .balanced) throws(RenderError) -> Data {
    guard width > 0, height > 0 else {
      throw .invalidSize(width: Double(width), height: Double(height))
    }
    var argb = [UInt32](repeating: 0, count: width * height)
    for index in argb.indices {
      let o = index * 4
      let a = UInt32(rgba[o + 3])
      func premultiplied(_ channel: UInt8) -> UInt32 { (UInt32(channel) * a + 127) / 255 }
      argb[index] =
        a << 24 | premultiplied(rgba[o]) << 16 | premultiplied(rgba[o + 1]) << 8
        | premultiplied(rgba[o + 2])
    }
    let encoded = argb.withUnsafeBytes { raw in
      Result { () throws(RenderError) -> Data in
        try PNGEncoder.encode(
          pixels: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), stride: width * 4,
          width: width, height: height, compression: compression)
      }
    }
    return try encoded.get()
  }

  /// Decodes PNG bytes into a Cairo image surface (the caller destroys it).
  static func decodeSurface(_ data: Data, name: String) throws(RenderError) -> OpaquePointer {
    guard data.count >= 8, data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    else { throw .invalidImageData(name: name, reason: "not PNG data (bad signature)") }
    let source = ByteSource(data)
    let surface = withExtendedLifetime(source) {
      cairo_image_surface_create_from_png_stream(
        { closure, buffer, length in
          guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
          let source = Unmanaged<ByteSource>.fromOpaque(closure).takeUnretainedValue()
          return source.read(into: buffer, count: Int(length))
            ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
        }, Unmanaged.passUnretained(source).toOpaque())
    }
    guard let surface else { throw .invalidImageData(name: name, reason: "no surface") }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      throw .invalidImageData(name: name, reason: String(cString: cairo_status_to_string(status)))
    }
    return surface
  }
}

/// Feeds bytes to Cairo's PNG reader.
final class ByteSource {
  let data: Data
  var offset = 0

  init(_ data: Data) { self.data = data }

  func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
    guard count <= data.count - offset else { return false }
    data.withUnsafeBytes { raw in
      let base = raw.bindMemory(to: UInt8.self).baseAddress!
      buffer.update(from: base + offset, count: count)
    }
    offset += count
    return true
  }
}

import CZlib
import Foundation

/// How hard the PNG encoder compresses.
public enum PNGCompression: Sendable, Hashable {
  /// zlib level 1 with run-length matching after the `Sub` filter: several times faster than
  /// the default, and still small for flat UI and map pictures.
  case fast
  /// zlib level 6 (the usual default): smaller files, slower.
  case balanced
}

/// Writes 8-bit RGBA PNG files from Cairo's premultiplied ARGB32 pixels, with zlib.
///
/// Every row uses the `Sub` filter, which turns runs of one colour into runs of zeros.
enum PNGEncoder {
  /// Encodes `width` × `height` premultiplied native-endian ARGB32 pixels.
  static func encode(
    pixels: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int,
    compression: PNGCompression
  ) throws(RenderError) -> Data {
    let rowBytes = 1 + 4 * width
    var raw = [UInt8](repeating: 0, count: rowBytes * height)
    raw.withUnsafeMutableBufferPointer { out in
      for y in 0..<height {
        let row = UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
        let base = out.baseAddress! + y * rowBytes
        base[0] = 1  // Sub
        var previous: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        for x in 0..<width {
          let rgba = unpremultiply(row[x])
          let o = base + 1 + 4 * x
          o[0] = rgba.0 &- previous.0
          o[1] = rgba.1 &- previous.1
          o[2] = rgba.2 &- previous.2
          o[3] = rgba.3 &- previous.3
          previous = rgba
        }
      }
    }
    let compressed = try deflate(raw, compression: compression)
    var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    var header = Data()
    header.appendBigEndian(UInt32(width))
    header.appendBigEndian(UInt32(height))
    header.append(contentsOf: [8, 6, 0, 0, 0])
    appendChunk("IHDR", header, to: &png)
    appendChunk("IDAT", compressed, to: &png)
    appendChunk("IEND", Data(), to: &png)
    return png
  }

  @inline(__always)
  static func unpremultiply(_ pixel: UInt32) -> (UInt8, UInt8, UInt8, UInt8) {
    let a = pixel >> 24
    if a == 255 {
      return (
        UInt8(truncatingIfNeeded: pixel >> 16), UInt8(truncatingIfNeeded: pixel >> 8),
        UInt8(truncatingIfNeeded: pixel), 255
      )
    }
    if a == 0 { return (0, 0, 0, 0) }
    let r = ((pixel >> 16) & 0xFF) * 255 + a / 2
    let g = ((pixel >> 8) & 0xFF) * 255 + a / 2
    let b = (pixel & 0xFF) * 255 + a / 2
    return (UInt8(min(r / a, 255)), UInt8(min(g / a, 255)), UInt8(min(b / a, 255)), UInt8(a))
  }

  private static func deflate(_ input: [UInt8], compression: PNGCompression) throws(RenderError)
    -> Data
  {
    var stream = z_stream()
    let level: Int32 = compression == .fast ? 1 : 6
    let strategy: Int32 = compression == .fast ? Z_RLE : Z_DEFAULT_STRATEGY
    var status = deflateInit2_(
      &stream, level, Z_DEFLATED, 15, 8, strategy, ZLIB_VERSION,
      Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else { throw .encodingFailed("deflateInit2 returned \(status)") }
    defer { deflateEnd(&stream) }
    let bound = Int(deflateBound(&stream, uLong(input.count)))
    var output = [UInt8](repeating: 0, count: bound)
    status = input.withUnsafeBufferPointer { src in
      output.withUnsafeMutableBufferPointer { dst in
        stream.next_in = UnsafeMutablePointer(mutating: src.baseAddress)
        stream.avail_in = uInt(src.count)
        stream.next_out = dst.baseAddress
        stream.avail_out = uInt(dst.count)
        return CZlib.deflate(&stream, Z_FINISH)
      }
    }
    guard status == Z_STREAM_END else { throw .encodingFailed("deflate returned \(status)") }
    return Data(output[0..<Int(stream.total_out)])
  }

  private static func appendChunk(_ type: String, _ body: Data, to png: inout Data) {
    png.appendBigEndian(UInt32(body.count))
    let typeBytes = Data(type.utf8)
    png.append(typeBytes)
    png.append(body)
    var crc = typeBytes.withUnsafeBytes { crc32(0, $0.bindMemory(to: UInt8.self).baseAddress, 4) }
    crc = body.withUnsafeBytes {
      crc32(crc, $0.bindMemory(to: UInt8.self).baseAddress, uInt(body.count))
    }
    png.appendBigEndian(UInt32(crc))
  }
}

extension Data {
  mutating func appendBigEndian(_ value: UInt32) {
    append(contentsOf: [
      UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
      UInt8(value & 0xFF),
    ])
  }
}

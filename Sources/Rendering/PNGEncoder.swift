import CZlib
import Foundation

/// How hard the PNG encoder compresses.
public enum PNGCompression: Sendable, Hashable {
  /// Our own run-length deflate after the `Sub` filter (fixed codes, distance-1 matches):
  /// many times faster than zlib, files about twice the size of ``balanced``'s.
  case fast
  /// zlib level 6 (the usual default): smaller files, slower.
  case balanced
}

/// Writes 8-bit RGBA PNG files (RGB when every pixel is opaque) from Cairo's premultiplied ARGB32 pixels, with zlib.
///
/// Every row uses the `Sub` filter, which turns runs of one colour into runs of zeros.
enum PNGEncoder {
  /// Encodes `width` × `height` premultiplied native-endian ARGB32 pixels.
  ///
  /// Bands of rows are filtered and deflated on separate threads (as pigz does): each band
  /// is a raw deflate stream ending on a byte boundary, the zlib header and the combined
  /// Adler-32 wrap them into one zlib stream.
  static func encode(
    pixels: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int,
    compression: PNGCompression, parallel: Bool = true
  ) throws(RenderError) -> Data {
    let threads = parallel ? ProcessInfo.processInfo.activeProcessorCount : 1
    let bands = max(1, min(threads, height / 64, 8))
    let rowsPerBand = (height + bands - 1) / bands
    let results = BandResults(count: bands)
    let source = UnsafeSendable(pixels)
    // Opaque pictures (any screen with an opaque window) are written as RGB: a quarter fewer
    // bytes to filter, checksum and deflate. Bands are first encoded as RGB; a band that
    // meets a translucent pixel stops, and then every band is encoded as RGBA.
    let translucent = BandFlags(count: bands)
    DispatchQueue.concurrentPerform(iterations: bands) { band in
      let first = band * rowsPerBand
      let last = min(height, first + rowsPerBand)
      if let result = encodeBand(
        pixels: source.pointer, stride: stride, width: width, rows: first..<last,
        compression: compression, isLast: band == bands - 1, opaque: true)
      {
        results.set(band, result)
      } else {
        translucent.set(band)
      }
    }
    let opaque = !translucent.any
    if !opaque {
      DispatchQueue.concurrentPerform(iterations: bands) { band in
        let first = band * rowsPerBand
        let last = min(height, first + rowsPerBand)
        if let result = encodeBand(
          pixels: source.pointer, stride: stride, width: width, rows: first..<last,
          compression: compression, isLast: band == bands - 1, opaque: false)
        {
          results.set(band, result)
        }
      }
    }
    var stream = Data([0x78, 0x01])
    var adler: uLong = 1
    for band in 0..<bands {
      guard case .success(let part) = results.get(band) else {
        if case .failure(let error) = results.get(band) { throw error }
        throw .encodingFailed("band \(band) was not encoded")
      }
      stream.append(contentsOf: part.deflated)
      adler = adler32_combine(adler, part.adler, off_t(part.rawCount))
    }
    stream.appendBigEndian(UInt32(adler))
    var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    var header = Data()
    header.appendBigEndian(UInt32(width))
    header.appendBigEndian(UInt32(height))
    header.append(contentsOf: [8, opaque ? 2 : 6, 0, 0, 0])
    appendChunk("IHDR", header, to: &png)
    appendChunk("IDAT", stream, to: &png)
    appendChunk("IEND", Data(), to: &png)
    return png
  }

  /// One band's raw deflate stream and the Adler-32 of its filtered bytes.
  struct Band: Sendable {
    var deflated: [UInt8]
    var adler: uLong
    var rawCount: Int
  }

  private static func encodeBand(
    pixels: UnsafePointer<UInt8>, stride: Int, width: Int, rows: Range<Int>,
    compression: PNGCompression, isLast: Bool, opaque: Bool
  ) -> Result<Band, RenderError>? {
    let rowBytes = 1 + (opaque ? 3 : 4) * width
    let count = rowBytes * rows.count
    // Spare bytes: RGB rows are written sixteen bytes at a time.
    var raw = BufferPool.shared.array(count: count + 16)
    defer { BufferPool.shared.recycle(raw) }
    let allOpaque = raw.withUnsafeMutableBufferPointer { out -> Bool in
      for (index, y) in rows.enumerated() {
        let row = UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
        if opaque {
          guard filterOpaqueRow(row, into: out.baseAddress! + index * rowBytes, width: width)
          else { return false }
        } else {
          filterRow(row, into: out.baseAddress! + index * rowBytes, width: width)
        }
      }
      return true
    }
    guard allOpaque else { return nil }
    return raw.withUnsafeBufferPointer { buffer -> Result<Band, RenderError> in
      let base = buffer.baseAddress!
      let adler = uLong(Adler32.checksum(base, count: count))
      if compression == .fast {
        let deflated = RunLengthDeflater.deflate(base, count: count, final: isLast)
        return .success(Band(deflated: deflated, adler: adler, rawCount: count))
      }
      return Result { () throws(RenderError) -> Band in
        let deflated = try deflate(UnsafeBufferPointer(start: base, count: count), finish: isLast)
        return Band(deflated: deflated, adler: adler, rawCount: count)
      }
    }
  }

  /// Writes one row with the `Sub` filter: straight RGBA minus the pixel to the left.
  @inline(__always)
  private static func filterRow(
    _ row: UnsafePointer<UInt32>, into base: UnsafeMutablePointer<UInt8>, width: Int
  ) {
    base[0] = 1
    var previous: UInt32 = 0
    let out = UnsafeMutableRawPointer(base + 1)
    for x in 0..<width {
      let pixel = row[x]
      // Opaque pixels only need their bytes swapped from ARGB to RGBA.
      let rgba: UInt32
      if pixel >> 24 == 255 {
        rgba = ((pixel >> 16) & 0xFF) | (pixel & 0xFF00) | ((pixel & 0xFF) << 16) | 0xFF00_0000
      } else {
        let p = unpremultiply(pixel)
        rgba = UInt32(p.0) | UInt32(p.1) << 8 | UInt32(p.2) << 16 | UInt32(p.3) << 24
      }
      // Byte-wise subtraction without borrows crossing bytes.
      let difference =
        ((rgba | 0x8080_8080) &- (previous & 0x7F7F_7F7F)) ^ ((rgba ^ ~previous) & 0x8080_8080)
      out.storeBytes(of: difference.littleEndian, toByteOffset: 4 * x, as: UInt32.self)
      previous = rgba
    }
  }

  /// Writes one row of opaque pixels as RGB with the `Sub` filter, four pixels at a time
  /// (sixteen bytes stored per four pixels, the last four overwritten by the next group or
  /// falling in the spare bytes); returns whether every pixel was indeed opaque.
  @inline(__always)
  private static func filterOpaqueRow(
    _ row: UnsafePointer<UInt32>, into base: UnsafeMutablePointer<UInt8>, width: Int
  ) -> Bool {
    base[0] = 1
    var alphas = SIMD16<UInt8>(repeating: 255)
    var alpha: UInt32 = 0xFF00_0000
    let out = UnsafeMutableRawPointer(base + 1)
    let bytes = UnsafeRawPointer(row)
    var x = 0
    var previous: UInt32 = 0
    // The first pixel (its left neighbour is zero), then groups of four whose left
    // neighbours are the sixteen bytes one pixel back.
    if width > 0 {
      let pixel = row[0]
      alpha &= pixel
      previous = ((pixel >> 16) & 0xFF) | (pixel & 0xFF00) | ((pixel & 0xFF) << 16)
      out.storeBytes(of: previous.littleEndian, as: UInt32.self)
      x = 1
    }
    while x + 4 <= width {
      let current = bytes.loadUnaligned(fromByteOffset: 4 * x, as: SIMD16<UInt8>.self)
      alphas &= current
      let left = bytes.loadUnaligned(fromByteOffset: 4 * x - 4, as: SIMD16<UInt8>.self)
      let d = current &- left
      // Cairo's bytes are B, G, R, A per pixel: keep R, G, B.
      let rgb = SIMD16<UInt8>(
        d[2], d[1], d[0], d[6], d[5], d[4], d[10], d[9], d[8], d[14], d[13], d[12], 0, 0, 0, 0)
      out.storeBytes(of: rgb, toByteOffset: 3 * x, as: SIMD16<UInt8>.self)
      x += 4
    }
    if x > 0 {
      let pixel = row[x - 1]
      previous = ((pixel >> 16) & 0xFF) | (pixel & 0xFF00) | ((pixel & 0xFF) << 16)
    }
    while x < width {
      let pixel = row[x]
      alpha &= pixel
      let rgb = ((pixel >> 16) & 0xFF) | (pixel & 0xFF00) | ((pixel & 0xFF) << 16)
      let difference =
        ((rgb | 0x8080_8080) &- (previous & 0x7F7F_7F7F)) ^ ((rgb ^ ~previous) & 0x8080_8080)
      out.storeBytes(of: difference.littleEndian, toByteOffset: 3 * x, as: UInt32.self)
      previous = rgb
      x += 1
    }
    // Cairo's alpha is the fourth byte of each pixel.
    return alpha >> 24 == 255 && alphas[3] == 255 && alphas[7] == 255 && alphas[11] == 255
      && alphas[15] == 255
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

  /// A raw deflate stream of `input`, finished when `finish`, else ended with a full flush
  /// so that the next band's stream can follow it.
  private static func deflate(_ input: UnsafeBufferPointer<UInt8>, finish: Bool)
    throws(RenderError) -> [UInt8]
  {
    var stream = z_stream()
    var status = deflateInit2_(
      &stream, 6, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
      Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else { throw .encodingFailed("deflateInit2 returned \(status)") }
    defer { deflateEnd(&stream) }
    let bound = Int(deflateBound(&stream, uLong(input.count)))
    var output = [UInt8](repeating: 0, count: bound)
    status = output.withUnsafeMutableBufferPointer { dst in
      stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
      stream.avail_in = uInt(input.count)
      stream.next_out = dst.baseAddress
      stream.avail_out = uInt(dst.count)
      return CZlib.deflate(&stream, finish ? Z_FINISH : Z_FULL_FLUSH)
    }
    guard status == (finish ? Z_STREAM_END : Z_OK) else {
      throw .encodingFailed("deflate returned \(status)")
    }
    output.removeSubrange(Int(stream.total_out)...)
    return output
  }

  static func appendChunk(_ type: String, _ body: Data, to png: inout Data) {
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

/// A pointer handed to worker threads that only read through it while the caller waits.
struct UnsafeSendable: @unchecked Sendable {
  let pointer: UnsafePointer<UInt8>

  init(_ pointer: UnsafePointer<UInt8>) { self.pointer = pointer }
}

/// One flag per band, set by worker threads, read after they finish.
final class BandFlags: @unchecked Sendable {
  private let lock = NSLock()
  private var flags: [Bool]

  init(count: Int) { flags = Array(repeating: false, count: count) }

  func set(_ index: Int) {
    lock.lock()
    flags[index] = true
    lock.unlock()
  }

  var any: Bool {
    lock.lock()
    defer { lock.unlock() }
    return flags.contains(true)
  }
}

/// Per-band results written by worker threads, read after they finish.
final class BandResults: @unchecked Sendable {
  private let lock = NSLock()
  private var results: [Result<PNGEncoder.Band, RenderError>?]

  init(count: Int) { results = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ result: Result<PNGEncoder.Band, RenderError>) {
    lock.lock()
    results[index] = result
    lock.unlock()
  }

  func get(_ index: Int) -> Result<PNGEncoder.Band, RenderError>? {
    lock.lock()
    defer { lock.unlock() }
    return results[index]
  }
}

import CZlib
import Foundation
import Synchronization

/// How hard the PNG encoder compresses.
public enum PNGCompression: Sendable, Hashable {
  /// Our own run-length deflate after the `Sub` or `Up` filter (fixed codes, distance-1
  /// matches): many times faster than zlib, files about twice the size of ``balanced``'s.
  case fast
  /// zlib level 6 (the usual default): smaller files, slower.
  case balanced
}

/// Writes 8-bit RGBA PNG files (RGB when every pixel is opaque) from Cairo's premultiplied ARGB32 pixels.
///
/// Rows use the `Sub` filter, which turns runs of one colour into runs of zeros, or `Up`
/// where a row repeats the one above.
enum PNGEncoder {
  /// Rows filtered at a time before they are deflated (with ``PNGCompression/fast``): about
  /// this many bytes, so that they are still in the first-level cache when deflated.
  static let chunkBytes = 16 * 1024

  /// Encodes `width` × `height` premultiplied native-endian ARGB32 pixels.
  ///
  /// Bands of rows are filtered and deflated on separate threads (as pigz does): each band
  /// is a raw deflate stream ending on a byte boundary, the zlib header and the combined
  /// Adler-32 wrap them into one zlib stream, and the IDAT chunk's CRC is combined from the
  /// bands' CRCs. With ``PNGCompression/fast`` a band goes through a small buffer a few rows
  /// at a time: filtered, then deflated (and checksummed) while still in the cache.
  static func encode(
    pixels: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int,
    compression: PNGCompression, parallel: Bool = true
  ) throws(RenderError) -> Data {
    let threads = parallel ? ProcessInfo.processInfo.activeProcessorCount : 1
    // One band a thread where the picture is tall enough (each band's end costs a few bytes;
    // two a thread measured no faster on this shared machine).
    let bandCount = max(1, min(threads, height / 64, 16))
    let rowsPerBand = (height + bandCount - 1) / bandCount
    let bands = (0..<bandCount).map { band in
      let first = band * rowsPerBand
      return first..<max(first, min(height, first + rowsPerBand))
    }
    // Opaque pictures (any screen with an opaque window) are written as RGB: a quarter fewer
    // bytes to filter, checksum and deflate. Bands are first encoded as RGB; a band that
    // meets a translucent pixel stops, and then every band is encoded as RGBA.
    var results = encodeBands(
      pixels: pixels, stride: stride, width: width, bands: bands, compression: compression,
      opaque: true)
    let opaque = results.allSatisfy { $0 != nil }
    if !opaque {
      for case .success(let part)? in results { BufferPool.shared.recycle(part.bytes) }
      results = encodeBands(
        pixels: pixels, stride: stride, width: width, bands: bands, compression: compression,
        opaque: false)
    }
    let parts = try parts(of: results)
    defer { for part in parts { BufferPool.shared.recycle(part.bytes) } }
    return assemble(parts, width: width, height: height, opaque: opaque)
  }

  /// Encodes `bands` (consecutive rows, top to bottom; the last one ends the stream) on all
  /// cores, as RGB when `opaque` (a band meeting a translucent pixel is then `nil`), else
  /// RGBA.
  static func encodeBands(
    pixels: UnsafePointer<UInt8>, stride: Int, width: Int, bands: [Range<Int>],
    compression: PNGCompression, opaque: Bool
  ) -> [Result<Band, RenderError>?] {
    let results = BandResults(count: bands.count)
    let source = UnsafeSendable(pixels)
    DispatchQueue.concurrentPerform(iterations: bands.count) { band in
      if let result = encodeBand(
        pixels: source.pointer, stride: stride, width: width, rows: bands[band],
        compression: compression, isLast: band == bands.count - 1, opaque: opaque)
      {
        results.set(band, result)
      }
    }
    return bands.indices.map { results.get($0) }
  }

  /// The bands' streams in order; the first band's error, or an error for a band that was
  /// not encoded, is thrown after giving the streams gathered back to the pool.
  static func parts(of results: [Result<Band, RenderError>?]) throws(RenderError) -> [Band] {
    var parts: [Band] = []
    parts.reserveCapacity(results.count)
    for (band, result) in results.enumerated() {
      let failure: RenderError
      switch result {
      case .success(let part)?:
        parts.append(part)
        continue
      case .failure(let error)?: failure = error
      case nil: failure = .encodingFailed("band \(band) was not encoded")
      }
      for part in parts { BufferPool.shared.recycle(part.bytes) }
      throw failure
    }
    return parts
  }

  /// The PNG file of `parts`, the raw deflate streams of consecutive bands of rows (the last
  /// one final), RGB when `opaque`, else RGBA.
  static func assemble(_ parts: [Band], width: Int, height: Int, opaque: Bool) -> Data {
    // The zlib stream: header (deflate, 32 KiB window, fastest), the bands, Adler-32.
    var adler: uLong = 1
    var streamCRC = crc32(0, nil, 0)
    let zlibHeader: [UInt8] = [0x49, 0x44, 0x41, 0x54, 0x78, 0x01]  // "IDAT", then the header
    streamCRC = zlibHeader.withUnsafeBufferPointer { crc32(streamCRC, $0.baseAddress, 6) }
    var streamCount = 2 + 4
    for part in parts {
      adler = adler32_combine(adler, part.adler, off_t(part.rawCount))
      streamCRC = crc32_combine(streamCRC, part.crc, off_t(part.count))
      streamCount += part.count
    }
    let adlerBytes = UInt32(adler).bigEndianBytes
    streamCRC = adlerBytes.withUnsafeBufferPointer { crc32(streamCRC, $0.baseAddress, 4) }

    var header = Data()
    header.appendBigEndian(UInt32(width))
    header.appendBigEndian(UInt32(height))
    header.append(contentsOf: [8, opaque ? 2 : 6, 0, 0, 0])
    var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    png.reserveCapacity(8 + 25 + 12 + streamCount + 12)
    appendChunk("IHDR", header, to: &png)
    png.appendBigEndian(UInt32(streamCount))
    png.append(contentsOf: zlibHeader)
    for part in parts {
      part.bytes.withUnsafeBufferPointer {
        png.append(UnsafeBufferPointer(rebasing: $0[..<part.count]))
      }
    }
    png.append(contentsOf: adlerBytes)
    png.appendBigEndian(UInt32(streamCRC))
    appendChunk("IEND", Data(), to: &png)
    return png
  }

  /// One band's raw deflate stream (the first `count` bytes of a pooled array), the CRC-32
  /// of those bytes and the Adler-32 of its `rawCount` filtered bytes.
  struct Band: Sendable {
    var bytes: [UInt8]
    var count: Int
    var crc: uLong
    var adler: uLong
    var rawCount: Int
  }

  /// Filters and deflates rows `rows`; `nil` when `opaque` and a pixel is not. Reads only
  /// those rows (the row above the first is not compared), so other rows may be drawn
  /// meanwhile.
  static func encodeBand(
    pixels: UnsafePointer<UInt8>, stride: Int, width: Int, rows: Range<Int>,
    compression: PNGCompression, isLast: Bool, opaque: Bool
  ) -> Result<Band, RenderError>? {
    let rowBytes = 1 + (opaque ? 3 : 4) * width
    let count = rowBytes * rows.count
    let first = rows.lowerBound
    /// Filters `rows` into `out`, one after the other; false when `opaque` and a pixel is not.
    /// A row equal to the one above (any but the band's first; rows of flat colour) is
    /// written with the `Up` filter, all zeros, without filtering it. Its opacity is the row
    /// above's, which has been checked.
    func filter(_ rows: Range<Int>, into out: UnsafeMutablePointer<UInt8>) -> Bool {
      for (index, y) in rows.enumerated() {
        let row = UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
        if y > first, memcmp(row, pixels + (y - 1) * stride, 4 * width) == 0 {
          out[index * rowBytes] = 2
          (out + index * rowBytes + 1).update(repeating: 0, count: rowBytes - 1)
        } else if opaque {
          guard filterOpaqueRow(row, into: out + index * rowBytes, width: width) else {
            return false
          }
        } else {
          filterRow(row, into: out + index * rowBytes, width: width)
        }
      }
      return true
    }
    if compression == .fast {
      var out = BufferPool.shared.array(count: RunLengthDeflater.capacity(forInput: count))
      let rowsPerChunk = max(1, min(rows.count, chunkBytes / rowBytes))
      let result = out.withUnsafeMutableBufferPointer { buffer -> (count: Int, adler: UInt32)? in
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: rowsPerChunk * rowBytes + 16) {
          chunk -> (count: Int, adler: UInt32)? in
          // A spare byte: RGB rows are written one byte past their end.
          var deflater = RunLengthDeflater(out: buffer.baseAddress!, final: isLast)
          var y = rows.lowerBound
          while y < rows.upperBound {
            let next = min(rows.upperBound, y + rowsPerChunk)
            guard filter(y..<next, into: chunk.baseAddress!) else { return nil }
            deflater.compress(chunk.baseAddress!, count: (next - y) * rowBytes)
            y = next
          }
          return (deflater.finish(), deflater.adler)
        }
      }
      guard let result else {
        BufferPool.shared.recycle(out)
        return nil
      }
      let crc = out.withUnsafeBufferPointer { crc32_z(0, $0.baseAddress, result.count) }
      return .success(
        Band(
          bytes: out, count: result.count, crc: crc, adler: uLong(result.adler), rawCount: count))
    }
    var raw = BufferPool.shared.array(count: count + 16)
    defer { BufferPool.shared.recycle(raw) }
    let allOpaque = raw.withUnsafeMutableBufferPointer { filter(rows, into: $0.baseAddress!) }
    guard allOpaque else { return nil }
    return raw.withUnsafeBufferPointer { buffer -> Result<Band, RenderError> in
      let base = buffer.baseAddress!
      let adler = uLong(Adler32.checksum(base, count: count))
      return Result { () throws(RenderError) -> Band in
        let deflated = try deflate(UnsafeBufferPointer(start: base, count: count), finish: isLast)
        let crc = deflated.withUnsafeBufferPointer { crc32_z(0, $0.baseAddress, $0.count) }
        return Band(bytes: deflated, count: deflated.count, crc: crc, adler: adler, rawCount: count)
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

  /// Writes one row of opaque pixels as RGB with the `Sub` filter, four pixels at a time:
  /// one vector subtraction (any x86-64 has it), then byte swaps, shifts and masks (no byte
  /// shuffle: SSSE3 is not in the baseline); the last pixels one at a time, storing one byte
  /// past the row's end. Returns whether every pixel was indeed opaque.
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
    while x &+ 4 <= width {
      let current = bytes.loadUnaligned(fromByteOffset: 4 &* x, as: SIMD16<UInt8>.self)
      alphas &= current
      let left = bytes.loadUnaligned(fromByteOffset: 4 &* x &- 4, as: SIMD16<UInt8>.self)
      // Per pair of pixels, Cairo's B0 G0 R0 A0 B1 G1 R1 A1 byte-swapped are A1 R1 G1 B1
      // A0 R0 G0 B0: shifts and masks pack them as R0 G0 B0 R1 G1 B1.
      let d = unsafeBitCast(current &- left, to: SIMD2<UInt64>.self)
      let v0 = d[0].byteSwapped
      let v1 = d[1].byteSwapped
      let p0 = (v0 &>> 40) | ((v0 &<< 16) & 0xFFFF_FF00_0000)
      let p1 = (v1 &>> 40) | ((v1 &<< 16) & 0xFFFF_FF00_0000)
      out.storeBytes(of: (p0 | p1 &<< 48).littleEndian, toByteOffset: 3 &* x, as: UInt64.self)
      out.storeBytes(
        of: UInt32(truncatingIfNeeded: p1 &>> 16).littleEndian, toByteOffset: 3 &* x &+ 8,
        as: UInt32.self)
      x &+= 4
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
    // deflateBound leaves no room for the full flush's empty stored block (five bytes), which
    // incompressible bands need.
    let bound = Int(deflateBound(&stream, uLong(input.count))) + 16
    var output = [UInt8](repeating: 0, count: bound)
    status = output.withUnsafeMutableBufferPointer { dst in
      stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
      stream.avail_in = uInt(input.count)
      stream.next_out = dst.baseAddress
      stream.avail_out = uInt(dst.count)
      return CZlib.deflate(&stream, finish ? Z_FINISH : Z_FULL_FLUSH)
    }
    guard status == (finish ? Z_STREAM_END : Z_OK), stream.avail_in == 0, stream.avail_out > 0
    else {
      throw .encodingFailed(
        "deflate returned \(status) with \(stream.avail_in) bytes left to compress")
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

extension UInt32 {
  /// The four bytes, most significant first.
  var bigEndianBytes: [UInt8] {
    [UInt8(self >> 24), UInt8((self >> 16) & 0xFF), UInt8((self >> 8) & 0xFF), UInt8(self & 0xFF)]
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

/// Per-band results written by worker threads, read after they finish.
final class BandResults: Sendable {
  private let results: Mutex<[Result<PNGEncoder.Band, RenderError>?]>

  init(count: Int) { results = Mutex(Array(repeating: nil, count: count)) }

  func set(_ index: Int, _ result: Result<PNGEncoder.Band, RenderError>) {
    results.withLock { $0[index] = result }
  }

  func get(_ index: Int) -> Result<PNGEncoder.Band, RenderError>? {
    results.withLock { $0[index] }
  }
}

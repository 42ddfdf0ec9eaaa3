import CZlib
import Foundation
import Testing

@testable import Rendering

/// The fast paths of the PNG writer — the vector RGB filter, the run-length deflater with its
/// folded Adler-32, the banded stream with combined checksums — checked by a strict decoder
/// (every chunk's CRC, zlib's `uncompress` with its Adler-32 check) pixel for pixel.
@Suite struct PNGFastPathTests {
  /// Seeded pseudo-random numbers.
  struct Generator {
    var state: UInt64

    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 11
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
  }

  /// Premultiplied ARGB32 pixels with rows `stride` bytes apart (some spare bytes each).
  struct Picture {
    let width: Int
    let height: Int
    let stride: Int
    var words: [UInt32]

    init(width: Int, height: Int, pixel: (Int, Int) -> UInt32) {
      self.width = width
      self.height = height
      stride = (width + 3) * 4
      words = [UInt32](repeating: 0xDEAD_BEEF, count: (width + 3) * height)
      for y in 0..<height {
        for x in 0..<width { words[y * (width + 3) + x] = pixel(x, y) }
      }
    }

    func pixel(_ x: Int, _ y: Int) -> UInt32 { words[y * (width + 3) + x] }

    func encode(_ compression: PNGCompression, parallel: Bool = true) throws -> Data {
      try words.withUnsafeBytes { raw in
        try PNGEncoder.encode(
          pixels: raw.bindMemory(to: UInt8.self).baseAddress!, stride: stride, width: width,
          height: height, compression: compression, parallel: parallel)
      }
    }

    /// What a decoder must give: RGB when every pixel is opaque, else straight RGBA.
    var expected: (colorType: UInt8, bytes: [UInt8]) {
      let opaque = (0..<height).allSatisfy { y in
        (0..<width).allSatisfy { pixel($0, y) >> 24 == 255 }
      }
      var bytes: [UInt8] = []
      for y in 0..<height {
        for x in 0..<width {
          let p = PNGEncoder.unpremultiply(pixel(x, y))
          bytes += opaque ? [p.0, p.1, p.2] : [p.0, p.1, p.2, p.3]
        }
      }
      return (opaque ? 2 : 6, bytes)
    }
  }

  struct DecodeError: Error, CustomStringConvertible {
    let description: String
  }

  /// Decodes an 8-bit RGB or RGBA PNG strictly: signature, every chunk's CRC-32, the zlib
  /// stream (its Adler-32 included, by `uncompress`), the row filters.
  static func decode(_ png: Data) throws -> (
    width: Int, height: Int, colorType: UInt8, bytes: [UInt8]
  ) {
    let data = [UInt8](png)
    guard data.count > 8, data[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
      throw DecodeError(description: "bad signature")
    }
    func word(_ at: Int) -> Int {
      Int(data[at]) << 24 | Int(data[at + 1]) << 16 | Int(data[at + 2]) << 8 | Int(data[at + 3])
    }
    var offset = 8
    var width = 0
    var height = 0
    var colorType: UInt8 = 0
    var idat: [UInt8] = []
    var ended = false
    while offset < data.count {
      guard offset + 12 <= data.count else { throw DecodeError(description: "truncated chunk") }
      let length = word(offset)
      guard offset + 12 + length <= data.count else {
        throw DecodeError(description: "chunk past the end")
      }
      let type = String(decoding: data[(offset + 4)..<(offset + 8)], as: UTF8.self)
      let crc = data.withUnsafeBufferPointer {
        crc32(0, $0.baseAddress! + offset + 4, uInt(length + 4))
      }
      guard crc == uLong(word(offset + 8 + length)) else {
        throw DecodeError(description: "bad CRC in \(type)")
      }
      let body = Array(data[(offset + 8)..<(offset + 8 + length)])
      switch type {
      case "IHDR":
        width = Int(body[0]) << 24 | Int(body[1]) << 16 | Int(body[2]) << 8 | Int(body[3])
        height = Int(body[4]) << 24 | Int(body[5]) << 16 | Int(body[6]) << 8 | Int(body[7])
        colorType = body[9]
        guard body[8] == 8, colorType == 2 || colorType == 6 else {
          throw DecodeError(description: "not 8-bit RGB(A)")
        }
      case "IDAT": idat += body
      case "IEND": ended = true
      default: break
      }
      offset += 12 + length
    }
    guard ended else { throw DecodeError(description: "no IEND") }
    let channels = colorType == 6 ? 4 : 3
    let rowBytes = 1 + channels * width
    var raw = [UInt8](repeating: 0, count: rowBytes * height + 1)
    var rawCount = uLongf(raw.count)
    let status = uncompress(&raw, &rawCount, idat, uLong(idat.count))
    guard status == Z_OK else { throw DecodeError(description: "uncompress returned \(status)") }
    guard Int(rawCount) == rowBytes * height else {
      throw DecodeError(description: "\(rawCount) bytes, not \(rowBytes * height)")
    }
    var bytes = [UInt8](repeating: 0, count: (rowBytes - 1) * height)
    for y in 0..<height {
      let filter = raw[y * rowBytes]
      for i in 0..<(rowBytes - 1) {
        let value = raw[y * rowBytes + 1 + i]
        let left = i >= channels ? Int(bytes[y * (rowBytes - 1) + i - channels]) : 0
        let up = y > 0 ? Int(bytes[(y - 1) * (rowBytes - 1) + i]) : 0
        let upLeft =
          y > 0 && i >= channels ? Int(bytes[(y - 1) * (rowBytes - 1) + i - channels]) : 0
        let predicted: Int
        switch filter {
        case 0: predicted = 0
        case 1: predicted = left
        case 2: predicted = up
        case 3: predicted = (left + up) / 2
        case 4:
          let p = left + up - upLeft
          let (a, b, c) = (abs(p - left), abs(p - up), abs(p - upLeft))
          predicted = a <= b && a <= c ? left : b <= c ? up : upLeft
        default: throw DecodeError(description: "filter \(filter) in row \(y)")
        }
        bytes[y * (rowBytes - 1) + i] = UInt8(truncatingIfNeeded: Int(value) + predicted)
      }
    }
    return (width, height, colorType, bytes)
  }

  /// Encodes `picture` both ways, serial and parallel, and checks the pixels that come back.
  func check(_ picture: Picture, _ comment: Comment) throws {
    let expected = picture.expected
    for compression in [PNGCompression.fast, .balanced] {
      for parallel in [true, false] {
        let png = try picture.encode(compression, parallel: parallel)
        let decoded = try Self.decode(png)
        #expect(decoded.width == picture.width && decoded.height == picture.height, comment)
        #expect(decoded.colorType == expected.colorType, comment)
        let first = zip(decoded.bytes, expected.bytes).enumerated().first {
          $0.element.0 != $0.element.1
        }?.offset
        #expect(
          decoded.bytes == expected.bytes,
          "\(comment) \(compression) parallel \(parallel): first difference at byte \(first ?? -1)")
      }
    }
  }

  static func opaque(_ r: Int, _ g: Int, _ b: Int) -> UInt32 {
    0xFF00_0000 | UInt32(r & 0xFF) << 16 | UInt32(g & 0xFF) << 8 | UInt32(b & 0xFF)
  }

  @Test(arguments: [1, 2, 3, 4, 5, 7, 13, 64, 257, 1170])
  func randomOpaquePixels(width: Int) throws {
    var random = Generator(state: UInt64(width))
    let picture = Picture(width: width, height: 150) { _, _ in
      UInt32(truncatingIfNeeded: random.next()) | 0xFF00_0000
    }
    try check(picture, "random \(width) wide")
  }

  @Test func onePixel() throws {
    try check(Picture(width: 1, height: 1) { _, _ in Self.opaque(1, 2, 3) }, "1×1 opaque")
    try check(Picture(width: 1, height: 1) { _, _ in 0x8040_2010 }, "1×1 translucent")
    try check(Picture(width: 1, height: 1) { _, _ in 0 }, "1×1 transparent")
  }

  /// Long runs (longer than 258, across rows and bands), short runs of one to four equal
  /// bytes, flat colour, gradients (constant non-zero differences), noise patches.
  @Test(arguments: [3, 29, 333, 1001])
  func structuredPictures(width: Int) throws {
    var random = Generator(state: 7 &* UInt64(width))
    let noise = (0..<(width * 400)).map { _ in UInt32(truncatingIfNeeded: random.next()) }
    let picture = Picture(width: width, height: 400) { x, y in
      switch y / 40 {
      case 0: return Self.opaque(0xFF, 0xFF, 0xFF)  // one colour: runs across rows
      case 1: return Self.opaque(x, x, x)  // grey gradient: runs of equal differences
      case 2: return Self.opaque(x / 3, 7, (x / 2) * 3)  // short runs of all lengths
      case 3: return x % 17 < 9 ? Self.opaque(30, 60, 90) : noise[y * width + x] | 0xFF00_0000
      case 4: return Self.opaque(x * 7 % 256, 1, 1)  // ones: runs through the row start
      case 5: return noise[y * width + x] & 0xFF01_0101 | 0xFF00_0000  // tiny values
      case 6: return Self.opaque(y, y, y)  // each row one colour
      default: return (x + y) % 300 == 0 ? Self.opaque(0, 0, 1) : Self.opaque(0, 0, 0)
      }
    }
    try check(picture, "structured \(width) wide")
  }

  @Test func allEqualPictures() throws {
    try check(Picture(width: 777, height: 555) { _, _ in Self.opaque(12, 12, 12) }, "grey")
    try check(Picture(width: 777, height: 555) { _, _ in Self.opaque(0, 0, 0) }, "black")
    try check(Picture(width: 300, height: 200) { _, _ in 0 }, "transparent")
    try check(Picture(width: 300, height: 200) { _, _ in 0x8080_8080 }, "half grey")
  }

  /// A translucent pixel anywhere (here in the last row of the last band, and in the
  /// first row) makes the whole picture RGBA.
  @Test(arguments: [(0, 0), (389, 699), (0, 699), (200, 350)])
  func oneTranslucentPixel(x: Int, y: Int) throws {
    var random = Generator(state: 99)
    let picture = Picture(width: 390, height: 700) { px, py in
      if px == x && py == y { return 0x7F40_2010 }
      return py % 50 < 25
        ? Self.opaque(200, 100, 50) : UInt32(truncatingIfNeeded: random.next()) | 0xFF00_0000
    }
    let png = try picture.encode(.fast)
    let decoded = try Self.decode(png)
    #expect(decoded.colorType == 6)
    #expect(decoded.bytes == picture.expected.bytes)
  }

  /// The deflater alone: runs of random lengths (1 to 700) of random bytes, fed in pieces
  /// of random sizes, inflated by zlib (which checks the Adler-32 the deflater computed);
  /// the pieces give the bytes one piece gives (runs go on across pieces).
  @Test(arguments: [1 as UInt64, 2, 3, 4, 5])
  func deflaterRoundTrip(seed: UInt64) throws {
    var random = Generator(state: seed)
    var input: [UInt8] = []
    while input.count < 200_000 {
      let byte = UInt8(truncatingIfNeeded: random.below(4) == 0 ? 0 : random.next())
      let length = [1, 1, 2, 3, 4, 8, 9, 63, 64, 65, 258, 259, 260, 261, 517, 700][random.below(16)]
      input += [UInt8](repeating: byte, count: length)
    }
    var whole: [UInt8] = []
    for (final, split) in [(true, false), (true, true), (false, true)] {
      var output = [UInt8](repeating: 0, count: RunLengthDeflater.capacity(forInput: input.count))
      let (count, adler) = output.withUnsafeMutableBufferPointer { out in
        input.withUnsafeBufferPointer { source in
          var deflater = RunLengthDeflater(out: out.baseAddress!, final: final)
          var offset = 0
          while offset < source.count {
            let piece =
              split
              ? min(source.count - offset, [0, 1, 9, 63, 64, 65, 4000, 70_000][random.below(8)])
              : source.count
            deflater.compress(source.baseAddress! + offset, count: piece)
            offset += piece
          }
          return (deflater.finish(), deflater.adler)
        }
      }
      let zlibAdler = input.withUnsafeBufferPointer { adler32(1, $0.baseAddress, uInt($0.count)) }
      #expect(uLong(adler) == zlibAdler)
      // A zlib stream around the raw deflate data (a stream that is not final gets a final
      // empty fixed block after its empty stored block).
      var stream: [UInt8] = [0x78, 0x01] + output[..<count]
      if !final { stream += [0x03, 0x00] }
      stream += UInt32(adler).bigEndianBytes
      var inflated = [UInt8](repeating: 0, count: input.count + 1)
      var inflatedCount = uLongf(inflated.count)
      let status = uncompress(&inflated, &inflatedCount, stream, uLong(stream.count))
      #expect(status == Z_OK)
      if final && !split { whole = Array(output[..<count]) }
      if final && split { #expect(Array(output[..<count]) == whole) }
      #expect(Array(inflated[..<Int(inflatedCount)]) == input)
    }
  }

  /// Adler-32 against zlib's on random lengths up to 100,000 and random starting values.
  @Test func adlerMatchesZlib() {
    var random = Generator(state: 42)
    let bytes = (0..<100_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    var lengths = [0, 1, 15, 16, 17, 5552, 5553, 65_536, 100_000]
    for _ in 0..<40 { lengths.append(random.below(100_001)) }
    bytes.withUnsafeBufferPointer { buffer in
      for length in lengths {
        let initial =
          random.below(2) == 0 ? 1 : UInt32(random.below(65521)) << 16 | UInt32(random.below(65521))
        let ours = Adler32.checksum(buffer.baseAddress!, count: length, initial: initial)
        let theirs = adler32(uLong(initial), buffer.baseAddress, uInt(length))
        #expect(uLong(ours) == theirs, "length \(length)")
      }
    }
  }
}

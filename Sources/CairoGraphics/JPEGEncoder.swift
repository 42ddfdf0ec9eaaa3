import Foundation

/// A baseline JPEG writer (JFIF, 8-bit YCbCr with 4:2:0 chroma subsampling, Huffman coded
/// with the standard tables of ITU-T T.81 Annex K), so that `UIImage.jpegData` works without
/// a JPEG library: Cairo has none.
///
/// The steps are libjpeg's: the quality scales the Annex K quantisation tables by libjpeg's
/// formula (`jpeg_quality_scaling`), colours are converted with the JFIF equations, each 8×8
/// block goes through the floating-point AAN forward DCT (libjpeg's `jfdctflt`) with the
/// quantisation folded into the DCT's output scaling, and coefficients are Huffman coded in
/// zig-zag order with byte stuffing. Edges are padded by repeating the last column and row.
///
/// Pictures taller than one band (8 MCU rows, 128 pixel rows) are coded in bands on every core,
/// each band a restart interval (`DRI`, `RSTn` markers between bands): the bytes do not depend
/// on the number of cores.
enum JPEGEncoder {
  /// MCU rows in one restart interval.
  static let rowsPerBand = 8

  /// libjpeg's quality (1…100) for UIKit's compression quality (0…1, clamped; NaN is 1).
  static func libjpegQuality(_ compressionQuality: Double) -> Int {
    guard !compressionQuality.isNaN else { return 100 }
    return max(1, min(100, Int((compressionQuality * 100).rounded())))
  }

  /// A table of Annex K scaled for `quality` (1…100) as libjpeg scales it: 5000/q % below 50,
  /// 200 − 2q % from 50, each entry rounded and kept within 1…255 (baseline).
  static func scaledTable(_ base: [UInt8], quality: Int) -> [UInt8] {
    let q = max(1, min(100, quality))
    let scale = q < 50 ? 5000 / q : 200 - 2 * q
    return base.map { UInt8(max(1, min(255, (Int($0) * scale + 50) / 100))) }
  }

  /// Encodes `width` × `height` premultiplied ARGB32 pixels (BGRA in memory), alpha
  /// composited over black (the premultiplied colours themselves), as JFIF bytes.
  static func encode(
    pixels: UnsafeRawPointer, stride: Int, width: Int, height: Int, quality: Int,
    parallel: Bool = true
  ) -> Data {
    precondition(width > 0 && height > 0 && width <= 0xFFFF && height <= 0xFFFF)
    let luma = scaledTable(Tables.luminanceQuantisation, quality: quality)
    let chroma = scaledTable(Tables.chrominanceQuantisation, quality: quality)
    let mcuColumns = (width + 15) / 16
    let mcuRows = (height + 15) / 16
    let bandCount = (mcuRows + rowsPerBand - 1) / rowsPerBand
    let coder = BlockCoder(luma: luma, chroma: chroma)
    let source = Source(pixels: pixels, stride: stride, width: width, height: height)
    let slots = Slots(count: bandCount)
    defer { slots.free() }
    let work: @Sendable (Int) -> Void = { band in
      let first = band * rowsPerBand
      slots.base[band] = coder.encode(
        source, mcuRows: first..<min(mcuRows, first + rowsPerBand), mcuColumns: mcuColumns)
    }
    if parallel && bandCount > 1 {
      DispatchQueue.concurrentPerform(iterations: bandCount, execute: work)
    } else {
      for band in 0..<bandCount { work(band) }
    }
    let bands = UnsafeBufferPointer(start: slots.base, count: bandCount)
    var jpeg = header(
      width: width, height: height, luma: luma, chroma: chroma,
      restartInterval: bandCount > 1 ? rowsPerBand * mcuColumns : 0)
    jpeg.reserveCapacity(jpeg.count + bands.reduce(2 + 2 * bandCount) { $0 + $1.count })
    for (index, band) in bands.enumerated() {
      if index > 0 { jpeg += [0xFF, 0xD0 + UInt8((index - 1) % 8)] }
      jpeg += band
    }
    jpeg += [0xFF, 0xD9]
    return Data(jpeg)
  }

  /// SOI, APP0 (JFIF 1.01, 72 dpi), DQT, SOF0, DHT, DRI when bands restart, and SOS.
  static func header(
    width: Int, height: Int, luma: [UInt8], chroma: [UInt8], restartInterval: Int
  ) -> [UInt8] {
    var out: [UInt8] = [0xFF, 0xD8]
    func segment(_ marker: UInt8, _ body: [UInt8]) {
      out += [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)]
      out += body
    }
    segment(0xE0, Array("JFIF".utf8) + [0, 1, 1, 1, 0, 72, 0, 72, 0, 0])
    let zigzag = Tables.zigzag
    segment(0xDB, [0x00] + zigzag.map { luma[$0] } + [0x01] + zigzag.map { chroma[$0] })
    let h = [UInt8(height >> 8), UInt8(height & 0xFF)]
    let w = [UInt8(width >> 8), UInt8(width & 0xFF)]
    segment(0xC0, [8] + h + w + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
    var tables: [UInt8] = []
    for (id, table) in [
      (0x00, Tables.dcLuminance), (0x10, Tables.acLuminance),
      (0x01, Tables.dcChrominance), (0x11, Tables.acChrominance),
    ] {
      tables += [UInt8(id)] + table.bits + table.values
    }
    segment(0xC4, tables)
    if restartInterval > 0 {
      segment(0xDD, [UInt8(restartInterval >> 8), UInt8(restartInterval & 0xFF)])
    }
    segment(0xDA, [3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0])
    return out
  }

  /// One result a band, each written by one thread.
  struct Slots: @unchecked Sendable {
    let base: UnsafeMutablePointer<[UInt8]>
    let count: Int

    init(count: Int) {
      self.count = count
      base = .allocate(capacity: count)
      base.initialize(repeating: [], count: count)
    }

    func free() {
      base.deinitialize(count: count)
      base.deallocate()
    }
  }

  /// The pixels read by every band.
  struct Source: @unchecked Sendable {
    let pixels: UnsafeRawPointer
    let stride: Int
    let width: Int
    let height: Int
  }

  /// A Huffman code: the code and its length in bits for each symbol.
  struct HuffmanCode: Sendable {
    /// Codes by symbol.
    var codes = [UInt16](repeating: 0, count: 256)
    /// Lengths by symbol (0 for symbols the table does not have).
    var lengths = [UInt8](repeating: 0, count: 256)

    /// The canonical code of a table (T.81 Annex C).
    init(_ table: Tables.Huffman) {
      var code = 0
      var index = 0
      for length in 1...16 {
        for _ in 0..<Int(table.bits[length - 1]) {
          codes[Int(table.values[index])] = UInt16(code)
          lengths[Int(table.values[index])] = UInt8(length)
          code += 1
          index += 1
        }
        code <<= 1
      }
    }

    /// Each symbol's code shifted left 8 bits, or'ed with its length: one load a symbol.
    var packed: [UInt32] { (0..<256).map { UInt32(codes[$0]) << 8 | UInt32(lengths[$0]) } }
  }

  /// Transforms, quantises and Huffman codes one band of MCUs.
  struct BlockCoder: Sendable {
    /// Reciprocals of the quantisation divisors with the AAN output scale, in natural order.
    let lumaScale: [Float]
    let chromaScale: [Float]
    /// The four Huffman codes, packed (``HuffmanCode/packed``): DC and AC luminance, DC and
    /// AC chrominance, 256 entries each.
    let codes: [UInt32]

    init(luma: [UInt8], chroma: [UInt8]) {
      // jfdctflt's outputs are 8 × aan[row] × aan[column] times the true coefficients.
      let aan: [Float] = [
        1.0, 1.387039845, 1.306562965, 1.175875602, 1.0, 0.785694958, 0.541196100, 0.275899379,
      ]
      func scales(_ table: [UInt8]) -> [Float] {
        (0..<64).map { natural in
          1 / (Float(table[natural]) * aan[natural / 8] * aan[natural % 8] * 8)
        }
      }
      lumaScale = scales(luma)
      chromaScale = scales(chroma)
      codes =
        HuffmanCode(Tables.dcLuminance).packed + HuffmanCode(Tables.acLuminance).packed
        + HuffmanCode(Tables.dcChrominance).packed + HuffmanCode(Tables.acChrominance).packed
    }

    /// The entropy-coded bytes of `mcuRows`, padded to a byte with 1 bits.
    func encode(_ source: Source, mcuRows: Range<Int>, mcuColumns: Int) -> [UInt8] {
      var band = Band(coder: self, source: source, mcuColumns: mcuColumns)
      defer { band.free() }
      band.writer.bytes.reserveCapacity(mcuRows.count * mcuColumns * 128)
      for mcuRow in mcuRows { band.encodeRow(mcuRow) }
      band.writer.finish()
      return band.writer.bytes
    }
  }

  /// The working memory of one band: the planes of one MCU row (Y at full resolution, Cb and
  /// Cr averaged over 2×2 pixels, the last column and row repeated to whole MCUs), one block,
  /// the tables in zig-zag order, and the bits written.
  struct Band {
    let source: Source
    let mcuColumns: Int
    /// Floats a row of the Y plane (16 per MCU) and of a chroma plane (8 per MCU).
    let lumaStride: Int
    let chromaStride: Int
    let luma: UnsafeMutablePointer<Float>
    let cb: UnsafeMutablePointer<Float>
    let cr: UnsafeMutablePointer<Float>
    let block: UnsafeMutablePointer<Float>
    /// A block's quantised coefficients in natural, then zig-zag order.
    let natural: UnsafeMutablePointer<Int32>
    let quantised: UnsafeMutablePointer<Int32>
    /// Luma then chroma scales (64 each, natural order), the zig-zag order (64), the packed
    /// codes (4 × 256).
    let scales: UnsafeMutablePointer<Float>
    let zigzag: UnsafeMutablePointer<Int32>
    let codes: UnsafeMutablePointer<UInt32>
    var writer = BitWriter()
    var previous: (y: Int32, cb: Int32, cr: Int32) = (0, 0, 0)

    init(coder: BlockCoder, source: Source, mcuColumns: Int) {
      self.source = source
      self.mcuColumns = mcuColumns
      lumaStride = mcuColumns * 16
      chromaStride = mcuColumns * 8
      luma = .allocate(capacity: 16 * lumaStride)
      cb = .allocate(capacity: 8 * chromaStride)
      cr = .allocate(capacity: 8 * chromaStride)
      block = .allocate(capacity: 64)
      natural = .allocate(capacity: 64)
      quantised = .allocate(capacity: 64)
      scales = .allocate(capacity: 128)
      scales.initialize(from: coder.lumaScale + coder.chromaScale, count: 128)
      zigzag = .allocate(capacity: 64)
      zigzag.initialize(from: Tables.zigzag.map { Int32($0) }, count: 64)
      codes = .allocate(capacity: 1024)
      codes.initialize(from: coder.codes, count: 1024)
    }

    func free() {
      for pointer in [luma, cb, cr, block, scales] { pointer.deallocate() }
      natural.deallocate()
      quantised.deallocate()
      zigzag.deallocate()
      codes.deallocate()
    }

    /// Converts and codes one MCU row.
    mutating func encodeRow(_ mcuRow: Int) {
      loadPlanes(y0: mcuRow * 16)
      for column in 0..<mcuColumns {
        for index in 0..<4 {
          let start = luma + (index / 2) * 8 * lumaStride + column * 16 + (index % 2) * 8
          previous.y = code(start, stride: lumaStride, chroma: false, previous: previous.y)
        }
        previous.cb = code(
          cb + column * 8, stride: chromaStride, chroma: true, previous: previous.cb)
        previous.cr = code(
          cr + column * 8, stride: chromaStride, chroma: true, previous: previous.cr)
      }
    }

    /// Fills the planes from pixel rows `y0`…`y0 + 15` (the last row repeated below the
    /// picture, the last column past its right edge): Y of each row in a straight loop the
    /// compiler vectorises, then the 2×2 colour sums of each pair of rows as integers (red
    /// and blue in two 16-bit lanes of one word), exact, for the chroma averages.
    private func loadPlanes(y0: Int) {
      let width = source.width
      func row(_ index: Int) -> UnsafeMutablePointer<UInt32> {
        (UnsafeMutableRawPointer(mutating: source.pixels)
          + min(y0 + index, source.height - 1) * source.stride)
          .assumingMemoryBound(to: UInt32.self)
      }
      for index in 0..<16 {
        let pixels = row(index)
        let y = luma + index * lumaStride
        for x in 0..<width {
          let word = pixels[x]
          let r = Float(word >> 16 & 0xFF)
          let g = Float(word >> 8 & 0xFF)
          let b = Float(word & 0xFF)
          y[x] = 0.299 * r + 0.587 * g + 0.114 * b - 128
        }
        for x in width..<lumaStride { y[x] = y[width - 1] }
      }
      let lastX = width - 1
      for pairRow in 0..<8 {
        let top = row(2 * pairRow)
        let bottom = row(2 * pairRow + 1)
        let cbRow = cb + pairRow * chromaStride
        let crRow = cr + pairRow * chromaStride
        for pair in 0..<chromaStride {
          let left = min(2 * pair, lastX)
          let right = min(2 * pair + 1, lastX)
          let words = (top[left], top[right], bottom[left], bottom[right])
          let redBlue =
            (words.0 & 0xFF_00FF) &+ (words.1 & 0xFF_00FF) &+ (words.2 & 0xFF_00FF)
            &+ (words.3 & 0xFF_00FF)
          let greens =
            (words.0 >> 8 & 0xFF) &+ (words.1 >> 8 & 0xFF) &+ (words.2 >> 8 & 0xFF)
            &+ (words.3 >> 8 & 0xFF)
          let sumR = Float(redBlue >> 16)
          let sumG = Float(greens)
          let sumB = Float(redBlue & 0xFFFF)
          cbRow[pair] = (-0.168736 * sumR - 0.331264 * sumG + 0.5 * sumB) / 4
          crRow[pair] = (0.5 * sumR - 0.418688 * sumG - 0.081312 * sumB) / 4
        }
      }
    }

    /// Transforms, quantises and codes the 8×8 block at `start` (rows `stride` apart);
    /// returns its DC value (the next block's prediction).
    private mutating func code(
      _ start: UnsafeMutablePointer<Float>, stride: Int, chroma: Bool, previous: Int32
    ) -> Int32 {
      for row in 0..<8 {
        (block + row * 8).update(from: start + row * stride, count: 8)
      }
      JPEGEncoder.forwardDCT(block)
      let scale = scales + (chroma ? 64 : 0)
      let dc = codes + (chroma ? 512 : 0)
      let ac = dc + 256
      // Quantised in natural order, rounded to the nearest: adding 1.5 × 2^23 leaves the
      // rounded value in the float's low mantissa bits (|value| < 2^22), no checked
      // conversion.
      for k in 0..<64 {
        let value = block[k] * scale[k] + 12_582_912
        natural[k] = Int32(bitPattern: value.bitPattern) &- 0x4B40_0000
      }
      // Zig-zag order, and a bit for each non-zero AC coefficient.
      var nonZero: UInt64 = 0
      for k in 0..<64 {
        let value = natural[Int(zigzag[k])]
        quantised[k] = value
        nonZero |= UInt64(value != 0 ? 1 : 0) << UInt64(k)
      }
      nonZero &= ~1
      writer.putValue(quantised[0] - previous, code: dc)
      var last = 0
      while nonZero != 0 {
        let k = nonZero.trailingZeroBitCount
        var run = k - last - 1
        while run > 15 {
          writer.put(code: ac, symbol: 0xF0)
          run -= 16
        }
        writer.putValue(quantised[k], code: ac, run: run)
        last = k
        nonZero &= nonZero - 1
      }
      if last < 63 { writer.put(code: ac, symbol: 0x00) }
      return quantised[0]
    }
  }

  /// libjpeg's floating-point AAN forward DCT (`jfdctflt.c`) of an 8×8 block in place: rows,
  /// then columns; outputs are scaled as ``BlockCoder`` expects.
  static func forwardDCT(_ data: UnsafeMutablePointer<Float>) {
    for line in 0..<8 { forwardDCT(line: data + line * 8, step: 1) }
    for line in 0..<8 { forwardDCT(line: data + line, step: 8) }
  }

  /// One pass of ``forwardDCT(_:)`` over the 8 values `step` apart from `d`.
  @inline(__always)
  private static func forwardDCT(line d: UnsafeMutablePointer<Float>, step: Int) {
    let tmp0 = d[0] + d[7 * step]
    let tmp7 = d[0] - d[7 * step]
    let tmp1 = d[step] + d[6 * step]
    let tmp6 = d[step] - d[6 * step]
    let tmp2 = d[2 * step] + d[5 * step]
    let tmp5 = d[2 * step] - d[5 * step]
    let tmp3 = d[3 * step] + d[4 * step]
    let tmp4 = d[3 * step] - d[4 * step]
    // Even part.
    var tmp10 = tmp0 + tmp3
    let tmp13 = tmp0 - tmp3
    var tmp11 = tmp1 + tmp2
    var tmp12 = tmp1 - tmp2
    d[0] = tmp10 + tmp11
    d[4 * step] = tmp10 - tmp11
    let z1 = (tmp12 + tmp13) * 0.707106781
    d[2 * step] = tmp13 + z1
    d[6 * step] = tmp13 - z1
    // Odd part.
    tmp10 = tmp4 + tmp5
    tmp11 = tmp5 + tmp6
    tmp12 = tmp6 + tmp7
    let z5 = (tmp10 - tmp12) * 0.382683433
    let z2 = 0.541196100 * tmp10 + z5
    let z4 = 1.306562965 * tmp12 + z5
    let z3 = tmp11 * 0.707106781
    let z11 = tmp7 + z3
    let z13 = tmp7 - z3
    d[5 * step] = z13 + z2
    d[3 * step] = z13 - z2
    d[step] = z11 + z4
    d[7 * step] = z11 - z4
  }

  /// Bits packed most significant first into bytes, a 0 byte stuffed after every 0xFF.
  struct BitWriter {
    var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count = 0

    /// Appends the low `length` bits (at most 16) of `bits`; whole bytes leave 32 bits at a
    /// time.
    @inline(__always)
    mutating func put(_ bits: UInt32, length: Int) {
      buffer = buffer << UInt64(length) | UInt64(bits)
      count += length
      if count >= 32 { flush(bytes: 4) }
    }

    /// Moves the oldest `count` whole bytes of the buffer out.
    private mutating func flush(bytes byteCount: Int) {
      for _ in 0..<byteCount {
        count -= 8
        let byte = UInt8(truncatingIfNeeded: buffer >> UInt64(count))
        bytes.append(byte)
        if byte == 0xFF { bytes.append(0) }
      }
    }

    /// Appends the code of `symbol` from packed codes (``HuffmanCode/packed``).
    @inline(__always)
    mutating func put(code: UnsafeMutablePointer<UInt32>, symbol: Int) {
      let entry = code[symbol]
      put(entry >> 8, length: Int(entry & 0xFF))
    }

    /// Appends a coefficient: the code of (`run` << 4 | its size in bits), then its bits
    /// (one's complement when negative).
    @inline(__always)
    mutating func putValue(_ value: Int32, code: UnsafeMutablePointer<UInt32>, run: Int = 0) {
      let magnitude = UInt32(value.magnitude)
      let size = 32 - magnitude.leadingZeroBitCount
      let entry = code[run << 4 | size]
      let bits = value < 0 ? UInt32(bitPattern: value &- 1) : UInt32(bitPattern: value)
      // The code and the value's bits in one go (at most 16 + 11 bits).
      let length = Int(entry & 0xFF)
      let combined = UInt64(entry >> 8) << UInt64(size) | UInt64(bits & (1 << UInt32(size) &- 1))
      buffer = buffer << UInt64(length + size) | combined
      count += length + size
      if count >= 32 { flush(bytes: 4) }
    }

    /// Pads the last byte with 1 bits.
    mutating func finish() {
      let padding = (8 - count % 8) % 8
      if padding > 0 { put((1 << UInt32(padding)) - 1, length: padding) }
      flush(bytes: count / 8)
    }
  }
}

extension CGImage {
  /// Baseline JPEG bytes of the image at UIKit's `compressionQuality` (0…1, clamped; NaN
  /// is 1), alpha composited over black as iOS writes JPEG.
  package func jpegData(compressionQuality: Double) -> Data {
    JPEGEncoder.encode(
      pixels: pixels, stride: stride, width: width, height: height,
      quality: JPEGEncoder.libjpegQuality(compressionQuality))
  }
}

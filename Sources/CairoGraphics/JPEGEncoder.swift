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
  }

  /// Transforms, quantises and Huffman codes one band of MCUs.
  struct BlockCoder: Sendable {
    /// Reciprocals of the quantisation divisors with the AAN output scale, in zig-zag order.
    let lumaScale: [Float]
    let chromaScale: [Float]
    let dcLuma = HuffmanCode(Tables.dcLuminance)
    let acLuma = HuffmanCode(Tables.acLuminance)
    let dcChroma = HuffmanCode(Tables.dcChrominance)
    let acChroma = HuffmanCode(Tables.acChrominance)

    init(luma: [UInt8], chroma: [UInt8]) {
      // jfdctflt's outputs are 8 × aan[row] × aan[column] times the true coefficients.
      let aan: [Float] = [
        1.0, 1.387039845, 1.306562965, 1.175875602, 1.0, 0.785694958, 0.541196100, 0.275899379,
      ]
      func scales(_ table: [UInt8]) -> [Float] {
        Tables.zigzag.map { natural in
          1 / (Float(table[natural]) * aan[natural / 8] * aan[natural % 8] * 8)
        }
      }
      lumaScale = scales(luma)
      chromaScale = scales(chroma)
    }

    /// The entropy-coded bytes of `mcuRows`, padded to a byte with 1 bits.
    func encode(_ source: Source, mcuRows: Range<Int>, mcuColumns: Int) -> [UInt8] {
      var writer = BitWriter()
      writer.bytes.reserveCapacity(mcuRows.count * mcuColumns * 128)
      var previous: (y: Int32, cb: Int32, cr: Int32) = (0, 0, 0)
      // Four luminance blocks (top left, top right, bottom left, bottom right), Cb and Cr.
      let blocks = UnsafeMutablePointer<Float>.allocate(capacity: 6 * 64)
      defer { blocks.deallocate() }
      for mcuRow in mcuRows {
        for mcuColumn in 0..<mcuColumns {
          load(source, x0: mcuColumn * 16, y0: mcuRow * 16, into: blocks)
          for index in 0..<4 {
            previous.y = code(
              blocks + index * 64, scale: lumaScale, dc: dcLuma, ac: acLuma,
              previous: previous.y, into: &writer)
          }
          previous.cb = code(
            blocks + 256, scale: chromaScale, dc: dcChroma, ac: acChroma, previous: previous.cb,
            into: &writer)
          previous.cr = code(
            blocks + 320, scale: chromaScale, dc: dcChroma, ac: acChroma, previous: previous.cr,
            into: &writer)
        }
      }
      writer.finish()
      return writer.bytes
    }

    /// Converts a 16×16 MCU to level-shifted Y (four blocks), and Cb and Cr averaged over
    /// 2×2 pixels, repeating the last column and row past the edges.
    private func load(_ source: Source, x0: Int, y0: Int, into blocks: UnsafeMutablePointer<Float>)
    {
      let lastX = source.width - 1
      let lastY = source.height - 1
      for pairRow in 0..<8 {
        let rowA = source.pixels + min(y0 + 2 * pairRow, lastY) * source.stride
        let rowB = source.pixels + min(y0 + 2 * pairRow + 1, lastY) * source.stride
        for pairColumn in 0..<8 {
          let xA = min(x0 + 2 * pairColumn, lastX) * 4
          let xB = min(x0 + 2 * pairColumn + 1, lastX) * 4
          var sumR: Float = 0
          var sumG: Float = 0
          var sumB: Float = 0
          // The 2×2 pixels' luminance positions: block (by half), row and column in it.
          let block = (pairRow >= 4 ? 128 : 0) + (pairColumn >= 4 ? 64 : 0)
          let base = block + (2 * pairRow % 8) * 8 + 2 * pairColumn % 8
          for (pixel, offset) in [
            (rowA + xA, base), (rowA + xB, base + 1), (rowB + xA, base + 8), (rowB + xB, base + 9),
          ] {
            let b = Float(pixel.load(fromByteOffset: 0, as: UInt8.self))
            let g = Float(pixel.load(fromByteOffset: 1, as: UInt8.self))
            let r = Float(pixel.load(fromByteOffset: 2, as: UInt8.self))
            blocks[offset] = 0.299 * r + 0.587 * g + 0.114 * b - 128
            sumR += r
            sumG += g
            sumB += b
          }
          let chroma = pairRow * 8 + pairColumn
          blocks[256 + chroma] = (-0.168736 * sumR - 0.331264 * sumG + 0.5 * sumB) / 4
          blocks[320 + chroma] = (0.5 * sumR - 0.418688 * sumG - 0.081312 * sumB) / 4
        }
      }
    }

    /// Transforms, quantises and codes one block; returns its DC value (the next block's
    /// prediction).
    private func code(
      _ block: UnsafeMutablePointer<Float>, scale: [Float], dc: HuffmanCode, ac: HuffmanCode,
      previous: Int32, into writer: inout BitWriter
    ) -> Int32 {
      forwardDCT(block)
      return scale.withUnsafeBufferPointer { scale in
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 64) { q in
          for k in 0..<64 {
            // Rounded to the nearest (libjpeg's float path: the bias keeps it positive).
            q[k] = Int32(block[Tables.zigzag[k]] * scale[k] + 16384.5) - 16384
          }
          writer.putValue(q[0] - previous, code: dc)
          var run = 0
          for k in 1..<64 {
            let value = q[k]
            if value == 0 {
              run += 1
              continue
            }
            while run > 15 {
              writer.put(code: ac, symbol: 0xF0)
              run -= 16
            }
            writer.putValue(value, code: ac, run: run)
            run = 0
          }
          if run > 0 { writer.put(code: ac, symbol: 0x00) }
          return q[0]
        }
      }
    }
  }

  /// libjpeg's floating-point AAN forward DCT (`jfdctflt.c`) of an 8×8 block in place: rows,
  /// then columns; outputs are scaled as ``BlockCoder`` expects.
  static func forwardDCT(_ data: UnsafeMutablePointer<Float>) {
    for pass in 0..<2 {
      let step = pass == 0 ? 1 : 8
      let next = pass == 0 ? 8 : 1
      for line in 0..<8 {
        let d = data + line * next
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
    }
  }

  /// Bits packed most significant first into bytes, a 0 byte stuffed after every 0xFF.
  struct BitWriter {
    var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count = 0

    /// Appends the low `length` bits of `bits`.
    mutating func put(_ bits: UInt32, length: Int) {
      buffer = buffer << UInt64(length) | UInt64(bits)
      count += length
      while count >= 8 {
        count -= 8
        let byte = UInt8(truncatingIfNeeded: buffer >> UInt64(count))
        bytes.append(byte)
        if byte == 0xFF { bytes.append(0) }
      }
    }

    /// Appends the code of `symbol`.
    mutating func put(code: HuffmanCode, symbol: Int) {
      put(UInt32(code.codes[symbol]), length: Int(code.lengths[symbol]))
    }

    /// Appends a coefficient: the code of (`run` << 4 | its size in bits), then its bits
    /// (one's complement when negative).
    mutating func putValue(_ value: Int32, code: HuffmanCode, run: Int = 0) {
      let magnitude = UInt32(value.magnitude)
      let size = 32 - magnitude.leadingZeroBitCount
      put(code: code, symbol: run << 4 | size)
      if size > 0 {
        let bits = value < 0 ? UInt32(bitPattern: value - 1) : UInt32(bitPattern: value)
        put(bits & (1 << UInt32(size) - 1), length: size)
      }
    }

    /// Pads the last byte with 1 bits.
    mutating func finish() {
      if count > 0 { put((1 << UInt32(8 - count)) - 1, length: 8 - count) }
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

import CZlib
import Foundation

/// A compact PNG of a picture in at most 256 colours (PNG colour type 3): median cut over a
/// 15-bit colour histogram (each cell at the mean of its pixels), each pixel mapped to its
/// cell's nearest palette colour, no dithering
/// (edges stay crisp), rows unfiltered and deflated at zlib's default level (6): level 9
/// made a 390 × 844 preview about 5 % smaller in nine times the time (57 ms against 6.4;
/// three quarters of `navui demo`'s time went to it).
///
/// For previews where size matters more than exact colour — the demo report's timeline
/// embeds every frame this way in about a third of the bytes of the RGB frames. Alpha is
/// dropped (the picture is taken as opaque).
///
/// ```swift
/// let preview = try PalettePNG.encode(RasterImage(png: frame))
/// ```
public enum PalettePNG {
  /// The PNG of `image` in at most `colors` colours (2...256).
  ///
  /// - Throws: ``RenderError/encodingFailed(_:)`` for an empty image or a zlib failure.
  public static func encode(_ image: RasterImage, colors: Int = 256) throws(RenderError) -> Data {
    guard image.width > 0, image.height > 0 else {
      throw .encodingFailed("an empty image has no palette PNG")
    }
    let wanted = min(256, max(2, colors))
    let pixelCount = image.width * image.height
    // Histogram of 5-bit-per-channel cells, with each cell's colour sums (so palette
    // entries are true mean colours, not cell centres: a flat land colour stays exact).
    var histogram = [Int32](repeating: 0, count: 1 << 15)
    var sums = [SIMD4<Int32>](repeating: .zero, count: 1 << 15)
    image.rgba.withUnsafeBufferPointer { px in
      for i in 0..<pixelCount {
        let (r, g, b) = (px[4 * i], px[4 * i + 1], px[4 * i + 2])
        let c = cell(r, g, b)
        histogram[c] += 1
        sums[c] &+= SIMD4(Int32(r), Int32(g), Int32(b), 0)
      }
    }
    let means = (0..<(1 << 15)).map { c -> Color in
      let n = histogram[c]
      guard n > 0 else { return center(of: c) }
      let s = sums[c]
      return Color(
        r: UInt8((s.x + n / 2) / n), g: UInt8((s.y + n / 2) / n), b: UInt8((s.z + n / 2) / n))
    }
    let palette = medianCut(histogram, means: means, colors: wanted)
    // Each populated cell's nearest palette entry.
    var lookup = [UInt8](repeating: 0, count: 1 << 15)
    for c in 0..<(1 << 15) where histogram[c] > 0 {
      lookup[c] = nearest(means[c], in: palette)
    }
    // Rows: a filter byte (0, none) and one index per pixel.
    let rowBytes = image.width + 1
    var raw = [UInt8](repeating: 0, count: rowBytes * image.height)
    image.rgba.withUnsafeBufferPointer { px in
      for y in 0..<image.height {
        let row = y * rowBytes
        for x in 0..<image.width {
          let i = y * image.width + x
          raw[row + 1 + x] = lookup[cell(px[4 * i], px[4 * i + 1], px[4 * i + 2])]
        }
      }
    }
    var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    var header = Data()
    header.appendBigEndian(UInt32(image.width))
    header.appendBigEndian(UInt32(image.height))
    header.append(contentsOf: [8, 3, 0, 0, 0])  // 8-bit indices, palette, deflate, no interlace
    PNGEncoder.appendChunk("IHDR", header, to: &png)
    var plte = Data()
    for color in palette { plte.append(contentsOf: [color.r, color.g, color.b]) }
    PNGEncoder.appendChunk("PLTE", plte, to: &png)
    PNGEncoder.appendChunk("IDAT", try zlibCompress(raw), to: &png)
    PNGEncoder.appendChunk("IEND", Data(), to: &png)
    return png
  }

  struct Color: Equatable {
    var r: UInt8
    var g: UInt8
    var b: UInt8
  }

  @inline(__always)
  static func cell(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
    Int(r >> 3) << 10 | Int(g >> 3) << 5 | Int(b >> 3)
  }

  /// The colour in the middle of a cell.
  static func center(of cell: Int) -> Color {
    func channel(_ v: Int) -> UInt8 { UInt8(min(255, (v << 3) | 4)) }
    return Color(r: channel((cell >> 10) & 31), g: channel((cell >> 5) & 31), b: channel(cell & 31))
  }

  static func nearest(_ color: Color, in palette: [Color]) -> UInt8 {
    var best = 0
    var bestDistance = Int.max
    for (index, entry) in palette.enumerated() {
      let dr = Int(color.r) - Int(entry.r)
      let dg = Int(color.g) - Int(entry.g)
      let db = Int(color.b) - Int(entry.b)
      // Weighted like the eye (green most, blue least).
      let distance = 3 * dr * dr + 4 * dg * dg + 2 * db * db
      if distance < bestDistance {
        bestDistance = distance
        best = index
        if distance == 0 { break }
      }
    }
    return UInt8(best)
  }

  /// Median cut: boxes of populated cells split at the pixel-count median of their longest
  /// channel, the box with the most pixels (and more than one cell) first, until `colors`
  /// boxes; each box's colour is its pixel-weighted mean. An image with fewer cells than
  /// `colors` gets one entry per cell.
  static func medianCut(_ histogram: [Int32], means: [Color], colors: Int) -> [Color] {
    var cells: [Int] = []
    for c in 0..<histogram.count where histogram[c] > 0 { cells.append(c) }
    guard !cells.isEmpty else { return [Color(r: 0, g: 0, b: 0)] }
    var boxes: [ArraySlice<Int>] = [cells[...]]
    func channel(_ c: Int, _ k: Int) -> Int { (c >> (10 - 5 * k)) & 31 }
    func weight(_ box: ArraySlice<Int>) -> Int { box.reduce(0) { $0 + Int(histogram[$1]) } }
    var weights = [weight(boxes[0])]
    while boxes.count < colors {
      // The heaviest box that can still be split.
      var pick = -1
      for i in boxes.indices where boxes[i].count > 1 && (pick < 0 || weights[i] > weights[pick]) {
        pick = i
      }
      guard pick >= 0 else { break }
      var box = Array(boxes[pick])
      var ranges = [0, 0, 0]
      for k in 0..<3 {
        let values = box.map { channel($0, k) }
        ranges[k] = (values.max() ?? 0) - (values.min() ?? 0)
      }
      let k = ranges.firstIndex(of: ranges.max() ?? 0) ?? 0
      box.sort { (channel($0, k), $0) < (channel($1, k), $1) }
      // Split where half the pixels lie on each side (never leaving a side empty).
      let half = weights[pick] / 2
      var running = 0
      var split = 1
      for (i, c) in box.enumerated() {
        running += Int(histogram[c])
        if running >= half {
          split = min(max(i + 1, 1), box.count - 1)
          break
        }
      }
      let low = box[..<split]
      let high = box[split...]
      boxes[pick] = ArraySlice(low)
      weights[pick] = weight(boxes[pick])
      boxes.append(ArraySlice(high))
      weights.append(weight(boxes[boxes.count - 1]))
    }
    return boxes.map { box in
      var sums = (0, 0, 0)
      var total = 0
      for c in box {
        let n = Int(histogram[c])
        let color = means[c]
        sums.0 += Int(color.r) * n
        sums.1 += Int(color.g) * n
        sums.2 += Int(color.b) * n
        total += n
      }
      let t = max(1, total)
      return Color(
        r: UInt8((sums.0 + t / 2) / t), g: UInt8((sums.1 + t / 2) / t),
        b: UInt8((sums.2 + t / 2) / t))
    }
  }

  private static func zlibCompress(_ bytes: [UInt8]) throws(RenderError) -> Data {
    var length = compressBound(uLong(bytes.count))
    var output = [UInt8](repeating: 0, count: Int(length))
    let status = output.withUnsafeMutableBufferPointer { dst in
      bytes.withUnsafeBufferPointer { src in
        compress2(dst.baseAddress, &length, src.baseAddress, uLong(src.count), 6)
      }
    }
    guard status == Z_OK else { throw .encodingFailed("compress2 returned \(status)") }
    return Data(output[..<Int(length)])
  }
}

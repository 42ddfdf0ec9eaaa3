import Foundation

/// A pixel layout of Core Graphics' bitmaps (8 bits a component): which byte of a pixel holds
/// red, green, blue, grey or alpha, and whether colours are premultiplied. Drawing always
/// happens in Cairo's premultiplied 32-bit words (`0xAARRGGBB` in host order: BGRA in memory
/// on the little-endian machines this runs on); a layout converts rows of its own bytes into
/// those words and back.
struct BitmapLayout: Sendable, Equatable {
  /// Bytes a pixel: 1 (grey, alpha only), 3 (RGB without alpha) or 4.
  let bytesPerPixel: Int
  /// The byte offsets of red, green and blue in a pixel (grey: all three the grey byte;
  /// alpha only: `nil`).
  let colorOffsets: (red: Int, green: Int, blue: Int)?
  /// The offset of the alpha byte, `nil` without one.
  let alphaOffset: Int?
  /// The offset of an unused byte (`noneSkipFirst`, `noneSkipLast`), written 255.
  let skipOffset: Int?
  /// Whether the colour is premultiplied by alpha (always, for contexts).
  let premultiplied: Bool
  /// Grey: one byte, written as the luma of the drawn colour.
  let isGray: Bool
  /// The bits as the caller gave them (alpha info and byte order).
  let bitmapInfo: CGBitmapInfo

  /// Cairo's own layout: premultiplied alpha first in little-endian words (BGRA).
  static let cairo = BitmapLayout(
    bytesPerPixel: 4, colorOffsets: (2, 1, 0), alphaOffset: 3, skipOffset: nil,
    premultiplied: true, isGray: false,
    bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedFirst, byteOrder: .byteOrder32Little))

  /// The same bytes as ``cairo`` without alpha: an opaque picture (alpha bytes 255).
  static let cairoOpaque = BitmapLayout(
    bytesPerPixel: 4, colorOffsets: (2, 1, 0), alphaOffset: nil, skipOffset: 3,
    premultiplied: true, isGray: false,
    bitmapInfo: CGBitmapInfo(alphaInfo: .noneSkipFirst, byteOrder: .byteOrder32Little))

  private init(
    bytesPerPixel: Int, colorOffsets: (red: Int, green: Int, blue: Int)?, alphaOffset: Int?,
    skipOffset: Int?, premultiplied: Bool, isGray: Bool, bitmapInfo: CGBitmapInfo
  ) {
    self.bytesPerPixel = bytesPerPixel
    self.colorOffsets = colorOffsets
    self.alphaOffset = alphaOffset
    self.skipOffset = skipOffset
    self.premultiplied = premultiplied
    self.isGray = isGray
    self.bitmapInfo = bitmapInfo
  }

  /// The layout of `bitsPerComponent`, `bitsPerPixel`, `space` and `bitmapInfo`, or `nil`
  /// when Core Graphics does not take them: for a bitmap context (`forContext`), 32-bit RGB
  /// with premultiplied or skipped alpha first or last in either byte order, 8-bit grey
  /// without alpha, 8-bit alpha only; an image also takes non-premultiplied alpha, 24-bit
  /// RGB without alpha.
  init?(
    bitsPerComponent: Int, bitsPerPixel: Int, space: CGColorSpace.Model, bitmapInfo: UInt32,
    forContext: Bool
  ) {
    let info = CGBitmapInfo(rawValue: bitmapInfo)
    guard bitsPerComponent == 8, info.intersection(.floatComponents).isEmpty,
      let alpha = CGImageAlphaInfo(rawValue: bitmapInfo & CGBitmapInfo.alphaInfoMask.rawValue)
    else { return nil }
    let order = info.intersection(.byteOrderMask)
    let known = CGBitmapInfo.alphaInfoMask.rawValue | CGBitmapInfo.byteOrderMask.rawValue
    guard bitmapInfo & ~known & ~CGBitmapInfo.floatComponents.rawValue == 0 else { return nil }
    if alpha == .alphaOnly {
      guard bitsPerPixel == 8 else { return nil }
      self.init(
        bytesPerPixel: 1, colorOffsets: nil, alphaOffset: 0, skipOffset: nil, premultiplied: true,
        isGray: false, bitmapInfo: info)
      return
    }
    switch space {
    case .monochrome:
      guard bitsPerPixel == 8, alpha == .none else { return nil }
      self.init(
        bytesPerPixel: 1, colorOffsets: (0, 0, 0), alphaOffset: nil, skipOffset: nil,
        premultiplied: true, isGray: true, bitmapInfo: info)
    case .rgb:
      if bitsPerPixel == 24 {
        guard !forContext, alpha == .none, order == [] || order == .byteOrder32Big else {
          return nil
        }
        self.init(
          bytesPerPixel: 3, colorOffsets: (0, 1, 2), alphaOffset: nil, skipOffset: nil,
          premultiplied: true, isGray: false, bitmapInfo: info)
        return
      }
      guard bitsPerPixel == 32, [[], .byteOrder32Big, .byteOrder32Little].contains(order)
      else { return nil }
      let first: Bool
      switch alpha {
      case .premultipliedFirst, .noneSkipFirst: first = true
      case .premultipliedLast, .noneSkipLast: first = false
      case .first where !forContext: first = true
      case .last where !forContext: first = false
      default: return nil
      }
      // Offsets in the word, most significant byte first, then in memory.
      var alphaAt = first ? 0 : 3
      var colors = first ? (1, 2, 3) : (0, 1, 2)
      if order == .byteOrder32Little {
        alphaAt = 3 - alphaAt
        colors = (3 - colors.0, 3 - colors.1, 3 - colors.2)
      }
      let skipped = alpha == .noneSkipFirst || alpha == .noneSkipLast
      self.init(
        bytesPerPixel: 4, colorOffsets: colors, alphaOffset: skipped ? nil : alphaAt,
        skipOffset: skipped ? alphaAt : nil,
        premultiplied: alpha != .first && alpha != .last, isGray: false, bitmapInfo: info)
    }
  }

  /// The alpha info.
  var alphaInfo: CGImageAlphaInfo {
    CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue)
      ?? .none
  }

  /// Whether every pixel is opaque (no alpha byte).
  var isOpaque: Bool { alphaOffset == nil && colorOffsets != nil }

  /// The colour space model it reports.
  var colorModel: CGColorSpace.Model { isGray || colorOffsets == nil ? .monochrome : .rgb }

  static func == (lhs: BitmapLayout, rhs: BitmapLayout) -> Bool {
    lhs.bytesPerPixel == rhs.bytesPerPixel && lhs.bitmapInfo == rhs.bitmapInfo
      && lhs.isGray == rhs.isGray
  }

  /// Converts `height` rows of `width` pixels in this layout (`sourceStride` bytes apart)
  /// into premultiplied Cairo words (`targetStride` bytes apart).
  func importRows(
    from source: UnsafeRawPointer, sourceStride: Int, to target: UnsafeMutableRawPointer,
    targetStride: Int, width: Int, height: Int
  ) {
    let step = bytesPerPixel
    for y in 0..<height {
      let row = source.assumingMemoryBound(to: UInt8.self) + y * sourceStride
      let out = (target + y * targetStride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<width {
        let p = row + x * step
        let a = alphaOffset.map { UInt32(p[$0]) } ?? 255
        guard let (ro, go, bo) = colorOffsets else {
          out[x] = a << 24
          continue
        }
        var r = UInt32(p[ro])
        var g = UInt32(p[go])
        var b = UInt32(p[bo])
        if premultiplied {
          // Cairo needs colour ≤ alpha.
          r = min(r, a)
          g = min(g, a)
          b = min(b, a)
        } else {
          r = (r * a + 127) / 255
          g = (g * a + 127) / 255
          b = (b * a + 127) / 255
        }
        out[x] = a << 24 | r << 16 | g << 8 | b
      }
    }
  }

  /// Converts premultiplied Cairo words into this layout. `opaqueSource`: the words' alpha
  /// byte is not defined (Cairo's RGB24) and reads as 255. With `keepingUnchanged`, a pixel
  /// whose colour and alpha bytes would not change is left alone, unused byte included, so
  /// what the caller put under undrawn pixels stays.
  func exportRows(
    from source: UnsafeRawPointer, sourceStride: Int, opaqueSource: Bool,
    to target: UnsafeMutableRawPointer, targetStride: Int, width: Int, height: Int,
    keepingUnchanged: Bool = false
  ) {
    let step = bytesPerPixel
    for y in 0..<height {
      let words = (source + y * sourceStride).assumingMemoryBound(to: UInt32.self)
      let row = target.assumingMemoryBound(to: UInt8.self) + y * targetStride
      for x in 0..<width {
        let word = words[x]
        let a = opaqueSource ? 255 : UInt8(truncatingIfNeeded: word >> 24)
        let p = row + x * step
        guard let (ro, go, bo) = colorOffsets else {
          p[alphaOffset!] = a
          continue
        }
        var r = UInt8(truncatingIfNeeded: word >> 16)
        var g = UInt8(truncatingIfNeeded: word >> 8)
        var b = UInt8(truncatingIfNeeded: word)
        if isGray {
          // Rec. 601 luma; grey stays grey exactly (77 + 150 + 29 = 256).
          let red = UInt32(r) * 77
          let green = UInt32(g) * 150
          let blue = UInt32(b) * 29
          p[0] = UInt8((red + green + blue + 128) >> 8)
          continue
        }
        if !premultiplied {
          func unpremultiply(_ c: UInt8) -> UInt8 {
            a == 0 ? 0 : UInt8(min(255, (UInt32(c) * 255 + UInt32(a) / 2) / UInt32(a)))
          }
          r = unpremultiply(r)
          g = unpremultiply(g)
          b = unpremultiply(b)
        }
        if keepingUnchanged, p[ro] == r, p[go] == g, p[bo] == b,
          alphaOffset.map({ p[$0] == a }) ?? true
        {
          continue
        }
        p[ro] = r
        p[go] = g
        p[bo] = b
        if let alphaOffset { p[alphaOffset] = a }
        if let skipOffset { p[skipOffset] = 255 }
      }
    }
  }
}

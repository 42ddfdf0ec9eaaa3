import CoreGraphics
import Foundation
import Testing

/// Bitmap contexts in the layouts iOS takes, read as an iOS app reads them: through the
/// caller's own memory, `data`, `makeImage()` and `dataProvider`.
@Suite struct CGBitmapLayoutTests {
  static let rgb = CGColorSpaceCreateDeviceRGB()
  static let gray = CGColorSpaceCreateDeviceGray()

  /// Red over the left half, half-transparent blue over the right half's bottom, nothing at
  /// the top right (y up: rows 0…h/2-1 of memory are the top).
  static func drawTestPicture(_ ctx: CGContext, width: Int, height: Int) {
    ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
    ctx.fill(CGRect(x: 0, y: 0, width: width / 2, height: height))
    ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 0.5)
    ctx.fill(CGRect(x: width / 2, y: 0, width: width / 2, height: height / 2))
  }

  /// The four bytes of pixel (`x`, `y`) (memory row `y`).
  static func bytes(_ buffer: [UInt8], _ x: Int, _ y: Int, width: Int) -> [UInt8] {
    Array(buffer[(y * width + x) * 4..<(y * width + x) * 4 + 4])
  }

  @Test func premultipliedLastIsRGBAInTheCallersArray() {
    let w = 8
    let h = 8
    var pixels = [UInt8](repeating: 0, count: w * h * 4)
    let ctx = CGContext(
      data: &pixels, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
      space: Self.rgb, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    Self.drawTestPicture(ctx, width: w, height: h)
    #expect(Self.bytes(pixels, 1, 1, width: w) == [255, 0, 0, 255])
    // Bottom right (memory rows 4…7): blue at half alpha, premultiplied.
    let blue = Self.bytes(pixels, 6, 6, width: w)
    #expect(blue[0] == 0 && blue[1] == 0 && abs(Int(blue[2]) - 128) <= 1)
    #expect(abs(Int(blue[3]) - 128) <= 1 && blue[2] == blue[3])
    #expect(Self.bytes(pixels, 6, 1, width: w) == [0, 0, 0, 0])
    #expect(ctx.bitmapInfo.rawValue == CGImageAlphaInfo.premultipliedLast.rawValue)
    #expect(ctx.alphaInfo == .premultipliedLast)
    #expect(ctx.bytesPerRow == w * 4)
  }

  @Test func theClassicPatternReadsAnImageBackAsRGBA() {
    // A picture drawn with UIKit-style BGRA, read back through an RGBA context.
    let source = CGContext(
      data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: Self.rgb,
      bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
        | CGBitmapInfo.byteOrder32Little.rawValue)!
    source.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
    source.fill(CGRect(x: 0, y: 2, width: 4, height: 2))  // top half green
    source.setFillColor(red: 1, green: 1, blue: 0, alpha: 1)
    source.fill(CGRect(x: 0, y: 0, width: 4, height: 2))  // bottom half yellow
    let image = source.makeImage()!
    var pixels = [UInt8](repeating: 0, count: 4 * 4 * 4)
    pixels.withUnsafeMutableBytes { raw in
      let ctx = CGContext(
        data: raw.baseAddress, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 16,
        space: Self.rgb, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
      ctx.draw(image, in: CGRect(x: 0, y: 0, width: 4, height: 4))
    }
    #expect(Self.bytes(pixels, 0, 0, width: 4) == [0, 255, 0, 255])
    #expect(Self.bytes(pixels, 3, 3, width: 4) == [255, 255, 0, 255])
  }

  @Test func aPrefilledBufferKeepsItsPixelsWhereNothingIsDrawn() {
    let w = 4
    var pixels = [UInt8](repeating: 0, count: w * w * 4)
    for i in 0..<w * w { pixels[i * 4..<i * 4 + 4] = [10, 20, 30, 255] }
    let ctx = CGContext(
      data: &pixels, width: w, height: w, bitsPerComponent: 8, bytesPerRow: w * 4,
      space: Self.rgb, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    ctx.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
    ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))  // bottom left: memory rows 2…3
    #expect(Self.bytes(pixels, 0, 3, width: w) == [255, 255, 255, 255])
    #expect(Self.bytes(pixels, 3, 0, width: w) == [10, 20, 30, 255])
    // The caller writes between calls: the next drawing blends over what it wrote.
    pixels[0..<4] = [0, 0, 200, 255]  // top left
    ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
    ctx.fill(CGRect(x: 0, y: 3, width: 1, height: 1))
    let blended = Self.bytes(pixels, 0, 0, width: w)
    #expect(abs(Int(blended[0]) - 128) <= 1 && abs(Int(blended[2]) - 100) <= 1)
    #expect(blended[3] == 255)
    #expect(Self.bytes(pixels, 3, 0, width: w) == [10, 20, 30, 255])
  }

  @Test func byteOrdersAndSkippedAlphaPutComponentsWhereIOSDoes() {
    // (alpha info, byte order, bytes of opaque red, of half-transparent blue).
    let cases: [(CGImageAlphaInfo, CGBitmapInfo, [UInt8], [UInt8])] = [
      (.premultipliedFirst, .byteOrder32Little, [0, 0, 255, 255], [128, 0, 0, 128]),
      (.premultipliedFirst, .byteOrder32Big, [255, 255, 0, 0], [128, 0, 0, 128]),
      (.premultipliedFirst, [], [255, 255, 0, 0], [128, 0, 0, 128]),
      (.premultipliedLast, .byteOrder32Little, [255, 0, 0, 255], [128, 128, 0, 0]),
      (.premultipliedLast, .byteOrder32Big, [255, 0, 0, 255], [0, 0, 128, 128]),
      // No alpha: half blue over black, the unused byte 255.
      (.noneSkipLast, [], [255, 0, 0, 255], [0, 0, 128, 255]),
      (.noneSkipFirst, [], [255, 255, 0, 0], [255, 0, 0, 128]),
      (.noneSkipFirst, .byteOrder32Little, [0, 0, 255, 255], [128, 0, 0, 255]),
    ]
    for (alpha, order, red, blue) in cases {
      let w = 8
      var pixels = [UInt8](repeating: 0, count: w * w * 4)
      let ctx = CGContext(
        data: &pixels, width: w, height: w, bitsPerComponent: 8, bytesPerRow: w * 4,
        space: Self.rgb, bitmapInfo: alpha.rawValue | order.rawValue)!
      Self.drawTestPicture(ctx, width: w, height: w)
      #expect(Self.bytes(pixels, 1, 1, width: w) == red, "\(alpha) \(order)")
      let got = Self.bytes(pixels, 6, 6, width: w)
      #expect(zip(got, blue).allSatisfy { abs(Int($0) - Int($1)) <= 1 }, "\(alpha) \(order) \(got)")
      // The image reports and gives the same layout.
      let image = ctx.makeImage()!
      #expect(
        image.alphaInfo == alpha
          && image.bitmapInfo == CGBitmapInfo(alphaInfo: alpha, byteOrder: order))
      let data = image.dataProvider!.data!
      #expect(Array(data) == pixels)
      #expect(image.pixel(x: 1, y: 1)! == (255, 0, 0, 255))
    }
  }

  @Test func nilDataAllocatesZeroedPixelsReadThroughData() {
    let ctx = CGContext(
      data: nil, width: 5, height: 3, bitsPerComponent: 8, bytesPerRow: 0, space: Self.rgb,
      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    let bytes = ctx.data!.assumingMemoryBound(to: UInt8.self)
    #expect((0..<60).allSatisfy { bytes[$0] == 0 })
    ctx.setFillColor(red: 0, green: 0.5, blue: 1, alpha: 1)
    ctx.fill(CGRect(x: 4, y: 0, width: 1, height: 1))  // bottom right: memory row 2
    let p = (2 * 5 + 4) * 4
    #expect(bytes[p] == 0 && abs(Int(bytes[p + 1]) - 128) <= 1 && bytes[p + 2] == 255)
    #expect(bytes[p + 3] == 255 && bytes[0] == 0)
    #expect(ctx.bytesPerRow == 20 && ctx.width == 5 && ctx.height == 3)
  }

  @Test func paddedRowsLeaveThePaddingAlone() {
    let w = 3
    let stride = 16
    var pixels = [UInt8](repeating: 7, count: stride * 2)
    let ctx = CGContext(
      data: &pixels, width: w, height: 2, bitsPerComponent: 8, bytesPerRow: stride,
      space: Self.rgb, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    ctx.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
    ctx.fill(CGRect(x: 0, y: 0, width: 3, height: 2))
    #expect(Array(pixels[stride + 8..<stride + 12]) == [0, 255, 0, 255])
    #expect(pixels[12..<16].allSatisfy { $0 == 7 } && pixels[28..<32].allSatisfy { $0 == 7 })
    let image = ctx.makeImage()!
    #expect(image.bytesPerRow == stride && image.bitsPerPixel == 32)
  }

  @Test func bgraLittleDrawsInTheCallersMemory() {
    let w = 4
    var pixels = [UInt32](repeating: 0xFF11_2233, count: w * w)
    pixels.withUnsafeMutableBytes { raw in
      let ctx = CGContext(
        data: raw.baseAddress, width: w, height: w, bitsPerComponent: 8, bytesPerRow: w * 4,
        space: Self.rgb,
        bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
          | CGBitmapInfo.byteOrder32Little.rawValue)!
      ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
      ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
      #expect(ctx.data == raw.baseAddress)
    }
    // Little-endian words: 0xAARRGGBB.
    #expect(pixels[3 * w] == 0xFFFF_0000)
    #expect(pixels[0] == 0xFF11_2233)
  }

  @Test func grayContextsKeepOneLumaBytePerPixel() {
    let w = 4
    var pixels = [UInt8](repeating: 9, count: w * w)
    let ctx = CGContext(
      data: &pixels, width: w, height: w, bitsPerComponent: 8, bytesPerRow: w, space: Self.gray,
      bitmapInfo: CGImageAlphaInfo.none.rawValue)!
    ctx.setFillColor(gray: 1, alpha: 1)
    ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
    ctx.setFillColor(gray: 0, alpha: 0.5)
    ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
    ctx.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
    ctx.fill(CGRect(x: 3, y: 3, width: 1, height: 1))
    #expect(pixels[2 * w + 1] == 255)
    #expect(abs(Int(pixels[3 * w]) - 128) <= 1)
    #expect(abs(Int(pixels[3]) - 150) <= 1)  // green's luma
    #expect(pixels[w + 3] == 9)
    let image = ctx.makeImage()!
    #expect(image.bitsPerPixel == 8 && image.bytesPerRow == w && image.alphaInfo == .none)
    #expect(image.colorSpace?.model == .monochrome)
    #expect(Array(image.dataProvider!.data!) == pixels)
    #expect(image.pixel(x: 1, y: 2)! == (255, 255, 255, 255))
  }

  @Test func alphaOnlyContextsKeepCoverage() {
    var mask = [UInt8](repeating: 0, count: 16)
    let ctx = CGContext(
      data: &mask, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 4, space: Self.gray,
      bitmapInfo: CGImageAlphaInfo.alphaOnly.rawValue)!
    ctx.setFillColor(red: 1, green: 1, blue: 1, alpha: 0.5)
    ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 2))
    #expect(mask[0] == 0 && abs(Int(mask[15]) - 128) <= 1)
  }

  @Test func badParametersGiveNil() {
    var pixels = [UInt8](repeating: 0, count: 64)
    let rgbaInfo = CGImageAlphaInfo.premultipliedLast.rawValue
    // Rows too short.
    #expect(
      CGContext(
        data: &pixels, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 12,
        space: Self.rgb, bitmapInfo: rgbaInfo) == nil)
    // Unpremultiplied alpha, no alpha in RGB, 16 bits, float, grey with alpha, 16-bit order.
    for (bpc, space, info) in [
      (8, Self.rgb, CGImageAlphaInfo.last.rawValue),
      (8, Self.rgb, CGImageAlphaInfo.first.rawValue),
      (8, Self.rgb, CGImageAlphaInfo.none.rawValue),
      (16, Self.rgb, rgbaInfo), (5, Self.rgb, rgbaInfo),
      (8, Self.rgb, rgbaInfo | CGBitmapInfo.floatComponents.rawValue),
      (8, Self.rgb, rgbaInfo | CGBitmapInfo.byteOrder16Little.rawValue),
      (8, Self.gray, rgbaInfo), (8, Self.rgb, 0x1F),
    ] {
      #expect(
        CGContext(
          data: nil, width: 4, height: 4, bitsPerComponent: bpc, bytesPerRow: 0, space: space,
          bitmapInfo: info) == nil, "\(bpc) \(info)")
    }
    // Sizes and row lengths that would overflow.
    #expect(
      CGContext(
        data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: Int.max / 2,
        space: Self.rgb, bitmapInfo: rgbaInfo) == nil)
    #expect(
      CGContext(
        data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: -16, space: Self.rgb,
        bitmapInfo: rgbaInfo) == nil)
    #expect(
      CGImage(
        width: 2, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: Int.max / 2,
        space: Self.rgb, bitmapInfo: CGBitmapInfo(alphaInfo: .last),
        provider: CGDataProvider(data: Data(count: 16))!, decode: nil, shouldInterpolate: true,
        intent: .defaultIntent) == nil)
    for (w, h) in [(0, 4), (4, 0), (-1, 4), (40_000, 1), (Int.max, 1), (1, Int.max)] {
      #expect(
        CGContext(
          data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0, space: Self.rgb,
          bitmapInfo: rgbaInfo) == nil)
    }
  }

  @Test func imagesFromBytesReportTheirLayoutAndGiveTheBytesBack() {
    // 2 × 1 RGBA, not premultiplied: red at half alpha, opaque blue.
    let rgba: [UInt8] = [255, 0, 0, 128, 0, 0, 255, 255]
    let image = CGImage(
      width: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8,
      space: Self.rgb, bitmapInfo: CGBitmapInfo(alphaInfo: .last),
      provider: CGDataProvider(data: Data(rgba))!, decode: nil, shouldInterpolate: true,
      intent: .defaultIntent)!
    #expect(image.alphaInfo == .last && image.bytesPerRow == 8)
    let data = image.dataProvider!.data!
    #expect(Array(data) == rgba)
    let bytes: UnsafePointer<UInt8> = CFDataGetBytePtr(data)
    #expect(bytes[2] == 0 && bytes[6] == 255 && CFDataGetLength(data) == 8)
    #expect(image.pixel(x: 0, y: 0)!.red == 255 && image.pixel(x: 0, y: 0)!.alpha == 128)
    // Grey, 24-bit RGB.
    let grey = CGImage(
      width: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 2,
      space: Self.gray, bitmapInfo: CGBitmapInfo(alphaInfo: .none),
      provider: CGDataProvider(data: Data([0, 200]))!, decode: nil, shouldInterpolate: true,
      intent: .defaultIntent)!
    #expect(grey.pixel(x: 1, y: 0)! == (200, 200, 200, 255))
    let rgb = CGImage(
      width: 1, height: 1, bitsPerComponent: 8, bitsPerPixel: 24, bytesPerRow: 3,
      space: Self.rgb, bitmapInfo: CGBitmapInfo(alphaInfo: .none),
      provider: CGDataProvider(data: Data([1, 2, 3]))!, decode: nil, shouldInterpolate: true,
      intent: .defaultIntent)!
    #expect(rgb.pixel(x: 0, y: 0)! == (1, 2, 3, 255) && rgb.bitsPerPixel == 24)
    // Too few bytes.
    #expect(
      CGImage(
        width: 2, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8,
        space: Self.rgb, bitmapInfo: CGBitmapInfo(alphaInfo: .last),
        provider: CGDataProvider(data: Data(rgba))!, decode: nil, shouldInterpolate: true,
        intent: .defaultIntent) == nil)
  }

  @Test func croppingKeepsTheLayout() {
    var pixels = [UInt8](repeating: 0, count: 4 * 4 * 4)
    let ctx = CGContext(
      data: &pixels, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 16,
      space: Self.rgb, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
    ctx.fill(CGRect(x: 2, y: 2, width: 2, height: 2))  // top right
    let crop = ctx.makeImage()!.cropping(to: CGRect(x: 2, y: 0, width: 2, height: 1))!
    #expect(crop.width == 2 && crop.alphaInfo == .premultipliedLast)
    #expect(Array(crop.dataProvider!.data!) == [0, 0, 255, 255, 0, 0, 255, 255])
  }
}

import Foundation
import Testing
import ViewKit

/// What an iOS test reading pixels of UIKit drawing relies on: opaque contexts, the
/// Core Graphics calls it draws with, images made from bytes, PNG round trips.
@MainActor
@Suite struct UIKitPixelReadingTests {
  /// `image`'s pixels read the classic iOS way: drawn into an RGBA context of its size.
  func rgbaPixels(_ image: CGImage) -> [UInt8] {
    var pixels = [UInt8](repeating: 0, count: image.width * image.height * 4)
    let ctx = CGContext(
      data: &pixels, width: image.width, height: image.height, bitsPerComponent: 8,
      bytesPerRow: image.width * 4, space: CGColorSpaceCreateDeviceRGB(),
      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    ctx.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
    return pixels
  }

  @Test func viewsAreOpaqueUnlessSetAsUIKit() {
    let view = UIView()
    #expect(view.isOpaque && view.layer.isOpaque)
    view.isOpaque = false
    #expect(!view.layer.isOpaque)
    view.layer.isOpaque = true
    #expect(view.isOpaque)
    let layer = CALayer()
    #expect(!layer.isOpaque)
    layer.isOpaque = true
    #expect(layer.isOpaque)
  }

  @Test func opaqueImageContextsHaveNoAlpha() {
    UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 4), true, 1)
    let ctx = UIGraphicsGetCurrentContext()!
    ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
    ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 4))
    ctx.clear(CGRect(x: 3, y: 0, width: 1, height: 1))
    let image = UIGraphicsGetImageFromCurrentImageContext()!.cgImage!
    UIGraphicsEndImageContext()
    #expect(image.alphaInfo == .noneSkipFirst)
    // Half red over the black an opaque context starts with; cleared pixels are black.
    let red = image.pixel(x: 0, y: 0)!
    #expect(abs(Int(red.red) - 128) <= 1 && red.green == 0 && red.alpha == 255)
    #expect(image.pixel(x: 3, y: 0)! == (0, 0, 0, 255))
    #expect(image.pixel(x: 2, y: 3)! == (0, 0, 0, 255))
    let transparent = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2)).image { _ in }
    #expect(transparent.cgImage!.alphaInfo == .premultipliedFirst)
    let format = UIGraphicsImageRendererFormat.preferred()
    format.opaque = true
    format.scale = 2
    let opaque = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2), format: format).image {
      $0.cgContext.clear(CGRect(x: 0, y: 0, width: 2, height: 2))
    }
    #expect(opaque.cgImage!.alphaInfo == .noneSkipFirst && opaque.cgImage!.width == 4)
    let forTraits = UIGraphicsImageRendererFormat(for: UITraitCollection(displayScale: 2))
    forTraits.preferredRange = .standard
    let small = UIGraphicsImageRenderer(size: CGSize(width: 3, height: 1), format: forTraits)
    #expect(small.image { _ in }.cgImage!.width == 6 && small.format.preferredRange == .standard)
    #expect(rgbaPixels(opaque.cgImage!)[0..<4] == [0, 0, 0, 255])
  }

  @Test func drawingCallsAppsUseLandWhereIOSPutsThem() {
    let image = UIGraphicsImageRenderer(
      size: CGSize(width: 10, height: 10),
      format: {
        let format = UIGraphicsImageRendererFormat.default()
        format.scale = 1
        return format
      }()
    ).image { context in
      let ctx = context.cgContext
      ctx.setFillColor(gray: 1, alpha: 1)
      ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
      ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
      ctx.fill([CGRect(x: 0, y: 0, width: 2, height: 2), CGRect(x: 8, y: 8, width: 2, height: 2)])
      ctx.clear(CGRect(x: 4, y: 0, width: 2, height: 2))
      ctx.setShouldAntialias(false)
      ctx.setFillColor(CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1))
      ctx.fillEllipse(in: CGRect(x: 3.3, y: 3.3, width: 3, height: 3))
      ctx.clip(to: CGRect(x: 8, y: 8, width: 2, height: 2))
      ctx.resetClip()
      ctx.setFillColor(CGColor(genericGrayGamma2_2Gray: 0, alpha: 1))
      ctx.fill(CGRect(x: 0, y: 9, width: 1, height: 1))
    }.cgImage!
    let rgba = rgbaPixels(image)
    func at(_ x: Int, _ y: Int) -> [UInt8] { Array(rgba[(y * 10 + x) * 4..<(y * 10 + x) * 4 + 4]) }
    #expect(at(1, 1) == [0, 0, 255, 255] && at(9, 9) == [0, 0, 255, 255])
    #expect(at(5, 1) == [0, 0, 0, 0] && at(5, 5) == [0, 255, 0, 255])
    #expect(at(0, 9) == [0, 0, 0, 255] && at(9, 0) == [255, 255, 255, 255])
    // No antialiasing: every pixel around the ellipse is white or green, none between.
    for y in 2...7 {
      for x in 2...7 {
        #expect(at(x, y) == [255, 255, 255, 255] || at(x, y) == [0, 255, 0, 255], "\(x), \(y)")
      }
    }
  }

  @Test func interpolationQualityNoneScalesWithHardEdges() {
    let two = CGImage(
      width: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8,
      space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedLast),
      provider: CGDataProvider(data: Data([255, 0, 0, 255, 0, 0, 255, 255]))!, decode: nil,
      shouldInterpolate: false, intent: .defaultIntent)!
    var pixels = [UInt8](repeating: 0, count: 8 * 4)
    let ctx = CGContext(
      data: &pixels, width: 8, height: 1, bitsPerComponent: 8, bytesPerRow: 32,
      space: CGColorSpaceCreateDeviceRGB(),
      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    ctx.interpolationQuality = .none
    ctx.draw(two, in: CGRect(x: 0, y: 0, width: 8, height: 1))
    #expect(
      Array(pixels[12..<16]) == [255, 0, 0, 255] && Array(pixels[16..<20]) == [0, 0, 255, 255])
  }

  @Test func pngDataRoundTripsThroughUIImageData() {
    let format = UIGraphicsImageRendererFormat()
    format.scale = 1
    let drawn = UIGraphicsImageRenderer(size: CGSize(width: 3, height: 2), format: format).image {
      $0.cgContext.setFillColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
      $0.cgContext.fill(CGRect(x: 0, y: 0, width: 1, height: 2))
      $0.cgContext.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
      $0.cgContext.fill(CGRect(x: 2, y: 0, width: 1, height: 2))
    }
    let decoded = UIImage(data: drawn.pngData()!)!
    #expect(decoded.size == CGSize(width: 3, height: 2))
    #expect(rgbaPixels(decoded.cgImage!) == rgbaPixels(drawn.cgImage!))
    let half = decoded.cgImage!.pixel(x: 2, y: 1)!
    #expect(half.red == 255 && abs(Int(half.alpha) - 128) <= 1)
    let cropped = UIImage(
      cgImage: decoded.cgImage!.cropping(to: CGRect(x: 2, y: 0, width: 1, height: 1))!, scale: 2,
      orientation: .up)
    #expect(cropped.size == CGSize(width: 0.5, height: 0.5))
    // As iOS code reads it: the optional `CFData` straight into `CFDataGetBytePtr`.
    let data = cropped.cgImage!.dataProvider!.data
    let bytes: UnsafePointer<UInt8> = CFDataGetBytePtr(data)
    #expect(bytes[2] == 128 && bytes[3] == 128 && CFDataGetLength(data) == 4)
  }
}

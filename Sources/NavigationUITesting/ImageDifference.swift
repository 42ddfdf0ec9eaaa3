import Rendering

/// How two pictures of one size differ: the largest channel difference, how many pixels
/// differ beyond a per-channel tolerance, and a picture that shows where.
public struct ImageDifference: Sendable, CustomStringConvertible {
  /// The largest difference of any channel of any pixel (0…255).
  public let maximumDifference: Int
  /// Pixels with some channel off by more than the tolerance.
  public let differingPixels: Int
  /// ``differingPixels`` over the picture's pixel count.
  public let differingFraction: Double
  /// The reference faded to a quarter of its contrast, with every differing pixel in opaque
  /// red: what a reviewer opens next to the reference and the new picture.
  public let diff: RasterImage

  /// Compares `actual` with `reference` channel by channel; `nil` when their sizes differ or
  /// they are empty.
  public init?(_ actual: RasterImage, _ reference: RasterImage, channelTolerance: Int) {
    guard actual.width == reference.width, actual.height == reference.height,
      actual.width > 0, actual.height > 0
    else { return nil }
    var maximum = 0
    var differing = 0
    var marked = [UInt8](repeating: 255, count: actual.rgba.count)
    for pixel in 0..<(actual.width * actual.height) {
      let base = pixel * 4
      var worst = 0
      for channel in 0..<4 {
        worst = max(
          worst, abs(Int(actual.rgba[base + channel]) - Int(reference.rgba[base + channel])))
      }
      maximum = max(maximum, worst)
      if worst > channelTolerance {
        differing += 1
        marked[base] = 255
        marked[base + 1] = 0
        marked[base + 2] = 0
      } else {
        for channel in 0..<3 {
          marked[base + channel] = UInt8(191 + Int(reference.rgba[base + channel]) / 4)
        }
      }
    }
    maximumDifference = maximum
    differingPixels = differing
    differingFraction = Double(differing) / Double(actual.width * actual.height)
    diff = RasterImage(width: actual.width, height: actual.height, rgba: marked)!
  }

  /// "0.412% of pixels (1,357) differ beyond the tolerance; largest channel difference 201".
  public var description: String {
    let percent = (differingFraction * 100_000).rounded() / 1000
    return
      "\(percent)% of pixels (\(differingPixels)) differ beyond the tolerance; largest channel"
      + " difference \(maximumDifference)"
  }
}

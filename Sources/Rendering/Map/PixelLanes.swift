/// How a 32-bit Cairo pixel's channels are spread over 16-bit lanes of a 64-bit word, so
/// weighing them is a few multiplications for all channels at once.
protocol PixelLanes {
  /// The lanes a pixel's channels occupy (0x00FF in each).
  static var lanes: UInt64 { get }
  /// A pixel's channels in their lanes.
  static func spread(_ pixel: UInt32) -> UInt64
  /// The lanes back into a pixel.
  static func pack(_ lanes: UInt64) -> UInt32
}

/// An opaque pixel (RGB24: the top byte is not a channel): blue, red, green in lanes 0, 1, 2;
/// packed pixels are opaque.
enum OpaqueLanes: PixelLanes {
  static var lanes: UInt64 { 0x0000_00FF_00FF_00FF }

  @inline(__always)
  static func spread(_ pixel: UInt32) -> UInt64 {
    let q = UInt64(pixel)
    return (q & 0x00FF_00FF) | ((q & 0xFF00) << 24)
  }

  @inline(__always)
  static func pack(_ lanes: UInt64) -> UInt32 {
    UInt32(truncatingIfNeeded: (lanes & 0x00FF_00FF) | ((lanes >> 24) & 0xFF00)) | 0xFF00_0000
  }
}

/// A premultiplied pixel (ARGB32): blue, green, red, alpha in lanes 0 … 3.
enum PremultipliedLanes: PixelLanes {
  static var lanes: UInt64 { 0x00FF_00FF_00FF_00FF }

  @inline(__always)
  static func spread(_ pixel: UInt32) -> UInt64 {
    let q = UInt64(pixel)
    return (q & 0xFF) | ((q & 0xFF00) << 8) | ((q & 0xFF_0000) << 16) | ((q & 0xFF00_0000) << 24)
  }

  @inline(__always)
  static func pack(_ lanes: UInt64) -> UInt32 {
    UInt32(
      truncatingIfNeeded: (lanes & 0xFF) | ((lanes >> 8) & 0xFF00) | ((lanes >> 16) & 0xFF_0000)
        | ((lanes >> 24) & 0xFF00_0000))
  }
}

extension PixelLanes {
  /// Two pixels side by side over the two below them (each pair one little-endian 64-bit
  /// word, the left pixel in the low half) weighed by `wx`, `wy` (0 … 255 of 256), every
  /// channel at once, rounded.
  @inline(__always)
  static func bilinear(_ top: UInt64, _ bottom: UInt64, _ wx: UInt64, _ wy: UInt64) -> UInt32 {
    let lanes = Self.lanes
    // 0x80 in each lane: rounding.
    let half = (lanes & 0x0001_0001_0001_0001) << 7
    let x0 = 256 &- wx
    let y0 = 256 &- wy
    let upper =
      ((spread(UInt32(truncatingIfNeeded: top)) &* x0
        &+ spread(UInt32(truncatingIfNeeded: top >> 32)) &* wx &+ half) >> 8) & lanes
    let lower =
      ((spread(UInt32(truncatingIfNeeded: bottom)) &* x0
        &+ spread(UInt32(truncatingIfNeeded: bottom >> 32)) &* wx &+ half) >> 8) & lanes
    return pack(((upper &* y0 &+ lower &* wy &+ half) >> 8) & lanes)
  }
}

import CCairo
import Foundation

/// Where the alpha of a pixel is and whether colours are premultiplied by it (Core Graphics'
/// `CGImageAlphaInfo`).
public enum CGImageAlphaInfo: UInt32, Sendable {
  /// No alpha.
  case none = 0
  /// Alpha last, premultiplied (RGBA).
  case premultipliedLast = 1
  /// Alpha first, premultiplied (ARGB).
  case premultipliedFirst = 2
  /// Alpha last, not premultiplied.
  case last = 3
  /// Alpha first, not premultiplied.
  case first = 4
  /// An unused byte last.
  case noneSkipLast = 5
  /// An unused byte first.
  case noneSkipFirst = 6
  /// Alpha alone.
  case alphaOnly = 7
}

/// A pixel layout: alpha info in the low bits, byte order above (Core Graphics'
/// `CGBitmapInfo`).
public struct CGBitmapInfo: OptionSet, Sendable, Hashable {
  /// The raw bits.
  public let rawValue: UInt32
  /// Bits from a raw value.
  public init(rawValue: UInt32) { self.rawValue = rawValue }
  /// The mask of the alpha info.
  public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
  /// The mask of the byte order.
  public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
  /// The default byte order (big endian).
  public static let byteOrderDefault = CGBitmapInfo([])
  /// 32-bit pixels, little endian (BGRA in memory for alpha-first).
  public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
  /// 32-bit pixels, big endian.
  public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
  /// 16-bit pixels, little endian (no 16-bit layout is supported: contexts and images
  /// with it are `nil`).
  public static let byteOrder16Little = CGBitmapInfo(rawValue: 1 << 12)
  /// 16-bit pixels, big endian (not supported, as ``byteOrder16Little``).
  public static let byteOrder16Big = CGBitmapInfo(rawValue: 3 << 12)
  /// Floating-point components (not supported: contexts and images with it are `nil`).
  public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)

  /// Alpha info and byte order together.
  public init(alphaInfo: CGImageAlphaInfo, byteOrder: CGBitmapInfo = []) {
    self.init(rawValue: alphaInfo.rawValue | byteOrder.rawValue)
  }
}

/// The byte order of an image's pixels (Core Graphics' `CGImageByteOrderInfo`), the
/// ``CGBitmapInfo/byteOrderMask`` bits of its ``CGBitmapInfo``.
public enum CGImageByteOrderInfo: UInt32, Sendable {
  /// The mask.
  case orderMask = 0x7000
  /// The default (big endian).
  case orderDefault = 0
  /// 16-bit little endian.
  case order16Little = 0x1000
  /// 32-bit little endian.
  case order32Little = 0x2000
  /// 16-bit big endian.
  case order16Big = 0x3000
  /// 32-bit big endian.
  case order32Big = 0x4000

  /// The host's 32-bit order (little endian on the machines this runs on).
  public static let order32Host = CGImageByteOrderInfo.order32Little
  /// The host's 16-bit order.
  public static let order16Host = CGImageByteOrderInfo.order16Little
}

/// The bytes behind an image (Core Graphics' `CGDataProvider`).
public final class CGDataProvider: Sendable {
  /// The bytes (a copy on iOS, `CFData`; here `Data`, which `CFDataGetBytePtr` reads).
  public let data: CFData?

  /// A provider of `data`.
  public init?(data: CFData) { self.data = data }
}

/// Core Foundation's data as code written for iOS spells it (`provider.data`,
/// `CFDataGetBytePtr(data)`, `data as Data`): Foundation on Linux has no Core Foundation
/// types, and this is `Data`.
public typealias CFData = Data

/// The bytes of `data`. A `Data` of more than 14 bytes keeps them in its storage, valid
/// while the caller holds `data` (as on iOS while it holds the `CFData`); a smaller one
/// keeps them inline, so they are copied once into a buffer kept for the process (one per
/// distinct content: a 1 × 1 image's 4 bytes).
/// `nil` for `nil` (the parameter is implicitly unwrapped, as iOS declares it, so
/// `CFDataGetBytePtr(provider.data)` compiles).
public func CFDataGetBytePtr(_ data: CFData!) -> UnsafePointer<UInt8>! {
  guard let data else { return nil }
  if data.count > 14 {
    return data.withUnsafeBytes { $0.baseAddress!.assumingMemoryBound(to: UInt8.self) }
  }
  return SmallDataBytes.shared.pointer(to: data)
}

/// The number of bytes of `data` (0 for `nil`).
public func CFDataGetLength(_ data: CFData!) -> Int { data?.count ?? 0 }

/// Stable copies of small `Data` contents for ``CFDataGetBytePtr(_:)``.
final class SmallDataBytes: @unchecked Sendable {
  static let shared = SmallDataBytes()
  private let lock = NSLock()
  private var buffers: [Data: UnsafeMutablePointer<UInt8>] = [:]

  func pointer(to data: Data) -> UnsafePointer<UInt8> {
    lock.lock()
    defer { lock.unlock() }
    if let kept = buffers[data] { return UnsafePointer(kept) }
    let kept = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, data.count))
    data.copyBytes(to: kept, count: data.count)
    buffers[data] = kept
    return UnsafePointer(kept)
  }
}

/// An error reading pixels from outside data.
public enum CGImageError: Error, Equatable, CustomStringConvertible {
  /// The PNG bytes could not be decoded.
  case undecodablePNG(status: String)

  /// What went wrong.
  public var description: String {
    switch self {
    case .undecodablePNG(let status): return "PNG data could not be decoded: \(status)"
    }
  }
}

/// An immutable bitmap (Core Graphics' `CGImage`), 8 bits a component.
///
/// Its pixels are kept as Cairo draws them: premultiplied alpha first in little-endian words
/// (BGRA in memory), as iOS makes images from drawing. An image also has the layout it
/// reports (``bitmapInfo``, ``alphaInfo``, ``bitsPerPixel``, ``bytesPerRow``,
/// ``colorSpace``) and gives its ``dataProvider`` bytes in: that BGRA layout for images made
/// by drawing (`UIGraphicsImageRenderer`, views) or decoded from PNG; alpha skipped for an
/// opaque renderer's; the layout of the bitmap context that made it (``CGContext/makeImage()``:
/// RGBA `premultipliedLast`, grey, …) or of the bytes it was made from
/// (``init(width:height:bitsPerComponent:bitsPerPixel:bytesPerRow:space:bitmapInfo:provider:decode:shouldInterpolate:intent:)``,
/// whose provider it keeps).
public final class CGImage: @unchecked Sendable, Hashable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// Bytes from one row of ``pixels`` to the next.
  let stride: Int
  /// The pixels, `stride × height` bytes, premultiplied BGRA (never written after init).
  let pixels: UnsafeMutableRawPointer
  /// The layout the image reports.
  let layout: BitmapLayout
  /// The bytes in ``layout`` as given (a provider, a context's buffer) and their row
  /// length; `nil` when ``dataProvider`` makes them from ``pixels``.
  private let layoutBytes: (data: Data, bytesPerRow: Int)?

  /// The image surface whose pixels these are (``init(takingSurface:opaque:)``), destroyed
  /// with the image; `nil` when the image allocated them.
  private let surface: OpaquePointer?

  /// Takes over `pixels` (allocated with `UnsafeMutableRawPointer.allocate`).
  init(
    width: Int, height: Int, bytesPerRow: Int, taking pixels: UnsafeMutableRawPointer,
    layout: BitmapLayout = .cairo, layoutBytes: (data: Data, bytesPerRow: Int)? = nil
  ) {
    self.width = width
    self.height = height
    self.stride = bytesPerRow
    self.pixels = pixels
    self.layout = layout
    self.layoutBytes = layoutBytes
    surface = nil
  }

  /// An image of an ARGB32 Cairo image surface's pixels without copying them: the image
  /// takes the caller's reference, and nothing may draw into the surface any more.
  /// `opaque`: the image reports no alpha (`noneSkipFirst`) and its alpha bytes are made 255.
  package init?(takingSurface surface: OpaquePointer, opaque: Bool = false) {
    cairo_surface_flush(surface)
    guard cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32,
      let data = cairo_image_surface_get_data(surface)
    else { return nil }
    width = Int(cairo_image_surface_get_width(surface))
    height = Int(cairo_image_surface_get_height(surface))
    stride = Int(cairo_image_surface_get_stride(surface))
    pixels = UnsafeMutableRawPointer(data)
    layout = opaque ? .cairoOpaque : .cairo
    layoutBytes = nil
    self.surface = surface
    if opaque { Self.makeOpaque(pixels, width: width, height: height, stride: stride) }
  }

  /// Sets every alpha byte of BGRA rows to 255.
  private static func makeOpaque(
    _ pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int
  ) {
    for y in 0..<height {
      let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<width { row[x] |= 0xFF00_0000 }
    }
  }

  deinit {
    if let surface { cairo_surface_destroy(surface) } else { pixels.deallocate() }
  }

  /// A copy of the pixels of an ARGB32 Cairo image surface; `opaque` as
  /// ``init(takingSurface:opaque:)``.
  package convenience init?(copying surface: OpaquePointer, opaque: Bool = false) {
    cairo_surface_flush(surface)
    guard cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32,
      let data = cairo_image_surface_get_data(surface)
    else { return nil }
    let width = Int(cairo_image_surface_get_width(surface))
    let height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    let bytes = UnsafeMutableRawPointer.allocate(byteCount: max(1, stride * height), alignment: 16)
    bytes.copyMemory(from: data, byteCount: stride * height)
    if opaque { Self.makeOpaque(bytes, width: width, height: height, stride: stride) }
    self.init(
      width: width, height: height, bytesPerRow: stride, taking: bytes,
      layout: opaque ? .cairoOpaque : .cairo)
  }

  /// An image of `height` rows of `width` pixels in `layout`, `bytesPerRow` apart, read from
  /// `bytes`: drawn from their conversion, reporting `layout` and giving `bytes` back as
  /// its data.
  convenience init(
    width: Int, height: Int, layout: BitmapLayout, bytesPerRow: Int, bytes: Data
  ) {
    let stride = width * 4
    let out = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
    bytes.withUnsafeBytes { raw in
      layout.importRows(
        from: raw.baseAddress!, sourceStride: bytesPerRow, to: out, targetStride: stride,
        width: width, height: height)
    }
    self.init(
      width: width, height: height, bytesPerRow: stride, taking: out, layout: layout,
      layoutBytes: (bytes, bytesPerRow))
  }

  /// An image from 8-bit-component pixels in `provider`'s data: 32-bit RGB with alpha
  /// first or last (premultiplied or not) or skipped, in either byte order; 24-bit RGB;
  /// 8-bit grey; 8-bit alpha only. `nil` for other layouts, a size of zero, rows shorter
  /// than `width` pixels or too few bytes. The image reports that layout and gives the
  /// provider's bytes back; `decode`, `shouldInterpolate` and `intent` are not used.
  public convenience init?(
    width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
    space: CGColorSpace, bitmapInfo: CGBitmapInfo, provider: CGDataProvider,
    decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool, intent: CGColorRenderingIntent
  ) {
    guard width > 0, height > 0, width < 1 << 15, height < 1 << 15,
      let layout = BitmapLayout(
        bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel, space: space.model,
        bitmapInfo: bitmapInfo.rawValue, forContext: false),
      bytesPerRow >= width * layout.bytesPerPixel, bytesPerRow <= Int(Int32.max) / height,
      let data = provider.data,
      data.count >= bytesPerRow * (height - 1) + width * layout.bytesPerPixel
    else { return nil }
    self.init(width: width, height: height, layout: layout, bytesPerRow: bytesPerRow, bytes: data)
  }

  /// An image decoded from PNG bytes.
  ///
  /// - Throws: ``CGImageError/undecodablePNG(status:)`` when the bytes are not a PNG.
  public static func decodePNG(_ data: Data) throws(CGImageError) -> CGImage {
    final class Reader {
      let data: Data
      var offset = 0
      init(_ data: Data) { self.data = data }
    }
    let reader = Reader(data)
    let read: cairo_read_func_t = { closure, buffer, length in
      guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
      let reader = Unmanaged<Reader>.fromOpaque(closure).takeUnretainedValue()
      let count = Int(length)
      guard reader.offset + count <= reader.data.count else { return CAIRO_STATUS_READ_ERROR }
      reader.data.copyBytes(
        to: buffer,
        from: reader.data.startIndex + reader.offset..<reader.data.startIndex + reader.offset
          + count)
      reader.offset += count
      return CAIRO_STATUS_SUCCESS
    }
    let surface = withExtendedLifetime(reader) {
      cairo_image_surface_create_from_png_stream(read, Unmanaged.passUnretained(reader).toOpaque())!
    }
    defer { cairo_surface_destroy(surface) }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw .undecodablePNG(status: String(cString: cairo_status_to_string(status)))
    }
    let argb: OpaquePointer
    if cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32 {
      argb = cairo_surface_reference(surface)
    } else {
      argb = cairo_image_surface_create(
        CAIRO_FORMAT_ARGB32, cairo_image_surface_get_width(surface),
        cairo_image_surface_get_height(surface))
      let cr = cairo_create(argb)
      cairo_set_source_surface(cr, surface, 0, 0)
      cairo_paint(cr)
      cairo_destroy(cr)
    }
    defer { cairo_surface_destroy(argb) }
    guard let image = CGImage(copying: argb) else {
      throw .undecodablePNG(status: "not an image surface")
    }
    return image
  }

  /// 8.
  public var bitsPerComponent: Int { 8 }
  /// Bits a pixel of ``dataProvider``'s bytes: 32 (RGB), 24 (RGB without alpha) or 8 (grey,
  /// alpha only).
  public var bitsPerPixel: Int { layout.bytesPerPixel * 8 }
  /// Bytes from one row of ``dataProvider``'s bytes to the next.
  public var bytesPerRow: Int { layoutBytes?.bytesPerRow ?? stride }
  /// Device RGB, or device grey for grey and alpha-only images.
  public var colorSpace: CGColorSpace? {
    layout.colorModel == .rgb ? CGColorSpaceCreateDeviceRGB() : CGColorSpaceCreateDeviceGray()
  }
  /// Where the alpha is (premultiplied first for drawn images, see the type's discussion).
  public var alphaInfo: CGImageAlphaInfo { layout.alphaInfo }
  /// The layout of ``dataProvider``'s bytes: alpha info and byte order (premultiplied alpha
  /// first, 32-bit little endian, for drawn images).
  public var bitmapInfo: CGBitmapInfo { layout.bitmapInfo }
  /// The byte order of ``dataProvider``'s bytes.
  public var byteOrderInfo: CGImageByteOrderInfo {
    CGImageByteOrderInfo(rawValue: bitmapInfo.intersection(.byteOrderMask).rawValue)
      ?? .orderDefault
  }
  /// Whether the image is an alpha-only mask.
  public var isMask: Bool { layout.alphaInfo == .alphaOnly }
  /// Whether the image is smoothed when scaled (always).
  public var shouldInterpolate: Bool { true }
  /// The image itself (images never change).
  public func copy() -> CGImage? { self }

  /// The pixel bytes in the layout ``bitmapInfo`` states, rows ``bytesPerRow`` apart.
  public var dataProvider: CGDataProvider? {
    if let layoutBytes { return CGDataProvider(data: layoutBytes.data) }
    if layout == .cairo || layout == .cairoOpaque {
      return CGDataProvider(data: Data(bytes: pixels, count: stride * height))
    }
    let rowBytes = width * layout.bytesPerPixel
    var data = Data(count: rowBytes * height)
    data.withUnsafeMutableBytes { raw in
      layout.exportRows(
        from: pixels, sourceStride: stride, opaqueSource: false, to: raw.baseAddress!,
        targetStride: rowBytes, width: width, height: height)
    }
    return CGDataProvider(data: data)
  }

  /// The pixel at (`x`, `y`) (top row first) un-premultiplied, components 0…255:
  /// red, green, blue, alpha.
  public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)? {
    guard x >= 0, y >= 0, x < width, y < height else { return nil }
    let p = pixels + y * stride + x * 4
    let a = p.load(fromByteOffset: 3, as: UInt8.self)
    func unpremultiply(_ c: UInt8) -> UInt8 {
      a == 0 ? 0 : UInt8(min(255, (UInt32(c) * 255 + UInt32(a) / 2) / UInt32(a)))
    }
    return (
      unpremultiply(p.load(fromByteOffset: 2, as: UInt8.self)),
      unpremultiply(p.load(fromByteOffset: 1, as: UInt8.self)),
      unpremultiply(p.load(fromByteOffset: 0, as: UInt8.self)), a
    )
  }

  /// The part of the image inside `rect` (pixels, rounded out to whole pixels), or `nil`
  /// when they do not meet.
  public func cropping(to rect: CGRect) -> CGImage? {
    let r = rect.standardized.integral.intersection(
      CGRect(x: 0, y: 0, width: width, height: height))
    guard !r.isNull, r.width >= 1, r.height >= 1 else { return nil }
    let x0 = Int(r.minX)
    let y0 = Int(r.minY)
    let w = Int(r.width)
    let h = Int(r.height)
    let stride = w * 4
    let out = UnsafeMutableRawPointer.allocate(byteCount: stride * h, alignment: 16)
    for row in 0..<h {
      (out + row * stride).copyMemory(
        from: pixels + (y0 + row) * self.stride + x0 * 4, byteCount: stride)
    }
    return CGImage(width: w, height: h, bytesPerRow: stride, taking: out, layout: layout)
  }

  /// A Cairo surface over the pixels (read only: callers never draw into it); destroy it
  /// after use, while the image lives.
  package func makeSurface() -> OpaquePointer {
    cairo_image_surface_create_for_data(
      pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
      Int32(stride))
  }

  /// PNG bytes of the image (Cairo's writer), `nil` if it failed.
  package func pngData() -> Data? {
    final class Sink {
      var data = Data()
    }
    let sink = Sink()
    let surface = makeSurface()
    defer { cairo_surface_destroy(surface) }
    let write: cairo_write_func_t = { closure, bytes, length in
      guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
      Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().data.append(
        bytes, count: Int(length))
      return CAIRO_STATUS_SUCCESS
    }
    let status = withExtendedLifetime(sink) {
      cairo_surface_write_to_png_stream(surface, write, Unmanaged.passUnretained(sink).toOpaque())
    }
    return status == CAIRO_STATUS_SUCCESS ? sink.data : nil
  }

  /// Same size and pixels.
  public static func == (lhs: CGImage, rhs: CGImage) -> Bool {
    guard lhs.width == rhs.width, lhs.height == rhs.height else { return false }
    if lhs === rhs { return true }
    let row = lhs.width * 4
    for y in 0..<lhs.height
    where memcmp(lhs.pixels + y * lhs.stride, rhs.pixels + y * rhs.stride, row) != 0 {
      return false
    }
    return true
  }

  /// Hashes the size.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(width)
    hasher.combine(height)
  }
}

/// How colours outside the gamut are mapped (accepted, not used: drawing is sRGB).
public enum CGColorRenderingIntent: Int32, Sendable {
  /// The default.
  case defaultIntent = 0
  /// Absolute colorimetric.
  case absoluteColorimetric
  /// Relative colorimetric.
  case relativeColorimetric
  /// Perceptual.
  case perceptual
  /// Saturation.
  case saturation
}

/// Core Foundation's array as code written for iOS spells it (`[a, b] as CFArray`): Foundation
/// on Linux has no Core Foundation types, and the functions here that take one read its elements.
public typealias CFArray = [Any]

/// Colours at locations 0…1 along a gradient (Core Graphics' `CGGradient`).
public final class CGGradient: Sendable {
  /// The colours.
  public let colors: [CGColor]
  /// Their locations, 0…1, ascending.
  public let locations: [CGFloat]

  /// A gradient through `colors`, spread evenly when `locations` is `nil`; `nil` without
  /// colours or with a different number of locations.
  public init?(colorsSpace space: CGColorSpace?, colors: [CGColor], locations: [CGFloat]?) {
    guard !colors.isEmpty else { return nil }
    let spread =
      colors.count == 1 ? [0] : (0..<colors.count).map { CGFloat($0) / CGFloat(colors.count - 1) }
    let places = locations ?? spread
    guard places.count == colors.count else { return nil }
    self.colors = colors
    self.locations = places
  }

  /// A gradient through colours given as iOS code passes them (`[a.cgColor, b.cgColor] as
  /// CFArray`); `nil` when an element is not a `CGColor`, as for the typed initializer.
  public convenience init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: [CGFloat]?)
  {
    let typed = colors.compactMap { $0 as? CGColor }
    guard typed.count == colors.count else { return nil }
    self.init(colorsSpace: space, colors: typed, locations: locations)
  }

  /// A gradient from `count` colours of `space`'s components plus alpha each.
  public convenience init?(
    colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
    locations: UnsafePointer<CGFloat>?, count: Int
  ) {
    guard count > 0 else { return nil }
    let per = space.numberOfComponents + 1
    let colors = (0..<count).compactMap {
      CGColor(colorSpace: space, components: components + $0 * per)
    }
    let places = locations.map { pointer in (0..<count).map { pointer[$0] } }
    self.init(colorsSpace: space, colors: colors, locations: places)
  }
}

/// Whether a gradient fills before its start and after its end (Core Graphics'
/// `CGGradientDrawingOptions`).
public struct CGGradientDrawingOptions: OptionSet, Sendable, Hashable {
  /// The raw bits.
  public let rawValue: UInt32
  /// Options from raw bits.
  public init(rawValue: UInt32) { self.rawValue = rawValue }
  /// The start colour extends before the start.
  public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1)
  /// The end colour extends after the end.
  public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 2)
}

/// Core Foundation's dictionary as code written for iOS spells it (options such as a
/// transparency layer's `auxiliaryInfo`, accepted and not read).
public typealias CFDictionary = [AnyHashable: Any]

import CCairo
import CPango
import Foundation
import ViewKit

/// Places street names along roads: on the longest nearly straight stretch of each named
/// road on screen, turned to read left to right, with a halo, skipping names that would
/// overlap one already placed or repeat one nearby.
@MainActor
struct RoadLabeler {
  let map: BaseMap
  let style: MapStyle
  let metersPerPoint: Double
  let size: CGSize
  /// Whether `cr` of ``paint(_:in:matrix:)`` draws into an image surface of our own with
  /// no clip, whose pixels the labels' kept images (``LabelBitmaps``) may be composited
  /// into directly; otherwise Cairo paints them (raster output) or draws them as glyphs
  /// (SVG and PDF).
  var ownsRaster = false
  /// With ``ownsRaster``: where the labels' placements go instead of being composited
  /// (the caller composites them into its raster later, see ``LabelPlacement``).
  var placements: LabelPlacements?
  /// Where the labels' images are kept; without it labels are drawn as glyphs.
  var bitmaps: LabelBitmaps?
  /// Boxes (left, top, right, bottom, in points) no label may overlap: markers that hide
  /// base-map labels.
  var obstacles: [(Double, Double, Double, Double)] = []
  /// The most labels drawn in one picture.
  static let limit = 80
  /// Where the halo copies of a label go, in points.
  static let haloOffsets: [(Double, Double)] = [
    (-1.2, 0), (1.2, 0), (0, -1.2), (0, 1.2), (-0.85, -0.85), (0.85, -0.85), (-0.85, 0.85),
    (0.85, 0.85),
  ]
  /// How far a nearly straight stretch may bow, in points.
  static let tolerance = 2.5

  private struct Placed {
    var name: String
    var x: Double
    var y: Double
    var box: (Double, Double, Double, Double)
  }

  func paint(_ visible: [Int], in cr: OpaquePointer, matrix: cairo_matrix_t) {
    guard metersPerPoint < 8 else { return }
    var m = matrix
    // Obstacles clash by their boxes only (no road is named with a NUL).
    var placed = obstacles.map { Placed(name: "\u{0}", x: .nan, y: .nan, box: $0) }
    // Bigger roads get their names first.
    let candidates = visible.filter {
      map.features[$0].kind.isRoad && !map.features[$0].name.isEmpty
    }
    .sorted { (map.features[$0].kind, $0) > (map.features[$1].kind, $1) }
    let fontSize = 11.0
    for index in candidates {
      if placed.count - obstacles.count >= Self.limit { break }
      let feature = map.features[index]
      guard !feature.isTunnel else { continue }
      var points: [(Double, Double)] = []
      for p in feature.start..<(feature.start + feature.count) {
        var x = map.xs[p]
        var y = map.ys[p]
        cairo_matrix_transform_point(&m, &x, &y)
        points.append((x, y))
      }
      guard let stretch = Self.longestStraightStretch(points) else { continue }
      let (w, h) = LabelPainter.shared.extents(of: feature.name, size: fontSize, weight: .medium)
      let (a, b) = stretch
      let dx = b.0 - a.0
      let dy = b.1 - a.1
      let length = (dx * dx + dy * dy).squareRoot()
      guard length >= w + 12 else { continue }
      let cx = (a.0 + b.0) / 2
      let cy = (a.1 + b.1) / 2
      guard cx > 0, cy > 0, cx < Double(size.width), cy < Double(size.height) else { continue }
      var angle = atan2(dy, dx)
      if angle > .pi / 2 { angle -= .pi } else if angle < -.pi / 2 { angle += .pi }
      let halfW = abs(cos(angle)) * w / 2 + abs(sin(angle)) * h / 2
      let halfH = abs(sin(angle)) * w / 2 + abs(cos(angle)) * h / 2
      let box = (cx - halfW - 2, cy - halfH - 2, cx + halfW + 2, cy + halfH + 2)
      let clashes = placed.contains { other in
        (other.box.0 < box.2 && box.0 < other.box.2 && other.box.1 < box.3 && box.1 < other.box.3)
          || (other.name == feature.name && hypot(other.x - cx, other.y - cy) < 250)
      }
      guard !clashes else { continue }
      placed.append(Placed(name: feature.name, x: cx, y: cy, box: box))
      cairo_save(cr)
      cairo_translate(cr, cx, cy)
      cairo_rotate(cr, angle)
      if let bitmap = bitmaps?.bitmap(
        for: feature.name, size: fontSize, style: style, on: cr)
      {
        // Straight into our own raster's pixels, else through Cairo (under its clip): the
        // same picture but for rounding.
        if ownsRaster, let placements, let placement = bitmap.placement(in: cr) {
          placements.items.append(placement)
        } else if !(ownsRaster && bitmap.composite(in: cr)) {
          bitmap.paint(in: cr)
        }
      } else {
        Self.drawLabel(feature.name, size: fontSize, style: style, in: cr, width: w, height: h)
      }
      cairo_restore(cr)
    }
  }

  /// Draws a label centred on the origin of `cr`'s user space: the halo (the text drawn
  /// eight times around its place; glyphs come from Cairo's glyph cache, and stroking glyph
  /// outlines costs several times more), then the text.
  static func drawLabel(
    _ name: String, size: Double, style: MapStyle, in cr: OpaquePointer, width w: Double,
    height h: Double
  ) {
    let layout = LabelPainter.shared.makeLayout(name, size: size, weight: .medium)
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    CairoDrawing.setColor(cr, style.labelHalo.withAlpha(1))
    for (dx, dy) in haloOffsets {
      cairo_move_to(cr, -w / 2 + dx, -h / 2 + dy)
      pango_cairo_show_layout(cr, layout)
    }
    CairoDrawing.setColor(cr, style.label)
    cairo_move_to(cr, -w / 2, -h / 2)
    pango_cairo_show_layout(cr, layout)
  }

  /// The two ends of the longest run of points that stays within ``tolerance`` of the chord
  /// between its ends.
  static func longestStraightStretch(_ points: [(Double, Double)]) -> (
    (Double, Double), (Double, Double)
  )? {
    guard points.count >= 2 else { return nil }
    var best: ((Double, Double), (Double, Double))?
    var bestLength = 0.0
    for i in 0..<(points.count - 1) {
      var j = i + 1
      while j + 1 < points.count, isStraight(points, i, j + 1) { j += 1 }
      let length = hypot(points[j].0 - points[i].0, points[j].1 - points[i].1)
      if length > bestLength {
        bestLength = length
        best = (points[i], points[j])
      }
    }
    return best
  }

  private static func isStraight(_ points: [(Double, Double)], _ i: Int, _ j: Int) -> Bool {
    let (ax, ay) = points[i]
    let (bx, by) = points[j]
    let length = hypot(bx - ax, by - ay)
    guard length > 0 else { return false }
    for k in (i + 1)..<j {
      let (px, py) = points[k]
      let cross = abs((bx - ax) * (py - ay) - (by - ay) * (px - ax)) / length
      let along = ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / (length * length)
      if cross > tolerance || along < 0 || along > 1 { return false }
    }
    return true
  }
}

/// Street names drawn once, upright, into small pixel images at the picture's scale, and
/// painted turned along their roads on later frames.
///
/// A name turned to a new angle is a new glyph transform for Cairo: its glyph cache missed
/// for every label of every frame whose camera turned, and the nine drawings of each label
/// (halo and text) were rasterized again — about a tenth of a moved frame's work. A kept
/// image painted through a bilinear filter costs a small part of that; at the scales of
/// raster output (2–3 pixels per point) the filtering softens the glyph edges by well under
/// a point. Only for image surfaces: SVG and PDF keep vector glyphs.
@MainActor
final class LabelBitmaps {

  /// A label's pixels and the offset of its first pixel from the label's centre, in points.
  final class Bitmap {
    let surface: OpaquePointer
    let scale: Double
    let left: Double
    let top: Double

    init(surface: OpaquePointer, scale: Double, left: Double, top: Double) {
      self.surface = surface
      self.scale = scale
      self.left = left
      self.top = top
    }

    deinit { cairo_surface_destroy(surface) }

    /// Paints the label centred on the origin of `cr`'s user space through Cairo (a
    /// surface pattern, bilinear filter).
    func paint(in cr: OpaquePointer) {
      cairo_save(cr)
      cairo_translate(cr, left, top)
      cairo_scale(cr, 1 / scale, 1 / scale)
      cairo_set_source_surface(cr, surface, 0, 0)
      cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
      cairo_paint(cr)
      cairo_restore(cr)
    }

    /// Composites the label, centred on the origin of `cr`'s user space, straight into the
    /// pixels of `cr`'s image surface (OVER, bilinear sampling of the kept image), ignoring
    /// any clip: for rasters of our own (see ``RoadLabeler/ownsRaster``). `false`, having
    /// drawn nothing, for other surfaces, operators or transforms.
    ///
    /// Cairo's own path (a surface pattern turned by the transform) goes through pixman's
    /// generic bilinear fetcher for every pixel of the label's box, about a hundred
    /// instructions a pixel; most of a label's box is transparent, which this skips at a
    /// glance (four zero pixels).
    func composite(in cr: OpaquePointer) -> Bool {
      guard let placement = placement(in: cr), let target = cairo_get_target(cr) else {
        return false
      }
      // Off the surface: nothing to draw.
      guard placement.x0 < placement.x1, placement.y0 < placement.y1 else { return true }
      cairo_surface_flush(target)
      guard let data = cairo_image_surface_get_data(target) else { return false }
      placement.composite(
        into: data, stride: Int(cairo_image_surface_get_stride(target)),
        rows: placement.y0..<placement.y1)
      cairo_surface_mark_dirty_rectangle(
        target, Int32(placement.x0), Int32(placement.y0), Int32(placement.x1 - placement.x0),
        Int32(placement.y1 - placement.y0))
      return true
    }

    /// Where the label, centred on the origin of `cr`'s user space, falls in the pixels of
    /// `cr`'s image surface (see ``composite(in:)``); `nil` for other surfaces, operators or
    /// transforms. The placement holds this image: keep the image while it is used.
    func placement(in cr: OpaquePointer) -> LabelPlacement? {
      guard let target = CairoDrawing.pixelTarget(of: cr),
        let source = cairo_image_surface_get_data(surface)
      else { return nil }
      let format = cairo_image_surface_get_format(target)
      let width = Int(cairo_image_surface_get_width(target))
      let height = Int(cairo_image_surface_get_height(target))
      let sourceWidth = Int(cairo_image_surface_get_width(surface))
      let sourceHeight = Int(cairo_image_surface_get_height(surface))
      // Image pixel (u, v) ↦ user (left + u / scale, top + v / scale) ↦ device by the CTM.
      var m = cairo_matrix_t()
      cairo_get_matrix(cr, &m)
      var toUser = cairo_matrix_t()
      cairo_matrix_init(&toUser, 1 / scale, 0, 0, 1 / scale, left, top)
      var toDevice = cairo_matrix_t()
      cairo_matrix_multiply(&toDevice, &toUser, &m)
      var toImage = toDevice
      guard cairo_matrix_invert(&toImage) == CAIRO_STATUS_SUCCESS else { return nil }
      // The image's box on the device, in whole pixels, within the surface.
      var minX = Double.infinity
      var minY = Double.infinity
      var maxX = -Double.infinity
      var maxY = -Double.infinity
      for (u, v) in [
        (0.0, 0.0), (Double(sourceWidth), 0), (0, Double(sourceHeight)),
        (Double(sourceWidth), Double(sourceHeight)),
      ] {
        var x = u
        var y = v
        cairo_matrix_transform_point(&toDevice, &x, &y)
        minX = min(minX, x)
        minY = min(minY, y)
        maxX = max(maxX, x)
        maxY = max(maxY, y)
      }
      guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite,
        abs(minX) < 1e7, abs(minY) < 1e7, abs(maxX) < 1e7, abs(maxY) < 1e7
      else { return nil }
      return LabelPlacement(
        source: UnsafeRawPointer(source), sourceWidth: sourceWidth, sourceHeight: sourceHeight,
        sourceStride: Int(cairo_image_surface_get_stride(surface)), toImage: toImage,
        x0: max(0, Int(minX.rounded(.down))), y0: max(0, Int(minY.rounded(.down))),
        x1: min(width, Int(maxX.rounded(.up))), y1: min(height, Int(maxY.rounded(.up))),
        opaque: format == CAIRO_FORMAT_RGB24, image: self)
    }
  }

  /// The steps `k` in `0 ..< count` for which `start + k · step` lies within `range`.
  nonisolated static func steps(
    from start: Int, by step: Int, within range: ClosedRange<Int>, count: Int
  )
    -> Range<Int>
  {
    // Ceiling and floor of a quotient by a positive divisor.
    func up(_ a: Int, _ b: Int) -> Int { a >= 0 ? (a + b - 1) / b : -((-a) / b) }
    func down(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
    var first: Int
    var last: Int
    if step > 0 {
      first = up(range.lowerBound - start, step)
      last = down(range.upperBound - start, step)
    } else if step < 0 {
      first = up(start - range.upperBound, -step)
      last = down(start - range.lowerBound, -step)
    } else {
      guard range.contains(start) else { return 0..<0 }
      first = 0
      last = count - 1
    }
    first = max(first, 0)
    last = min(last, count - 1)
    return first <= last ? first..<(last + 1) : 0..<0
  }

  /// `source` (premultiplied) over `destination`: an opaque destination (RGB24) stays
  /// opaque; a translucent one (ARGB32) gains the source's coverage.
  @inline(__always)
  nonisolated static func over(_ source: UInt32, _ destination: UInt32, opaque: Bool) -> UInt32 {
    let alpha = UInt64(source >> 24)
    if alpha == 255 { return source }
    let lanes: UInt64 = 0x00FF_00FF_00FF_00FF
    // destination · (255 − alpha) / 255 in every lane, rounded (x + 128, plus its high
    // byte, over 256).
    var kept = PremultipliedLanes.spread(destination) &* (255 &- alpha) &+ 0x0080_0080_0080_0080
    kept = ((kept &+ ((kept >> 8) & lanes)) >> 8) & lanes
    let mixed = PremultipliedLanes.pack(kept) &+ source
    return opaque ? mixed | 0xFF00_0000 : mixed
  }

  private struct Key: Hashable {
    let name: String
    let size: Double
    let halo: RGBA
    let label: RGBA
    let scale: Double
  }

  private var bitmaps: [Key: Bitmap] = [:]
  private var order: [Key] = []
  /// The most images kept: a screen shows at most ``RoadLabeler/limit`` names (a city
  /// centre a few dozen), and a name's image at 3× is about 80 KB, so about 13 MB at most.
  static let limit = 160

  /// The kept (or newly drawn) image of `name` for a raster `cr` whose user space is a
  /// uniform scale of device pixels (any rotation); `nil` for vector surfaces and skewed or
  /// degenerate transforms.
  func bitmap(for name: String, size: Double, style: MapStyle, on cr: OpaquePointer) -> Bitmap? {
    guard let target = cairo_get_target(cr),
      cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE
    else { return nil }
    var m = cairo_matrix_t()
    cairo_get_matrix(cr, &m)
    // A uniform scale times a rotation: both columns the same length, at right angles.
    let sx = (m.xx * m.xx + m.yx * m.yx).squareRoot()
    let sy = (m.xy * m.xy + m.yy * m.yy).squareRoot()
    guard sx.isFinite, sx > 0.01, sx < 64, abs(sx - sy) < 1e-6 * sx,
      abs(m.xx * m.xy + m.yx * m.yy) < 1e-6 * sx * sx
    else { return nil }
    // Scales that differ in the last bits (a rotation's rounding) share one image.
    let scale = (sx * 1024).rounded() / 1024
    let key = Key(name: name, size: size, halo: style.labelHalo, label: style.label, scale: scale)
    if let kept = bitmaps[key] { return kept }
    let (w, h) = LabelPainter.shared.extents(of: name, size: size, weight: .medium)
    // The halo reaches 1.2 pt around the text; glyphs may overhang their logical box a
    // little, so a margin of 3 pt on each side.
    let margin = 3.0
    let width = Int(((w + 2 * margin) * scale).rounded(.up))
    let height = Int(((h + 2 * margin) * scale).rounded(.up))
    guard width > 0, height > 0, width <= 8192, height <= 8192,
      let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
    else { return nil }
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      return nil
    }
    let context = cairo_create(surface)!
    // The same font options as the picture (hinting, antialiasing).
    let options = cairo_font_options_create()
    cairo_get_font_options(cr, options)
    cairo_set_font_options(context, options)
    cairo_font_options_destroy(options)
    cairo_scale(context, scale, scale)
    cairo_translate(context, margin + w / 2, margin + h / 2)
    RoadLabeler.drawLabel(name, size: size, style: style, in: context, width: w, height: h)
    cairo_destroy(context)
    cairo_surface_flush(surface)
    let bitmap = Bitmap(
      surface: surface, scale: scale, left: -(margin + w / 2), top: -(margin + h / 2))
    bitmaps[key] = bitmap
    order.append(key)
    if order.count > Self.limit { bitmaps[order.removeFirst()] = nil }
    return bitmap
  }
}

/// Label placements gathered while a map's street names are laid out.
final class LabelPlacements {
  var items: [LabelPlacement] = []
}

/// A street-name image placed on an image surface's pixels: the box it may touch and the
/// map from surface pixels to image pixels. Compositing reads only the kept image and
/// writes only the given rows, so bands of rows may be composited on separate threads.
struct LabelPlacement: @unchecked Sendable {
  let source: UnsafeRawPointer
  let sourceWidth: Int
  let sourceHeight: Int
  let sourceStride: Int
  let toImage: cairo_matrix_t
  /// The box in surface pixels (`x0 ..< x1`, `y0 ..< y1`), within the surface.
  let x0: Int
  let y0: Int
  let x1: Int
  let y1: Int
  /// RGB24 (stays opaque) rather than ARGB32.
  let opaque: Bool
  /// Keeps the image's pixels alive.
  let image: AnyObject

  /// Composites the label (OVER, bilinear) into `rows` of the surface whose pixels start
  /// at `data`.
  func composite(into data: UnsafeMutablePointer<UInt8>, stride: Int, rows: Range<Int>) {
    let first = max(rows.lowerBound, y0)
    let last = min(rows.upperBound, y1)
    guard x0 < x1, first < last else { return }
    var toImage = self.toImage
    let one = 65536.0
    // Steps along a device row in image pixels (16.16), and the sample at each pixel's
    // centre less half an image pixel (bilinear weights between pixel centres).
    let stepU = Int((toImage.xx * one).rounded())
    let stepV = Int((toImage.yx * one).rounded())
    // Samples whose pixel pair lies inside the image: 16.16 values 0 … last + 1 less one.
    let highU = (sourceWidth - 1) << 16 - 1
    let highV = (sourceHeight - 1) << 16 - 1
    let sourceStride = self.sourceStride
    let pixels = source
    let opaque = self.opaque
    for y in first..<last {
      var u0 = Double(x0) + 0.5
      var v0 = Double(y) + 0.5
      cairo_matrix_transform_point(&toImage, &u0, &v0)
      let startU = Int(((u0 - 0.5) * one).rounded(.down))
      let startV = Int(((v0 - 0.5) * one).rounded(.down))
      // The row's pixels whose samples fall inside the image (the image has a transparent
      // margin: those outside add nothing).
      let inside = LabelBitmaps.steps(from: startU, by: stepU, within: 0...highU, count: x1 - x0)
        .clamped(to: LabelBitmaps.steps(from: startV, by: stepV, within: 0...highV, count: x1 - x0))
      guard !inside.isEmpty else { continue }
      var fu = startU &+ stepU &* inside.lowerBound
      var fv = startV &+ stepV &* inside.lowerBound
      let row =
        UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self) + x0
      for x in inside {
        let at = (fv >> 16) &* sourceStride &+ (fu >> 16) &* 4
        let top = pixels.loadUnaligned(fromByteOffset: at, as: UInt64.self)
        let bottom = pixels.loadUnaligned(fromByteOffset: at &+ sourceStride, as: UInt64.self)
        if top == bottom, UInt32(truncatingIfNeeded: top) == UInt32(truncatingIfNeeded: top >> 32) {
          // Four equal pixels (clear margin, the halo's and the glyphs' insides).
          if top != 0 {
            row[x] = LabelBitmaps.over(UInt32(truncatingIfNeeded: top), row[x], opaque: opaque)
          }
        } else {
          let sample = PremultipliedLanes.bilinear(
            top, bottom, UInt64((fu >> 8) & 0xFF), UInt64((fv >> 8) & 0xFF))
          row[x] = LabelBitmaps.over(sample, row[x], opaque: opaque)
        }
        fu &+= stepU
        fv &+= stepV
      }
    }
  }
}

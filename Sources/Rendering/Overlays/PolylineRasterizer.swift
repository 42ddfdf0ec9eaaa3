import CCairo
import Foundation

/// The pixels of an image surface under a clip of one whole-pixel rectangle, for drawing
/// into them directly in Cairo's place (``CairoDrawing/pixelTarget(of:)``).
struct PixelCanvas {
  let surface: OpaquePointer
  let data: UnsafeMutablePointer<UInt8>
  let stride: Int
  /// RGB24: no alpha channel (every pixel opaque).
  let opaque: Bool
  /// The device pixels that may be drawn: columns `x0..<x1`, rows `y0..<y1`.
  let x0: Int
  let y0: Int
  let x1: Int
  let y1: Int
  /// The context's user space to device pixels.
  let matrix: cairo_matrix_t

  /// The canvas of `cr`, or `nil` when Cairo must draw: not an image surface Cairo lets us
  /// write (``CairoDrawing/pixelTarget(of:)``), a device scale, or a clip that is not one
  /// whole-pixel rectangle (an empty clip included).
  init?(_ cr: OpaquePointer) {
    guard let target = CairoDrawing.pixelTarget(of: cr) else { return nil }
    var scaleX = 0.0
    var scaleY = 0.0
    cairo_surface_get_device_scale(target, &scaleX, &scaleY)
    guard scaleX == 1, scaleY == 1 else { return nil }
    cairo_save(cr)
    cairo_identity_matrix(cr)
    let list = cairo_copy_clip_rectangle_list(cr)
    cairo_restore(cr)
    guard let list else { return nil }
    defer { cairo_rectangle_list_destroy(list) }
    guard list.pointee.status == CAIRO_STATUS_SUCCESS, list.pointee.num_rectangles == 1 else {
      return nil
    }
    let r = list.pointee.rectangles[0]
    let edges = [r.x, r.y, r.x + r.width, r.y + r.height]
    guard edges.allSatisfy({ $0.isFinite && $0 == $0.rounded() && abs($0) < 1e7 }) else {
      return nil
    }
    x0 = max(0, Int(r.x))
    y0 = max(0, Int(r.y))
    x1 = min(Int(cairo_image_surface_get_width(target)), Int(r.x + r.width))
    y1 = min(Int(cairo_image_surface_get_height(target)), Int(r.y + r.height))
    cairo_surface_flush(target)
    guard x0 < x1, y0 < y1, let data = cairo_image_surface_get_data(target) else { return nil }
    self.surface = target
    self.data = data
    stride = Int(cairo_image_surface_get_stride(target))
    opaque = cairo_image_surface_get_format(target) == CAIRO_FORMAT_RGB24
    var m = cairo_matrix_t()
    cairo_get_matrix(cr, &m)
    matrix = m
  }

  /// Tells Cairo that rows `rows` were written.
  func wrote(rows: Range<Int>) {
    guard !rows.isEmpty else { return }
    cairo_surface_mark_dirty_rectangle(
      surface, Int32(x0), Int32(rows.lowerBound), Int32(x1 - x0), Int32(rows.count))
  }

  /// A pixel's address.
  @inline(__always)
  func pixel(x: Int, y: Int) -> UnsafeMutablePointer<UInt32> {
    UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self) + x
  }
}

/// Lane-wise arithmetic of four doubles, written out so that it is inlined (the standard
/// library's generic `pointwiseMin`, `min()` and `sum()` are calls).
enum Lanes {
  @inline(__always)
  static func min(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
    SIMD4(Swift.min(a.x, b.x), Swift.min(a.y, b.y), Swift.min(a.z, b.z), Swift.min(a.w, b.w))
  }
  @inline(__always)
  static func max(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
    SIMD4(Swift.max(a.x, b.x), Swift.max(a.y, b.y), Swift.max(a.z, b.z), Swift.max(a.w, b.w))
  }
  @inline(__always)
  static func least(_ a: SIMD4<Double>) -> Double {
    Swift.min(Swift.min(a.x, a.y), Swift.min(a.z, a.w))
  }
  @inline(__always)
  static func greatest(_ a: SIMD4<Double>) -> Double {
    Swift.max(Swift.max(a.x, a.y), Swift.max(a.z, a.w))
  }
  @inline(__always)
  static func sum(_ a: SIMD4<Double>) -> Double { (a.x + a.y) + (a.z + a.w) }
  /// Widens each lane's crossing `lo..<hi` of sub-row `rows` by the disc of radius² `r2`
  /// about (`x`, `y`) where the sub-row meets it.
  @inline(__always)
  static func disc(
    x: Double, y: Double, r2: Double, rows: SIMD4<Double>, lo: inout SIMD4<Double>,
    hi: inout SIMD4<Double>
  ) {
    let dy = rows - y
    let d2 = dy * dy
    let h = (max(r2 - d2, .zero)).squareRoot()
    let inside = d2 .< r2
    lo.replace(with: min(lo, x - h), where: inside)
    hi.replace(with: max(hi, x + h), where: inside)
  }

  /// The least whole number at or over `x`, for 0 ≤ `x` < 2⁵² (no call into libm).
  @inline(__always)
  static func ceiling(_ x: Double) -> Int {
    let whole = Int(x)
    return Double(whole) < x ? whole + 1 : whole
  }
}

/// 8-bit premultiplied ARGB arithmetic as pixman's (two channels a multiply).
enum PremultipliedPixel {
  /// Each channel of `p` times `m`/255, rounded.
  @inline(__always)
  static func scale(_ p: UInt32, _ m: UInt32) -> UInt32 {
    var rb = (p & 0x00FF_00FF) &* m &+ 0x0080_0080
    rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var ag = ((p >> 8) & 0x00FF_00FF) &* m &+ 0x0080_0080
    ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
    return rb | ag
  }

  /// `source` over `destination` (both premultiplied).
  @inline(__always)
  static func over(_ source: UInt32, _ destination: UInt32) -> UInt32 {
    source &+ scale(destination, 255 - (source >> 24))
  }

  /// Puts `source` over the pixel at `pixel` with coverage `mask` (1…255); `opaque`: the
  /// pixel's alpha byte is unused (RGB24), the pixel counts as opaque.
  @inline(__always)
  static func put(
    _ source: UInt32, mask: UInt32, at pixel: UnsafeMutablePointer<UInt32>, opaque: Bool
  ) {
    let covered = mask == 255 ? source : scale(source, mask)
    if covered >> 24 == 255 {
      pixel.pointee = covered
    } else {
      pixel.pointee = over(covered, opaque ? pixel.pointee | 0xFF00_0000 : pixel.pointee)
    }
  }

  /// A colour premultiplied and packed, its opacity times `opacity`.
  static func pack(_ color: RGBA, opacity: Double = 1) -> UInt32 {
    let a = color.alpha * opacity
    func channel(_ v: Double) -> UInt32 { UInt32((v * a * 255).rounded()) }
    return UInt32((a * 255).rounded()) << 24 | channel(color.red) << 16
      | channel(color.green) << 8 | channel(color.blue)
  }
}

/// Thick lines with round joins and caps (a polyline's stroke, as Cairo strokes it) scan
/// converted straight into an image surface's pixels, with their colour along the line from
/// its spans (256 steps a gradient). A capsule per segment, row by row: the whole pixels
/// between its edges filled, the few at its edges covered by the sum over four sub-rows (as
/// Cairo's fast antialiasing) of the exact crossings of each sub-row with its edges. Opaque
/// lines draw each capsule on its own in the line's order (the disc at a joint once);
/// translucent ones the union of their capsules, so that a line over itself is one stroke.
/// A quarter to a fifth less CPU than Cairo's strokes for the map benchmark's lines
/// (`Guides/Performance.md`, map overlays).
final class PolylineRasterizer {
  let canvas: PixelCanvas
  /// The device radius of a user-space unit (the matrix's uniform scale).
  let unit: Double
  /// Cairo's fast antialiasing drops coordinates to its quarter-pixel grid (up and left by
  /// an eighth of a pixel on average): lines are placed as Cairo places them, so that they
  /// look where they looked when Cairo drew them.
  static let cairoBias = 0.125
  /// Per column: coverage of the pixel itself, and the change of the running coverage.
  private let cells: UnsafeMutablePointer<Float>
  private let delta: UnsafeMutablePointer<Float>
  /// Per column: the last segment whose capsule covers the pixel (graded lines).
  private let owner: UnsafeMutablePointer<Int32>
  /// Pixels that opaque pictures drawn later cover (``hide(under:x:y:)``): opaque lines
  /// leave them alone.
  private var hidden: OpaqueMask
  /// Whether ``hidden`` has any pixel, and whether its groups are up to date.
  private var hides = false
  private var sealed = true
  /// Whether ``hidden`` is the rasterizer's own (else a ``MarkerStack``'s).
  private var ownsHidden = true
  /// While lines are drawn from the top down (``stroke(lines:)``): the pixels at their edges,
  /// put over what lies under them once all are drawn, in the order they were drawn.
  private var deferring = false
  private var deferred = UnsafeMutablePointer<DeferredPixel>.allocate(capacity: 1)
  private var deferredCount = 0
  private var deferredCapacity = 1

  /// A pixel put later: where (from the canvas's first pixel, in pixels), its colour and
  /// its coverage.
  private struct DeferredPixel {
    var offset: Int
    var colour: UInt32
    var mask: UInt32
  }

  /// A rasterizer drawing into `cr`'s pixels, or `nil` when Cairo must draw (see
  /// ``PixelCanvas/init(_:)``; also a user space that is not a uniform scale, turn or
  /// mirror of device space).
  init?(_ cr: OpaquePointer) {
    guard let canvas = PixelCanvas(cr) else { return nil }
    let m = canvas.matrix
    let sx = hypot(m.xx, m.yx)
    let sy = hypot(m.xy, m.yy)
    guard sx > 1e-6, sx.isFinite, abs(sx - sy) <= 1e-9 * sx,
      abs(m.xx * m.xy + m.yx * m.yy) <= 1e-9 * sx * sx
    else { return nil }
    self.canvas = canvas
    unit = sx
    let width = canvas.x1 - canvas.x0 + 2
    cells = .allocate(capacity: width)
    cells.initialize(repeating: 0, count: width)
    delta = .allocate(capacity: width)
    delta.initialize(repeating: 0, count: width)
    owner = .allocate(capacity: width)
    owner.initialize(repeating: -1, count: width)
    // Empty until a picture hides something (most rasterizers never need one).
    hidden = .allocate(x0: canvas.x0, y0: canvas.y0, x1: canvas.x0, y1: canvas.y0)
  }

  /// Tells the rasterizer that the opaque pixels of `rows`, copied later with its top-left
  /// pixel at device column `x`, row `y`, will cover what it draws there: opaque lines skip
  /// those pixels (nothing under an opaque pixel shows).
  func hide(under rows: OpaqueRows, x: Int, y: Int) {
    precondition(ownsHidden, "hide(under:x:y:) after hide(all:)")
    if !hides, hidden.width == 0 {
      hidden.deallocate()
      hidden = .allocate(x0: canvas.x0, y0: canvas.y0, x1: canvas.x1, y1: canvas.y1)
    }
    if hidden.add(rows, x: x, y: y) {
      hides = true
      sealed = false
    }
  }

  /// Tells the rasterizer that the pixels of `mask` (over its canvas, owned by the caller and
  /// kept while the rasterizer draws) will be covered by opaque pictures drawn later, in
  /// place of any ``hide(under:x:y:)`` before.
  func hide(all mask: OpaqueMask) {
    if ownsHidden { hidden.deallocate() }
    hidden = mask
    ownsHidden = false
    hides = true
    sealed = false
  }

  deinit {
    cells.deallocate()
    delta.deallocate()
    owner.deallocate()
    if ownsHidden { hidden.deallocate() }
    deferred.deallocate()
  }

  /// `points` (user space) in device pixels, placed as Cairo places them.
  private func device(_ points: [(Double, Double)]) -> [(Double, Double)] {
    var m = canvas.matrix
    return points.map { point -> (Double, Double) in
      var (x, y) = point
      cairo_matrix_transform_point(&m, &x, &y)
      return (x - PolylineRasterizer.cairoBias, y - PolylineRasterizer.cairoBias)
    }
  }

  /// Whether the segment from `a` to `b` (device pixels) with radius `r` can reach the canvas.
  @inline(__always)
  private func reaches(_ a: (Double, Double), _ b: (Double, Double), r: Double) -> Bool {
    let c = canvas
    return a.0.isFinite && a.1.isFinite && b.0.isFinite && b.1.isFinite
      && max(a.1, b.1) + r > Double(c.y0) && min(a.1, b.1) - r < Double(c.y1)
      && max(a.0, b.0) + r > Double(c.x0) && min(a.0, b.0) - r < Double(c.x1)
  }

  /// A line to draw: its points (user space), width, colour and spans, as
  /// ``stroke(_:width:color:spans:)`` takes them.
  struct Line {
    let points: [(Double, Double)]
    let width: Double
    let color: RGBA
    let spans: [MapStrokeSpan]
  }

  /// Draws `lines` in order: the picture of drawing each with
  /// ``stroke(_:width:color:spans:)``, bit for bit. Consecutive lines of opaque colours are
  /// drawn from the top down: each leaves out the pixels already covered (by opaque
  /// pictures drawn later, ``hide(all:)``, or by the whole pixels of a line above it, which
  /// join those), and the pixels at its edges are put over what lies under them once the
  /// lines below are drawn too, from the bottom up. With fifty lines across a phone's map,
  /// each pixel a line reaches lies under four or five of them.
  func stroke(lines: [Line]) {
    var k = 0
    while k < lines.count {
      var end = k
      while end < lines.count, Self.opaque(lines[end]) { end += 1 }
      if end - k < 2 {
        let line = lines[k]
        stroke(line.points, width: line.width, color: line.color, spans: line.spans)
        k += 1
        continue
      }
      // The lines' whole pixels join a copy of the mask, for these lines only.
      if !sealed {
        hidden.seal()
        sealed = true
      }
      let saved = (hidden, hides)
      hidden =
        hides
        ? saved.0.copy()
        : .allocate(x0: canvas.x0, y0: canvas.y0, x1: canvas.x1, y1: canvas.y1)
      hides = true
      defer {
        hidden.deallocate()
        (hidden, hides) = saved
      }
      deferring = true
      for line in lines[k..<end].reversed() {
        stroke(line.points, width: line.width, color: line.color, spans: line.spans)
      }
      deferring = false
      let data = canvas.pixel(x: canvas.x0, y: canvas.y0)
      let opaque = canvas.opaque
      var i = deferredCount
      while i > 0 {
        i -= 1
        let p = deferred[i]
        PremultipliedPixel.put(p.colour, mask: p.mask, at: data + p.offset, opaque: opaque)
      }
      deferredCount = 0
      k = end
    }
  }

  /// Whether all of a line's colours are opaque (those its spans mix, and more).
  private static func opaque(_ line: Line) -> Bool {
    PremultipliedPixel.pack(line.color) >> 24 == 255
      && line.spans.allSatisfy {
        PremultipliedPixel.pack($0.from) >> 24 == 255 && PremultipliedPixel.pack($0.to) >> 24 == 255
      }
  }

  /// Keeps the pixel at `pixel` (in the canvas's memory), its colour `colour` and coverage
  /// `mask` (1…255), to put later (``stroke(lines:)``).
  @inline(__always)
  private func deferPut(_ colour: UInt32, mask: UInt32, at pixel: UnsafeMutablePointer<UInt32>) {
    if deferredCount == deferredCapacity {
      let larger = UnsafeMutablePointer<DeferredPixel>.allocate(capacity: 2 * deferredCapacity)
      larger.moveInitialize(from: deferred, count: deferredCount)
      deferred.deallocate()
      deferred = larger
      deferredCapacity *= 2
    }
    deferred[deferredCount] = DeferredPixel(
      offset: pixel - canvas.pixel(x: canvas.x0, y: canvas.y0), colour: colour, mask: mask)
    deferredCount += 1
  }

  /// A segment's capsule in device pixels: its end discs and its body, the rectangle whose
  /// left and right edges at height y are `max(lo1 + y·k1, lo2 + y·k2)` and
  /// `min(hi1 + y·k1, hi2 + y·k2)` between `bodyTop` and `bodyBottom`.
  private struct Segment {
    var ax: Double
    var ay: Double
    var bx: Double
    var by: Double
    var lo1 = -Double.infinity
    var hi1 = Double.infinity
    var k1 = 0.0
    var lo2 = -Double.infinity
    var hi2 = Double.infinity
    var k2 = 0.0
    var bodyTop = Double.infinity
    var bodyBottom = -Double.infinity
    /// The rows it reaches (its radius included).
    var top: Double
    var bottom: Double
    /// The columns it reaches (its radius included).
    var leftmost: Double
    var rightmost: Double
    /// Its place along the line at column 0 of the canvas and its change per column and
    /// per row (the projection on the segment, in segment lengths).
    var along0 = 0.0
    var alongX = 0.0
    var alongY = 0.0
    /// Its index along the line.
    var index: Int32

    /// Whether its start's disc is drawn with it (not when the segment before ends there).
    var startDisc = true

    init(_ a: (Double, Double), _ b: (Double, Double), r: Double, index: Int32, left: Double) {
      (ax, ay) = a
      (bx, by) = b
      top = min(ay, by) - r
      bottom = max(ay, by) + r
      leftmost = min(ax, bx) - r
      rightmost = max(ax, bx) + r
      self.index = index
      let length = hypot(bx - ax, by - ay)
      guard length > 1e-9 else { return }
      let ux = (bx - ax) / length
      let uy = (by - ay) / length
      alongX = ux / length
      alongY = uy / length
      along0 = ((left + 0.5 - ax) * ux + (0.5 - ay) * uy) / length
      let reach = r * abs(ux)
      bodyTop = min(ay, by) - reach
      bodyBottom = max(ay, by) + reach
      // Across: |(p - a)·n| ≤ r with n = (-uy, ux); along: 0 ≤ (p - a)·u ≤ length.
      if abs(uy) > 1e-12 {
        k1 = ux / uy
        let p = ax - r / uy - ay * k1
        let q = ax + r / uy - ay * k1
        lo1 = min(p, q)
        hi1 = max(p, q)
      }
      if abs(ux) > 1e-12 {
        k2 = -uy / ux
        let p = ax - ay * k2
        let q = ax + length / ux - ay * k2
        lo2 = min(p, q)
        hi2 = max(p, q)
      }
    }

    /// The columns (from `left`, within `left..<right`) of the band of its line (|across| ≤
    /// r) and its box between heights `top` and `bottom`: all it can reach there.
    @inline(__always)
    func band(from top: Double, to bottom: Double, left: Double, right: Double) -> (
      Double, Double
    ) {
      // Two-argument min and max only: the three-argument ones take a variadic rest, an
      // array allocated and released on every call.
      let lo = Swift.max(Swift.max(left, leftmost), Swift.min(lo1 + top * k1, lo1 + bottom * k1))
      let hi = Swift.min(Swift.min(right, rightmost), Swift.max(hi1 + top * k1, hi1 + bottom * k1))
      return (lo - left, hi - left)
    }

    /// Where the row at height `y` crosses the capsule of radius `r` (`r2` = r²): `lo < hi`
    /// when it does.
    @inline(__always)
    func crossing(y: Double, r2: Double) -> (lo: Double, hi: Double) {
      var lo = Double.infinity
      var hi = -Double.infinity
      if y > bodyTop, y < bodyBottom {
        lo = max(lo1 + y * k1, lo2 + y * k2)
        hi = min(hi1 + y * k1, hi2 + y * k2)
        if !(lo < hi) {
          lo = .infinity
          hi = -.infinity
        }
      }
      let dya = y - ay
      if startDisc, dya * dya < r2 {
        let h = (r2 - dya * dya).squareRoot()
        lo = min(lo, ax - h)
        hi = max(hi, ax + h)
      }
      let dyb = y - by
      if dyb * dyb < r2 {
        let h = (r2 - dyb * dyb).squareRoot()
        lo = min(lo, bx - h)
        hi = max(hi, bx + h)
      }
      return (lo, hi)
    }
  }

  /// A line's colours along it: stretches in segment units (`starts[k]..<ends[k]`), each
  /// with its colour at 256 steps from its start to its end colour (under one 8-bit level
  /// apart) from `steps[bases[k]]`, premultiplied.
  private struct Palette {
    var starts: [Double] = []
    var ends: [Double] = []
    var bases: [Int] = []
    var steps: [UInt32] = []

    /// The stretches of `spans` over a line of `total` segments (nothing without spans).
    init(spans: [MapStrokeSpan], total: Double) {
      var start = 0.0
      func add(_ from: RGBA, _ to: RGBA, _ end: Double) {
        starts.append(start)
        ends.append(end)
        bases.append(steps.count)
        for i in 0..<256 {
          steps.append(PremultipliedPixel.pack(MapPainter.mix(from, to, Double(i) / 255)))
        }
        start = end
      }
      for span in spans where span.segments > 0 && start < total {
        add(span.from, span.to, min(total, start + span.segments))
      }
      if let last = spans.last, start < total { add(last.to, last.to, total) }
    }

    /// Whether the line has more than one colour.
    var graded: Bool { steps.contains { $0 != steps[0] } }

    /// The colour at `along` segments from the line's start, searched from stretch `hint`.
    @inline(__always)
    func colour(at along: Double, hint: inout Int) -> UInt32 {
      if !(starts[hint] <= along && along <= ends[hint]) {
        hint = ends.firstIndex { along <= $0 } ?? ends.count - 1
      }
      let span = ends[hint] - starts[hint]
      let t = span > 0 ? min(1, max(0, (along - starts[hint]) / span)) : 0
      return steps[bases[hint] + Int(t * 255 + 0.5)]
    }
  }

  /// Draws a line through `points` (user space) `width` wide in `color`, or coloured along
  /// it by `spans` (``MapStrokeSpan``: the last one's end colour continues past them).
  func stroke(
    _ points: [(Double, Double)], width: Double, color: RGBA, spans: [MapStrokeSpan]
  ) {
    guard points.count >= 2, width > 0, width.isFinite else { return }
    if !sealed {
      hidden.seal()
      sealed = true
    }
    let r = width * unit / 2
    let r2 = r * r
    let c = canvas
    let left = Double(c.x0)
    let right = Double(c.x1)
    let device = device(points)
    let palette = Palette(spans: spans, total: Double(points.count - 1))
    let deferring = self.deferring
    let graded = palette.graded
    let solid = palette.steps.first ?? PremultipliedPixel.pack(color)
    // Opaque colours: each segment's capsule drawn on its own, in the line's order (as the
    // union but for antialiased pixels two capsules share; the disc at a joint is drawn
    // once, with the segment that ends there); otherwise their union, row by row over the
    // segments in order of their tops.
    let alone = graded ? palette.steps.allSatisfy { $0 >> 24 == 255 } : solid >> 24 == 255
    var list: [Segment] = []
    list.reserveCapacity(points.count - 1)
    for i in 1..<device.count {
      let (a, b) = (device[i - 1], device[i])
      guard reaches(a, b, r: r) else { continue }
      var segment = Segment(a, b, r: r, index: Int32(i - 1), left: left)
      // The segment before (if drawable) drew the disc: both ends finite.
      segment.startDisc =
        !alone || i == 1 || !(device[i - 2].0.isFinite && device[i - 2].1.isFinite)
      list.append(segment)
    }
    guard !list.isEmpty else { return }
    if !alone { list.sort { $0.top < $1.top } }
    let firstRow = max(c.y0, Int(list.map(\.top).min()!.rounded(.down)))
    let lastRow = min(c.y1, Int(list.map(\.bottom).max()!.rounded(.up)))
    guard firstRow < lastRow else { return }
    let count = list.count
    // Scratch of the row loop, without Swift arrays' checks in the inner loops.
    let segments = UnsafeMutableBufferPointer<Segment>.allocate(capacity: count)
    _ = segments.initialize(from: list)
    let active = UnsafeMutablePointer<Int>.allocate(capacity: count)
    // Per crossed segment of a row: its four sub-rows' crossings, its reach and place.
    let subLo = UnsafeMutablePointer<Double>.allocate(capacity: 4 * count)
    let subHi = UnsafeMutablePointer<Double>.allocate(capacity: 4 * count)
    let reachLo = UnsafeMutablePointer<Double>.allocate(capacity: count)
    let reachHi = UnsafeMutablePointer<Double>.allocate(capacity: count)
    let crossed = UnsafeMutablePointer<Int>.allocate(capacity: count)
    let order = UnsafeMutablePointer<Int>.allocate(capacity: count)
    // A sub-row's crossings of a cluster, sorted.
    let starts = UnsafeMutablePointer<Double>.allocate(capacity: count)
    let ends = UnsafeMutablePointer<Double>.allocate(capacity: count)
    let owners = UnsafeMutablePointer<Int32>.allocate(capacity: count)
    defer {
      segments.deallocate()
      active.deallocate()
      subLo.deallocate()
      subHi.deallocate()
      reachLo.deallocate()
      reachHi.deallocate()
      crossed.deallocate()
      order.deallocate()
      starts.deallocate()
      ends.deallocate()
      owners.deallocate()
    }
    let cells = self.cells
    let delta = self.delta
    let owner = self.owner
    let opaque = c.opaque
    let columns = c.x1 - c.x0
    let base = segments.baseAddress!
    var hint = 0
    // Per segment: the stretch it lies in (or -1 across several) and its start's place in
    // that stretch; per stretch its first step and steps per segment.
    let steps = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: max(1, palette.steps.count))
    _ = steps.initialize(from: palette.steps)
    let stretchOf = UnsafeMutablePointer<Int>.allocate(capacity: count)
    let stretchOffset = UnsafeMutablePointer<Double>.allocate(capacity: count)
    let stretchBase = UnsafeMutablePointer<Int>.allocate(capacity: max(1, palette.bases.count))
    let stretchScale = UnsafeMutablePointer<Double>.allocate(capacity: max(1, palette.bases.count))
    defer {
      steps.deallocate()
      stretchOf.deallocate()
      stretchOffset.deallocate()
      stretchBase.deallocate()
      stretchScale.deallocate()
    }
    for k in palette.bases.indices {
      stretchBase[k] = palette.bases[k]
      let span = palette.ends[k] - palette.starts[k]
      stretchScale[k] = span > 0 ? 255 / span : 0
    }
    for place in 0..<count {
      let start = Double(base[place].index)
      let k = palette.starts.indices.first {
        palette.starts[$0] <= start && start + 1 <= palette.ends[$0]
      }
      stretchOf[place] = k ?? -1
      stretchOffset[place] = k.map { start - palette.starts[$0] } ?? 0
    }
    /// Colour of column `x` from the segment at `place` (its place along the line).
    @inline(__always)
    func colour(_ x: Int, _ place: Int, _ rowTop: Double, _ hint: inout Int) -> UInt32 {
      guard graded else { return solid }
      let s = base + place
      let t = min(
        1, max(0, s.pointee.along0 + rowTop * s.pointee.alongY + Double(x) * s.pointee.alongX))
      let k = stretchOf[place]
      guard k >= 0 else {
        return palette.colour(at: Double(s.pointee.index) + t, hint: &hint)
      }
      // Within one stretch: its step straight from the place along the segment.
      let u = min(255, max(0, (stretchOffset[place] + t) * stretchScale[k] + 0.5))
      return steps[stretchBase[k] + Int(u)]
    }
    /// Puts `source` over the pixel at column `x` with coverage `mask` (0…255).
    @inline(__always)
    func put(
      _ row: UnsafeMutablePointer<UInt32>, _ x: Int, _ mask: UInt32, _ source: UInt32
    ) {
      guard mask > 0 else { return }
      // From the top down, every pixel of a segment across several stretches waits too
      // (unless a line above covers it).
      if deferring {
        let offset = row + x - c.pixel(x: c.x0, y: c.y0)
        let perRow = c.stride / 4
        if hidden.covers(y: c.y0 + offset / perRow, x: offset % perRow) { return }
        deferPut(source, mask: mask, at: row + x)
        return
      }
      PremultipliedPixel.put(source, mask: mask, at: row + x, opaque: opaque)
    }
    /// A crossing alone in its pixels: whole pixels between its four sub-rows' starts and
    /// ends, the coverage of the few at its ends from the crossings.
    func single(
      _ q: Int, _ row: UnsafeMutablePointer<UInt32>, _ rowTop: Double, _ hint: inout Int
    ) {
      let place = crossed[q]
      var innerLo = -Double.infinity
      var innerHi = Double.infinity
      for k in 0..<4 {
        innerLo = max(innerLo, subLo[4 * q + k])
        innerHi = min(innerHi, subHi[4 * q + k])
      }
      let from = Int(reachLo[q])
      let to = min(columns, Int(reachHi[q].rounded(.up)))
      var fullFrom = to
      var fullTo = to
      if innerLo < innerHi {
        fullFrom = max(from, Int(innerLo.rounded(.up)))
        fullTo = max(fullFrom, Int(innerHi.rounded(.down)))
      }
      func edge(_ x: Int) {
        var cover = 0.0
        let x0 = Double(x)
        for k in 0..<4 {
          cover += max(0, min(subHi[4 * q + k], x0 + 1) - max(subLo[4 * q + k], x0))
        }
        put(row, x, UInt32(min(255, cover * 63.75 + 0.5)), colour(x, place, rowTop, &hint))
      }
      for x in from..<fullFrom { edge(x) }
      if fullFrom < fullTo {
        let k = graded ? stretchOf[place] : -1
        if !graded, solid >> 24 == 255 {
          (row + fullFrom).update(repeating: solid, count: fullTo - fullFrom)
        } else if alone, k >= 0 {
          // Opaque steps of one stretch: each pixel its step.
          let s = base + place
          let t0 = s.pointee.along0 + rowTop * s.pointee.alongY
          let dt = s.pointee.alongX
          let offset = stretchOffset[place]
          let scale = stretchScale[k]
          let first = stretchBase[k]
          for x in fullFrom..<fullTo {
            let t = min(1, max(0, t0 + Double(x) * dt))
            row[x] = steps[first + Int((offset + t) * scale + 0.5)]
          }
        } else {
          for x in fullFrom..<fullTo { put(row, x, 255, colour(x, place, rowTop, &hint)) }
        }
      }
      for x in fullTo..<to { edge(x) }
    }
    /// Crossings sharing pixels (`order[first..<last]`): the union of their sub-rows'
    /// crossings, a quarter of a pixel's height over its length in each pixel (running
    /// changes for the whole pixels between its ends); the colour of the last segment over a
    /// pixel, as a later piece drawn over an earlier one.
    func union(
      _ first: Int, _ last: Int, _ row: UnsafeMutablePointer<UInt32>, _ rowTop: Double,
      _ hint: inout Int
    ) {
      var lowest = Int.max
      var highest = 0
      for k in 0..<4 {
        var n = 0
        for i in first..<last {
          let q = order[i]
          let a = subLo[4 * q + k]
          let b = subHi[4 * q + k]
          guard a < b else { continue }
          var at = n
          while at > 0, starts[at - 1] > a {
            starts[at] = starts[at - 1]
            ends[at] = ends[at - 1]
            owners[at] = owners[at - 1]
            at -= 1
          }
          starts[at] = a
          ends[at] = b
          owners[at] = Int32(crossed[q])
          n += 1
        }
        guard n > 0 else { continue }
        if graded, k == 1 || k == 2 {
          for i in 0..<n {
            let j = owners[i]
            let index = base[Int(j)].index
            for x in Int(starts[i])..<min(columns, Int(ends[i].rounded(.up)))
            where owner[x] < 0 || base[Int(owner[x])].index < index {
              owner[x] = j
            }
          }
        }
        var lo = starts[0]
        var hi = ends[0]
        for i in 1...n {
          if i < n, starts[i] <= hi {
            hi = max(hi, ends[i])
            continue
          }
          let ia = Int(lo)
          let ib = Int(hi)
          if ia == ib {
            cells[ia] += Float(hi - lo) * 0.25
          } else {
            cells[ia] += Float(Double(ia + 1) - lo) * 0.25
            delta[ia + 1] += 0.25
            delta[ib] -= 0.25
            cells[ib] += Float(hi - Double(ib)) * 0.25
          }
          lowest = min(lowest, ia)
          highest = max(highest, ib + 1)
          if i < n {
            lo = starts[i]
            hi = ends[i]
          }
        }
      }
      guard lowest < highest else { return }
      var running: Float = 0
      var lastOwner = crossed[order[first]]
      for x in lowest..<highest {
        running += delta[x]
        delta[x] = 0
        let cover = running + cells[x]
        cells[x] = 0
        guard x < columns else { continue }
        if graded {
          if owner[x] >= 0 { lastOwner = Int(owner[x]) }
          owner[x] = -1
        }
        put(row, x, UInt32(min(255, cover * 255 + 0.5)), colour(x, lastOwner, rowTop, &hint))
      }
    }
    if alone {
      // From the top down (``stroke(lines:)``), the last segment first.
      for step in 0..<count {
        let place = deferring ? count - 1 - step : step
        let s = base[place]
        let rows =
          max(firstRow, Int(s.top.rounded(.down)))..<min(lastRow, Int(s.bottom.rounded(.up)))
        guard !rows.isEmpty else { continue }
        let k = graded ? stretchOf[place] : -1
        guard !graded || k >= 0 else {
          // Across several stretches of colour (rare): sub-row by sub-row, colour by colour.
          for y in rows {
            let rowTop = Double(y)
            var lo = Double.infinity
            var hi = -Double.infinity
            for k in 0..<4 {
              let (a, b) = s.crossing(y: rowTop + (Double(k) + 0.5) / 4, r2: r2)
              let from = max(a, left) - left
              let to = min(b, right) - left
              (subLo[k], subHi[k]) = from < to ? (from, to) : (0, 0)
              if from < to { (lo, hi) = (min(lo, from), max(hi, to)) }
            }
            guard lo < hi else { continue }
            (reachLo[0], reachHi[0], crossed[0]) = (lo, hi, place)
            single(0, c.pixel(x: c.x0, y: y), rowTop, &hint)
          }
          continue
        }
        capsule(
          s, rows: rows, r: r, r2: r2, left: left, right: right, steps: steps.baseAddress!,
          solid: graded ? nil : solid, stretchStart: k >= 0 ? stretchBase[k] : 0,
          stretchScale: k >= 0 ? stretchScale[k] : 0, stretchOffset: stretchOffset[place])
      }
      c.wrote(rows: firstRow..<lastRow)
      return
    }
    var activeCount = 0
    var next = 0
    for y in firstRow..<lastRow {
      let rowTop = Double(y)
      let row = c.pixel(x: c.x0, y: y)
      while next < count, segments[next].top < rowTop + 1 {
        active[activeCount] = next
        activeCount += 1
        next += 1
      }
      var kept = 0
      for i in 0..<activeCount where segments[active[i]].bottom > rowTop {
        active[kept] = active[i]
        kept += 1
      }
      activeCount = kept
      // Each segment's crossings with the row's four sub-rows, in order of their reach.
      var n = 0
      for i in 0..<activeCount {
        var lo = Double.infinity
        var hi = -Double.infinity
        for k in 0..<4 {
          let (a, b) = base[active[i]].crossing(y: rowTop + (Double(k) + 0.5) / 4, r2: r2)
          let from = max(a, left) - left
          let to = min(b, right) - left
          if from < to {
            subLo[4 * n + k] = from
            subHi[4 * n + k] = to
            lo = min(lo, from)
            hi = max(hi, to)
          } else {
            subLo[4 * n + k] = 0
            subHi[4 * n + k] = 0
          }
        }
        guard lo < hi else { continue }
        reachLo[n] = lo
        reachHi[n] = hi
        crossed[n] = active[i]
        var at = n
        while at > 0, reachLo[order[at - 1]] > lo {
          order[at] = order[at - 1]
          at -= 1
        }
        order[at] = n
        n += 1
      }
      // Clusters of crossings that share pixels.
      var i = 0
      while i < n {
        var j = i + 1
        var reach = reachHi[order[i]]
        while j < n, reachLo[order[j]] < reach.rounded(.up) {
          reach = max(reach, reachHi[order[j]])
          j += 1
        }
        if j == i + 1 {
          single(order[i], row, rowTop, &hint)
        } else {
          union(i, j, row, rowTop, &hint)
        }
        i = j
      }
    }
    c.wrote(rows: firstRow..<lastRow)
  }

  /// A segment's colour: one, or the steps of the one stretch of its line's gradient it
  /// lies in (``stroke(_:width:color:spans:)``).
  private struct SegmentPaint {
    let solid: UInt32?
    let steps: UnsafeMutablePointer<UInt32>
    let first: Int
    let scale: Double
    let offset: Double
    let along0: Double
    let alongX: Double
    let alongY: Double
    /// A run's step index in 16.16 fixed point: its bounds and its change a column.
    let lowest: Int
    let highest: Int
    let du: Int

    init(
      _ s: Segment, solid: UInt32?, steps: UnsafeMutablePointer<UInt32>, stretchStart: Int,
      stretchScale: Double, stretchOffset: Double
    ) {
      self.solid = solid
      self.steps = steps
      first = stretchStart
      scale = stretchScale
      offset = stretchOffset
      along0 = s.along0
      alongX = s.alongX
      alongY = s.alongY
      let base = Double(stretchStart) + 0.5
      let a = Int((base + stretchOffset * stretchScale) * 65536)
      let b = Int((base + (stretchOffset + 1) * stretchScale) * 65536)
      lowest = min(a, b)
      highest = max(a, b)
      du = Int(s.alongX * stretchScale * 65536)
    }

    /// The colour at column `x` of the row whose top is `rowTop`.
    @inline(__always)
    func colour(_ x: Int, _ rowTop: Double) -> UInt32 {
      if let solid { return solid }
      let t = min(1, max(0, along0 + rowTop * alongY + Double(x) * alongX))
      return steps[first + Int(min(255, (offset + t) * scale + 0.5))]
    }

    /// Fills columns `start..<end` of `row` (whole pixels), part of the run of whole pixels
    /// from column `origin` (its colours stepped from there, so that a run's pixels have the
    /// same colours whichever of them are left out).
    @inline(__always)
    func run(
      _ row: UnsafeMutablePointer<UInt32>, _ start: Int, _ end: Int, _ rowTop: Double,
      from origin: Int
    ) {
      if let solid {
        (row + start).update(repeating: solid, count: end - start)
        return
      }
      let t0 = along0 + rowTop * alongY
      var u =
        Int((Double(first) + 0.5 + (offset + t0 + Double(origin) * alongX) * scale) * 65536)
        &+ (start - origin) &* du
      for x in start..<end {
        row[x] = steps[min(highest, max(lowest, u)) >> 16]
        u &+= du
      }
    }
  }

  /// The four sub-row centres of a pixel row, from its top.
  private static let subRows = SIMD4<Double>(0.125, 0.375, 0.625, 0.875)

  /// One segment's capsule of an opaque line drawn on its own (see ``stroke(_:width:color:spans:)``),
  /// rows `rows`: per row its four sub-rows' crossings at once, the whole pixels between them
  /// filled with `solid` (or, when `nil`, the colour steps of the segment's one stretch),
  /// the pixels at its edges covered by the crossings' overlap with each pixel.
  @inline(__always)
  private func capsule(
    _ s: Segment, rows: Range<Int>, r: Double, r2: Double, left: Double, right: Double,
    steps: UnsafeMutablePointer<UInt32>, solid: UInt32?, stretchStart: Int,
    stretchScale: Double, stretchOffset: Double
  ) {
    let c = canvas
    let opaque = c.opaque
    let columns = c.x1 - c.x0
    let far = SIMD4<Double>(repeating: 1e9)
    let leftV = SIMD4<Double>(repeating: left)
    let rightV = SIMD4<Double>(repeating: right)
    let startDisc = s.startDisc
    let masked = hides
    let hidden = self.hidden
    // From the top down (``stroke(lines:)``): whole pixels join the mask, edge pixels wait.
    let deferring = self.deferring
    // The row `ahead` rows below is asked for while this one is drawn (its first pixel's
    // line: each row's first read would otherwise wait for memory), at the column the edge
    // is expected to reach by then.
    let ahead = 6
    var lastFrom = -1
    let group = OpaqueMask.groupRows
    let subRows = Self.subRows
    let fill = SegmentPaint(
      s, solid: solid, steps: steps, stretchStart: stretchStart, stretchScale: stretchScale,
      stretchOffset: stretchOffset)
    var y = rows.lowerBound
    while y < rows.upperBound {
      defer { y += 1 }
      let rowTop = Double(y)
      if masked, (y - hidden.y0) % group == 0, y + group <= rows.upperBound {
        // The same over a whole group of rows.
        let (lo, hi) = s.band(from: rowTop, to: rowTop + Double(group), left: left, right: right)
        if lo < hi,
          hidden.groupCovers(y: y, from: Int(lo), to: Swift.min(columns, Lanes.ceiling(hi)))
        {
          y += group - 1
          continue
        }
      }
      if masked {
        // What the capsule can reach in this row — within the band of its line, |across| ≤
        // r, and its box — all covered: nothing of it shows.
        let (lo, hi) = s.band(from: rowTop, to: rowTop + 1, left: left, right: right)
        guard lo < hi else { continue }
        if hidden.covers(y: y, from: Int(lo), to: Swift.min(columns, Lanes.ceiling(hi))) {
          continue
        }
      }
      let ys = subRows + rowTop
      var lo = far
      var hi = -far
      if rowTop + 1 > s.bodyTop, rowTop < s.bodyBottom {
        let blo = Lanes.max(s.lo1 + ys * s.k1, s.lo2 + ys * s.k2)
        let bhi = Lanes.min(s.hi1 + ys * s.k1, s.hi2 + ys * s.k2)
        let inside = (ys .> s.bodyTop) .& (ys .< s.bodyBottom) .& (blo .< bhi)
        lo.replace(with: blo, where: inside)
        hi.replace(with: bhi, where: inside)
      }
      if startDisc, rowTop + 1 > s.ay - r, rowTop < s.ay + r {
        Lanes.disc(x: s.ax, y: s.ay, r2: r2, rows: ys, lo: &lo, hi: &hi)
      }
      if rowTop + 1 > s.by - r, rowTop < s.by + r {
        Lanes.disc(x: s.bx, y: s.by, r2: r2, rows: ys, lo: &lo, hi: &hi)
      }
      // Columns from the canvas's left edge; a sub-row the canvas does not reach is empty.
      lo = Lanes.max(lo, leftV) - leftV
      hi = Lanes.min(hi, rightV) - leftV
      let empty = lo .>= hi
      lo.replace(with: far, where: empty)
      hi.replace(with: -far, where: empty)
      let los = lo
      let his = hi
      let reachLo = Lanes.least(los)
      let reachHi = Lanes.greatest(his)
      guard reachLo < reachHi else { continue }
      let row = c.pixel(x: c.x0, y: y)
      let from = Int(reachLo)
      let to = min(columns, Lanes.ceiling(reachHi))
      if !masked, y + ahead < c.y1 {
        let step = lastFrom < 0 ? 0 : from - lastFrom
        let below = UnsafeRawPointer(row) + ahead * c.stride
        let first = Swift.min(columns - 1, Swift.max(0, from + ahead * step))
        let last = Swift.min(columns - 1, Swift.max(0, to - 1 + ahead * step))
        navui_prefetch_for_write(below + 4 * first)
        if (first ^ last) >> 4 != 0 { navui_prefetch_for_write(below + 4 * last) }
      }
      lastFrom = from
      // Under opaque pictures drawn later: the row's pixels that show (a word of them for a
      // row of up to 64 pixels, else looked up pixel by pixel and run by run).
      let narrow = masked && to - from <= 64
      var shown = ~UInt64(0)
      if narrow {
        shown = ~hidden.coveredBits(y: y, from: from) & OpaqueMask.low(to - from)
        if shown == 0 { continue }
      } else if masked, hidden.covers(y: y, from: from, to: to) {
        continue
      }
      let seen = shown
      let innerLo = Lanes.greatest(los)
      let innerHi = Lanes.least(his)
      var fullFrom = to
      var fullTo = to
      if innerLo < innerHi {
        fullFrom = max(from, Lanes.ceiling(innerLo))
        fullTo = min(to, max(fullFrom, Int(innerHi)))
      }
      // Left to right: each edge pixel covered by the crossings' overlap with it, the whole
      // pixels between the edges filled run by run (those that show).
      var x = from
      while x < to {
        if x == fullFrom, fullFrom < fullTo {
          if narrow {
            var runs = (seen >> UInt64(fullFrom - from)) & OpaqueMask.low(fullTo - fullFrom)
            while runs != 0 {
              let start = runs.trailingZeroBitCount
              let run = (~(runs >> UInt64(start))).trailingZeroBitCount
              fill.run(row, fullFrom + start, fullFrom + start + run, rowTop, from: fullFrom)
              runs &= ~(OpaqueMask.low(run) << UInt64(start))
            }
          } else if masked {
            var at = fullFrom
            while let (a, b) = hidden.uncoveredRun(y: y, from: at, to: fullTo) {
              fill.run(row, a, b, rowTop, from: fullFrom)
              at = b
            }
          } else {
            fill.run(row, fullFrom, fullTo, rowTop, from: fullFrom)
          }
          if deferring { hidden.add(y: y, from: fullFrom, to: fullTo) }
          x = fullTo
          continue
        }
        let shows =
          narrow
          ? (seen >> UInt64(x - from)) & 1 != 0
          : !(masked && hidden.covers(y: y, x: x))
        if shows {
          let x0 = SIMD4<Double>(repeating: Double(x))
          let cover = Lanes.sum(Lanes.max(Lanes.min(his, x0 + 1) - Lanes.max(los, x0), .zero))
          let mask = UInt32(min(255, cover * 63.75 + 0.5))
          if mask > 0 {
            if deferring {
              deferPut(fill.colour(x, rowTop), mask: mask, at: row + x)
            } else {
              PremultipliedPixel.put(
                fill.colour(x, rowTop), mask: mask, at: row + x, opaque: opaque)
            }
          }
        }
        x += 1
      }
    }
  }
}

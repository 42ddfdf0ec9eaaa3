import Foundation
import Synchronization

/// A tilted frame's raised buildings (``MapPainter/paintExtruded(_:in:)``: each building's
/// front walls, then its roof, then the roof's outline, farthest first) scan converted
/// straight into an opaque raster's pixels, in Cairo's place on the bands of a map resampled
/// from tiles (``ParallelMapRaster/drawBuildings(_:_:into:width:stride:scale:offset:rasterizes:)``).
///
/// Each shape's edges are accumulated as signed areas into a coverage buffer the size of its
/// box (the exact area of the shape in each pixel, as font rasterizers do), then its colour
/// is laid over the pixels by that coverage (8-bit, as pixman's OVER with a mask). Shapes of
/// one fill are all wound the same way (the front walls of a building, the pieces of its
/// outline), so overlapping pieces add up to full coverage: the nonzero rule, as Cairo
/// fills them. The outline is Cairo's stroke of it: a rectangle along each edge and a miter
/// (bevel past Cairo's default miter limit of 10) at each corner. A small building took Cairo
/// three fills and a stroke, each with its own setup, clip and compositing of several
/// microseconds: those were two thirds of a moved tilted frame's CPU at phone size 2×.
/// Edges differ from Cairo's by its 15 sub-rows of vertical sampling (a few levels);
/// `MapTileTests` compares the two.
struct RaisedBuildingRasterizer {
  /// The colours, opaque, packed as pixels (alpha in the top byte).
  let wall: UInt32
  let roof: UInt32
  let outline: UInt32
  /// Device pixels per user-space unit (the shapes' points).
  let scale: Double
  /// Half the outline's width in device pixels.
  let halfWidth: Double
  /// Whether each building is laid over the pixels in one pass
  /// (``lay(_:into:stride:width:rows:)``), else in three fills one after the other
  /// (``fill(_:colour:into:stride:width:rows:)``: the same pixels, kept as the reference
  /// the one pass is tested against).
  var composesOnce = true
  /// The masks' buffers (``Scratch``).
  private var scratch = Scratch()

  /// The masks' buffers, all cleared again by each fill: for a fill of its own, the
  /// accumulated signed areas of one shape's box (a row of its width + 2 at a time), the
  /// first and last cell each row has had written (`(Int32.max, -1)` for none) and each
  /// row's written stretches of cells (``SpanMarks``); for a building laid in one pass, its
  /// three planes of signed areas and the bits of the cells written (``BitMarks``).
  struct Scratch: Sendable {
    var cells: [Float] = []
    var reached: [(Int32, Int32)] = []
    var spans: [Int32] = []
    var planes: [Float] = []
    var written: [UInt64] = []
  }

  /// Buffers kept between bands and frames: a band's rasterizer borrows one (new ones were
  /// cleared as they grew: 5 % of the buildings' time).
  static let spare = Mutex<[Scratch]>([])

  /// Takes kept buffers, if any.
  mutating func borrowScratch() {
    if let kept = Self.spare.withLock({ $0.popLast() }) { scratch = kept }
  }

  /// Gives the buffers back for another band (at most four are kept).
  mutating func returnScratch() {
    let kept = scratch
    scratch = Scratch()
    Self.spare.withLock { if $0.count < 4 { $0.append(kept) } }
  }

  /// A rasterizer of `style`'s building colours at `scale` device pixels per point.
  init(style: MapStyle, scale: Double) {
    wall = PremultipliedPixel.pack(style.buildingWall)
    roof = PremultipliedPixel.pack(style.building)
    outline = PremultipliedPixel.pack(style.buildingOutline)
    self.scale = scale
    halfWidth = 0.75 * scale / 2
  }

  /// Whether the colours are opaque (the only ones this draws; others go to Cairo).
  var isOpaque: Bool { wall >> 24 == 255 && roof >> 24 == 255 && outline >> 24 == 255 }

  /// A line from (x0, y0) to (x1, y1) in device pixels.
  typealias Segment = (x0: Double, y0: Double, x1: Double, y1: Double)

  /// Draws `shapes` (in the user space they were placed in) into `rows` of the opaque
  /// pixels `pixels` (`width` columns, `stride` bytes a row), in their order; with
  /// `offset`, `pixels` is that device pixel of the user space (a part of a raster).
  mutating func draw(
    _ shapes: [MapPainter.ExtrudedBuilding], into pixels: UnsafeMutablePointer<UInt8>,
    stride: Int, width: Int, rows: Range<Int>, offset: (x: Double, y: Double) = (0, 0)
  ) {
    // Buffers kept from building to building.
    var pts: [(x: Double, y: Double)] = []
    var roofPoints: [(x: Double, y: Double)] = []
    var corners: [(x: Double, y: Double)] = []
    var directions: [(x: Double, y: Double)] = []
    var walls: [Segment] = []
    var roofEdges: [Segment] = []
    var outlineEdges: [Segment] = []
    for shape in shapes {
      pts.removeAll(keepingCapacity: true)
      for p in shape.points { pts.append((x: p.0 * scale - offset.x, y: p.1 * scale - offset.y)) }
      guard pts.count >= 3 else { continue }
      let rise = shape.rise * scale
      // Twice the outline's signed area: its winding, to tell the walls facing the viewer.
      var area = 0.0
      for i in 0..<pts.count {
        let a = pts[i]
        let b = pts[(i + 1) % pts.count]
        area += a.x * b.y - b.x * a.y
      }
      walls.removeAll(keepingCapacity: true)
      for i in 0..<pts.count {
        let a = pts[i]
        let b = pts[(i + 1) % pts.count]
        guard (b.x - a.x) * area < 0 else { continue }
        Self.addQuad((a.x, a.y), (b.x, b.y), (b.x, b.y - rise), (a.x, a.y - rise), to: &walls)
      }
      roofPoints.removeAll(keepingCapacity: true)
      for p in pts { roofPoints.append((x: p.x, y: p.y - rise)) }
      roofEdges.removeAll(keepingCapacity: true)
      for i in 0..<roofPoints.count {
        let a = roofPoints[i]
        let b = roofPoints[(i + 1) % roofPoints.count]
        roofEdges.append((a.x, a.y, b.x, b.y))
      }
      outlineEdges.removeAll(keepingCapacity: true)
      Self.addOutline(
        roofPoints, halfWidth: halfWidth, to: &outlineEdges, corners: &corners,
        directions: &directions)
      if composesOnce {
        lay(
          (walls, roofEdges, outlineEdges), into: pixels, stride: stride, width: width, rows: rows)
      } else {
        fill(walls, colour: wall, into: pixels, stride: stride, width: width, rows: rows)
        fill(roofEdges, colour: roof, into: pixels, stride: stride, width: width, rows: rows)
        fill(outlineEdges, colour: outline, into: pixels, stride: stride, width: width, rows: rows)
      }
    }
  }

  /// Adds a closed polygon's edges.
  static func addPolygon(_ points: [(Double, Double)], to segments: inout [Segment]) {
    for i in 0..<points.count {
      let a = points[i]
      let b = points[(i + 1) % points.count]
      segments.append((a.0, a.1, b.0, b.1))
    }
  }

  /// A point (x, y).
  typealias Point = (Double, Double)

  /// Adds the closed quadrilateral p0 p1 p2 p3's edges, in that order (no array: a frame
  /// adds tens of thousands).
  @inline(__always)
  static func addQuad(
    _ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, to segments: inout [Segment]
  ) {
    segments.append((p0.0, p0.1, p1.0, p1.1))
    segments.append((p1.0, p1.1, p2.0, p2.1))
    segments.append((p2.0, p2.1, p3.0, p3.1))
    segments.append((p3.0, p3.1, p0.0, p0.1))
  }

  /// Adds the quadrilateral p0 p1 p2 p3 wound so that its signed area is positive (pieces
  /// that overlap add up instead of cancelling): its edges in that order, or reversed.
  @inline(__always)
  static func addWound(
    _ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, to segments: inout [Segment]
  ) {
    let area =
      (p0.0 * p1.1 - p1.0 * p0.1) + (p1.0 * p2.1 - p2.0 * p1.1) + (p2.0 * p3.1 - p3.0 * p2.1)
      + (p3.0 * p0.1 - p0.0 * p3.1)
    guard area != 0 else { return }
    if area > 0 {
      addQuad(p0, p1, p2, p3, to: &segments)
    } else {
      addQuad(p3, p2, p1, p0, to: &segments)
    }
  }

  /// Adds the triangle p0 p1 p2 wound so that its signed area is positive.
  @inline(__always)
  static func addWound(_ p0: Point, _ p1: Point, _ p2: Point, to segments: inout [Segment]) {
    let area =
      (p0.0 * p1.1 - p1.0 * p0.1) + (p1.0 * p2.1 - p2.0 * p1.1) + (p2.0 * p0.1 - p0.0 * p2.1)
    guard area != 0 else { return }
    let (a, b, c) = area > 0 ? (p0, p1, p2) : (p2, p1, p0)
    segments.append((a.0, a.1, b.0, b.1))
    segments.append((b.0, b.1, c.0, c.1))
    segments.append((c.0, c.1, a.0, a.1))
  }

  /// Adds the stroke of the closed line through `points`, `halfWidth` on each side of it:
  /// a rectangle along each edge, and at each corner the gap on its outer side closed by a
  /// miter (a bevel where the miter would be longer than 10 half widths, Cairo's default
  /// limit). Edges of no length are skipped, as Cairo skips them.
  static func addOutline(
    _ points: [(x: Double, y: Double)], halfWidth: Double, to segments: inout [Segment]
  ) {
    var corners: [(x: Double, y: Double)] = []
    var directions: [(x: Double, y: Double)] = []
    addOutline(
      points, halfWidth: halfWidth, to: &segments, corners: &corners, directions: &directions)
  }

  /// ``addOutline(_:halfWidth:to:)`` with the corners and the edges' directions kept in
  /// `corners` and `directions` (buffers reused from building to building).
  static func addOutline(
    _ points: [(x: Double, y: Double)], halfWidth: Double, to segments: inout [Segment],
    corners: inout [(x: Double, y: Double)], directions: inout [(x: Double, y: Double)]
  ) {
    corners.removeAll(keepingCapacity: true)
    for p in points where corners.last.map({ $0.x != p.x || $0.y != p.y }) ?? true {
      corners.append(p)
    }
    while corners.count > 1, corners[0].x == corners.last!.x, corners[0].y == corners.last!.y {
      corners.removeLast()
    }
    let n = corners.count
    guard n >= 2 else { return }
    // Each edge's unit direction.
    directions.removeAll(keepingCapacity: true)
    for i in 0..<n {
      let a = corners[i]
      let b = corners[(i + 1) % n]
      let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
      directions.append(((b.x - a.x) / length, (b.y - a.y) / length))
    }
    for i in 0..<n {
      let a = corners[i]
      let b = corners[(i + 1) % n]
      let d = directions[i]
      let (nx, ny) = (-d.y * halfWidth, d.x * halfWidth)
      addWound(
        (a.x + nx, a.y + ny), (b.x + nx, b.y + ny), (b.x - nx, b.y - ny), (a.x - nx, a.y - ny),
        to: &segments)
      // The corner at b, between this edge and the next.
      let e = directions[(i + 1) % n]
      let cross = d.x * e.y - d.y * e.x
      guard cross != 0 else { continue }
      let side = cross > 0 ? -1.0 : 1.0
      let p = (x: b.x - side * d.y * halfWidth, y: b.y + side * d.x * halfWidth)
      let q = (x: b.x - side * e.y * halfWidth, y: b.y + side * e.x * halfWidth)
      let cosine = d.x * e.x + d.y * e.y
      if 1 + cosine >= 2.0 / 100 {
        // The miter's tip: along the bisector of the two offsets.
        let k = side * halfWidth / (1 + cosine)
        let tip = (x: b.x + k * (-d.y - e.y), y: b.y + k * (d.x + e.x))
        addWound((b.x, b.y), (p.x, p.y), (tip.x, tip.y), (q.x, q.y), to: &segments)
      } else {
        addWound((b.x, b.y), (p.x, p.y), (q.x, q.y), to: &segments)
      }
    }
  }

  /// A box of pixels: columns `left ..< right`, rows `top ..< bottom`.
  typealias Box = (left: Int, right: Int, top: Int, bottom: Int)

  /// The whole pixels the segments reach, within `rows` and `0 ..< width`; `nil` when
  /// none (or a coordinate is not finite).
  static func box(of segments: [Segment], width: Int, rows: Range<Int>) -> Box? {
    guard !segments.isEmpty else { return nil }
    var minX = Double.infinity
    var maxX = -Double.infinity
    var minY = Double.infinity
    var maxY = -Double.infinity
    for s in segments {
      minX = min(minX, s.x0, s.x1)
      maxX = max(maxX, s.x0, s.x1)
      minY = min(minY, s.y0, s.y1)
      maxY = max(maxY, s.y0, s.y1)
    }
    guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return nil }
    let left = max(0, Int(minX.rounded(.down)))
    let right = min(width, Int(maxX.rounded(.up)))
    let top = max(rows.lowerBound, Int(minY.rounded(.down)))
    let bottom = min(rows.upperBound, Int(maxY.rounded(.up)))
    guard left < right, top < bottom else { return nil }
    return (left, right, top, bottom)
  }

  /// Lays `colour` over the pixels the segments' closed shapes cover (nonzero, for shapes
  /// wound alike), within `rows` and `0 ..< width`: one fill of its own (a building's three
  /// fills one after the other are the reference ``lay(_:into:stride:width:rows:)`` is
  /// tested against).
  mutating func fill(
    _ segments: [Segment], colour: UInt32, into pixels: UnsafeMutablePointer<UInt8>,
    stride: Int, width: Int, rows: Range<Int>
  ) {
    guard let (left, right, top, bottom) = Self.box(of: segments, width: width, rows: rows)
    else { return }
    let w = right - left
    let h = bottom - top
    let rowCells = w + 2
    if scratch.cells.count < rowCells * h {
      scratch.cells = Array(repeating: 0, count: rowCells * h)
    }
    if scratch.reached.count < h {
      scratch.reached = Array(repeating: (Int32.max, -1), count: h)
    }
    if scratch.spans.count < h * SpanMarks.spanStride {
      scratch.spans = Array(repeating: 0, count: h * SpanMarks.spanStride)
    }
    scratch.cells.withUnsafeMutableBufferPointer { buffer in
      scratch.reached.withUnsafeMutableBufferPointer { extents in
        scratch.spans.withUnsafeMutableBufferPointer { written in
          let mask = Mask(
            cells: buffer.baseAddress!, rowCells: rowCells,
            marks: SpanMarks(reached: extents.baseAddress!, spans: written.baseAddress!),
            width: Double(w), height: Double(h))
          let ox = Double(left)
          let oy = Double(top)
          for s in segments {
            mask.accumulate(x0: s.x0 - ox, y0: s.y0 - oy, x1: s.x1 - ox, y1: s.y1 - oy)
          }
          for y in 0..<h {
            let out =
              UnsafeMutableRawPointer(pixels + (top + y) * stride).assumingMemoryBound(
                to: UInt32.self) + left
            mask.composite(row: y, colour: colour, into: out, width: w)
          }
        }
      }
    }
  }

  /// Lays a building's front walls, roof and roof outline (`fills`, in that order) over the
  /// pixels in one pass, each pixel as the three fills one after the other leave it
  /// (``fill(_:colour:into:stride:width:rows:)``, the same 8-bit OVER steps in the same
  /// order), within `rows` and `0 ..< width`. Each fill's signed areas are accumulated in its
  /// own plane over the union of the three boxes, by the same arithmetic as a fill of its own
  /// (relative to its own box); a bit a cell marks the cells any of them wrote. Each row is
  /// then laid once: the marked cells pixel by pixel, the runs between them (the roof's
  /// inside, the walls' inside) at the coverage they leave, whole when a layer covers them
  /// fully (a fill of one colour).
  mutating func lay(
    _ fills: (walls: [Segment], roof: [Segment], outline: [Segment]),
    into pixels: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, rows: Range<Int>
  ) {
    let boxes = (
      Self.box(of: fills.walls, width: width, rows: rows),
      Self.box(of: fills.roof, width: width, rows: rows),
      Self.box(of: fills.outline, width: width, rows: rows)
    )
    var union: Box?
    for box in [boxes.0, boxes.1, boxes.2] {
      guard let box else { continue }
      union =
        union.map {
          (
            min($0.left, box.left), max($0.right, box.right), min($0.top, box.top),
            max($0.bottom, box.bottom)
          )
        } ?? box
    }
    guard let union else { return }
    let w = union.right - union.left
    let h = union.bottom - union.top
    // A cell left of the box (a line's coverage a rounding below the box's first column)
    // and two past it.
    let rowCells = w + 3
    let words = (rowCells + 63) >> 6
    let plane = rowCells * h
    if scratch.planes.count < 3 * plane {
      scratch.planes = Array(repeating: 0, count: 3 * plane)
    }
    if scratch.written.count < words * h {
      scratch.written = Array(repeating: 0, count: words * h)
    }
    scratch.planes.withUnsafeMutableBufferPointer { planes in
      scratch.written.withUnsafeMutableBufferPointer { written in
        let bits = written.baseAddress!
        // Each fill accumulated in its plane, relative to its own box; the cell past its
        // box's columns, where its coverage ends (`Int.max` for none).
        func accumulate(_ segments: [Segment], _ box: Box?, in cells: UnsafeMutablePointer<Float>)
          -> (end: Int, top: Int, bottom: Int)
        {
          guard let box else { return (Int.max, 0, 0) }
          let column = 1 + box.left - union.left
          let row = box.top - union.top
          let mask = Mask(
            cells: cells + row * rowCells + column, rowCells: rowCells,
            marks: BitMarks(bits: bits + row * words, words: words, offset: column),
            width: Double(box.right - box.left), height: Double(box.bottom - box.top))
          let ox = Double(box.left)
          let oy = Double(box.top)
          for s in segments {
            mask.accumulate(x0: s.x0 - ox, y0: s.y0 - oy, x1: s.x1 - ox, y1: s.y1 - oy)
          }
          return (1 + box.right - union.left, box.top, box.bottom)
        }
        let cells = (
          planes.baseAddress!, planes.baseAddress! + plane, planes.baseAddress! + 2 * plane
        )
        let extents = (
          accumulate(fills.walls, boxes.0, in: cells.0),
          accumulate(fills.roof, boxes.1, in: cells.1),
          accumulate(fills.outline, boxes.2, in: cells.2)
        )
        for y in union.top..<union.bottom {
          let row = (y - union.top) * rowCells
          let marked = bits + (y - union.top) * words
          // Where each fill's coverage ends in this row: a marked cell.
          func end(_ extent: (end: Int, top: Int, bottom: Int)) -> Int {
            guard extent.top <= y, y < extent.bottom else { return Int.max }
            marked[extent.end >> 6] |= 1 &<< UInt64(extent.end & 63)
            return extent.end
          }
          let out =
            UnsafeMutableRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            + union.left - 1
          Self.layRow(
            (cells.0 + row, cells.1 + row, cells.2 + row),
            ends: (end(extents.0), end(extents.1), end(extents.2)), colours: (wall, roof, outline),
            marked: marked, words: words, into: out, width: w)
        }
      }
    }
  }

  /// Takes in cell `n` of a fill's row (`cells`) and clears it: its running `sum` of
  /// signed areas and its 8-bit `level` from there on; with `end`, its coverage ends at
  /// cell `end` (checked only from the first cell where a fill's coverage ends on).
  @inline(__always)
  static func take(
    _ n: Int, _ cells: UnsafeMutablePointer<Float>, end: Int?, sum: inout Float,
    level: inout UInt32
  ) {
    let cell = cells[n]
    if cell != 0 {
      cells[n] = 0
      sum += cell
      if n < end ?? Int.max { level = Mask<SpanMarks>.level(sum) }
    }
    if let end, n == end { level = 0 }
  }

  /// Lays a row's walls, roof and outline (their `cells`, from the cell left of the box on,
  /// as ``lay(_:into:stride:width:rows:)`` marks them in `marked`, `words` words; each
  /// fill's coverage ending at its cell in `ends`) over the `width` pixels from `out + 1`,
  /// and clears the marks and cells.
  @inline(__always)
  static func layRow(
    _ cells: (
      UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>
    ),
    ends: (Int, Int, Int), colours: (UInt32, UInt32, UInt32), marked: UnsafeMutablePointer<UInt64>,
    words: Int, into out: UnsafeMutablePointer<UInt32>, width: Int
  ) {
    var sums: (Float, Float, Float) = (0, 0, 0)
    var levels: (UInt32, UInt32, UInt32) = (0, 0, 0)
    // Before the first end, no fill's coverage ends.
    let firstEnd = min(ends.0, ends.1, ends.2)
    // The first cell whose pixel is not laid yet (cell c is pixel c - 1).
    var next = 1
    var word = 0
    var pending = marked[0]
    marked[0] = 0
    while true {
      while pending == 0 {
        word += 1
        guard word < words else { return }
        pending = marked[word]
        marked[word] = 0
      }
      let n = word &<< 6 | pending.trailingZeroBitCount
      pending &= pending &- 1
      // The run of unchanged coverage up to it.
      let runEnd = min(n, width + 1)
      if next < runEnd {
        layPixels(levels, colours, over: out + next, count: runEnd - next)
      }
      if n < firstEnd {
        take(n, cells.0, end: nil, sum: &sums.0, level: &levels.0)
        take(n, cells.1, end: nil, sum: &sums.1, level: &levels.1)
        take(n, cells.2, end: nil, sum: &sums.2, level: &levels.2)
      } else {
        take(n, cells.0, end: ends.0, sum: &sums.0, level: &levels.0)
        take(n, cells.1, end: ends.1, sum: &sums.1, level: &levels.1)
        take(n, cells.2, end: ends.2, sum: &sums.2, level: &levels.2)
      }
      if n >= 1, n <= width { layPixel(levels, colours, over: out + n) }
      next = n + 1
    }
  }

  /// Walls, roof and outline (`colours`) at their coverage `levels` over the opaque pixel
  /// `out`, in that order as three fills lay them.
  @inline(__always)
  static func layPixel(
    _ levels: (UInt32, UInt32, UInt32), _ colours: (UInt32, UInt32, UInt32),
    over out: UnsafeMutablePointer<UInt32>
  ) {
    // What a layer covers fully is its colour, whatever lies under it.
    if levels.2 == 255 {
      out.pointee = colours.2
      return
    }
    var p: UInt32
    if levels.1 == 255 {
      p = colours.1
    } else {
      p = out.pointee
      put(colours.0, levels.0, over: &p)
      put(colours.1, levels.1, over: &p)
    }
    put(colours.2, levels.2, over: &p)
    out.pointee = p
  }

  /// `colour` at coverage `level` (0…255) over the pixel `p` (taken as opaque).
  @inline(__always)
  static func put(_ colour: UInt32, _ level: UInt32, over p: inout UInt32) {
    if level == 255 {
      p = colour
    } else if level != 0 {
      p = PremultipliedPixel.over(PremultipliedPixel.scale(colour, level), p | 0xFF00_0000)
    }
  }

  /// Walls, roof and outline (`colours`) at their coverage `levels` over `count` opaque
  /// pixels, in that order as three fills lay them; a single colour where one covers fully.
  @inline(__always)
  static func layPixels(
    _ levels: (UInt32, UInt32, UInt32), _ colours: (UInt32, UInt32, UInt32),
    over out: UnsafeMutablePointer<UInt32>, count: Int
  ) {
    let (walls, roof, outline) = levels
    var solid: UInt32
    if outline == 255 {
      solid = colours.2
    } else {
      if roof == 255 {
        solid = colours.1
      } else if walls == 255 {
        solid = colours.0
        if roof != 0 {
          solid = PremultipliedPixel.over(PremultipliedPixel.scale(colours.1, roof), solid)
        }
      } else {
        if walls | roof | outline == 0 { return }
        if count == 1 {
          layPixel(levels, colours, over: out)
          return
        }
        let w = PremultipliedPixel.scale(colours.0, walls)
        let r = PremultipliedPixel.scale(colours.1, roof)
        let o = PremultipliedPixel.scale(colours.2, outline)
        for i in 0..<count {
          var p = out[i]
          if walls != 0 { p = PremultipliedPixel.over(w, p | 0xFF00_0000) }
          if roof != 0 { p = PremultipliedPixel.over(r, p | 0xFF00_0000) }
          if outline != 0 { p = PremultipliedPixel.over(o, p | 0xFF00_0000) }
          out[i] = p
        }
        return
      }
      if outline != 0 {
        solid = PremultipliedPixel.over(PremultipliedPixel.scale(colours.2, outline), solid)
      }
    }
    if count == 1 {
      out.pointee = solid
    } else {
      out.update(repeating: solid, count: count)
    }
  }

  /// How a mask notes the cells a line writes in a row, so that its rows are laid from
  /// those alone.
  protocol Marks {
    /// Notes that row `y` (of the mask's box) had cells `first ... last` written.
    func mark(row y: Int, from first: Int, through last: Int)
  }

  /// A fill of its own's notes (``fill(_:colour:into:stride:width:rows:)``): the first and
  /// last cell each row has had written (`(Int32.max, -1)` for none), and for each row how
  /// many stretches of cells lines have written, then up to `spanSlots` of them (first and
  /// last cell): the row is laid from them alone, without looking at the cells between (the
  /// inside of a roof, the hollow of an outline).
  struct SpanMarks: Marks {
    let reached: UnsafeMutablePointer<(Int32, Int32)>
    let spans: UnsafeMutablePointer<Int32>
    static let spanSlots = 8
    static let spanStride = 1 + 2 * spanSlots

    @inline(__always)
    func mark(row y: Int, from first: Int, through last: Int) {
      let was = reached[y]
      reached[y] = (min(was.0, Int32(first)), max(was.1, Int32(last)))
      let stretches = spans + y * Self.spanStride
      let count = Int(stretches[0])
      if count < Self.spanSlots {
        stretches[1 + 2 * count] = Int32(first)
        stretches[2 + 2 * count] = Int32(last)
      }
      stretches[0] = Int32(count + 1)
    }
  }

  /// A building's notes in one pass (``lay(_:into:stride:width:rows:)``): a bit a cell of
  /// the union of its fills' boxes, `words` words a row, the mask's first cell `offset`
  /// bits into its row.
  struct BitMarks: Marks {
    let bits: UnsafeMutablePointer<UInt64>
    let words: Int
    let offset: Int

    @inline(__always)
    func mark(row y: Int, from first: Int, through last: Int) {
      let row = bits + y * words
      var i = first + offset
      let end = last + offset
      if i >> 6 == end >> 6 {
        // Within a word (nearly always).
        row[i >> 6] |= (~0 &>> UInt64(63 - (end - i))) &<< UInt64(i & 63)
        return
      }
      while i <= end {
        let bit = i & 63
        let n = min(end - i + 1, 64 - bit)
        let run: UInt64 = n == 64 ? ~0 : (1 &<< UInt64(n)) &- 1
        row[i >> 6] |= run &<< UInt64(bit)
        i += n
      }
    }
  }

  /// A shape's accumulated signed areas over its box: `rowCells` cells a row (the box's
  /// columns and two past them, from `cells`; a line may write one a rounding before), and
  /// `marks`, the cells each row has had written.
  struct Mask<M: Marks> {
    let cells: UnsafeMutablePointer<Float>
    let rowCells: Int
    let marks: M
    let width: Double
    let height: Double

    /// The greatest whole number at or under `x` (finite, within `Int`'s range).
    @inline(__always)
    static func floor(_ x: Double) -> Int {
      let whole = Int(x)
      return Double(whole) > x ? whole - 1 : whole
    }

    /// The least whole number at or over `x` (finite, within `Int`'s range).
    @inline(__always)
    static func ceiling(_ x: Double) -> Int {
      let whole = Int(x)
      return Double(whole) < x ? whole + 1 : whole
    }

    /// The 8-bit coverage of a running sum of signed areas (nonzero: its size, at most 1).
    @inline(__always)
    static func level(_ sum: Float) -> UInt32 { UInt32(min(1, abs(sum)) * 255 + 0.5) }

    /// Accumulates the signed area the line (x0, y0)–(x1, y1) (pixels of the box) adds to
    /// each cell: a cell's running sum along its row is then the winding coverage of its
    /// pixel. Parts left of the box count in its first column (they cover the whole row to
    /// their right); parts right of it in a column past the box.
    @inline(__always)
    func accumulate(x0: Double, y0: Double, x1: Double, y1: Double) {
      guard y0 != y1, y0.isFinite, y1.isFinite, x0.isFinite, x1.isFinite else { return }
      if x0 >= 0, x0 <= width, x1 >= 0, x1 <= width {
        // Within the box's columns (all lines but where the box is clipped): one piece.
        line(x0: x0, y0: y0, x1: x1, y1: y1)
        return
      }
      // Split where the line crosses the box's left and right sides; each piece lies on one
      // side and is clamped to it.
      var first = x0 * x1 < 0 ? -x0 / (x1 - x0) : 1.0
      var second = (x0 - width) * (x1 - width) < 0 ? (width - x0) / (x1 - x0) : 1.0
      if first > second { swap(&first, &second) }
      var start = (x: x0, y: y0)
      for piece in 0..<3 {
        let t = piece == 0 ? first : piece == 1 ? second : 1
        guard t > 0 else { continue }
        let end = t == 1 ? (x: x1, y: y1) : (x: x0 + (x1 - x0) * t, y: y0 + (y1 - y0) * t)
        let middle = (start.x + end.x) / 2
        let clamp = middle < 0 ? 0 : middle > width ? width : nil
        line(
          x0: clamp ?? min(width, max(0, start.x)), y0: start.y,
          x1: clamp ?? min(width, max(0, end.x)), y1: end.y)
        start = end
        if t == 1 { break }
      }
    }

    /// The signed areas of a line within the box's columns (font-rs's accumulation).
    @inline(__always)
    func line(x0: Double, y0: Double, x1: Double, y1: Double) {
      guard y0 != y1 else { return }
      let (direction, ax, ay, bx, by) = y0 < y1 ? (1.0, x0, y0, x1, y1) : (-1.0, x1, y1, x0, y0)
      let dxdy = (bx - ax) / (by - ay)
      var x = ax
      var top = ay
      if top < 0 {
        x -= top * dxdy
        top = 0
      }
      let bottom = min(by, height)
      guard top < bottom else { return }
      for y in Int(top)..<Self.ceiling(bottom) {
        let row = cells + y * rowCells
        let dy = min(Double(y + 1), bottom) - max(Double(y), top)
        let xNext = x + dxdy * dy
        let d = dy * direction
        let (lo, hi) = x < xNext ? (x, xNext) : (xNext, x)
        // Rounded down and up without a call into libm (the same whole numbers, as
        // Doubles up to the sign of a zero, which nothing below tells apart).
        let loIndex = Self.floor(lo)
        let loFloor = Double(loIndex)
        let hiIndex = Self.ceiling(hi)
        let hiCeil = Double(hiIndex)
        let last: Int
        if hiIndex <= loIndex + 1 {
          let middle = 0.5 * (x + xNext) - loFloor
          row[loIndex] += Float(d - d * middle)
          row[loIndex + 1] += Float(d * middle)
          last = loIndex + 1
        } else {
          let s = 1 / (hi - lo)
          let loFraction = lo - loFloor
          let a0 = 0.5 * s * (1 - loFraction) * (1 - loFraction)
          let hiFraction = hi - hiCeil + 1
          let am = 0.5 * s * hiFraction * hiFraction
          row[loIndex] += Float(d * a0)
          if hiIndex == loIndex + 2 {
            row[loIndex + 1] += Float(d * (1 - a0 - am))
          } else {
            let a1 = s * (1.5 - loFraction)
            row[loIndex + 1] += Float(d * (a1 - a0))
            for xi in (loIndex + 2)..<(hiIndex - 1) { row[xi] += Float(d * s) }
            let a2 = a1 + Double(hiIndex - loIndex - 3) * s
            row[hiIndex - 1] += Float(d * (1 - a2 - am))
          }
          row[hiIndex] += Float(d * am)
          last = hiIndex
        }
        marks.mark(row: y, from: loIndex, through: last)
        x = xNext
      }
    }
  }
}

extension RaisedBuildingRasterizer.Mask where M == RaisedBuildingRasterizer.SpanMarks {
  /// Lays `colour` over the `width` pixels `out` by row `y`'s coverage, and clears the
  /// row. Between written cells the coverage does not change: those runs are filled (or
  /// skipped) whole.
  @inline(__always)
  func composite(row y: Int, colour: UInt32, into out: UnsafeMutablePointer<UInt32>, width: Int) {
    let (first, last) = (Int(marks.reached[y].0), Int(marks.reached[y].1))
    guard first <= last else { return }
    marks.reached[y] = (Int32.max, -1)
    let row = cells + y * rowCells
    let stretches = marks.spans + y * M.spanStride
    let count = Int(stretches[0])
    stretches[0] = 0
    if count <= M.spanSlots {
      compositeSparse(row, stretches + 1, count: count, colour: colour, into: out, width: width)
      return
    }
    var sum: Float = 0
    var level: UInt32 = 0
    var x = first
    while x < width {
      if x <= last, row[x] != 0 {
        sum += row[x]
        row[x] = 0
        level = Self.level(sum)
        Self.lay(colour, level, over: out + x, count: 1)
        x += 1
        continue
      }
      // A run of unchanged coverage: up to the next written cell, or the row's end.
      var end = x + 1
      while end <= last, end < width, row[end] == 0 { end += 1 }
      if end > last { end = width }
      Self.lay(colour, level, over: out + x, count: end - x)
      x = end
    }
    for x in max(width, first)...max(width + 1, last) where x < rowCells { row[x] = 0 }
  }

  /// The row's pixels from its `count` written stretches of cells (`stretches`: first and
  /// last cell of each, any order): the cells of each accumulated pixel by pixel, the
  /// runs between them laid whole at the coverage they leave.
  @inline(__always)
  func compositeSparse(
    _ row: UnsafeMutablePointer<Float>, _ stretches: UnsafeMutablePointer<Int32>, count: Int,
    colour: UInt32, into out: UnsafeMutablePointer<UInt32>, width: Int
  ) {
    // In order of first cell (a handful: insertion sort).
    for i in 1..<max(1, count) {
      var j = i
      while j > 0, stretches[2 * j] < stretches[2 * j - 2] {
        let (first, last) = (stretches[2 * j], stretches[2 * j + 1])
        stretches[2 * j] = stretches[2 * j - 2]
        stretches[2 * j + 1] = stretches[2 * j - 1]
        stretches[2 * j - 2] = first
        stretches[2 * j - 1] = last
        j -= 1
      }
    }
    var sum: Float = 0
    var level: UInt32 = 0
    var x = count > 0 ? Int(stretches[0]) : width
    for k in 0..<count {
      let first = Int(stretches[2 * k])
      let last = Int(stretches[2 * k + 1])
      if first > x {
        Self.lay(colour, level, over: out + x, count: min(first, width) - min(x, width))
        x = first
      }
      while x <= last {
        sum += row[x]
        row[x] = 0
        if x < width {
          level = Self.level(sum)
          Self.lay(colour, level, over: out + x, count: 1)
        }
        x += 1
      }
    }
    if x < width { Self.lay(colour, level, over: out + x, count: width - x) }
  }

  /// `colour` at coverage `level` (0…255) over `count` opaque pixels.
  @inline(__always)
  static func lay(
    _ colour: UInt32, _ level: UInt32, over out: UnsafeMutablePointer<UInt32>, count: Int
  ) {
    if level == 255 {
      out.update(repeating: colour, count: count)
    } else if level != 0 {
      let source = PremultipliedPixel.scale(colour, level)
      for i in 0..<count {
        out[i] = PremultipliedPixel.over(source, out[i] | 0xFF00_0000)
      }
    }
  }
}

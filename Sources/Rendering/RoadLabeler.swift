import CCairo
import CPango
import Foundation

/// Places street names along roads: on the longest nearly straight stretch of each named
/// road on screen, turned to read left to right, with a halo, skipping names that would
/// overlap one already placed or repeat one nearby.
@MainActor
struct RoadLabeler {
  let map: BaseMap
  let style: MapStyle
  let metersPerPoint: Double
  let size: CGSize
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
    var placed: [Placed] = []
    // Bigger roads get their names first.
    let candidates = visible.filter {
      map.features[$0].kind.isRoad && !map.features[$0].name.isEmpty
    }
    .sorted { (map.features[$0].kind, $0) > (map.features[$1].kind, $1) }
    let fontSize = 11.0
    for index in candidates {
      if placed.count >= Self.limit { break }
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
      let layout = LabelPainter.shared.makeLayout(feature.name, size: fontSize, weight: .medium)
      defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
      cairo_save(cr)
      cairo_translate(cr, cx, cy)
      cairo_rotate(cr, angle)
      // The halo: the text drawn eight times around its place (glyphs come from Cairo's
      // glyph cache; stroking glyph outlines costs several times more).
      CairoDrawing.setColor(cr, style.labelHalo.withAlpha(1))
      for (dx, dy) in Self.haloOffsets {
        cairo_move_to(cr, -w / 2 + dx, -h / 2 + dy)
        pango_cairo_show_layout(cr, layout)
      }
      CairoDrawing.setColor(cr, style.label)
      cairo_move_to(cr, -w / 2, -h / 2)
      pango_cairo_show_layout(cr, layout)
      cairo_restore(cr)
    }
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

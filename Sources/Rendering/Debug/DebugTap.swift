import CCairo
import CPango
import Foundation
import ViewKit

/// What lies under a tapped point of a window: the visible views that contain it, front-most
/// and deepest first, and the active constraints that place the front-most constrained one
/// below the root (those whose first or second item is that view).
///
/// ```swift
/// let tap = TapInspection(window: window, at: CGPoint(x: 200, y: 60))
/// print(tap.summary)  // the views, then "turnCard.top == mapView.top" …
/// let renderer = Renderer(debugOverlay: DebugOverlay(tap: CGPoint(x: 200, y: 60)))
/// ```
@MainActor
public struct TapInspection {
  /// The point, in window (root view) coordinates.
  public let point: CGPoint
  /// The visible views containing the point, front-most and deepest first, the root last.
  public let views: [UIView]
  /// The first of ``views`` other than the root that an active constraint references, or
  /// `nil` when none is.
  public let constrainedView: UIView?
  /// The active constraints whose first or second item is ``constrainedView``, in the order
  /// they were made.
  public let constraints: [NSLayoutConstraint]

  /// Inspects `root` at `point` (root coordinates) as it is presented at `time` (the root's
  /// clock now when `nil`).
  public init(window root: UIView, at point: CGPoint, time: TimeInterval? = nil) {
    root.layoutIfNeeded()
    let moment = time ?? root.window?.clock.now ?? 0
    self.point = point
    var found: [UIView] = []
    Self.collect(root, origin: .zero, isRoot: true, point: point, time: moment, into: &found)
    views = found
    // The root is not placed by constraints (constraints to it place its subviews).
    let constrained = found.first { view in
      view !== root && view.constraints.contains { $0.isActive }
    }
    constrainedView = constrained
    constraints = constrained?.constraints.filter(\.isActive) ?? []
  }

  /// Collects the views under `point`, deepest and front-most first.
  private static func collect(
    _ view: UIView, origin: CGPoint, isRoot: Bool, point: CGPoint, time: TimeInterval,
    into found: inout [UIView]
  ) {
    guard !view.isHidden else { return }
    let presented = view.layer.presentation(at: time)
    guard presented.opacity > 0.01 else { return }
    let frame = presented.frame
    let x = isRoot ? 0 : origin.x + frame.minX
    let y = isRoot ? 0 : origin.y + frame.minY
    let box = CGRect(x: x, y: y, width: frame.width, height: frame.height)
    guard box.contains(point) else { return }
    let child = CGPoint(x: x - view.bounds.origin.x, y: y - view.bounds.origin.y)
    for subview in ViewPainter.drawingOrder(view.subviews).reversed() {
      let before = found.count
      collect(subview, origin: child, isRoot: false, point: point, time: time, into: &found)
      if found.count > before { break }
    }
    found.append(view)
  }

  /// A view's name for people: its accessibility identifier or its class.
  public static func name(of item: AnyObject?) -> String {
    if let view = item as? UIView {
      return view.accessibilityIdentifier ?? String(describing: type(of: view))
    }
    if let guide = item as? UILayoutGuide {
      let owner = guide.owningView.map { name(of: $0) } ?? "?"
      return guide.identifier.isEmpty ? "\(owner).layoutGuide" : "\(owner).\(guide.identifier)"
    }
    return item.map { String(describing: type(of: $0)) } ?? "nil"
  }

  /// A constraint as `first.attribute == second.attribute + constant`, items by ``name(of:)``.
  public static func describe(_ constraint: NSLayoutConstraint) -> String {
    let relation: String
    switch constraint.relation {
    case .equal: relation = "=="
    case .lessThanOrEqual: relation = "<="
    case .greaterThanOrEqual: relation = ">="
    }
    var text =
      "\(name(of: constraint.firstItem)).\(constraint.firstAttribute.name) \(relation)"
    let constant = Double(constraint.constant)
    if let second = constraint.secondItem {
      let multiplier = Double(constraint.multiplier)
      text += multiplier == 1 ? " " : " \(format(multiplier)) × "
      text += "\(name(of: second)).\(constraint.secondAttribute.name)"
      if constant != 0 { text += (constant < 0 ? " − " : " + ") + format(abs(constant)) }
    } else {
      text += " " + format(constant)
    }
    if constraint.priority.rawValue < 1000 {
      text += " @\(format(Double(constraint.priority.rawValue)))"
    }
    if constraint.isBrokenByEngine { text += " (broken)" }
    return text
  }

  private static func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e9
      ? String(Int(value)) : String(format: "%.1f", value)
  }

  /// The views (deepest first) and the constraints, one per line, as `navui render --tap`
  /// prints them.
  public var summary: String {
    var lines = [
      "Tap at \(Self.format(Double(point.x))),\(Self.format(Double(point.y))): "
        + (views.isEmpty
          ? "outside the window" : views.map { Self.name(of: $0) }.joined(separator: " < "))
    ]
    if let constrainedView {
      lines.append(
        "Constraints on \(Self.name(of: constrainedView)) (\(constraints.count)):")
      for (index, constraint) in constraints.enumerated() {
        lines.append("  \(index + 1). \(Self.describe(constraint))")
      }
    } else if !views.isEmpty {
      lines.append("No active constraint references these views below the root (placed by frames).")
    }
    return lines.joined(separator: "\n")
  }

  /// The rectangle of a constraint item (a view or a layout guide) in root coordinates.
  func frame(of item: AnyObject?, in root: UIView) -> CGRect? {
    if let view = item as? UIView {
      return view === root ? root.bounds : view.convert(view.bounds, to: root)
    }
    if let guide = item as? UILayoutGuide, let owner = guide.owningView {
      return owner.convert(guide.layoutFrame, to: root)
    }
    return nil
  }

  /// Where `attribute` of `rect` lies: a vertical line for x attributes, a horizontal one
  /// for y attributes, or `nil` for sizes.
  static func edge(
    _ attribute: NSLayoutConstraint.Attribute, of rect: CGRect, rightToLeft: Bool
  ) -> (x1: Double, y1: Double, x2: Double, y2: Double)? {
    let minX = Double(rect.minX)
    let maxX = Double(rect.maxX)
    let minY = Double(rect.minY)
    let maxY = Double(rect.maxY)
    switch attribute {
    case .left: return (minX, minY, minX, maxY)
    case .right: return (maxX, minY, maxX, maxY)
    case .leading: return rightToLeft ? (maxX, minY, maxX, maxY) : (minX, minY, minX, maxY)
    case .trailing: return rightToLeft ? (minX, minY, minX, maxY) : (maxX, minY, maxX, maxY)
    case .centerX:
      let x = Double(rect.midX)
      return (x, minY, x, maxY)
    case .top, .firstBaseline: return (minX, minY, maxX, minY)
    case .bottom, .lastBaseline: return (minX, maxY, maxX, maxY)
    case .centerY:
      let y = Double(rect.midY)
      return (minX, y, maxX, y)
    case .width, .height, .notAnAttribute: return nil
    }
  }
}

/// Draws a ``TapInspection``: the tapped point, the constrained view outlined, each
/// constraint's edges with a numbered connector, and the numbered list in a panel.
@MainActor
struct TapInspectionPainter {
  let inspection: TapInspection
  let root: UIView

  static let accent = RGBA(hex: 0xFF6D00)
  static let other = RGBA(hex: 0x00B8D4)

  func paint(in cr: OpaquePointer) {
    cairo_save(cr)
    defer { cairo_restore(cr) }
    let rtl = root.effectiveUserInterfaceLayoutDirection == .rightToLeft
    if let view = inspection.constrainedView,
      let rect = inspection.frame(of: view, in: root)
    {
      cairo_rectangle(
        cr, Double(rect.minX) + 1, Double(rect.minY) + 1, Double(rect.width) - 2,
        Double(rect.height) - 2)
      CairoDrawing.setColor(cr, Self.accent.withAlpha(0.12))
      cairo_fill_preserve(cr)
      CairoDrawing.setColor(cr, Self.accent)
      cairo_set_line_width(cr, 2)
      cairo_stroke(cr)
    }
    for (index, constraint) in inspection.constraints.enumerated() {
      let number = "\(index + 1)"
      var ends: [(Double, Double)] = []
      for (item, attribute, color) in [
        (constraint.firstItem, constraint.firstAttribute, Self.accent),
        (constraint.secondItem, constraint.secondAttribute, Self.other),
      ] {
        guard let rect = inspection.frame(of: item, in: root),
          let edge = TapInspection.edge(attribute, of: rect, rightToLeft: rtl)
        else { continue }
        cairo_move_to(cr, edge.x1, edge.y1)
        cairo_line_to(cr, edge.x2, edge.y2)
        CairoDrawing.setColor(cr, color)
        cairo_set_line_width(cr, 2)
        cairo_set_dash(cr, [5, 3], 2, 0)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
        ends.append(((edge.x1 + edge.x2) / 2, (edge.y1 + edge.y2) / 2))
      }
      if ends.count == 2 {
        cairo_move_to(cr, ends[0].0, ends[0].1)
        cairo_line_to(cr, ends[1].0, ends[1].1)
        CairoDrawing.setColor(cr, Self.accent)
        cairo_set_line_width(cr, 1)
        cairo_stroke(cr)
      }
      if let first = ends.first {
        badge(number, x: first.0, y: first.1, in: cr)
      }
    }
    // The tapped point: a ring with a cross.
    let x = Double(inspection.point.x)
    let y = Double(inspection.point.y)
    cairo_new_path(cr)
    cairo_arc(cr, x, y, 7, 0, 2 * .pi)
    cairo_move_to(cr, x - 11, y)
    cairo_line_to(cr, x + 11, y)
    cairo_move_to(cr, x, y - 11)
    cairo_line_to(cr, x, y + 11)
    CairoDrawing.setColor(cr, RGBA(hex: 0xFFFFFF))
    cairo_set_line_width(cr, 4)
    cairo_stroke_preserve(cr)
    CairoDrawing.setColor(cr, Self.accent)
    cairo_set_line_width(cr, 2)
    cairo_stroke(cr)
    panel(in: cr)
  }

  /// A numbered disc.
  private func badge(_ text: String, x: Double, y: Double, in cr: OpaquePointer) {
    cairo_new_path(cr)
    cairo_arc(cr, x, y, 7, 0, 2 * .pi)
    CairoDrawing.setColor(cr, Self.accent)
    cairo_fill(cr)
    let layout = LabelPainter.shared.makeLayout(text, size: 9, weight: .bold)
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    var logical = PangoRectangle()
    pango_layout_get_extents(layout, nil, &logical)
    let w = Double(logical.width) / Double(PANGO_SCALE)
    let h = Double(logical.height) / Double(PANGO_SCALE)
    CairoDrawing.setColor(cr, RGBA(hex: 0xFFFFFF))
    cairo_move_to(cr, x - w / 2, y - h / 2)
    pango_cairo_show_layout(cr, layout)
  }

  /// The summary in a translucent panel at the bottom of the window (at the top when the
  /// point is in the lower half).
  private func panel(in cr: OpaquePointer) {
    let lines = inspection.summary.split(separator: "\n").map(String.init)
    let bounds = root.bounds
    let lineHeight = 11.0
    let height = Double(lines.count) * lineHeight + 8
    let top =
      Double(inspection.point.y) > Double(bounds.midY)
      ? 4 : Double(bounds.height) - height - 4
    cairo_rectangle(cr, 4, top, Double(bounds.width) - 8, height)
    CairoDrawing.setColor(cr, RGBA(hex: 0x000000).withAlpha(0.72))
    cairo_fill(cr)
    cairo_save(cr)
    cairo_rectangle(cr, 4, top, Double(bounds.width) - 8, height)
    cairo_clip(cr)
    for (index, line) in lines.enumerated() {
      let layout = LabelPainter.shared.makeLayout(line, size: 8.5)
      defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
      pango_layout_set_auto_dir(layout, 0)
      CairoDrawing.setColor(cr, index == 0 ? RGBA(hex: 0xFFD180) : RGBA(hex: 0xFFFFFF))
      cairo_move_to(cr, 8, top + 4 + Double(index) * lineHeight)
      pango_cairo_show_layout(cr, layout)
    }
    cairo_restore(cr)
  }
}

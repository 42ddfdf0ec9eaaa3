import CCairo
import CPango
import Foundation
import ViewKit

/// What the debug overlay shows: every visible view's frame with its accessibility
/// identifier (or class name), an outlined viewport, and, for a tapped point, the view under
/// it and the constraints that place it (see ``TapInspection``).
///
/// ```swift
/// let renderer = Renderer(debugOverlay: DebugOverlay(viewport: viewport.convert(viewport.bounds, to: nil)))
/// ```
public struct DebugOverlay: Sendable, Hashable {
  /// Whether each view's frame is outlined.
  public var showsFrames: Bool
  /// Whether each view's identifier or class name is written in its top-left corner.
  public var showsNames: Bool
  /// A rectangle in window coordinates to outline as the viewport, or `nil`.
  public var viewport: CGRect?
  /// A tapped point in window coordinates: the constrained view under it is outlined, its
  /// constraints drawn edge to edge and listed; `nil` for none.
  public var tap: CGPoint?

  /// An overlay.
  public init(
    showsFrames: Bool = true, showsNames: Bool = true, viewport: CGRect? = nil,
    tap: CGPoint? = nil
  ) {
    self.showsFrames = showsFrames
    self.showsNames = showsNames
    self.viewport = viewport
    self.tap = tap
  }
}

/// Paints a ``DebugOverlay`` over a rendered tree.
@MainActor
struct DebugOverlayPainter {
  let overlay: DebugOverlay
  let time: TimeInterval

  /// Colours cycled by depth.
  static let palette: [RGBA] = [
    RGBA(hex: 0xE8175D), RGBA(hex: 0x1E88E5), RGBA(hex: 0x43A047), RGBA(hex: 0xFB8C00),
    RGBA(hex: 0x8E24AA), RGBA(hex: 0x00897B),
  ]

  func paint(_ root: UIView, in cr: OpaquePointer) {
    cairo_save(cr)
    visit(root, origin: .zero, depth: 0, isRoot: true, in: cr)
    if let viewport = overlay.viewport, viewport.width.isFinite, viewport.height.isFinite {
      cairo_rectangle(
        cr, Double(viewport.minX) + 1, Double(viewport.minY) + 1, Double(viewport.width) - 2,
        Double(viewport.height) - 2)
      CairoDrawing.setColor(cr, RGBA(hex: 0xFF00FF))
      cairo_set_line_width(cr, 2)
      cairo_set_dash(cr, [8, 4], 2, 0)
      cairo_stroke(cr)
      cairo_set_dash(cr, nil, 0, 0)
      tag(
        "viewport", x: Double(viewport.minX) + 2, y: Double(viewport.maxY) - 13,
        color: RGBA(hex: 0xFF00FF), in: cr)
    }
    if let tap = overlay.tap, tap.x.isFinite, tap.y.isFinite {
      TapInspectionPainter(inspection: TapInspection(window: root, at: tap, time: time), root: root)
        .paint(in: cr)
    }
    cairo_restore(cr)
  }

  private func visit(
    _ view: UIView, origin: CGPoint, depth: Int, isRoot: Bool, in cr: OpaquePointer
  ) {
    guard !view.isHidden else { return }
    let frame = view.layer.presentation(at: time).frame
    let x = isRoot ? 0 : Double(origin.x + frame.minX)
    let y = isRoot ? 0 : Double(origin.y + frame.minY)
    let color = Self.palette[depth % Self.palette.count]
    if overlay.showsFrames, frame.width > 0, frame.height > 0 {
      cairo_rectangle(cr, x + 0.25, y + 0.25, Double(frame.width) - 0.5, Double(frame.height) - 0.5)
      CairoDrawing.setColor(cr, color)
      cairo_set_line_width(cr, 0.5)
      cairo_stroke(cr)
    }
    if overlay.showsNames, !isRoot || view.accessibilityIdentifier != nil {
      let name = view.accessibilityIdentifier ?? String(describing: type(of: view))
      tag(name, x: x + 1, y: y + 1, color: color, in: cr)
    }
    let bounds = view.bounds.origin
    let child = CGPoint(x: CGFloat(x) - bounds.x, y: CGFloat(y) - bounds.y)
    for subview in ViewPainter.drawingOrder(view.subviews) {
      visit(subview, origin: child, depth: depth + 1, isRoot: false, in: cr)
    }
  }

  /// A small name plate.
  private func tag(_ text: String, x: Double, y: Double, color: RGBA, in cr: OpaquePointer) {
    let layout = LabelPainter.shared.makeLayout(text, size: 7)
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    var logical = PangoRectangle()
    pango_layout_get_extents(layout, nil, &logical)
    let w = Double(logical.width) / Double(PANGO_SCALE)
    let h = Double(logical.height) / Double(PANGO_SCALE)
    CairoDrawing.setColor(cr, color.withAlpha(0.85))
    cairo_rectangle(cr, x, y, w + 4, h)
    cairo_fill(cr)
    CairoDrawing.setColor(cr, RGBA(hex: 0xFFFFFF))
    cairo_move_to(cr, x + 2, y)
    pango_cairo_show_layout(cr, layout)
  }
}

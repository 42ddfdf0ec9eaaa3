import CCairo
import Foundation
import ViewKit

/// Path and paint helpers on a Cairo context.
enum CairoDrawing {
  /// Sets the source to a colour, multiplied by `opacity`.
  static func setColor(_ cr: OpaquePointer, _ color: RGBA, opacity: Double = 1) {
    cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha * opacity)
  }

  /// The image surface `cr` draws into when our code may write its pixels in Cairo's place:
  /// ARGB32 or RGB24, no device offset (device space is pixel space), operator OVER;
  /// `nil` otherwise (vector surfaces, other formats or operators). Inside a group
  /// (`cairo_push_group`, a view below full opacity) that is the group's surface, not the
  /// picture's: writing the picture's pixels would skip the group's opacity.
  static func pixelTarget(of cr: OpaquePointer) -> OpaquePointer? {
    guard let target = cairo_get_group_target(cr),
      cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
      [CAIRO_FORMAT_ARGB32, CAIRO_FORMAT_RGB24].contains(cairo_image_surface_get_format(target)),
      cairo_get_operator(cr) == CAIRO_OPERATOR_OVER
    else { return nil }
    var offsetX = 0.0
    var offsetY = 0.0
    cairo_surface_get_device_offset(target, &offsetX, &offsetY)
    return offsetX == 0 && offsetY == 0 ? target : nil
  }

  /// Adds a rectangle whose corners in `corners` are rounded by `radius` (clamped to half the
  /// shorter side), as Core Animation's `cornerRadius` with `maskedCorners`.
  static func roundedRect(
    _ cr: OpaquePointer, _ rect: CGRect, radius: Double, corners: CACornerMask
  ) {
    let x = Double(rect.minX)
    let y = Double(rect.minY)
    let w = Double(rect.width)
    let h = Double(rect.height)
    let r = max(0, min(radius, min(w, h) / 2))
    guard r > 0, !corners.isEmpty else {
      cairo_rectangle(cr, x, y, w, h)
      return
    }
    func cornerRadius(_ corner: CACornerMask) -> Double { corners.contains(corner) ? r : 0 }
    let topLeft = cornerRadius(.layerMinXMinYCorner)
    let topRight = cornerRadius(.layerMaxXMinYCorner)
    let bottomRight = cornerRadius(.layerMaxXMaxYCorner)
    let bottomLeft = cornerRadius(.layerMinXMaxYCorner)
    cairo_new_sub_path(cr)
    corner(cr, x + w - topRight, y + topRight, topRight, -.pi / 2, 0, orElse: (x + w, y))
    corner(
      cr, x + w - bottomRight, y + h - bottomRight, bottomRight, 0, .pi / 2, orElse: (x + w, y + h))
    corner(cr, x + bottomLeft, y + h - bottomLeft, bottomLeft, .pi / 2, .pi, orElse: (x, y + h))
    corner(cr, x + topLeft, y + topLeft, topLeft, .pi, 1.5 * .pi, orElse: (x, y))
    cairo_close_path(cr)
  }

  private static func corner(
    _ cr: OpaquePointer, _ cx: Double, _ cy: Double, _ r: Double, _ a0: Double, _ a1: Double,
    orElse point: (Double, Double)
  ) {
    if r > 0 {
      cairo_arc(cr, cx, cy, r, a0, a1)
    } else {
      cairo_line_to(cr, point.0, point.1)
    }
  }

  /// Adds a vector path, mapped by the current transformation.
  static func addPath(_ cr: OpaquePointer, _ path: VectorPath) {
    for element in path.elements {
      switch element {
      case .move(let x, let y): cairo_move_to(cr, x, y)
      case .line(let x, let y):
        if cairo_has_current_point(cr) != 0 {
          cairo_line_to(cr, x, y)
        } else {
          cairo_move_to(cr, x, y)
        }
      case .curve(let x1, let y1, let x2, let y2, let x, let y):
        if cairo_has_current_point(cr) == 0 { cairo_move_to(cr, x1, y1) }
        cairo_curve_to(cr, x1, y1, x2, y2, x, y)
      case .close: cairo_close_path(cr)
      }
    }
  }

  /// Draws a vector image scaled into `rect`, with `.tint` layers in `tint`.
  static func draw(_ cr: OpaquePointer, _ image: VectorImage, in rect: CGRect, tint: RGBA) {
    guard image.size.width > 0, image.size.height > 0, rect.width > 0, rect.height > 0 else {
      return
    }
    cairo_save(cr)
    cairo_translate(cr, Double(rect.minX), Double(rect.minY))
    cairo_scale(
      cr, Double(rect.width / image.size.width), Double(rect.height / image.size.height))
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
    for layer in image.layers {
      cairo_new_path(cr)
      addPath(cr, layer.path)
      if let fill = layer.fill {
        setColor(cr, resolve(fill, tint: tint))
        cairo_set_fill_rule(cr, layer.evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        if layer.stroke != nil { cairo_fill_preserve(cr) } else { cairo_fill(cr) }
      }
      if let stroke = layer.stroke {
        setColor(cr, resolve(stroke, tint: tint))
        cairo_set_line_width(cr, layer.lineWidth)
        cairo_stroke(cr)
      }
    }
    cairo_new_path(cr)
    cairo_restore(cr)
  }

  private static func resolve(_ paint: VectorImage.Paint, tint: RGBA) -> RGBA {
    switch paint {
    case .tint: return tint
    case .color(let color): return color
    }
  }

  /// The rectangle an image of `size` takes in `bounds` under a content mode.
  static func placement(of size: CGSize, in bounds: CGRect, mode: UIView.ContentMode) -> CGRect {
    let w = size.width
    let h = size.height
    guard w > 0, h > 0 else { return bounds }
    switch mode {
    case .scaleToFill, .redraw: return bounds
    case .scaleAspectFit, .scaleAspectFill:
      let sx = bounds.width / w
      let sy = bounds.height / h
      let s = mode == .scaleAspectFit ? min(sx, sy) : max(sx, sy)
      return CGRect(
        x: bounds.midX - w * s / 2, y: bounds.midY - h * s / 2, width: w * s, height: h * s)
    case .center: return CGRect(x: bounds.midX - w / 2, y: bounds.midY - h / 2, width: w, height: h)
    case .top: return CGRect(x: bounds.midX - w / 2, y: bounds.minY, width: w, height: h)
    case .bottom: return CGRect(x: bounds.midX - w / 2, y: bounds.maxY - h, width: w, height: h)
    case .left: return CGRect(x: bounds.minX, y: bounds.midY - h / 2, width: w, height: h)
    case .right: return CGRect(x: bounds.maxX - w, y: bounds.midY - h / 2, width: w, height: h)
    }
  }
}

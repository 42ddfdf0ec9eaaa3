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
    ViewTreePainter.roundedRect(cr, rect, radius: radius, corners: corners)
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
    ViewTreePainter.placement(of: size, in: bounds, mode: mode)
  }
}

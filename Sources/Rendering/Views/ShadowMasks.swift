import CCairo
import Foundation
import ViewKit

/// Soft shadows for raster output, drawn once as an alpha mask per shape and reused: a
/// shadow is eight overlapping rings, and filling eight large rings on every frame cost more
/// than the rest of the views. Painting the colour through the kept mask gives the same
/// pixels (one colour laid over itself is one layer with the combined alpha).
@MainActor
final class ShadowMasks {
  private struct Key: Hashable {
    let width: Double
    let height: Double
    let cornerRadius: Double
    let corners: UInt
    let offsetX: Double
    let offsetY: Double
    let radius: Double
    let opacity: Double
    let opaque: Bool
    let steps: Int
    let scale: Double
    let fractionX: Double
    let fractionY: Double
  }

  /// An A8 mask and where its first pixel lies from the view's origin pixel.
  private final class Mask {
    let surface: OpaquePointer
    let x: Int
    let y: Int

    init(surface: OpaquePointer, x: Int, y: Int) {
      self.surface = surface
      self.x = x
      self.y = y
    }

    deinit { cairo_surface_destroy(surface) }
  }

  private var masks: [Key: Mask] = [:]
  private var order: [Key] = []

  /// Paints the shadow of `layer` (rings drawn by `draw` in opaque black, in the view's
  /// coordinates) in `color` through a kept mask. Returns `false`, having drawn nothing, when
  /// the context is not an axis-aligned raster scale. With `trimsOpaqueInterior`, an opaque
  /// view's shadow is painted only outside the view's inner box (where its mask is empty).
  func paint(
    _ cr: OpaquePointer, layer: CALayer, color: RGBA, opacity: Double, bounds: CGRect,
    opaque: Bool, steps: Int, radius: Double, trimsOpaqueInterior: Bool = true,
    draw: (OpaquePointer) -> Void
  ) -> Bool {
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cr, &matrix)
    let scale = matrix.xx
    guard matrix.xy == 0, matrix.yx == 0, scale > 0, matrix.yy == scale else { return false }
    var ox = 0.0
    var oy = 0.0
    cairo_user_to_device(cr, &ox, &oy)
    guard ox.isFinite, oy.isFinite else { return false }
    let whole = (x: ox.rounded(.down), y: oy.rounded(.down))
    let fraction = (x: ox - whole.x, y: oy - whole.y)
    let offset = layer.shadowOffset
    let key = Key(
      width: Double(bounds.width), height: Double(bounds.height),
      cornerRadius: Double(layer.cornerRadius), corners: layer.maskedCorners.rawValue,
      offsetX: Double(offset.width), offsetY: Double(offset.height), radius: radius,
      opacity: opacity, opaque: opaque, steps: steps, scale: scale, fractionX: fraction.x,
      fractionY: fraction.y)
    let mask: Mask
    if let kept = masks[key] {
      mask = kept
    } else {
      // The largest ring's box in pixels from the view's origin pixel, with a pixel spare.
      let spread = radius / 2 + 1
      let x0 = Int((fraction.x + (Double(offset.width) - spread) * scale).rounded(.down))
      let y0 = Int((fraction.y + (Double(offset.height) - spread) * scale).rounded(.down))
      let x1 = Int(
        (fraction.x + (Double(bounds.width) + Double(offset.width) + spread) * scale).rounded(.up))
      let y1 = Int(
        (fraction.y + (Double(bounds.height) + Double(offset.height) + spread) * scale).rounded(
          .up))
      guard x1 > x0, y1 > y0, x1 - x0 <= 16_384, y1 - y0 <= 16_384,
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(x1 - x0), Int32(y1 - y0))
      else { return false }
      guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
        cairo_surface_destroy(surface)
        return false
      }
      let context = cairo_create(surface)!
      cairo_translate(context, fraction.x - Double(x0), fraction.y - Double(y0))
      cairo_scale(context, scale, scale)
      draw(context)
      cairo_destroy(context)
      cairo_surface_flush(surface)
      mask = Mask(surface: surface, x: x0, y: y0)
      masks[key] = mask
      order.append(key)
      if order.count > 32 { masks[order.removeFirst()] = nil }
    }
    cairo_save(cr)
    cairo_identity_matrix(cr)
    if opaque && trimsOpaqueInterior {
      // Under an opaque view the mask is empty inside its rounded rectangle: paint only the
      // whole pixels around the largest box of it that the corners leave (a full-width
      // card's shadow is a thin frame around a large empty middle).
      let width = Double(bounds.width) * scale
      let height = Double(bounds.height) * scale
      let r =
        max(0, min(Double(layer.cornerRadius), Double(min(bounds.width, bounds.height)) / 2))
        * scale
      let inset = layer.maskedCorners.isEmpty ? 0 : r
      let tall = (x0: ox + inset, y0: oy, x1: ox + width - inset, y1: oy + height)
      let wide = (x0: ox, y0: oy + inset, x1: ox + width, y1: oy + height - inset)
      let inner =
        (tall.x1 - tall.x0) * (tall.y1 - tall.y0) >= (wide.x1 - wide.x0) * (wide.y1 - wide.y0)
        ? tall : wide
      let hole = (
        x0: inner.x0.rounded(.up), y0: inner.y0.rounded(.up), x1: inner.x1.rounded(.down),
        y1: inner.y1.rounded(.down)
      )
      let outer = (
        x0: whole.x + Double(mask.x), y0: whole.y + Double(mask.y),
        x1: whole.x + Double(mask.x) + Double(cairo_image_surface_get_width(mask.surface)),
        y1: whole.y + Double(mask.y) + Double(cairo_image_surface_get_height(mask.surface))
      )
      if hole.x0 < hole.x1, hole.y0 < hole.y1 {
        // Four whole-pixel rectangles around the hole: a region clip, exact coverage.
        func add(_ left: Double, _ top: Double, _ right: Double, _ bottom: Double) {
          if left < right, top < bottom {
            cairo_rectangle(cr, left, top, right - left, bottom - top)
          }
        }
        add(outer.x0, outer.y0, outer.x1, hole.y0)
        add(outer.x0, hole.y1, outer.x1, outer.y1)
        add(outer.x0, hole.y0, hole.x0, hole.y1)
        add(hole.x1, hole.y0, outer.x1, hole.y1)
        cairo_clip(cr)
      }
    }
    CairoDrawing.setColor(cr, color.withAlpha(1))
    cairo_mask_surface(cr, mask.surface, whole.x + Double(mask.x), whole.y + Double(mask.y))
    cairo_restore(cr)
    return true
  }
}

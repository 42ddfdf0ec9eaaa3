import CCairo
import Foundation
import ViewKit

/// Soft shadows for raster output, drawn once as an alpha mask per shape and reused: a
/// shadow is eight overlapping rings, and filling eight large rings on every frame cost more
/// than the rest of the views. Painting the colour through the kept mask gives the same
/// pixels (one colour laid over itself is one layer with the combined alpha).
@MainActor
final class ShadowMasks {
  static let shared = ShadowMasks()

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
  /// the context is not an axis-aligned raster scale.
  func paint(
    _ cr: OpaquePointer, layer: CALayer, color: RGBA, opacity: Double, bounds: CGRect,
    opaque: Bool, steps: Int, radius: Double, draw: (OpaquePointer) -> Void
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
    CairoDrawing.setColor(cr, color.withAlpha(1))
    cairo_mask_surface(cr, mask.surface, whole.x + Double(mask.x), whole.y + Double(mask.y))
    cairo_restore(cr)
    return true
  }
}

import CCairo
import Dispatch
import Foundation
import NavigationCore

/// An app's many overlays (its shapes, the destinations and its markers) drawn once into a
/// transparent raster around the map view, and composited over the route on later frames
/// while they look the same: the same overlays, zoom, heading, scale and view size, the
/// camera's centre moved by at most ``marginPoints``. A moved camera places the raster at
/// the nearest whole device pixel (at most half a pixel from where a fresh drawing puts the
/// overlays: 1/6 point at scale 3), so moved frames reuse it only at scale 2 and more; at
/// scale 1 only an unmoved camera does. Scenes with fewer than ``minimumOverlays`` overlays
/// draw them directly on every frame (a raster of the whole view costs more than a few), and
/// so does a frame whose scene differs from the frame before's in more than the camera's
/// centre (a zoom or turn under way, overlays changing): its raster would not be reused.
final class OverlayLayer: @unchecked Sendable {
  /// Overlays below which no layer is made.
  static let minimumOverlays = 32
  /// Points the raster reaches beyond the view on each side.
  static let marginPoints = 64.0

  /// What the raster shows: a layer serves a scene whose key is equal.
  struct Key: Equatable {
    let overlays: [MapOverlayItem]
    let destinations: [CLLocationCoordinate2D]
    let destinationColor: RGBA
    let origin: CLLocationCoordinate2D
    let metersPerPoint: Double
    let heading: Double
    let scale: Double
    let width: Int
    let height: Int

    /// Equal but for the scale's change with the centre's latitude (under 2·10⁻⁵: a
    /// hundredth of a pixel across a raster of 500 points).
    static func == (a: Key, b: Key) -> Bool {
      abs(a.metersPerPoint - b.metersPerPoint) <= 2e-5 * a.metersPerPoint
        && a.heading == b.heading && a.scale == b.scale
        && a.width == b.width && a.height == b.height
        && a.origin.latitude == b.origin.latitude && a.origin.longitude == b.origin.longitude
        && a.destinationColor == b.destinationColor
        && a.destinations.elementsEqual(b.destinations) {
          $0.latitude == $1.latitude && $0.longitude == $1.longitude
        } && a.overlays == b.overlays
    }
  }

  let key: Key
  /// The ARGB raster: the view's origin at pixel (`margin`, `margin`).
  let surface: OpaquePointer
  let margin: Int
  /// The camera's centre and its view point when the raster was drawn.
  let center: CLLocationCoordinate2D
  let anchor: CGPoint

  private init(
    key: Key, surface: OpaquePointer, margin: Int, center: CLLocationCoordinate2D, anchor: CGPoint
  ) {
    self.key = key
    self.surface = surface
    self.margin = margin
    self.center = center
    self.anchor = anchor
  }

  deinit { cairo_surface_destroy(surface) }

  /// The layer for `painter`'s overlays over a view of `size` points at `scale`, the camera's
  /// centre at `anchor`, and where its raster goes (pixels from the view's origin); `nil`
  /// when the overlays are drawn directly: too few, or a view whose origin is not a whole
  /// device pixel or whose user space (`cr`'s) is not `scale` without rotation, or
  /// `shortcuts` that say to draw them. The layer is kept in `session` for the next frames.
  @MainActor
  static func placed(
    for painter: MapPainter, size: CGSize, anchor: CGPoint, scale: Double, in cr: OpaquePointer,
    session: RenderSession, shortcuts: RenderShortcuts = RenderShortcuts()
  ) -> PlacedLayer? {
    let scene = painter.scene
    guard shortcuts.drawsOverlaysOnce, scene.overlays.count >= minimumOverlays else {
      return nil
    }
    let kept = session.overlayLayer
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cr, &matrix)
    guard cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE,
      matrix.xy == 0, matrix.yx == 0, matrix.xx == scale, matrix.yy == scale,
      matrix.x0 == matrix.x0.rounded(), matrix.y0 == matrix.y0.rounded(), scale >= 1, scale <= 4,
      size.width > 0, size.height > 0, size.width * scale <= 16_384, size.height * scale <= 16_384
    else { return nil }
    let key = Key(
      overlays: scene.overlays, destinations: scene.destinations,
      destinationColor: scene.style.destination, origin: painter.frame.origin,
      metersPerPoint: scene.camera.metersPerPoint, heading: scene.camera.heading, scale: scale,
      width: Int((Double(size.width) * scale).rounded(.up)),
      height: Int((Double(size.height) * scale).rounded(.up)))
    if let layer = kept.layer, layer.key == key {
      // Where the old centre is now, against where it was: the raster's shift in pixels.
      var m = painter.matrix(anchor: anchor)
      let (x, y) = painter.point(layer.center, matrix: &m)
      let dx = (x - Double(layer.anchor.x)) * scale
      let dy = (y - Double(layer.anchor.y)) * scale
      let reach = Double(layer.margin)
      let whole = abs(dx - dx.rounded()) < 1e-6 && abs(dy - dy.rounded()) < 1e-6
      if abs(dx) <= reach, abs(dy) <= reach, whole || scale >= 2 {
        return PlacedLayer(
          layer: layer, x: dx.rounded() - reach, y: dy.rounded() - reach)
      }
    }
    kept.layer = nil
    // A scene that changed since the frame before (another zoom, heading or overlays: a
    // pinch, a camera animation, markers moving) will likely change again on the next
    // frame, and a raster drawn now — a margin around the view, then composited — would be
    // thrown away unused: it is cheaper to draw the overlays straight into this frame.
    defer { kept.lastKey = key }
    if let last = kept.lastKey, last != key { return nil }
    kept.drawCount += 1
    guard let layer = draw(painter, key: key, anchor: anchor, scale: scale) else { return nil }
    kept.layer = layer
    let reach = Double(layer.margin)
    return PlacedLayer(layer: layer, x: -reach, y: -reach)
  }

  /// Draws the overlays into a new raster, in bands of rows on every core.
  @MainActor
  private static func draw(_ painter: MapPainter, key: Key, anchor: CGPoint, scale: Double)
    -> OverlayLayer?
  {
    let margin = Int((marginPoints * scale).rounded(.up))
    let width = key.width + 2 * margin
    let height = key.height + 2 * margin
    guard
      let made = ParallelMapRaster.makeSurface(
        reach: (0, 0, width, height), cache: nil, transparent: true)
    else { return nil }
    let (surface, data, stride) = made
    let body = ParallelMapRaster.PlacedOverlay(
      userToDevice: cairo_matrix_t(
        xx: scale, yx: 0, xy: 0, yy: scale, x0: Double(margin), y0: Double(margin)),
      body: { context in
        var m = painter.matrix(anchor: anchor)
        painter.paintOverlays(in: context, matrix: &m) { m in
          painter.paintDestinations(in: context, matrix: &m)
        }
      })
    let pixels = UnsafeSendableMutable(data)
    let bands = max(1, min(2 * ParallelMapRaster.cores, height / 128))
    let rowsPerBand = (height + bands - 1) / bands
    DispatchQueue.concurrentPerform(iterations: bands) { band in
      let first = band * rowsPerBand
      let last = min(height, first + rowsPerBand)
      body.draw(
        into: pixels.pointer, format: CAIRO_FORMAT_ARGB32, width: width, stride: stride,
        rows: first..<last, columns: 0..<width)
    }
    cairo_surface_mark_dirty(surface)
    return OverlayLayer(
      key: key, surface: surface, margin: margin, center: painter.scene.camera.center,
      anchor: anchor)
  }
}

/// The overlay raster a session keeps for the next frames (``OverlayLayer``).
@MainActor
final class KeptOverlayLayer {
  /// The layer of the last frame with many overlays, or `nil`.
  var layer: OverlayLayer?
  /// What the raster of the last frame with many overlays would have shown (a raster is
  /// drawn only when the scene is unchanged from that frame's but for the camera's centre).
  var lastKey: OverlayLayer.Key?
  /// Rasters drawn so far.
  var drawCount = 0
}

/// A kept overlay raster placed for one frame: its top-left pixel `x`, `y` device pixels
/// from the map view's origin.
struct PlacedLayer: @unchecked Sendable {
  let layer: OverlayLayer
  let x: Double
  let y: Double

  /// Composites the raster over `cr` (whose user space is the map view's) under its clip.
  func composite(in cr: OpaquePointer) {
    var ox = 0.0
    var oy = 0.0
    cairo_user_to_device(cr, &ox, &oy)
    let left = (ox + x).rounded()
    let top = (oy + y).rounded()
    cairo_save(cr)
    cairo_identity_matrix(cr)
    cairo_set_source_surface(cr, layer.surface, left, top)
    cairo_rectangle(
      cr, left, top, Double(cairo_image_surface_get_width(layer.surface)),
      Double(cairo_image_surface_get_height(layer.surface)))
    cairo_fill(cr)
    cairo_restore(cr)
  }
}

import CCairo
import CairoGraphics
import Foundation
import NavigationCore
import Synchronization

/// A picture on the map: a marker's or a ground overlay's.
public enum MapOverlayImage: Sendable, Hashable {
  /// The default marker pin in a colour.
  case pin(RGBA)
  /// A vector picture with the tint for its `.tint` layers.
  case vector(VectorImage, tint: RGBA)
  /// PNG bytes under a name (decoded once per name).
  case png(Data, name: String)
  /// Pixels (a `UIImage` made from data or drawing), scaled to the picture's size.
  case pixels(CGImage)
}

/// A stretch of a line's style: a colour blending from `from` to `to` over `segments`
/// segments of the line (fractions allowed).
public struct MapStrokeSpan: Sendable, Hashable {
  /// The colour at the start of the stretch.
  public var from: RGBA
  /// The colour at its end.
  public var to: RGBA
  /// How many segments it covers.
  public var segments: Double

  /// A span.
  public init(from: RGBA, to: RGBA, segments: Double) {
    self.from = from
    self.to = to
    self.segments = segments.isFinite ? max(0, segments) : 0
  }
}

/// One overlay of an app on the map, drawn over the base map and the route in the order
/// given (``MapScene/overlays``); markers are drawn over the destinations.
public enum MapOverlayItem: Sendable, Hashable {
  /// A line: its points, width in points, colour and spans (the last span's end colour
  /// continues past the spans).
  case polyline(
    coordinates: [CLLocationCoordinate2D], width: Double, color: RGBA, spans: [MapStrokeSpan])
  /// An area: its outline, holes, fill and outline colour (each optional) and outline width.
  case polygon(
    outline: [CLLocationCoordinate2D], holes: [[CLLocationCoordinate2D]], fill: RGBA?,
    stroke: RGBA?, width: Double)
  /// A picture over a box, turned by `bearing` degrees about `anchor` (unit coordinates of
  /// the box).
  case groundOverlay(
    southWest: CLLocationCoordinate2D, northEast: CLLocationCoordinate2D, bearing: Double,
    anchor: CGPoint, image: MapOverlayImage, opacity: Double)
  /// A marker: its picture of `size` points with `anchor` (unit coordinates) on
  /// `coordinate`, turned by `rotation` degrees (relative to north when `flat`, to the screen
  /// otherwise).
  case marker(
    coordinate: CLLocationCoordinate2D, image: MapOverlayImage, size: CGSize, anchor: CGPoint,
    rotation: Double, flat: Bool, opacity: Double)

  /// Whether this is a marker (drawn over the destination pins).
  public var isMarker: Bool {
    if case .marker = self { return true }
    return false
  }
}

/// Feature kinds the style hides, and road widths, applied to the base map.
extension MapStyle {
  /// Whether a feature kind is drawn.
  func shows(_ kind: MapFeatureKind) -> Bool { !hiddenKinds.contains(kind) }
}

/// A Cairo surface passed into a lock's region (nothing else refers to it meanwhile).
private struct SurfaceHandle: @unchecked Sendable {
  let value: OpaquePointer
  init(_ value: OpaquePointer) { self.value = value }
}

/// PNG pictures of overlays, decoded once per name, and pins drawn once per colour and size
/// (any thread; a renderer's session keeps one).
final class OverlayImageCache: Sendable {
  private struct PinKey: Hashable {
    var color: RGBA
    var width: Int
    var height: Int
  }

  private struct RasterKey: Hashable {
    var image: MapOverlayImage
    var width: Int
    var height: Int
  }

  private struct State: ~Copyable {
    var surfaces: [String: OpaquePointer] = [:]
    var pins: [PinKey: OpaquePointer] = [:]
    var rasters: [RasterKey: OpaquePointer] = [:]
    var opaque: [RasterKey: OpaqueRows] = [:]

    deinit {
      for (_, surface) in surfaces { cairo_surface_destroy(surface) }
      for (_, surface) in pins { cairo_surface_destroy(surface) }
      for (_, surface) in rasters { cairo_surface_destroy(surface) }
    }
  }

  private let state = Mutex(State())

  func surface(_ data: Data, name: String) -> OpaquePointer? {
    state.withLock { state -> OpaquePointer? in
      if let known = state.surfaces[name] { return known }
      guard let surface = try? RasterImage.decodeSurface(data, name: name) else { return nil }
      if state.surfaces.count > 256 {
        for (_, old) in state.surfaces { cairo_surface_destroy(old) }
        state.surfaces.removeAll()
      }
      state.surfaces[name] = surface
      return surface
    }
  }

  /// The default pin drawn once into an image of `size` points at `scale` pixels a point
  /// (sizes and scales in hundredths).
  func pin(_ color: RGBA, size: CGSize, scale: Double) -> (surface: OpaquePointer, scale: Double)? {
    let pixelWidth = Int((Double(size.width) * scale).rounded(.up))
    let pixelHeight = Int((Double(size.height) * scale).rounded(.up))
    guard pixelWidth > 0, pixelHeight > 0, pixelWidth <= 1024, pixelHeight <= 1024 else {
      return nil
    }
    let key = PinKey(color: color, width: pixelWidth, height: pixelHeight)
    return state.withLock { state -> (surface: OpaquePointer, scale: Double)? in
      if let known = state.pins[key] { return (known, Double(pixelWidth) / Double(size.width)) }
      let surface = cairo_image_surface_create(
        CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))
      guard let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
        return nil
      }
      let cr = cairo_create(surface)
      let sx = Double(pixelWidth) / Double(size.width)
      cairo_scale(cr, sx, Double(pixelHeight) / Double(size.height))
      MapPainter.paintPin(color, in: CGRect(origin: .zero, size: size), cr: cr!)
      cairo_destroy(cr)
      cairo_surface_flush(surface)
      if state.pins.count > 64 {
        for (_, old) in state.pins { cairo_surface_destroy(old) }
        state.pins.removeAll()
      }
      state.pins[key] = surface
      return (surface, sx)
    }
  }

  /// The fully opaque pixels of the raster of ``raster(_:size:width:height:)`` (worked out
  /// once and kept with it), or `nil` when there is no raster.
  func opaqueRows(_ image: MapOverlayImage, size: CGSize, width: Int, height: Int) -> OpaqueRows? {
    let key = RasterKey(image: image, width: width, height: height)
    if let known = state.withLock({ $0.opaque[key] }) { return known }
    guard let raster = raster(image, size: size, width: width, height: height) else { return nil }
    defer { cairo_surface_destroy(raster) }
    guard let rows = OpaqueRows(surface: raster) else { return nil }
    return state.withLock { state -> OpaqueRows in
      if let known = state.opaque[key] { return known }
      if state.opaque.count >= 512 { state.opaque.removeAll() }
      state.opaque[key] = rows
      return rows
    }
  }

  /// A picture of `size` points drawn once into a raster of `width` × `height` pixels and
  /// kept (up to 512 rasters, then all are let go): the caller owns the reference returned
  /// and destroys it after use.
  func raster(_ image: MapOverlayImage, size: CGSize, width: Int, height: Int) -> OpaquePointer? {
    let key = RasterKey(image: image, width: width, height: height)
    if let known = state.withLock({ $0.rasters[key].map { cairo_surface_reference($0) } }) {
      return known
    }
    // Drawn outside the lock (bands on other threads keep going); the first one kept wins.
    guard
      let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
    else { return nil }
    let cr = cairo_create(surface)
    cairo_scale(cr, Double(width) / Double(size.width), Double(height) / Double(size.height))
    MapPainter.drawImage(image, in: CGRect(origin: .zero, size: size), cr: cr!, images: self)
    cairo_destroy(cr)
    cairo_surface_flush(surface)
    // Handed to the lock's region: no other reference to the new surface exists yet.
    let drawn = SurfaceHandle(surface)
    return state.withLock { state -> SurfaceHandle in
      if let known = state.rasters[key] {
        cairo_surface_destroy(drawn.value)
        return SurfaceHandle(cairo_surface_reference(known))
      }
      if state.rasters.count >= 512 {
        for (_, old) in state.rasters { cairo_surface_destroy(old) }
        state.rasters.removeAll()
      }
      state.rasters[key] = drawn.value
      return SurfaceHandle(cairo_surface_reference(drawn.value))
    }.value
  }
}

extension MapPainter {
  /// Draws the scene's overlays: the shapes, then what `between` draws, then the markers,
  /// each group in order. The markers copied as rasters are sorted out first
  /// (``MarkerStack``): what opaque markers hide is neither copied nor drawn under them.
  func paintOverlays(
    in cr: OpaquePointer, matrix m: inout cairo_matrix_t,
    between: (inout cairo_matrix_t) -> Void
  ) {
    let stack = markerStack(in: cr, matrix: &m)
    paintOverlayItems(markers: false, in: cr, matrix: &m, stack: stack)
    between(&m)
    paintOverlayItems(markers: true, in: cr, matrix: &m, stack: stack)
  }

  /// The stack of the markers copied as rasters onto `cr`'s pixels, or `nil` when there are
  /// none or Cairo must draw (``PixelCanvas/init(_:)``).
  private func markerStack(in cr: OpaquePointer, matrix m: inout cairo_matrix_t) -> MarkerStack? {
    guard scene.overlays.contains(where: \.isMarker), let canvas = PixelCanvas(cr) else {
      return nil
    }
    var markers: [MarkerStack.Marker] = []
    for marker in copiedMarkers(
      in: cr, matrix: &m, x0: canvas.x0, y0: canvas.y0, x1: canvas.x1, y1: canvas.y1)
    {
      guard
        let raster = overlayImages.raster(
          marker.image, size: marker.size, width: marker.rows.width, height: marker.rows.height)
      else { continue }
      markers.append(
        MarkerStack.Marker(
          index: marker.index, raster: raster, rows: marker.rows, x: marker.x, y: marker.y))
    }
    return markers.isEmpty ? nil : MarkerStack(canvas: canvas, markers: markers)
  }

  /// The markers copied as whole-pixel rasters (unturned, of full opacity) that reach
  /// device columns `x0..<x1` and rows `y0..<y1` of `cr`: their place in the scene's
  /// overlays, picture, size, opaque pixels and top-left device pixel.
  private func copiedMarkers(
    in cr: OpaquePointer, matrix m: inout cairo_matrix_t, x0: Int, y0: Int, x1: Int, y1: Int
  ) -> [(index: Int, image: MapOverlayImage, size: CGSize, rows: OpaqueRows, x: Int, y: Int)] {
    var markers: [(Int, MapOverlayImage, CGSize, OpaqueRows, Int, Int)] = []
    for (index, item) in scene.overlays.enumerated() {
      guard
        case .marker(
          let coordinate, let image, let size, let anchor, let rotation, let flat, let opacity) =
          item, coordinate.isValid, opacity >= 1, size.width > 0, size.height > 0,
        (flat ? rotation - scene.camera.heading : rotation).truncatingRemainder(dividingBy: 360)
          == 0
      else { continue }
      let (x, y) = point(coordinate, matrix: &m)
      let origin = (
        x - Double(anchor.x) * Double(size.width), y - Double(anchor.y) * Double(size.height)
      )
      guard let place = Self.blitPlace(at: origin, size: size, in: cr),
        Int(place.y) < y1, Int(place.y) + place.height > y0,
        Int(place.x) < x1, Int(place.x) + place.width > x0,
        let rows = overlayImages.opaqueRows(
          image, size: size, width: place.width, height: place.height)
      else { continue }
      markers.append((index, image, size, rows, Int(place.x), Int(place.y)))
    }
    return markers
  }

  /// The pixels that opaque markers surely cover (``OpaqueRows/inner``) over `width` ×
  /// `height` device pixels of `cr` from device pixel (`x`, `y`), the mask's first pixel;
  /// `nil` when no marker covers any. For a map raster drawn for a frame whose overlays are
  /// drawn straight over it (no kept ``OverlayLayer``): the map under those pixels never
  /// shows. The caller owns the mask.
  func opaqueMarkerMask(
    in cr: OpaquePointer, anchor: CGPoint, x: Int, y: Int, width: Int, height: Int
  ) -> OpaqueMask? {
    guard overlayLayer == nil, scene.overlays.contains(where: \.isMarker), width > 0, height > 0
    else { return nil }
    var m = matrix(anchor: anchor)
    let markers = copiedMarkers(
      in: cr, matrix: &m, x0: x, y0: y, x1: x + width, y1: y + height)
    guard !markers.isEmpty else { return nil }
    let mask = OpaqueMask.allocate(x0: 0, y0: 0, x1: width, y1: height)
    var any = false
    for marker in markers where mask.add(marker.rows, x: marker.x - x, y: marker.y - y, inner: true)
    {
      any = true
    }
    guard any else {
      mask.deallocate()
      return nil
    }
    return mask
  }

  /// Draws the scene's overlays of one group (markers or the rest) in order, the markers of
  /// `stack` as it sorted them out.
  private func paintOverlayItems(
    markers: Bool, in cr: OpaquePointer, matrix m: inout cairo_matrix_t, stack: MarkerStack?
  ) {
    guard scene.overlays.contains(where: { $0.isMarker == markers }) else { return }
    // Lines and areas with Cairo's fast antialiasing (4 × 4 samples a pixel, as the map's
    // own geometry): the default's 256 levels cost several times as much on long strokes.
    let antialias = cairo_get_antialias(cr)
    cairo_set_antialias(cr, CAIRO_ANTIALIAS_FAST)
    defer { cairo_set_antialias(cr, antialias) }
    // Only what meets the clip: a band of the parallel copy draws its own rows' overlays.
    var clip = (0.0, 0.0, 0.0, 0.0)
    cairo_clip_extents(cr, &clip.0, &clip.1, &clip.2, &clip.3)
    // Lines scan converted by our own code when the target allows (PolylineRasterizer).
    let lines =
      scene.overlays.contains {
        if case .polyline = $0 { return true }
        return false
      } ? PolylineRasterizer(cr) : nil
    func meetsClip(_ points: [CLLocationCoordinate2D], margin: Double, m: inout cairo_matrix_t)
      -> Bool
    {
      var box = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
      for c in points {
        let (x, y) = point(c, matrix: &m)
        box = (min(box.0, x), min(box.1, y), max(box.2, x), max(box.3, y))
      }
      return box.2 + margin >= clip.0 && box.0 - margin <= clip.2 && box.3 + margin >= clip.1
        && box.1 - margin <= clip.3
    }
    // Opaque markers hide what lies under them: the lines leave those pixels out.
    if let lines, let stack, !markers { lines.hide(all: stack.mask) }
    // Consecutive lines are drawn together (from the top down when opaque).
    var pending: [PolylineRasterizer.Line] = []
    func flush() {
      if let lines, !pending.isEmpty { lines.stroke(lines: pending) }
      pending.removeAll(keepingCapacity: true)
    }
    defer { flush() }
    for (index, item) in scene.overlays.enumerated() where item.isMarker == markers {
      if case .polyline = item {} else { flush() }
      switch item {
      case .polyline(let coordinates, let width, let color, let spans):
        guard meetsClip(coordinates, margin: width, m: &m) else { continue }
        if let lines {
          guard coordinates.count >= 2 else { continue }
          pending.append(
            PolylineRasterizer.Line(
              points: coordinates.map { point($0, matrix: &m) }, width: width, color: color,
              spans: spans))
          continue
        }
        paintPolyline(
          coordinates, width: width, color: color, spans: spans, clip: clip, in: cr, matrix: &m)
      case .polygon(let outline, let holes, let fill, let stroke, let width):
        guard outline.count >= 3, meetsClip(outline, margin: width, m: &m) else { continue }
        cairo_new_path(cr)
        for ring in [outline] + holes where ring.count >= 3 {
          addLine(ring[...], in: cr, matrix: &m)
          cairo_close_path(cr)
        }
        if let fill {
          cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
          CairoDrawing.setColor(cr, fill)
          if stroke != nil { cairo_fill_preserve(cr) } else { cairo_fill(cr) }
          cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        }
        if let stroke, width > 0 { self.stroke(cr, color: stroke, width: width) }
        cairo_new_path(cr)
      case .groundOverlay(let sw, let ne, let bearing, let anchor, let image, let opacity):
        let nw = CLLocationCoordinate2D(latitude: ne.latitude, longitude: sw.longitude)
        let se = CLLocationCoordinate2D(latitude: sw.latitude, longitude: ne.longitude)
        // Turned about its anchor: a margin of the box's diagonal covers any bearing.
        let (ax, ay) = point(sw, matrix: &m)
        let (bx, by) = point(ne, matrix: &m)
        guard
          meetsClip([sw, ne, nw, se], margin: bearing == 0 ? 1 : hypot(bx - ax, by - ay), m: &m)
        else { continue }
        paintGroundOverlay(
          sw: sw, ne: ne, bearing: bearing, anchor: anchor, image: image, opacity: opacity,
          in: cr, matrix: &m)
      case .marker(
        let coordinate, let image, let size, let anchor, let rotation, let flat, let opacity):
        guard coordinate.isValid, opacity > 0, size.width > 0, size.height > 0 else { continue }
        if let stack, stack.draw(index) { continue }
        let (x, y) = point(coordinate, matrix: &m)
        let reach = Double(size.width + size.height)
        guard x + reach >= clip.0, x - reach <= clip.2, y + reach >= clip.1, y - reach <= clip.3
        else { continue }
        let turn = flat ? rotation - scene.camera.heading : rotation
        let rect = CGRect(
          x: -Double(anchor.x) * Double(size.width), y: -Double(anchor.y) * Double(size.height),
          width: Double(size.width), height: Double(size.height))
        if turn.truncatingRemainder(dividingBy: 360) == 0,
          Self.blit(
            image, at: (x + Double(rect.minX), y + Double(rect.minY)), size: size,
            opacity: opacity, in: cr, images: overlayImages)
        {
          continue
        }
        cairo_save(cr)
        cairo_translate(cr, x, y)
        if turn != 0 { cairo_rotate(cr, turn * .pi / 180) }
        if opacity < 1 { cairo_push_group(cr) }
        paintImage(image, in: rect, cr: cr)
        if opacity < 1 {
          cairo_pop_group_to_source(cr)
          cairo_paint_with_alpha(cr, opacity)
        }
        cairo_restore(cr)
      }
    }
  }

  /// A line, in one colour or piece by piece with its spans' colours and gradients.
  private func paintPolyline(
    _ coordinates: [CLLocationCoordinate2D], width: Double, color: RGBA, spans: [MapStrokeSpan],
    clip: (Double, Double, Double, Double), in cr: OpaquePointer, matrix m: inout cairo_matrix_t
  ) {
    guard coordinates.count >= 2, width > 0 else { return }
    cairo_new_path(cr)
    let points = coordinates.map { point($0, matrix: &m) }
    // Only segments that meet the clip (a band strokes its own rows' pieces).
    let margin = width + 2
    func meets(_ a: (Double, Double), _ b: (Double, Double)) -> Bool {
      max(a.0, b.0) + margin >= clip.0 && min(a.0, b.0) - margin <= clip.2
        && max(a.1, b.1) + margin >= clip.1 && min(a.1, b.1) - margin <= clip.3
    }
    // Round joins and caps flattened to 0.3 pixel (fewer edges to scan, still smooth).
    let tolerance = cairo_get_tolerance(cr)
    cairo_set_tolerance(cr, 0.3)
    defer { cairo_set_tolerance(cr, tolerance) }
    guard !spans.isEmpty else {
      var open = false
      for i in 1..<points.count {
        guard meets(points[i - 1], points[i]) else {
          open = false
          continue
        }
        if !open { cairo_move_to(cr, points[i - 1].0, points[i - 1].1) }
        cairo_line_to(cr, points[i].0, points[i].1)
        open = true
      }
      stroke(cr, color: color, width: width)
      return
    }
    // Each span covers [start, start + segments) in segment units along the line.
    var start = 0.0
    let total = Double(points.count - 1)
    var spanList = spans
    if let last = spans.last {
      spanList.append(MapStrokeSpan(from: last.to, to: last.to, segments: total))
    }
    func at(_ position: Double) -> (Double, Double) {
      let i = min(points.count - 2, max(0, Int(position.rounded(.down))))
      let f = position - Double(i)
      return (
        points[i].0 + (points[i + 1].0 - points[i].0) * f,
        points[i].1 + (points[i + 1].1 - points[i].1) * f
      )
    }
    cairo_set_line_width(cr, width)
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
    for span in spanList where span.segments > 0 && start < total {
      let end = min(total, start + span.segments)
      // A gradient is drawn as 64 solid pieces (steps of 1/64 of the colour difference):
      // a gradient source makes Cairo composite a piece's whole box, which for a long
      // diagonal segment is most of a band.
      let count = span.from == span.to ? 1 : 64
      for j in 0..<count {
        let s0 = start + (end - start) * Double(j) / Double(count)
        let s1 = start + (end - start) * Double(j + 1) / Double(count)
        var piece = [at(s0)]
        var vertex = s0.rounded(.down) + 1
        while vertex < s1 {
          piece.append(points[Int(vertex)])
          vertex += 1
        }
        piece.append(at(s1))
        let xs = piece.map(\.0)
        let ys = piece.map(\.1)
        guard meets((xs.min()!, ys.min()!), (xs.max()!, ys.max()!)) else { continue }
        cairo_new_path(cr)
        cairo_move_to(cr, piece[0].0, piece[0].1)
        for p in piece.dropFirst() { cairo_line_to(cr, p.0, p.1) }
        CairoDrawing.setColor(cr, Self.mix(span.from, span.to, (Double(j) + 0.5) / Double(count)))
        cairo_stroke(cr)
      }
      start = end
    }
  }

  static func mix(_ a: RGBA, _ b: RGBA, _ t: Double) -> RGBA {
    RGBA(
      red: a.red + (b.red - a.red) * t, green: a.green + (b.green - a.green) * t,
      blue: a.blue + (b.blue - a.blue) * t, alpha: a.alpha + (b.alpha - a.alpha) * t)
  }

  private func paintGroundOverlay(
    sw: CLLocationCoordinate2D, ne: CLLocationCoordinate2D, bearing: Double, anchor: CGPoint,
    image: MapOverlayImage, opacity: Double, in cr: OpaquePointer, matrix m: inout cairo_matrix_t
  ) {
    let nw = point(
      CLLocationCoordinate2D(latitude: ne.latitude, longitude: sw.longitude), matrix: &m)
    let neP = point(ne, matrix: &m)
    let swP = point(sw, matrix: &m)
    // The box's axes on screen (east along its top edge, south down its left edge).
    let ex = neP.0 - nw.0
    let ey = neP.1 - nw.1
    let sx = swP.0 - nw.0
    let sy = swP.1 - nw.1
    let width = hypot(ex, ey)
    let height = hypot(sx, sy)
    guard width > 0.01, height > 0.01, opacity > 0 else { return }
    cairo_save(cr)
    let px = nw.0 + Double(anchor.x) * ex + Double(anchor.y) * sx
    let py = nw.1 + Double(anchor.x) * ey + Double(anchor.y) * sy
    cairo_translate(cr, px, py)
    cairo_rotate(cr, bearing * .pi / 180)
    cairo_translate(cr, -px, -py)
    var box = cairo_matrix_t(
      xx: ex / width, yx: ey / width, xy: sx / height, yy: sy / height, x0: nw.0, y0: nw.1)
    cairo_transform(cr, &box)
    if opacity < 1 { cairo_push_group(cr) }
    paintImage(image, in: CGRect(x: 0, y: 0, width: width, height: height), cr: cr)
    if opacity < 1 {
      cairo_pop_group_to_source(cr)
      cairo_paint_with_alpha(cr, opacity)
    }
    cairo_restore(cr)
  }

  /// A picture filling `rect` of the current user space.
  func paintImage(_ image: MapOverlayImage, in rect: CGRect, cr: OpaquePointer) {
    switch image {
    case .pin(let color):
      // Drawn once per colour, size and pixel scale, then painted.
      var matrix = cairo_matrix_t()
      cairo_get_matrix(cr, &matrix)
      let scale = hypot(matrix.xx, matrix.yx)
      guard cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE,
        scale > 0.01, let pin = overlayImages.pin(color, size: rect.size, scale: scale)
      else {
        Self.paintPin(color, in: rect, cr: cr)
        return
      }
      cairo_save(cr)
      cairo_translate(cr, Double(rect.minX), Double(rect.minY))
      cairo_scale(cr, 1 / pin.scale, 1 / pin.scale)
      cairo_set_source_surface(cr, pin.surface, 0, 0)
      // A rectangle, not cairo_paint: painting covers the whole clip (the band).
      cairo_rectangle(
        cr, 0, 0, Double(cairo_image_surface_get_width(pin.surface)),
        Double(cairo_image_surface_get_height(pin.surface)))
      cairo_fill(cr)
      cairo_restore(cr)
    case .vector, .pixels, .png:
      Self.drawImage(image, in: rect, cr: cr, images: overlayImages)
    }
  }

  /// A picture filling `rect` of the current user space, drawn from its source (no kept
  /// raster); PNG pictures decoded once in `images`.
  static func drawImage(
    _ image: MapOverlayImage, in rect: CGRect, cr: OpaquePointer, images: OverlayImageCache
  ) {
    switch image {
    case .pin(let color):
      paintPin(color, in: rect, cr: cr)
    case .vector(let vector, let tint):
      CairoDrawing.draw(cr, vector, in: rect, tint: tint)
    case .pixels(let image):
      let surface = image.makeSurface()
      defer { cairo_surface_destroy(surface) }
      paintSurface(surface, in: rect, cr: cr)
    case .png(let data, let name):
      guard let surface = images.surface(data, name: name) else {
        paintPin(RGBA(hex: 0x9AA0A6), in: rect, cr: cr)
        return
      }
      paintSurface(surface, in: rect, cr: cr)
    }
  }

  /// Copies a picture of `size` points whose top-left corner is at `origin` (user space)
  /// as its raster kept at the device scale (``OverlayImageCache/raster(_:size:width:height:)``),
  /// placed at the nearest whole device pixel (at most half a pixel from its place: 1/6 point
  /// at scale 3); `false` when the context is not an unturned, equally scaled image surface.
  static func blit(
    _ image: MapOverlayImage, at origin: (Double, Double), size: CGSize, opacity: Double,
    in cr: OpaquePointer, images: OverlayImageCache
  ) -> Bool {
    guard let (x, y, width, height) = blitPlace(at: origin, size: size, in: cr),
      let raster = images.raster(image, size: size, width: width, height: height)
    else { return false }
    defer { cairo_surface_destroy(raster) }
    cairo_save(cr)
    cairo_identity_matrix(cr)
    cairo_set_source_surface(cr, raster, x, y)
    cairo_rectangle(cr, x, y, Double(width), Double(height))
    if opacity < 1 {
      cairo_clip(cr)
      cairo_paint_with_alpha(cr, opacity)
    } else {
      cairo_fill(cr)
    }
    cairo_restore(cr)
    return true
  }

  /// Where ``blit(_:at:size:opacity:in:images:)`` copies a picture of `size` points whose
  /// top-left corner is at `origin` (user space): its device pixel and raster size, or `nil`
  /// when it draws it otherwise.
  static func blitPlace(at origin: (Double, Double), size: CGSize, in cr: OpaquePointer)
    -> (x: Double, y: Double, width: Int, height: Int)?
  {
    guard cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE else {
      return nil
    }
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cr, &matrix)
    guard matrix.xy == 0, matrix.yx == 0, matrix.xx > 0.01, matrix.xx == matrix.yy else {
      return nil
    }
    let width = Int((Double(size.width) * matrix.xx).rounded())
    let height = Int((Double(size.height) * matrix.yy).rounded())
    guard width > 0, height > 0, width <= 1024, height <= 1024 else { return nil }
    var x = origin.0
    var y = origin.1
    cairo_user_to_device(cr, &x, &y)
    guard x.isFinite, y.isFinite, abs(x) < 1e7, abs(y) < 1e7 else { return nil }
    return (x.rounded(), y.rounded(), width, height)
  }

  /// An image surface scaled to fill `rect` of the current user space (its edge pixels
  /// padded out, so that neighbouring tiles meet without a seam).
  private static func paintSurface(
    _ surface: OpaquePointer, in rect: CGRect, cr: OpaquePointer
  ) {
    let w = Double(cairo_image_surface_get_width(surface))
    let h = Double(cairo_image_surface_get_height(surface))
    guard w > 0, h > 0, rect.width > 0, rect.height > 0 else { return }
    cairo_save(cr)
    cairo_translate(cr, Double(rect.minX), Double(rect.minY))
    cairo_scale(cr, Double(rect.width) / w, Double(rect.height) / h)
    cairo_set_source_surface(cr, surface, 0, 0)
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
    cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
    // A rectangle, not cairo_paint: painting covers the whole clip (the band).
    cairo_rectangle(cr, 0, 0, w, h)
    cairo_fill(cr)
    cairo_restore(cr)
  }

  /// Google's default marker: a round-headed pin with its tip at the bottom centre, a
  /// darker outline and a dark dot.
  static func paintPin(_ color: RGBA, in rect: CGRect, cr: OpaquePointer) {
    let w = Double(rect.width)
    let h = Double(rect.height)
    let cx = Double(rect.midX)
    let r = w / 2 - 0.75
    let cy = Double(rect.minY) + r + 0.75
    let tip = Double(rect.maxY)
    cairo_new_path(cr)
    cairo_move_to(cr, cx, tip)
    cairo_curve_to(cr, cx - r * 0.25, tip - h * 0.22, cx - r, cy + r * 0.9, cx - r, cy)
    cairo_arc(cr, cx, cy, r, .pi, 2 * .pi)
    cairo_curve_to(cr, cx + r, cy + r * 0.9, cx + r * 0.25, tip - h * 0.22, cx, tip)
    cairo_close_path(cr)
    CairoDrawing.setColor(cr, color)
    cairo_fill_preserve(cr)
    CairoDrawing.setColor(cr, mix(color, RGBA(hex: 0x000000), 0.35))
    cairo_set_line_width(cr, 1)
    cairo_stroke(cr)
    cairo_arc(cr, cx, cy, r * 0.36, 0, 2 * .pi)
    CairoDrawing.setColor(cr, mix(color, RGBA(hex: 0x000000), 0.55))
    cairo_fill(cr)
  }
}

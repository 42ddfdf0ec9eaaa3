import CCairo
import Foundation
import NavigationCore

/// Paints a ``MapScene`` into a rectangle: land, sea, water, parks, buildings, roads by class
/// (casing, then fill, tunnels dashed), street names, alternatives, the route (travelled part
/// dimmed), destinations, the vehicle chevron and the attribution.
struct MapPainter: Sendable {
  let scene: MapScene
  /// The app's overlays, destinations and markers as a kept raster (``OverlayLayer``), or
  /// `nil` to draw them.
  var overlayLayer: PlacedLayer?
  /// Where street names drawn once as images are kept (a renderer's session); without it
  /// they are drawn as glyphs every time.
  var labels: LabelBitmaps? = nil
  /// Where overlay pictures are decoded once and pins drawn once (a renderer's session's).
  var overlayImages = OverlayImageCache()

  /// Local metres around an origin: the base map's own, or the camera's centre without one.
  struct LocalFrame {
    let origin: CLLocationCoordinate2D
    let cosLatitude: Double

    func local(_ c: CLLocationCoordinate2D) -> (x: Double, y: Double) {
      (
        (c.longitude - origin.longitude) * MapCamera.metersPerDegree * cosLatitude,
        (c.latitude - origin.latitude) * MapCamera.metersPerDegree
      )
    }
  }

  /// The local frame overlays and the base map share.
  var frame: LocalFrame {
    let origin = scene.map?.origin ?? scene.camera.center
    return LocalFrame(origin: origin, cosLatitude: cos(origin.latitude * .pi / 180))
  }

  /// The Cairo matrix from local metres (east, north) to the map view's points.
  func matrix(anchor: CGPoint) -> cairo_matrix_t {
    let camera = scene.camera
    let h = camera.heading * .pi / 180
    let s = 1 / camera.metersPerPoint
    let center = frame.local(camera.center)
    let xx = cos(h) * s
    let xy = -sin(h) * s
    let yx = -sin(h) * s
    let yy = -cos(h) * s
    return cairo_matrix_t(
      xx: xx, yx: yx, xy: xy, yy: yy, x0: Double(anchor.x) - (xx * center.x + xy * center.y),
      y0: Double(anchor.y) - (yx * center.x + yy * center.y))
  }

  /// Paints the scene into `(0, 0, size)` of the current user space; the camera's centre
  /// goes to `anchor`.
  @MainActor
  func paint(in cr: OpaquePointer, size: CGSize, anchor: CGPoint) {
    paintGeometry(in: cr, size: size, anchor: anchor)
    paintOverlays(in: cr, size: size, anchor: anchor)
  }

  /// Land and the base map's features: no text, so it may run on any thread (each thread
  /// with its own context and surface).
  func paintGeometry(in cr: OpaquePointer, size: CGSize, anchor: CGPoint) {
    if scene.paintsLand {
      CairoDrawing.setColor(cr, scene.style.land)
      cairo_rectangle(cr, 0, 0, Double(size.width), Double(size.height))
      cairo_fill(cr)
    }
    var m = matrix(anchor: anchor)
    if let map = scene.map {
      // Map geometry is flattened coarser. Not CAIRO_ANTIALIAS_FAST: its scan converter
      // (tor22) in the Cairo 1.16 that Debian ships writes past its buffers on some
      // clipped strokes (dashed footways in a 146-row band of the Helsinki extract
      // corrupted the heap; mplcairo#13 reports the same converter).
      cairo_save(cr)
      cairo_set_tolerance(cr, 0.5)
      paintBase(map, in: cr, matrix: &m, size: size)
      cairo_restore(cr)
    }
  }

  /// Street names, alternatives, the route, destinations, the vehicle and the attribution;
  /// without the first two (the underlays) when `underlays` is false (a kept raster has them).
  @MainActor
  func paintOverlays(
    in cr: OpaquePointer, size: CGSize, anchor: CGPoint, underlays: Bool = true,
    markers: Bool = true
  ) {
    if underlays { paintUnderlays(in: cr, size: size, anchor: anchor) }
    if markers { paintMarkers(in: cr, anchor: anchor) }
    paintAttribution(in: cr, size: size)
  }

  /// The route, the destinations and the vehicle: Cairo only, so any thread may draw them
  /// (each into its own context), as the parallel copy does band by band.
  func paintMarkers(in cr: OpaquePointer, anchor: CGPoint) {
    var m = matrix(anchor: anchor)
    paintDestinationBuildings(in: cr, matrix: &m)
    paintRoute(in: cr, matrix: &m)
    if let overlayLayer {
      // The kept layer holds overlays and destination pins; entrances are few and drawn fresh.
      overlayLayer.composite(in: cr)
      paintEntrances(in: cr, matrix: &m)
    } else {
      paintOverlays(in: cr, matrix: &m) { m in
        paintDestinations(in: cr, matrix: &m)
        paintEntrances(in: cr, matrix: &m)
      }
    }
    paintVehicle(in: cr, matrix: &m)
  }

  /// Street names and alternatives: what lies under the route and depends only on the
  /// map, camera, style, alternatives and the view's rectangle, so a kept raster holds it.
  @MainActor
  /// `ownsRaster`: `cr` draws into an unclipped image surface of the caller's own, into
  /// whose pixels labels may be composited directly (``RoadLabeler/ownsRaster``).
  func paintUnderlays(
    in cr: OpaquePointer, size: CGSize, anchor: CGPoint, ownsRaster: Bool = false
  ) {
    paintStreetNames(in: cr, size: size, anchor: anchor, ownsRaster: ownsRaster)
    var m = matrix(anchor: anchor)
    paintAlternatives(in: cr, matrix: &m)
  }

  /// The street names of ``paintUnderlays(in:size:anchor:ownsRaster:)``; with
  /// `placements` (and `ownsRaster`), their placements on `cr`'s surface are gathered
  /// there instead of being drawn.
  @MainActor
  func paintStreetNames(
    in cr: OpaquePointer, size: CGSize, anchor: CGPoint, ownsRaster: Bool = false,
    placements: LabelPlacements? = nil
  ) {
    guard let map = scene.map, scene.showsRoadNames else { return }
    let m = matrix(anchor: anchor)
    var labeler = RoadLabeler(
      map: map, style: scene.style, metersPerPoint: scene.camera.metersPerPoint, size: size)
    labeler.ownsRaster = ownsRaster
    labeler.placements = placements
    labeler.bitmaps = labels
    var projection = m
    labeler.obstacles = scene.labelObstacles.map { obstacle in
      let (x, y) = point(obstacle.coordinate, matrix: &projection)
      let r = obstacle.rect
      return (x + Double(r.minX), y + Double(r.minY), x + Double(r.maxX), y + Double(r.maxY))
    }
    labeler.paint(visibleFeatures(map, m, size: size), in: cr, matrix: m)
  }

  /// The visible box in local metres (with a margin for wide strokes and labels).
  func visibleBox(_ m: cairo_matrix_t, size: CGSize, within clip: CGRect? = nil) -> (
    Double, Double, Double, Double
  ) {
    var inverse = m
    cairo_matrix_invert(&inverse)
    var box = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
    let margin = 40.0
    var area = CGRect(origin: .zero, size: size)
    if let clip { area = area.intersection(clip) }
    if area.isNull || area.isEmpty { area = CGRect(origin: .zero, size: size) }
    let (x0, y0) = (Double(area.minX) - margin, Double(area.minY) - margin)
    let (x1, y1) = (Double(area.maxX) + margin, Double(area.maxY) + margin)
    for (px, py) in [(x0, y0), (x1, y0), (x0, y1), (x1, y1)] {
      var x = px
      var y = py
      cairo_matrix_transform_point(&inverse, &x, &y)
      box = (min(box.0, x), min(box.1, y), max(box.2, x), max(box.3, y))
    }
    return box
  }

  /// The indices of features whose boxes meet the visible box.
  func visibleFeatures(
    _ map: BaseMap, _ m: cairo_matrix_t, size: CGSize, within clip: CGRect? = nil,
    among candidates: [Int]? = nil
  ) -> [Int] {
    let box = visibleBox(m, size: size, within: clip)
    func meets(_ f: BaseMap.Feature) -> Bool {
      f.maxX >= box.0 && f.minX <= box.2 && f.maxY >= box.1 && f.minY <= box.3
    }
    if let candidates {
      return map.features.withUnsafeBufferPointer { features in
        candidates.filter { meets(features[$0]) }
      }
    }
    var visible: [Int] = []
    for (i, f) in map.features.enumerated() where meets(f) {
      visible.append(i)
    }
    return visible
  }

  private func paintBase(
    _ map: BaseMap, in cr: OpaquePointer, matrix m: inout cairo_matrix_t, size: CGSize
  ) {
    let mpp = scene.camera.metersPerPoint
    let style = scene.style
    // Only what meets the clip (a band of a parallel raster draws its own rows' features).
    var x1 = 0.0
    var y1 = 0.0
    var x2 = 0.0
    var y2 = 0.0
    cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
    let clip = CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    let visible = visibleFeatures(map, m, size: size, within: clip)
    // Areas, one fill per kind.
    let areaColors: [(MapFeatureKind, RGBA)] = [
      (.sea, style.water), (.water, style.water), (.park, style.park),
    ]
    for (kind, color) in areaColors {
      addFeatures(map, visible, kind: kind, closed: true, in: cr, matrix: &m)
      CairoDrawing.setColor(cr, color)
      cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
      cairo_fill(cr)
    }
    addFeatures(map, visible, kind: .waterway, closed: false, in: cr, matrix: &m)
    stroke(cr, color: style.water, width: max(1.5, 6 / mpp))
    let extruded = extrudesBuildings
    if mpp < 6, !extruded {
      // Outlines only when buildings are big on screen: stroking thousands of small
      // polygons costs more than the rest of the map.
      addFeatures(map, visible, kind: .building, closed: true, in: cr, matrix: &m)
      CairoDrawing.setColor(cr, mpp < 0.6 ? style.building : style.buildingOutline)
      if mpp < 0.6 {
        cairo_fill_preserve(cr)
        stroke(cr, color: style.buildingOutline, width: 0.75)
      } else {
        cairo_fill(cr)
      }
    }
    addFeatures(map, visible, kind: .rail, closed: false, in: cr, matrix: &m)
    stroke(cr, color: style.rail, width: max(1, 2.5 / mpp), dash: [4, 3])
    addFeatures(map, visible, kind: .path, closed: false, in: cr, matrix: &m)
    stroke(cr, color: style.path, width: max(0.75, 2 / mpp), dash: [2, 2])
    let roads: [(MapFeatureKind, RGBA, Double, Double)] = [
      (.serviceRoad, style.minorRoad, 5, 1.5), (.minorRoad, style.minorRoad, 9, 2.5),
      (.arterialRoad, style.arterialRoad, 12, 3.5), (.majorRoad, style.majorRoad, 15, 4),
    ]
    for tunnels in [true, false] {
      for (kind, color, meters, minimum) in roads {
        let width = max(minimum, meters / mpp)
        addFeatures(map, visible, kind: kind, closed: false, tunnels: tunnels, in: cr, matrix: &m)
        let path = cairo_copy_path(cr)
        stroke(
          cr, color: style.roadCasing.withAlpha(tunnels ? 0.5 : 1), width: width + 2,
          dash: tunnels ? [5, 3] : [])
        cairo_append_path(cr, path)
        cairo_path_destroy(path)
        stroke(cr, color: color.withAlpha(tunnels ? 0.6 : 1), width: width)
      }
    }
    // Raised buildings stand over the streets behind them.
    if extruded { paintExtruded(extrudedBuildings(map, visible, matrix: &m), in: cr) }
  }

  /// This painter with `kind` hidden from its base map (a tilted camera's flat tiles are
  /// drawn without buildings).
  func hiding(_ kind: MapFeatureKind) -> MapPainter {
    var scene = scene
    scene.style.hiddenKinds.insert(kind)
    var painter = MapPainter(scene: scene, overlayLayer: overlayLayer, labels: labels)
    painter.overlayImages = overlayImages
    return painter
  }

  /// Whether the camera's tilt raises the buildings: tilted, close enough for buildings
  /// (under 6 m/pt), and buildings shown. Such a map's flat geometry has no buildings; they
  /// are drawn raised over it (``paintExtruded(_:in:)``).
  var extrudesBuildings: Bool {
    scene.camera.metersPerPoint < 6 && scene.camera.tilt > 0 && scene.style.shows(.building)
  }

  /// A building raised by a tilted camera, in the user space of the matrix it was placed
  /// with: its outline's points, how far its roof rises above them (straight up the screen),
  /// and the mean of its outline's y (the farthest, highest on screen, is drawn first).
  struct ExtrudedBuilding: Sendable {
    let base: Double
    let points: [(Double, Double)]
    let rise: Double
    /// Its extent up and down the screen, roof included.
    let top: Double
    let bottom: Double
    /// Its extent across the screen (the roof is straight above the base).
    let left: Double
    let right: Double
  }

  /// The buildings among `visible` raised by the camera's tilt (screen points per metre
  /// `sin(tilt) / metersPerPoint`), placed by `m`, farthest first.
  func extrudedBuildings(_ map: BaseMap, _ visible: [Int], matrix m: inout cairo_matrix_t)
    -> [ExtrudedBuilding]
  {
    let lift = raise
    var shapes: [ExtrudedBuilding] = []
    for i in visible where map.features[i].kind == .building {
      let f = map.features[i]
      var points: [(Double, Double)] = []
      var sumY = 0.0
      var low = Double.infinity
      var high = -Double.infinity
      var left = Double.infinity
      var right = -Double.infinity
      for p in f.start..<(f.start + f.count) {
        var x = map.xs[p]
        var y = map.ys[p]
        cairo_matrix_transform_point(&m, &x, &y)
        points.append((x, y))
        sumY += y
        low = min(low, y)
        high = max(high, y)
        left = min(left, x)
        right = max(right, x)
      }
      let rise = f.height * lift
      shapes.append(
        ExtrudedBuilding(
          base: sumY / Double(max(1, f.count)), points: points, rise: rise, top: low - rise,
          bottom: high, left: left, right: right))
    }
    shapes.sort { $0.base < $1.base }
    return shapes
  }

  /// Screen points a building's roof rises per metre of its height (`sin(tilt) /
  /// metersPerPoint`, straight up the screen).
  var raise: Double { sin(scene.camera.tilt * .pi / 180) / scene.camera.metersPerPoint }

  /// Raised buildings of ``extrudedBuildings(_:_:matrix:)``, in order, into `cr` (its user
  /// space the one they were placed in): each its walls, then its roof.
  ///
  /// Only the walls facing the viewer (down the screen) are drawn: the roof rises straight
  /// up the screen, so a wall facing away is behind the building's own front walls and roof
  /// wherever it would show (as in any closed solid, a line of sight meets a front face
  /// before a back one), and a wall edge-on to the screen's vertical has no area. (Filled
  /// with them, a back wall's opposite winding cancelled the front wall it overlapped under
  /// the nonzero rule: small buildings showed holes below their roofs.)
  func paintExtruded(_ shapes: [ExtrudedBuilding], in cr: OpaquePointer) {
    let style = scene.style
    cairo_set_line_width(cr, 0.75)
    for shape in shapes {
      let pts = shape.points
      guard pts.count >= 3 else { continue }
      // The outline's orientation (twice its signed area): with it, an edge going the
      // other way along x than the orientation says faces down the screen.
      var area = 0.0
      for i in 0..<pts.count {
        let a = pts[i]
        let b = pts[(i + 1) % pts.count]
        area += a.0 * b.1 - b.0 * a.1
      }
      for i in 0..<pts.count {
        let a = pts[i]
        let b = pts[(i + 1) % pts.count]
        guard (b.0 - a.0) * area < 0 else { continue }
        cairo_move_to(cr, a.0, a.1)
        cairo_line_to(cr, b.0, b.1)
        cairo_line_to(cr, b.0, b.1 - shape.rise)
        cairo_line_to(cr, a.0, a.1 - shape.rise)
        cairo_close_path(cr)
      }
      CairoDrawing.setColor(cr, style.buildingWall)
      cairo_fill(cr)
      cairo_move_to(cr, pts[0].0, pts[0].1 - shape.rise)
      for p in pts.dropFirst() { cairo_line_to(cr, p.0, p.1 - shape.rise) }
      cairo_close_path(cr)
      CairoDrawing.setColor(cr, style.building)
      cairo_fill_preserve(cr)
      CairoDrawing.setColor(cr, style.buildingOutline)
      cairo_stroke(cr)
    }
  }

  /// Adds the visible features of one kind (and tunnel state, for roads) as subpaths in
  /// device space.
  private func addFeatures(
    _ map: BaseMap, _ visible: [Int], kind: MapFeatureKind, closed: Bool, tunnels: Bool? = nil,
    in cr: OpaquePointer, matrix m: inout cairo_matrix_t
  ) {
    cairo_new_path(cr)
    guard scene.style.shows(kind) else { return }
    cairo_save(cr)
    cairo_transform(cr, &m)
    map.xs.withUnsafeBufferPointer { xs in
      map.ys.withUnsafeBufferPointer { ys in
        for i in visible {
          let f = map.features[i]
          guard f.kind == kind, tunnels == nil || f.isTunnel == tunnels else { continue }
          cairo_move_to(cr, xs[f.start], ys[f.start])
          for p in (f.start + 1)..<(f.start + f.count) { cairo_line_to(cr, xs[p], ys[p]) }
          if closed { cairo_close_path(cr) }
        }
      }
    }
    cairo_restore(cr)
  }

  /// Strokes the current path in points with round joins.
  func stroke(_ cr: OpaquePointer, color: RGBA, width: Double, dash: [Double] = []) {
    CairoDrawing.setColor(cr, color)
    cairo_set_line_width(cr, width)
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
    cairo_set_line_cap(cr, dash.isEmpty ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
    cairo_set_dash(cr, dash, Int32(dash.count), 0)
    cairo_stroke(cr)
    cairo_set_dash(cr, nil, 0, 0)
  }
}

import Foundation
import NavigationCore

extension GMSMapView {
  /// The overlays on the map in drawing order, back to front (see ``GMSOverlay``).
  public var overlaysInDrawingOrder: [GMSOverlay] {
    if let kept = mapState.drawingOrder, kept.generation == mapState.overlayGeneration {
      return kept.overlays
    }
    let sorted = sortedOverlays()
    mapState.drawingOrder = (mapState.overlayGeneration, sorted)
    return sorted
  }

  private func sortedOverlays() -> [GMSOverlay] {
    let indexed = mapState.overlays.enumerated()
    return indexed.sorted { a, b in
      let (ga, gb) = (a.element.drawingGroup == 3 ? 1 : 0, b.element.drawingGroup == 3 ? 1 : 0)
      if ga != gb { return ga < gb }
      if a.element.zIndex != b.element.zIndex { return a.element.zIndex < b.element.zIndex }
      if a.element.drawingGroup != b.element.drawingGroup {
        return a.element.drawingGroup < b.element.drawingGroup
      }
      return a.offset < b.offset
    }.map(\.element)
  }

  /// Changes with every change of an overlay on the map (for caches).
  public var overlayGeneration: Int { mapState.overlayGeneration }

  /// Removes every overlay and tile layer (see ``clear()``).
  func removeAllOverlays() {
    selectedMarker = nil
    for overlay in mapState.overlays {
      overlay.storedMap = nil
      (overlay as? GMSMarker)?.iconView?.removeFromSuperview()
    }
    mapState.overlays.removeAll()
    for layer in mapState.tileLayers { layer.storedMap = nil }
    mapState.tileLayers.removeAll()
    mapState.overlayGeneration += 1
  }

  /// Selects `newValue` (see ``selectedMarker``): closes the open info window and opens
  /// the marker's.
  func selectMarker(_ newValue: GMSMarker?) {
    guard newValue !== mapState.selectedMarker else { return }
    if let old = mapState.selectedMarker {
      mapState.infoWindow?.removeFromSuperview()
      mapState.infoWindow = nil
      mapState.selectedMarker = nil
      mapState.delegate?.mapView(self, didCloseInfoWindowOf: old)
    }
    guard let marker = newValue, marker.storedMap === self else { return }
    mapState.selectedMarker = marker
    showInfoWindow(for: marker)
  }

  /// The info window on screen, if any (a subview of the map view).
  public var infoWindowView: UIView? { mapState.infoWindow }

  /// The kind of base map.
  public var mapType: GMSMapViewType {
    get { mapState.mapType }
    set {
      mapState.mapType = newValue
      mapState.overlayGeneration += 1
    }
  }

  /// Whether congestion along the route is drawn over the roads.
  public var isTrafficEnabled: Bool {
    get { mapState.isTrafficEnabled }
    set { mapState.isTrafficEnabled = newValue }
  }

  func addOverlay(_ overlay: GMSOverlay) {
    mapState.overlays.append(overlay)
    mapState.overlayGeneration += 1
    if let marker = overlay as? GMSMarker { layoutIconView(of: marker) }
    if mapCapabilities.contains(.advancedMarkers) { layoutInfoWindow() }
  }

  func removeOverlay(_ overlay: GMSOverlay) {
    mapState.overlays.removeAll { $0 === overlay }
    mapState.overlayGeneration += 1
    if let marker = overlay as? GMSMarker {
      marker.iconView?.removeFromSuperview()
      if mapState.selectedMarker === marker { selectedMarker = nil }
    }
    if mapCapabilities.contains(.advancedMarkers) { layoutInfoWindow() }
  }

  func overlayChanged(_ overlay: GMSOverlay) {
    mapState.overlayGeneration += 1
    if let marker = overlay as? GMSMarker {
      layoutIconView(of: marker)
      if marker === mapState.selectedMarker || mapCapabilities.contains(.advancedMarkers) {
        layoutInfoWindow()
      }
    }
  }

  // MARK: - Markers on screen

  /// The rectangle a marker's picture covers, in map-view points (before its rotation).
  public func frame(of marker: GMSMarker) -> CGRect {
    frame(of: marker, projection: projection)
  }

  func frame(of marker: GMSMarker, projection: GMSProjection) -> CGRect {
    frame(of: marker, at: marker.position, projection: projection)
  }

  /// The rectangle of a marker's picture were it at `position`.
  func frame(of marker: GMSMarker, at position: CLLocationCoordinate2D, projection: GMSProjection)
    -> CGRect
  {
    let point = projection.flat.point(for: position)
    let size = marker.iconSize
    return CGRect(
      x: point.x - marker.groundAnchor.x * size.width,
      y: point.y - marker.groundAnchor.y * size.height, width: size.width, height: size.height)
  }

  func layoutIconView(of marker: GMSMarker) {
    guard let view = marker.iconView, marker.storedMap === self else { return }
    if view.superview !== self { addSubview(view) }
    // Where the marker is drawn now: its Core Animation values, followed frame by frame.
    let now = clock.now
    let shown = marker.presented(at: now)
    view.frame = frame(of: marker, at: shown.position, projection: projection)
    view.alpha = CGFloat(shown.opacity)
    if marker.isAnimating(at: now) { followIconViewAnimations() }
    // On a map with advanced markers, collision behaviour decides whether it shows.
    if mapCapabilities.contains(.advancedMarkers) { view.isHidden = isHiddenByCollision(marker) }
  }

  /// Places the icon views of markers whose layers animate on each frame of the clock
  /// (60 a second, at whole frames from now) until their animations end.
  func followIconViewAnimations() {
    guard mapState.iconViewFrameTimer == nil else { return }
    scheduleIconViewFrame(origin: clock.now, index: 1)
  }

  private func scheduleIconViewFrame(origin: TimeInterval, index: Int) {
    let clock = self.clock
    let time = origin + Double(index) / Self.cameraAnimationFrameRate
    mapState.iconViewFrameTimer = clock.schedule(at: time, repeatInterval: nil) {
      [weak self] _ in
      guard let self else { return }
      let markers = self.mapState.overlays.compactMap { $0 as? GMSMarker }.filter {
        $0.iconView != nil && $0.hasLayerAnimations
      }
      // The ones that just ended are placed once more, at their model values.
      // (The timer stays set meanwhile, so placing them does not start another chain.)
      for marker in markers { self.layoutIconView(of: marker) }
      if markers.contains(where: { $0.isAnimating(at: clock.now) }) {
        self.scheduleIconViewFrame(origin: origin, index: index + 1)
      } else {
        self.mapState.iconViewFrameTimer = nil
      }
    }
  }

  /// Places the info window and the markers' icon views for the current camera.
  func layoutInfoWindow() {
    // The projection is built only when a view needs placing (the camera moves every fix
    // while following).
    let placesWindow = mapState.selectedMarker != nil && mapState.infoWindow != nil
    guard placesWindow || mapState.overlays.contains(where: { ($0 as? GMSMarker)?.iconView != nil })
    else { return }
    let projection = self.projection
    let collisions = mapCapabilities.contains(.advancedMarkers)
    let hidden = collisions ? markersHiddenByCollision() : []
    let now = clock.now
    for case let marker as GMSMarker in mapState.overlays where marker.iconView != nil {
      marker.iconView?.frame = frame(
        of: marker, at: marker.presented(at: now).position, projection: projection)
      if collisions { marker.iconView?.isHidden = hidden.contains(ObjectIdentifier(marker)) }
    }
    guard let marker = mapState.selectedMarker, let window = mapState.infoWindow else { return }
    let rect = frame(of: marker, projection: projection)
    let tip = CGPoint(
      x: rect.minX + marker.infoWindowAnchor.x * rect.width,
      y: rect.minY + marker.infoWindowAnchor.y * rect.height)
    let size = window.bounds.size
    window.frame = CGRect(
      x: tip.x - size.width / 2, y: tip.y - size.height, width: size.width, height: size.height)
  }

  private func showInfoWindow(for marker: GMSMarker) {
    let custom = mapState.delegate?.mapView(self, markerInfoWindow: marker)
    var view: UIView
    if let custom {
      view = custom
    } else if let contents = mapState.delegate?.mapView(self, markerInfoContents: marker) {
      view = InfoWindowView(contents: contents)
    } else if marker.title != nil || marker.snippet != nil {
      view = InfoWindowView(title: marker.title, snippet: marker.snippet)
    } else {
      return
    }
    view.accessibilityIdentifier = view.accessibilityIdentifier ?? "infoWindow"
    addSubview(view)
    mapState.infoWindow = view
    layoutInfoWindow()
  }

  // MARK: - Hit testing

  /// The front-most overlay under `point` (map-view points): a marker's picture, the
  /// selected marker's info window counts as its marker; then tappable polylines (within
  /// half their width and 4 points), polygons, circles and ground overlays.
  public func overlay(at point: CGPoint) -> GMSOverlay? {
    let projection = self.projection
    let ordered = overlaysInDrawingOrder
    for overlay in ordered.reversed() {
      switch overlay {
      case let marker as GMSMarker:
        if marker.isTappable, marker.opacity > 0,
          frame(of: marker, projection: projection).contains(point),
          !markersHiddenByCollision().contains(ObjectIdentifier(marker))
        {
          return marker
        }
      case let line as GMSPolyline:
        guard line.isTappable, let path = line.path else { continue }
        let points = path.coordinates.map(projection.point(for:))
        let reach = Double(line.strokeWidth) / 2 + 4
        if Self.distance(from: point, toLine: points) <= reach { return line }
      case let polygon as GMSPolygon:
        guard polygon.isTappable, let path = polygon.path else { continue }
        let rings = [path.coordinates] + (polygon.holes ?? []).map(\.coordinates)
        if Self.contains(point, rings: rings.map { $0.map(projection.point(for:)) }) {
          return polygon
        }
      case let circle as GMSCircle:
        guard circle.isTappable else { continue }
        let center = projection.point(for: circle.position)
        let radius = projection.points(forMeters: circle.radius, at: circle.position)
        if hypot(point.x - center.x, point.y - center.y) <= radius { return circle }
      case let ground as GMSGroundOverlay:
        guard ground.isTappable, let box = ground.placedBounds else { continue }
        let corners = [
          box.southWest,
          CLLocationCoordinate2D(
            latitude: box.southWest.latitude, longitude: box.northEast.longitude),
          box.northEast,
          CLLocationCoordinate2D(
            latitude: box.northEast.latitude, longitude: box.southWest.longitude),
        ].map(projection.point(for:))
        if Self.contains(point, rings: [corners]) { return ground }
      default:
        continue
      }
    }
    return nil
  }

  /// The shortest distance from `p` to a polyline, in points.
  static func distance(from p: CGPoint, toLine points: [CGPoint]) -> Double {
    guard let first = points.first else { return .infinity }
    var best = Double(hypot(p.x - first.x, p.y - first.y))
    for i in points.indices.dropFirst() {
      let a = points[i - 1]
      let b = points[i]
      let dx = Double(b.x - a.x)
      let dy = Double(b.y - a.y)
      let length2 = dx * dx + dy * dy
      var t = length2 > 0 ? (Double(p.x - a.x) * dx + Double(p.y - a.y) * dy) / length2 : 0
      t = min(1, max(0, t))
      best = min(
        best, hypot(Double(p.x) - Double(a.x) - t * dx, Double(p.y) - Double(a.y) - t * dy))
    }
    return best
  }

  /// Even-odd containment in rings (an outline and its holes).
  static func contains(_ p: CGPoint, rings: [[CGPoint]]) -> Bool {
    var inside = false
    for ring in rings where ring.count >= 3 {
      var j = ring.count - 1
      for i in ring.indices {
        let a = ring[i]
        let b = ring[j]
        if (a.y > p.y) != (b.y > p.y),
          p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x
        {
          inside.toggle()
        }
        j = i
      }
    }
    return inside
  }
}

/// The default info window: a white rounded box with the title and the snippet.
@MainActor
final class InfoWindowView: UIView {
  init(title: String?, snippet: String?) {
    super.init(frame: .zero)
    var labels: [UILabel] = []
    for (text, bold) in [(title, true), (snippet, false)] {
      guard let text, !text.isEmpty else { continue }
      let label = UILabel()
      label.text = text
      label.font = bold ? .boldSystemFont(ofSize: 14) : .systemFont(ofSize: 12)
      label.textColor = bold ? .black : .darkGray
      label.numberOfLines = 2
      labels.append(label)
    }
    var y: CGFloat = 8
    var width: CGFloat = 40
    for label in labels {
      let size = label.sizeThatFits(CGSize(width: 240, height: 200))
      label.frame = CGRect(x: 10, y: y, width: min(240, size.width), height: size.height)
      y += size.height + 2
      width = max(width, min(240, size.width) + 20)
      addSubview(label)
    }
    configure(size: CGSize(width: width, height: y + 6))
  }

  init(contents: UIView) {
    super.init(frame: .zero)
    let size = contents.bounds.size
    contents.frame = CGRect(x: 8, y: 8, width: size.width, height: size.height)
    addSubview(contents)
    configure(size: CGSize(width: size.width + 16, height: size.height + 16))
  }

  private func configure(size: CGSize) {
    frame = CGRect(origin: .zero, size: size)
    backgroundColor = .white
    layer.cornerRadius = 8
    layer.borderWidth = 0.5
    layer.borderColor = UIColor.lightGray.cgColor
  }
}

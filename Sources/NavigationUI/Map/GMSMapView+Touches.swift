import Foundation
import NavigationCore

/// The touches in progress on a map view and what they have become.
struct MapTouchTracker {
  enum Mode {
    /// No finger down.
    case idle
    /// One finger down, not moved far: a tap or a long press so far.
    case pending
    /// One finger panning the map.
    case panning
    /// A long press that became nothing more (the delegate heard of it).
    case longPressed
    /// A marker dragged by a long press.
    case dragging(GMSMarker, offset: CGPoint)
    /// Two fingers: pinch, rotate, tilt, or a two-finger tap.
    case twoFingers(moved: Bool, tilting: Bool?)
    /// Fingers left after a gesture ended.
    case finished
  }

  var mode = Mode.idle
  /// Fingers down, by identity, in map-view points.
  var points: [ObjectIdentifier: CGPoint] = [:]
  var start = CGPoint.zero
  var startTime: TimeInterval = 0
  var longPressTimer: ClockTimer?
  var pendingTap: ClockTimer?
}

extension GMSMapView: UITouchResponding {
  /// Points a finger may move and still tap.
  static let tapSlop: CGFloat = 10
  /// Seconds a finger must rest for a long press.
  static let longPressDuration: TimeInterval = 0.5
  /// Seconds a second tap may follow the first for a double tap.
  static let doubleTapInterval: TimeInterval = 0.3
  /// Points from the my-location dot's centre a tap reaches it.
  static let myLocationTapRadius: CGFloat = 12

  /// Fingers went down on the map.
  public func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
    defer { forwardIfNotConsumed { $0.touchesBegan(touches, with: event) } }
    let touches = touches.filter(isOnMap)
    guard !touches.isEmpty else { return }
    var tracker = mapState.touches
    for touch in touches { tracker.points[ObjectIdentifier(touch)] = touch.location(in: self) }
    let time = event?.timestamp ?? clock.now
    switch tracker.points.count {
    case 1:
      tracker.mode = .pending
      tracker.start = tracker.points.values.first ?? .zero
      tracker.startTime = time
      let clock = self.clock
      tracker.longPressTimer = clock.schedule(
        at: time + Self.longPressDuration, repeatInterval: nil
      ) { [weak self] _ in self?.longPressFired() }
    case 2:
      tracker.longPressTimer?.invalidate()
      if case .dragging = tracker.mode {
      } else {
        tracker.mode = .twoFingers(moved: false, tilting: nil)
        cancelCameraAnimation()
      }
    default:
      break
    }
    mapState.touches = tracker
  }

  /// Fingers moved on the map.
  public func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
    defer { forwardIfNotConsumed { $0.touchesMoved(touches, with: event) } }
    var tracker = mapState.touches
    let before = tracker.points
    for touch in touches where before[ObjectIdentifier(touch)] != nil {
      tracker.points[ObjectIdentifier(touch)] = touch.location(in: self)
    }
    mapState.touches = tracker
    switch tracker.mode {
    case .pending:
      guard let point = tracker.points.values.first,
        hypot(point.x - tracker.start.x, point.y - tracker.start.y) > Self.tapSlop
      else { return }
      tracker.longPressTimer?.invalidate()
      guard settings.scrollGestures else {
        mapState.touches.mode = .finished
        return
      }
      mapState.touches.mode = .panning
      cancelCameraAnimation()
      stopFollowing()
      mapState.delegate?.mapView(self, willMove: true)
      pan(from: tracker.start, to: point)
    case .panning:
      guard let id = before.keys.first, let old = before[id], let new = tracker.points[id] else {
        return
      }
      pan(from: old, to: new)
    case .dragging(let marker, let offset):
      guard let point = tracker.points.values.first else { return }
      marker.position = projection.coordinate(
        for: CGPoint(x: point.x + offset.x, y: point.y + offset.y))
      mapState.delegate?.mapView(self, didDrag: marker)
    case .twoFingers(let moved, let tilting):
      guard tracker.points.count == 2 else { return }
      twoFingerMove(from: before, to: tracker.points, moved: moved, tilting: tilting)
    case .idle, .longPressed, .finished:
      break
    }
  }

  /// Fingers lifted from the map.
  public func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
    defer { forwardIfNotConsumed { $0.touchesEnded(touches, with: event) } }
    for touch in touches where !isOnMap(touch) { tapControl(under: touch) }
    finishTouches(touches.filter(isOnMap), time: event?.timestamp ?? clock.now, cancelled: false)
  }

  /// The touches were cancelled.
  public func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
    defer { forwardIfNotConsumed { $0.touchesCancelled(touches, with: event) } }
    finishTouches(touches, time: event?.timestamp ?? clock.now, cancelled: true)
  }

  /// Whether a touch went down on the map itself, its info window or a marker's icon view
  /// (not on a control or card of the navigation UI).
  private func isOnMap(_ touch: UITouch) -> Bool {
    guard let view = touch.view else { return false }
    if view === self { return true }
    if let window = mapState.infoWindow, view.isDescendant(of: window) { return true }
    return mapState.overlays.contains { overlay in
      guard let iconView = (overlay as? GMSMarker)?.iconView else { return false }
      return view.isDescendant(of: iconView)
    }
  }

  /// A finger lifted from a view of the navigation UI: the button under it is tapped when
  /// the finger is still on it.
  private func tapControl(under touch: UITouch) {
    var view = touch.view
    while let current = view, current !== self {
      if current.bounds.contains(touch.location(in: current)) {
        if current is LogoView || current is NavigationButtonView {
          simulateTap(current)
          return
        }
        if let control = current as? UIControl {
          control.simulateTap()
          return
        }
      }
      view = current.superview
    }
  }

  /// Passes touches on to the next handler up when ``GMSUISettings/consumesGesturesInView``
  /// is off.
  private func forwardIfNotConsumed(_ forward: (any UITouchResponding) -> Void) {
    guard !settings.consumesGesturesInView, let next = superview?.touchResponder else { return }
    forward(next)
  }

  private func finishTouches(_ touches: Set<UITouch>, time: TimeInterval, cancelled: Bool) {
    var tracker = mapState.touches
    let last = touches.first.map { $0.location(in: self) } ?? tracker.start
    for touch in touches { tracker.points[ObjectIdentifier(touch)] = nil }
    let mode = tracker.mode
    if !tracker.points.isEmpty {
      // A finger left: the gesture is over, the rest only has to lift.
      if case .twoFingers(let moved, _) = mode, !moved, !cancelled {
        tracker.mode = .finished
        mapState.touches = tracker
        // A two-finger tap zooms out.
        if settings.zoomGestures { animate(with: .zoomOut()) }
        return
      }
      if case .dragging = mode {
      } else if case .twoFingers = mode {
        tracker.mode = .finished
        mapState.touches = tracker
        mapState.delegate?.mapView(self, idleAt: cameraStorage)
        return
      }
      mapState.touches = tracker
      return
    }
    tracker.longPressTimer?.invalidate()
    tracker.longPressTimer = nil
    tracker.mode = .idle
    mapState.touches = tracker
    guard !cancelled else { return }
    switch mode {
    case .pending:
      guard time - tracker.startTime < Self.longPressDuration else { return }
      tap(at: last, time: time)
    case .panning:
      mapState.delegate?.mapView(self, idleAt: cameraStorage)
    case .dragging(let marker, _):
      mapState.delegate?.mapView(self, didEndDragging: marker)
    default:
      break
    }
  }

  private func longPressFired() {
    guard case .pending = mapState.touches.mode, let point = mapState.touches.points.values.first
    else { return }
    if let marker = overlay(at: point) as? GMSMarker, marker.isDraggable {
      let anchor = projection.point(for: marker.position)
      mapState.touches.mode = .dragging(
        marker, offset: CGPoint(x: anchor.x - point.x, y: anchor.y - point.y))
      mapState.delegate?.mapView(self, didBeginDragging: marker)
      return
    }
    mapState.touches.mode = .longPressed
    if let window = mapState.infoWindow, let marker = mapState.selectedMarker,
      window.frame.contains(point)
    {
      mapState.delegate?.mapView(self, didLongPressInfoWindowOf: marker)
      return
    }
    mapState.delegate?.mapView(self, didLongPressAt: projection.coordinate(for: point))
  }

  /// A finger moved from `old` to `new`: the map moves with it.
  func pan(from old: CGPoint, to new: CGPoint) {
    let anchor = cameraAnchor
    let target = MapGeometry.coordinate(
      for: CGPoint(x: anchor.x - (new.x - old.x), y: anchor.y - (new.y - old.y)),
      camera: cameraStorage,
      anchor: anchor)
    setCameraStorage(constrained(cameraStorage.with(target: target)), gesture: true)
  }

  /// Two fingers moved: vertical together is a tilt; otherwise pinch and twist (zoom and
  /// rotate) about the fingers' centre, which the map follows, or, without
  /// ``GMSUISettings/allowScrollGesturesDuringRotateOrZoom`` (or scrolling), about the
  /// camera's target, which stays put.
  private func twoFingerMove(
    from old: [ObjectIdentifier: CGPoint], to new: [ObjectIdentifier: CGPoint], moved: Bool,
    tilting: Bool?
  ) {
    let keys = Array(new.keys).sorted { $0.hashValue < $1.hashValue }
    guard keys.count == 2, let a0 = old[keys[0]], let b0 = old[keys[1]], let a1 = new[keys[0]],
      let b1 = new[keys[1]]
    else { return }
    if !moved {
      mapState.touches.mode = .twoFingers(moved: true, tilting: nil)
      mapState.delegate?.mapView(self, willMove: true)
    }
    let dyA = a1.y - a0.y
    let dyB = b1.y - b0.y
    let sideBySide = abs(a0.y - b0.y) < abs(a0.x - b0.x)
    let isTilt =
      tilting
      ?? (sideBySide && dyA * dyB > 0 && abs(dyA) > 2 * abs(a1.x - a0.x)
        && abs(dyB) > 2 * abs(b1.x - b0.x))
    mapState.touches.mode = .twoFingers(moved: true, tilting: tilting ?? (isTilt ? true : nil))
    if isTilt {
      guard settings.tiltGestures else { return }
      let delta = Double(dyA + dyB) / 2
      setCameraStorage(
        constrained(cameraStorage.with(viewingAngle: cameraStorage.viewingAngle - delta / 3)),
        gesture: true)
      return
    }
    let c0 = CGPoint(x: (a0.x + b0.x) / 2, y: (a0.y + b0.y) / 2)
    let c1 = CGPoint(x: (a1.x + b1.x) / 2, y: (a1.y + b1.y) / 2)
    let d0 = hypot(b0.x - a0.x, b0.y - a0.y)
    let d1 = hypot(b1.x - a1.x, b1.y - a1.y)
    var camera = cameraStorage
    let pinned = MapGeometry.coordinate(for: c0, camera: camera, anchor: cameraAnchor)
    if settings.zoomGestures, d0 > 1, d1 > 1 {
      camera = camera.with(zoom: camera.zoom + Float(log2(Double(d1 / d0))))
    }
    if settings.rotateGestures {
      let turn =
        atan2(Double(b1.y - a1.y), Double(b1.x - a1.x))
        - atan2(Double(b0.y - a0.y), Double(b0.x - a0.x))
      camera = camera.with(bearing: camera.bearing - turn * 180 / .pi)
    }
    camera = constrained(camera)
    guard settings.allowScrollGesturesDuringRotateOrZoom && settings.scrollGestures else {
      // Zoom and rotation about the camera's target, which stays put.
      setCameraStorage(camera, gesture: true)
      return
    }
    // Keep the coordinate under the fingers' old centre under their new centre.
    camera = MapGeometry.camera(camera, keeping: pinned, at: c1, anchor: cameraAnchor)
    setCameraStorage(constrained(camera), gesture: true)
  }

  /// A tap: the info window, a marker, a tappable overlay, the my-location dot, a named
  /// place, or the map. A second tap soon after at the same place zooms in one level about
  /// it instead.
  private func tap(at point: CGPoint, time: TimeInterval) {
    if let pending = mapState.touches.pendingTap {
      pending.invalidate()
      mapState.touches.pendingTap = nil
      if settings.zoomGestures {
        animate(with: .zoom(by: 1, at: point))
        return
      }
    }
    if let window = mapState.infoWindow, let marker = mapState.selectedMarker,
      window.frame.contains(point)
    {
      mapState.delegate?.mapView(self, didTapInfoWindowOf: marker)
      return
    }
    let hit = overlay(at: point)
    if let marker = hit as? GMSMarker {
      let handled = mapState.delegate?.mapView(self, didTap: marker) ?? false
      if !handled {
        selectedMarker = marker
        animate(toLocation: marker.position)
      }
      return
    }
    let deliver: @MainActor (GMSMapView) -> Void = { map in
      map.mapState.touches.pendingTap = nil
      if let overlay = hit {
        map.mapState.delegate?.mapView(map, didTap: overlay)
        return
      }
      map.selectedMarker = nil
      if !map.isNavigationEnabled, let fix = map.myLocation {
        let dot = map.projection.point(for: fix.coordinate)
        if hypot(dot.x - point.x, dot.y - point.y) <= Self.myLocationTapRadius {
          map.mapState.delegate?.mapView(map, didTapMyLocation: fix.coordinate)
          return
        }
      }
      let coordinate = map.projection.coordinate(for: point)
      if let place = map.pointOfInterest(near: coordinate, within: 22 * map.metersPerPoint) {
        map.mapState.delegate?.mapView(
          map, didTapPOIWithPlaceID: place.placeID, name: place.name, location: place.location)
        return
      }
      map.mapState.delegate?.mapView(map, didTapAt: coordinate)
    }
    guard settings.zoomGestures else {
      deliver(self)
      return
    }
    // Wait to see whether a second tap makes this a double tap (as iOS's recogniser does).
    mapState.touches.pendingTap = clock.schedule(
      at: time + Self.doubleTapInterval, repeatInterval: nil
    ) { [weak self] _ in
      guard let self else { return }
      deliver(self)
    }
  }
}

extension GMSMapView {
  /// Finds the named place of the base map near a tapped coordinate (within the given
  /// metres), for ``GMSMapViewDelegate/mapView(_:didTapPOIWithPlaceID:name:location:)``;
  /// `nil` (the default) takes the nearest of ``GMSPlaceIndex/pointsOfInterest`` in
  /// ``GMSPlaceResolver/index`` (the OpenStreetMap data's named amenities, shops and
  /// tourist places) while the map is drawn and its style shows points of interest.
  public var pointOfInterestProvider:
    (@MainActor (CLLocationCoordinate2D, CLLocationDistance) -> GMSPointOfInterest?)?
  {
    get { mapState.pointOfInterestProvider }
    set { mapState.pointOfInterestProvider = newValue }
  }

  /// The named place a tap at `coordinate` hits (see ``pointOfInterestProvider``).
  func pointOfInterest(near coordinate: CLLocationCoordinate2D, within radius: CLLocationDistance)
    -> GMSPointOfInterest?
  {
    if let provider = pointOfInterestProvider { return provider(coordinate, radius) }
    guard mapType != .none, showsPointsOfInterest else { return nil }
    return GMSPlaceResolver.index?.pointOfInterest(near: coordinate, within: radius)
  }

  /// Whether the style leaves points of interest visible: the last rule for `all`, `poi` or
  /// a `poi.` type other than parks with a visibility styler decides (on when none does).
  var showsPointsOfInterest: Bool {
    var shown = true
    for rule in mapStyle?.rules ?? [] {
      let type = rule.featureType
      guard type == "all" || type == "poi" || (type.hasPrefix("poi.") && type != "poi.park"),
        ["all", "labels", "labels.icon"].contains(rule.elementType)
      else { continue }
      for case .visibility(let value) in rule.stylers { shown = value != "off" }
    }
    return shown
  }
}

/// A named place of the base map, for ``GMSMapView/pointOfInterestProvider``.
public struct GMSPointOfInterest: Sendable, Hashable {
  /// A stable identifier (the OSM element's).
  public var placeID: String
  /// Its name.
  public var name: String
  /// Where it is.
  public var location: CLLocationCoordinate2D

  /// A place.
  public init(placeID: String, name: String, location: CLLocationCoordinate2D) {
    self.placeID = placeID
    self.name = name
    self.location = location
  }

  /// Same fields.
  public static func == (a: GMSPointOfInterest, b: GMSPointOfInterest) -> Bool {
    a.placeID == b.placeID && a.name == b.name && a.location.latitude == b.location.latitude
      && a.location.longitude == b.location.longitude
  }

  /// Hashes the identifier.
  public func hash(into hasher: inout Hasher) { hasher.combine(placeID) }
}

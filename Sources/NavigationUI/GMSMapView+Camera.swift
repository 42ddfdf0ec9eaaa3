import Foundation

/// A gesture on the map, for ``GMSMapView/simulateGesture(_:)``.
public enum GMSMapGesture: Sendable, Hashable {
  /// Pan by a distance in points.
  case scroll(dx: CGFloat, dy: CGFloat)
  /// Zoom by a number of levels (negative zooms out).
  case zoom(by: Float)
  /// Tilt by degrees.
  case tilt(by: Double)
  /// Rotate by degrees.
  case rotate(by: Double)
}

extension GMSMapView {
  /// The part of the map the camera frames, in map-view coordinates: the viewport's frame
  /// when a delegate placed it, else the bounds inside ``adjustedPadding`` (the safe area and
  /// ``padding``).
  public var cameraFrame: CGRect {
    if layoutDelegate != nil, let viewport = components?.viewport, viewport.isDescendant(of: self) {
      return viewport.convert(viewport.bounds, to: self)
    }
    if let viewport = components?.viewport, viewport.isDescendant(of: self) {
      return viewport.convert(viewport.bounds, to: self)
    }
    return bounds.inset(by: adjustedPadding)
  }

  /// Where the vehicle chevron is drawn, in map-view coordinates: centred horizontally in
  /// the viewport, two thirds down it while following; `nil` when not following.
  public var vehicleScreenPoint: CGPoint? {
    guard cameraMode == .following, navigator?.lastLocation != nil else { return nil }
    let frame = cameraFrame
    return CGPoint(x: frame.midX, y: frame.minY + frame.height * 2 / 3)
  }

  /// Meters per point at the camera's zoom and latitude.
  public var metersPerPoint: Double {
    156_543.033_92 * cos(camera.target.latitude * .pi / 180) / pow(2, Double(camera.zoom))
  }

  func cameraModeChanged() {
    updateRecenterButton()
    updateCamera()
    updateCompass(animated: true)
  }

  /// Moves the camera for the mode: onto the vehicle, or around the remaining route.
  func updateCamera() {
    guard let navigator else { return }
    switch cameraMode {
    case .free:
      return
    case .following:
      guard let fix = navigator.lastLocation else { return }
      var bearing = cameraStorage.bearing
      if followingPerspective != .topDownNorthUp, fix.course >= 0 { bearing = fix.course }
      if followingPerspective == .topDownNorthUp { bearing = 0 }
      setCameraStorage(
        GMSCameraPosition(
          target: fix.coordinate, zoom: followingZoomLevel >= 0 ? followingZoomLevel : 17,
          bearing: bearing,
          viewingAngle: followingPerspective == .tilted ? 45 : 0), gesture: false)
    case .overview:
      fitRemainingRoute(navigator)
    }
  }

  private func fitRemainingRoute(_ navigator: GMSNavigator) {
    guard let route = navigator.currentRoute else { return }
    var points = route.geometry
    if let here = navigator.routeProgress?.fractionTraveled, here > 0, points.count > 2 {
      points = Array(points.dropFirst(Int(Double(points.count - 1) * here)))
    }
    guard let first = points.first else { return }
    var minLat = first.latitude
    var maxLat = first.latitude
    var minLon = first.longitude
    var maxLon = first.longitude
    for p in points {
      minLat = min(minLat, p.latitude)
      maxLat = max(maxLat, p.latitude)
      minLon = min(minLon, p.longitude)
      maxLon = max(maxLon, p.longitude)
    }
    let center = CLLocationCoordinate2D(
      latitude: (minLat + maxLat) / 2, longitude: (minLon + maxLon) / 2)
    let height = Geodesy.distance(
      CLLocationCoordinate2D(latitude: minLat, longitude: center.longitude),
      CLLocationCoordinate2D(latitude: maxLat, longitude: center.longitude))
    let width = Geodesy.distance(
      CLLocationCoordinate2D(latitude: center.latitude, longitude: minLon),
      CLLocationCoordinate2D(latitude: center.latitude, longitude: maxLon))
    let frame = cameraFrame
    let needed = max(width / max(1, Double(frame.width)), height / max(1, Double(frame.height)))
    let base = 156_543.033_92 * cos(center.latitude * .pi / 180)
    let zoom = needed > 0 ? log2(base / needed) : 18
    setCameraStorage(
      GMSCameraPosition(
        target: center, zoom: Float(min(20, max(2, zoom))), bearing: 0, viewingAngle: 0),
      gesture: false)
  }

  /// Whether the remaining route fits inside ``cameraFrame`` at the current camera.
  public func cameraFrameContainsRemainingRoute() -> Bool {
    guard let route = navigator?.currentRoute else { return false }
    let frame = cameraFrame
    let mpp = metersPerPoint
    for p in route.geometry {
      let dy =
        Geodesy.distance(
          CLLocationCoordinate2D(latitude: p.latitude, longitude: camera.target.longitude),
          camera.target) / mpp
      let dx =
        Geodesy.distance(
          CLLocationCoordinate2D(latitude: camera.target.latitude, longitude: p.longitude),
          camera.target) / mpp
      if dx > Double(frame.width) / 2 + 1 || dy > Double(frame.height) / 2 + 1 { return false }
    }
    return true
  }

  /// Performs a user gesture; returns false when the gesture is disabled in ``settings``.
  /// Scrolling stops the camera following (the logo becomes the recenter button).
  @discardableResult
  public func simulateGesture(_ gesture: GMSMapGesture) -> Bool {
    switch gesture {
    case .scroll(let dx, let dy):
      guard settings.scrollGestures else { return false }
      let mpp = metersPerPoint
      let target = Geodesy.destination(
        from: camera.target, distance: Double(hypot(dx, dy)) * mpp,
        bearing: atan2(Double(-dx), Double(dy)) * 180 / .pi + camera.bearing)
      moveCameraNow(to: camera.with(target: target), gesture: true)
    case .zoom(let levels):
      guard settings.zoomGestures else { return false }
      moveCameraNow(
        to: camera.with(zoom: camera.zoom + levels), gesture: true, stopsFollowing: false)
    case .tilt(let degrees):
      guard settings.tiltGestures else { return false }
      moveCameraNow(
        to: camera.with(viewingAngle: camera.viewingAngle + degrees), gesture: true,
        stopsFollowing: false)
    case .rotate(let degrees):
      guard settings.rotateGestures else { return false }
      moveCameraNow(
        to: camera.with(bearing: camera.bearing + degrees), gesture: true, stopsFollowing: false)
    }
    return true
  }

  /// Taps a Google-provided view (logo/recenter, compass, report button) as a user would.
  public func simulateTap(_ view: UIView) {
    if let logo = view as? LogoView { logo.tap() }
    if let button = view as? NavigationButtonView { button.tap() }
  }

  /// Whether the logo currently shows the recenter button.
  public var isShowingRecenterButton: Bool { components?.logo.isRecenter ?? false }

  func recenter() {
    cameraMode = .following
    navigationUIDelegate?.mapViewDidTapRecenterButton(self)
  }
}

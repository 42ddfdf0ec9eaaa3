import Foundation
import NavigationCore

/// What a map view keeps for the map itself: limits, delegate, overlays, style, the camera's
/// animation and the touches in progress.
@MainActor
final class MapState {
  var minZoom = kGMSMinZoomLevel
  var maxZoom = kGMSMaxZoomLevel
  var cameraTargetBounds: GMSCoordinateBounds?
  weak var delegate: (any GMSMapViewDelegate)?
  /// Overlays on the map, in the order they were added.
  var overlays: [GMSOverlay] = []
  /// Tile layers on the map, in the order they were added.
  var tileLayers: [GMSTileLayer] = []
  var preferredFrameRate = GMSFrameRate.maximum
  var selectedMarker: GMSMarker?
  var infoWindow: UIView?
  var mapType = GMSMapViewType.normal
  var mapStyle: GMSMapStyle?
  var isTrafficEnabled = false
  var userInterfaceStyle = UIUserInterfaceStyle.unspecified
  var touches = MapTouchTracker()
  var pointOfInterestProvider:
    (@MainActor (CLLocationCoordinate2D, CLLocationDistance) -> GMSPointOfInterest?)?
  var animation: CameraAnimation?
  /// Changes with every overlay change (renderers and hit tests key on it).
  var overlayGeneration = 0
  /// The drawing order kept for an overlay generation.
  var drawingOrder: (generation: Int, overlays: [GMSOverlay])?
  /// The base map's look in the last drawn frame (see ``GMSMapView/mapWasDrawn()``).
  var drawnTiles: MapDrawnLook.Tiles?
  /// What the last `mapViewSnapshotReady` was for.
  var snapshotLook: MapDrawnLook?
  /// The translation of the CarPlay pan gesture in progress (`nil` when none).
  var carPlayPanTranslation: CGPoint?
  /// The markers collision behaviour hides, kept for a camera and overlay generation.
  var collisions: MarkerCollisionResult?
  /// The frames that move markers' icon views while their layers animate.
  var iconViewFrameTimer: ClockTimer?
  /// The capabilities the delegate last heard of (none before the first frame).
  var reportedCapabilities: GMSMapCapabilityFlags = []
}

/// A camera animation in progress on the window's clock: from one camera to another
/// (``GMSMapView/animate(to:)`` and friends), or following the animations on the map's layer
/// (``GMSMapLayer``).
@MainActor
final class CameraAnimation {
  let from: GMSCameraPosition
  let to: GMSCameraPosition
  let start: TimeInterval
  let duration: TimeInterval
  /// The pacing set by the enclosing ``CATransaction``; `nil` eases in and out.
  var timingFunction: CAMediaTimingFunction?
  /// Whether the camera follows the map layer's animations instead of `from` → `to`.
  var isLayerDriven = false
  /// The enclosing transactions' wait for this animation.
  var token: TransactionAnimationToken?
  var timer: ClockTimer?

  init(from: GMSCameraPosition, to: GMSCameraPosition, start: TimeInterval, duration: TimeInterval)
  {
    self.from = from
    self.to = to
    self.start = start
    self.duration = duration
  }

  /// The camera at `time` (ease in and out unless the transaction set a timing function; the
  /// bearing turns the short way).
  func camera(at time: TimeInterval) -> GMSCameraPosition {
    let t = duration > 0 ? min(1, max(0, (time - start) / duration)) : 1
    let s = timingFunction?.progress(t) ?? t * t * (3 - 2 * t)
    func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * s }
    var turn = (to.bearing - from.bearing).truncatingRemainder(dividingBy: 360)
    if turn > 180 { turn -= 360 }
    if turn < -180 { turn += 360 }
    return GMSCameraPosition(
      target: CLLocationCoordinate2D(
        latitude: mix(from.target.latitude, to.target.latitude),
        longitude: mix(from.target.longitude, to.target.longitude)),
      zoom: Float(mix(Double(from.zoom), Double(to.zoom))),
      bearing: Geodesy.normalized(from.bearing + turn * s),
      viewingAngle: mix(from.viewingAngle, to.viewingAngle))
  }
}

extension GMSMapView {
  /// How long ``animate(to:)`` and the other animations take, in seconds of the window's
  /// clock (0.5 s unless set).
  public static var cameraAnimationDuration: TimeInterval = 0.5
  /// Frames per second of a camera animation on the window's clock.
  static let cameraAnimationFrameRate = 60.0

  /// The camera. Setting it moves the camera at once (``moveCamera(_:)``), within
  /// ``minZoom``…``maxZoom`` and ``cameraTargetBounds``; during navigation a camera set by
  /// the app stops following the vehicle (``cameraMode`` becomes `.free`), as on iOS.
  public var camera: GMSCameraPosition {
    get { cameraStorage }
    set { moveCameraNow(to: newValue, gesture: false) }
  }

  /// The projection for the current camera (a snapshot: it does not follow later moves).
  public var projection: GMSProjection {
    GMSProjection(camera: cameraStorage, anchor: cameraAnchor, size: bounds.size)
  }

  /// Where the camera's target is drawn, in map-view points: the centre of ``cameraFrame``.
  public var cameraAnchor: CGPoint { CGPoint(x: cameraFrame.midX, y: cameraFrame.midY) }

  /// The map delegate (held weakly).
  public var delegate: (any GMSMapViewDelegate)? {
    get { mapState.delegate }
    set { mapState.delegate = newValue }
  }

  /// The lowest zoom the camera goes to (``kGMSMinZoomLevel`` unless set).
  public var minZoom: Float { mapState.minZoom }
  /// The highest zoom the camera goes to (``kGMSMaxZoomLevel`` unless set).
  public var maxZoom: Float { mapState.maxZoom }

  /// Sets the zoom limits (each clamped to 2…21); ignored when `minZoom` > `maxZoom`, as the
  /// original (which raises) would refuse it. The camera is moved inside at once.
  public func setMinZoom(_ minZoom: Float, maxZoom: Float) {
    guard minZoom.isFinite, maxZoom.isFinite, minZoom <= maxZoom else { return }
    mapState.minZoom = min(kGMSMaxZoomLevel, max(kGMSMinZoomLevel, minZoom))
    mapState.maxZoom = min(kGMSMaxZoomLevel, max(mapState.minZoom, maxZoom))
    let clamped = constrained(cameraStorage)
    if clamped != cameraStorage { setCameraStorage(clamped, gesture: false) }
  }

  /// Keeps the camera's target inside these bounds; `nil` for no limit.
  public var cameraTargetBounds: GMSCoordinateBounds? {
    get { mapState.cameraTargetBounds }
    set {
      mapState.cameraTargetBounds = newValue?.isValid == true ? newValue : nil
      let clamped = constrained(cameraStorage)
      if clamped != cameraStorage { setCameraStorage(clamped, gesture: false) }
    }
  }

  /// Whether a camera animation is running.
  public var isAnimatingCamera: Bool { mapState.animation != nil }

  /// The camera that shows `bounds` inside ``cameraFrame`` less `insets` at the greatest
  /// zoom, north up and untilted; `nil` for invalid bounds or no room.
  public func camera(for bounds: GMSCoordinateBounds, insets: UIEdgeInsets) -> GMSCameraPosition? {
    guard bounds.isValid else { return nil }
    let area = cameraFrame.inset(by: insets)
    guard area.width > 0, area.height > 0 else { return nil }
    let center = bounds.center
    let cosLat = cos(center.latitude * .pi / 180)
    let width =
      (bounds.northEast.longitude - bounds.southWest.longitude)
      * MapGeometry.metersPerDegree * cosLat
    let height =
      (bounds.northEast.latitude - bounds.southWest.latitude) * MapGeometry.metersPerDegree
    let needed = max(width / Double(area.width), height / Double(area.height))
    let base = MapGeometry.metersPerPointAtZoomZero(center.latitude)
    var zoom = needed > 0 ? Float(log2(base / needed)) : maxZoom
    zoom = min(maxZoom, max(minZoom, zoom))
    let fitted = GMSCameraPosition(target: center, zoom: zoom, bearing: 0, viewingAngle: 0)
    // The bounds' centre at the middle of the area, not of the camera frame.
    let anchor = cameraAnchor
    let shifted = CGPoint(
      x: anchor.x - (area.midX - anchor.x), y: anchor.y - (area.midY - anchor.y))
    let target = MapGeometry.coordinate(for: shifted, camera: fitted, anchor: anchor)
    return fitted.with(target: target)
  }

  /// A camera inside the zoom limits and target bounds, its bearing in 0..<360 and its
  /// viewing angle in 0…65.
  func constrained(_ camera: GMSCameraPosition) -> GMSCameraPosition {
    var target = camera.target
    if !target.latitude.isFinite || !target.longitude.isFinite { target = cameraStorage.target }
    target.latitude = min(85, max(-85, target.latitude))
    if let box = mapState.cameraTargetBounds {
      target.latitude = min(box.northEast.latitude, max(box.southWest.latitude, target.latitude))
      target.longitude = min(
        box.northEast.longitude, max(box.southWest.longitude, target.longitude))
    }
    let zoom = camera.zoom.isFinite ? min(maxZoom, max(minZoom, camera.zoom)) : cameraStorage.zoom
    let bearing = camera.bearing.isFinite ? Geodesy.normalized(camera.bearing) : 0
    let tilt = camera.viewingAngle.isFinite ? min(65, max(0, camera.viewingAngle)) : 0
    return GMSCameraPosition(target: target, zoom: zoom, bearing: bearing, viewingAngle: tilt)
  }

  /// A move by the app (or, with `gesture`, by the user): stops an animation, stops following
  /// during navigation, then tells the delegate `willMove`, `didChange`, `idleAt`.
  func moveCameraNow(to camera: GMSCameraPosition, gesture: Bool, stopsFollowing: Bool = true) {
    cancelCameraAnimation()
    if stopsFollowing { stopFollowing() }
    mapState.delegate?.mapView(self, willMove: gesture)
    setCameraStorage(constrained(camera), gesture: gesture)
    mapState.delegate?.mapView(self, idleAt: cameraStorage)
  }

  /// Stores a camera and tells the delegate `didChange` (and moves the info window).
  func setCameraStorage(_ camera: GMSCameraPosition, gesture: Bool) {
    cameraStorage = camera
    cameraDidChangeForControls()
    layoutInfoWindow()
    mapState.delegate?.mapView(self, didChange: camera)
  }

  /// During navigation, a camera moved by the app or the user leaves following.
  func stopFollowing() {
    if navigationEnabled && cameraMode == .following { cameraMode = .free }
  }

  /// Animates to `target` over ``cameraAnimationDuration`` — or the duration of the enclosing
  /// ``CATransaction`` when it sets one, along its timing function — and makes the enclosing
  /// transactions' completion blocks wait for the end.
  func startCameraAnimation(to target: GMSCameraPosition) {
    cancelCameraAnimation()
    stopFollowing()
    let clock = self.clock
    let animation = CameraAnimation(
      from: cameraStorage, to: constrained(target), start: clock.now,
      duration: CATransaction.explicitAnimationDuration ?? Self.cameraAnimationDuration)
    animation.timingFunction = CATransaction.animationTimingFunction()
    animation.token = CATransaction.animationStarted(on: clock)
    run(animation)
  }

  /// Starts `animation`: `willMove`, then a frame on the clock until it ends.
  private func run(_ animation: CameraAnimation) {
    let clock = self.clock
    mapState.animation = animation
    mapState.delegate?.mapView(self, willMove: false)
    animation.timer = clock.schedule(
      at: clock.now + 1 / Self.cameraAnimationFrameRate,
      repeatInterval: 1 / Self.cameraAnimationFrameRate
    ) { [weak self] timer in
      guard let self, self.mapState.animation === animation else {
        timer.invalidate()
        return
      }
      self.stepCameraAnimation(at: clock.now)
    }
  }

  /// Before an animation of a camera key is added to the map's layer: a running animation
  /// to a camera stops where it is, and the layer's model camera starts as the camera.
  func prepareLayerCameraAnimation() {
    if let animation = mapState.animation, !animation.isLayerDriven {
      stepCameraAnimation(at: clock.now)
      cancelCameraAnimation()
    }
    stopFollowing()
    if layer.modelCamera == nil { layer.modelCamera = cameraStorage }
  }

  /// After an animation of a camera key was added to the map's layer: the camera follows
  /// the layer's animations on the clock.
  func startLayerCameraAnimation() {
    guard mapState.animation?.isLayerDriven != true else { return }
    let animation = CameraAnimation(
      from: cameraStorage, to: cameraStorage, start: clock.now, duration: 0)
    animation.isLayerDriven = true
    run(animation)
  }

  /// Moves an animation to `time` (finishing it at its end). Renderers call it for the frame
  /// they draw so that a frame between two timer ticks shows the camera of its moment.
  public func stepCameraAnimation(at time: TimeInterval) {
    guard let animation = mapState.animation else { return }
    let finished: Bool
    if animation.isLayerDriven {
      setCameraStorage(constrained(layer.presentedCamera(at: time)), gesture: false)
      finished = !layer.isAnimating(keyPaths: GMSMapLayer.cameraKeys, at: time)
      if finished { layer.modelCamera = nil }
    } else {
      setCameraStorage(animation.camera(at: time), gesture: false)
      finished = time >= animation.start + animation.duration
    }
    guard finished else { return }
    animation.timer?.invalidate()
    mapState.animation = nil
    animation.token?.finish()
    mapState.delegate?.mapView(self, idleAt: cameraStorage)
  }

  /// The camera on screen at `time`: a running animation's, else the camera.
  func presentedCamera(at time: TimeInterval) -> GMSCameraPosition {
    guard let animation = mapState.animation else { return cameraStorage }
    return animation.isLayerDriven
      ? constrained(layer.presentedCamera(at: time)) : animation.camera(at: time)
  }

  /// Stops a running animation where it is (the map layer's camera animations too).
  func cancelCameraAnimation() {
    if let animation = mapState.animation {
      if animation.isLayerDriven {
        setCameraStorage(constrained(layer.presentedCamera(at: clock.now)), gesture: false)
      }
      animation.timer?.invalidate()
      animation.token?.finish()
      mapState.animation = nil
    }
    if let mapLayer = layerStorage as? GMSMapLayer, mapLayer.modelCamera != nil {
      mapLayer.modelCamera = nil
      mapLayer.removeAnimations(keyPaths: GMSMapLayer.cameraKeys)
    }
  }

  /// Stops any camera animation where it is (`layer.removeAllAnimations()` on iOS).
  public func stopCameraAnimation() {
    guard mapState.animation != nil else { return }
    cancelCameraAnimation()
    mapState.delegate?.mapView(self, idleAt: cameraStorage)
  }
}

import Foundation
import NavigationCore

/// The key of ``GMSMapLayer/cameraLatitude`` (−85…85; values outside are clamped).
public let kGMSLayerCameraLatitudeKey = "cameraLatitude"
/// The key of ``GMSMapLayer/cameraLongitude`` (−180..<180; values outside are wrapped).
public let kGMSLayerCameraLongitudeKey = "cameraLongitude"
/// The key of ``GMSMapLayer/cameraBearing`` (0..<360; values are wrapped).
public let kGMSLayerCameraBearingKey = "cameraBearing"
/// The key of ``GMSMapLayer/cameraZoomLevel`` (``kGMSMinZoomLevel``…``kGMSMaxZoomLevel`` and
/// the map's limits; values are clamped).
public let kGMSLayerCameraZoomLevelKey = "cameraZoomLevel"
/// The key of ``GMSMapLayer/cameraViewingAngle`` (0, straight down, … the tilt limit).
public let kGMSLayerCameraViewingAngleKey = "cameraViewingAngle"

/// The key of ``GMSMarkerLayer/latitude``.
public let kGMSMarkerLayerLatitude = "latitude"
/// The key of ``GMSMarkerLayer/longitude``.
public let kGMSMarkerLayerLongitude = "longitude"
/// The key of ``GMSMarkerLayer/rotation``.
public let kGMSMarkerLayerRotation = "rotation"
/// The key of ``GMSMarkerLayer/opacity``.
public let kGMSMarkerLayerOpacity = "opacity"

/// The base of the map's own layers (`GMSCALayer`): an implementation detail, not made
/// directly.
@MainActor
open class GMSCALayer: CALayer {}

/// The map view's layer (`mapView.layer`, the original's `GMSMapLayer`): the camera as
/// animatable layer properties.
///
/// Setting a property moves the camera at once, or — inside a ``CATransaction`` with actions
/// on — animates it from where it is over the transaction's duration (the bearing turning
/// the short way). A
/// ``CABasicAnimation`` on a `kGMSLayerCamera…Key` animates the camera on the window's clock
/// (the model value shows again at the end unless set too). While the camera animates, the
/// map delegate hears `willMove`, a `didChange` each frame and `idleAt` at the end, as for
/// ``GMSMapView/animate(to:)``; a move of the camera by the app or a gesture stops the
/// animation where it is.
///
/// ```swift
/// let zoom = CABasicAnimation(keyPath: kGMSLayerCameraZoomLevelKey)
/// zoom.fromValue = 10
/// zoom.toValue = 15
/// zoom.duration = 2
/// mapView.layer.add(zoom, forKey: "zoom")
/// mapView.layer.cameraZoomLevel = 15   // and stay there afterwards
/// ```
@MainActor
open class GMSMapLayer: GMSCALayer {
  /// The camera keys.
  static let cameraKeys: Set<String> = [
    kGMSLayerCameraLatitudeKey, kGMSLayerCameraLongitudeKey, kGMSLayerCameraBearingKey,
    kGMSLayerCameraZoomLevelKey, kGMSLayerCameraViewingAngleKey,
  ]

  /// The camera the animations end at (the model) while layer animations run; `nil`
  /// otherwise (the map's camera is the model).
  var modelCamera: GMSCameraPosition?
  /// The camera of a presentation copy.
  private var snapshotCamera: GMSCameraPosition?

  init(mapView: GMSMapView) {
    super.init(view: mapView)
  }

  private init(snapshot: GMSCameraPosition) {
    snapshotCamera = snapshot
    super.init()
  }

  var mapView: GMSMapView? { delegateView as? GMSMapView }

  /// The model camera: the one animations end at, else the map's.
  var camera: GMSCameraPosition {
    snapshotCamera ?? modelCamera ?? mapView?.cameraStorage ?? GMSCameraPosition()
  }

  /// The camera on screen now, as a detached copy (`nil` for a copy): any running camera
  /// animation at the clock's time.
  open override func presentation() -> GMSMapLayer? {
    guard snapshotCamera == nil, let mapView else { return nil }
    return GMSMapLayer(snapshot: mapView.presentedCamera(at: mapView.clock.now))
  }

  /// The latitude of the camera's target.
  open var cameraLatitude: CLLocationDegrees {
    get { camera.target.latitude }
    set { setCamera(kGMSLayerCameraLatitudeKey, newValue) }
  }

  /// The longitude of the camera's target.
  open var cameraLongitude: CLLocationDegrees {
    get { camera.target.longitude }
    set { setCamera(kGMSLayerCameraLongitudeKey, newValue) }
  }

  /// The camera's bearing, degrees clockwise from north.
  open var cameraBearing: CLLocationDirection {
    get { camera.bearing }
    set { setCamera(kGMSLayerCameraBearingKey, newValue) }
  }

  /// The camera's zoom level.
  open var cameraZoomLevel: Float {
    get { camera.zoom }
    set { setCamera(kGMSLayerCameraZoomLevelKey, Double(newValue)) }
  }

  /// The camera's tilt, degrees from straight down.
  open var cameraViewingAngle: Double {
    get { camera.viewingAngle }
    set { setCamera(kGMSLayerCameraViewingAngleKey, newValue) }
  }

  /// The camera properties by key, then the layer's own.
  open override func value(forKey key: String) -> Any? {
    switch key {
    case kGMSLayerCameraLatitudeKey: cameraLatitude
    case kGMSLayerCameraLongitudeKey: cameraLongitude
    case kGMSLayerCameraBearingKey: cameraBearing
    case kGMSLayerCameraZoomLevelKey: Double(cameraZoomLevel)
    case kGMSLayerCameraViewingAngleKey: cameraViewingAngle
    default: super.value(forKey: key)
    }
  }

  /// Sets a camera property by key (from a number), else the layer's own.
  open override func setValue(_ value: Any?, forKey key: String) {
    guard Self.cameraKeys.contains(key) else { return super.setValue(value, forKey: key) }
    let number = layerNumber(value)
    if let number { setCamera(key, number) }
  }

  /// The camera keys animate inside an animating transaction (though a view backs this
  /// layer).
  open override func action(forKey event: String) -> (any CAAction)? {
    Self.cameraKeys.contains(event) ? implicitAnimation(forKey: event) : super.action(forKey: event)
  }

  /// Adds an animation; on a camera key, the camera starts following it on the clock.
  open override func add(_ anim: CAAnimation, forKey key: String?) {
    let isCamera = (anim as? CAPropertyAnimation)?.keyPath.map(Self.cameraKeys.contains) == true
    guard isCamera, let mapView else { return super.add(anim, forKey: key) }
    mapView.prepareLayerCameraAnimation()
    super.add(anim, forKey: key)
    mapView.startLayerCameraAnimation()
  }

  /// Stops a camera animation where it is (the delegate hears `idleAt`) and drops every
  /// animation.
  open override func removeAllAnimations() {
    mapView?.stopCameraAnimation()
    super.removeAllAnimations()
  }

  /// The camera on screen at `time`: the model camera with the layer's animations on it.
  func presentedCamera(at time: TimeInterval) -> GMSCameraPosition {
    let model = camera
    func shown(_ key: String, _ value: Double) -> Double {
      presentationScalar(forKeyPath: key, model: value, at: time)
    }
    return GMSCameraPosition(
      target: CLLocationCoordinate2D(
        latitude: shown(kGMSLayerCameraLatitudeKey, model.target.latitude),
        longitude: Self.wrappedLongitude(
          shown(kGMSLayerCameraLongitudeKey, model.target.longitude))),
      zoom: Float(shown(kGMSLayerCameraZoomLevelKey, Double(model.zoom))),
      bearing: shown(kGMSLayerCameraBearingKey, model.bearing),
      viewingAngle: shown(kGMSLayerCameraViewingAngleKey, model.viewingAngle))
  }

  /// Longitude in −180..<180.
  static func wrappedLongitude(_ value: Double) -> Double {
    guard value.isFinite else { return value }
    let wrapped = (value + 180).truncatingRemainder(dividingBy: 360)
    return (wrapped < 0 ? wrapped + 360 : wrapped) - 180
  }

  /// Sets one camera property of the model: at once, or animated inside a transaction.
  private func setCamera(_ key: String, _ value: Double) {
    guard let mapView, value.isFinite else { return }
    func changed(_ camera: GMSCameraPosition) -> GMSCameraPosition {
      switch key {
      case kGMSLayerCameraLatitudeKey:
        camera.with(
          target: CLLocationCoordinate2D(latitude: value, longitude: camera.target.longitude))
      case kGMSLayerCameraLongitudeKey:
        camera.with(
          target: CLLocationCoordinate2D(
            latitude: camera.target.latitude, longitude: Self.wrappedLongitude(value)))
      case kGMSLayerCameraBearingKey: camera.with(bearing: value)
      case kGMSLayerCameraZoomLevelKey: camera.with(zoom: Float(value))
      default: camera.with(viewingAngle: value)
      }
    }
    guard let action = action(forKey: key) else {
      // At once: the new model camera, or (while animations run) the camera they end at.
      if let modelCamera {
        self.modelCamera = mapView.constrained(changed(modelCamera))
      } else {
        mapView.moveCameraNow(to: changed(mapView.cameraStorage), gesture: false)
      }
      return
    }
    mapView.prepareLayerCameraAnimation()
    let model = mapView.constrained(changed(camera))
    modelCamera = model
    // The bearing turns the short way (350° → 10° through north), as camera animations do.
    if key == kGMSLayerCameraBearingKey, let turn = action as? CABasicAnimation,
      let from = turn.fromValue as? Double
    {
      var delta = (from - model.bearing).truncatingRemainder(dividingBy: 360)
      if delta > 180 { delta -= 360 } else if delta < -180 { delta += 360 }
      turn.fromValue = model.bearing + delta
    }
    action.run(forKey: key, object: self, arguments: nil)
  }
}

/// The base of overlays' animatable layers (`GMSOverlayLayer`): an implementation detail,
/// not made directly.
@MainActor
open class GMSOverlayLayer: CALayer {}

/// A marker's layer (`marker.layer`, the original's `GMSMarkerLayer`): its position, rotation
/// and opacity as animatable layer properties.
///
/// Setting them sets the marker's. Inside a ``CATransaction`` with actions on — whether set
/// here or on the marker — a change animates from what is drawn over the transaction's
/// duration, on the clock of the marker's map; a ``CABasicAnimation`` on a
/// `kGMSMarkerLayer…` key animates the drawn marker without changing the model. The map
/// draws markers at their presentation values; taps, info windows and collisions use the
/// model values.
///
/// ```swift
/// let slide = CABasicAnimation(keyPath: kGMSMarkerLayerLongitude)
/// slide.fromValue = 7.42
/// slide.toValue = 7.43
/// slide.duration = 3
/// marker.layer.add(slide, forKey: "slide")
/// ```
@MainActor
open class GMSMarkerLayer: GMSOverlayLayer {
  /// The marker keys.
  static let markerKeys: Set<String> = [
    kGMSMarkerLayerLatitude, kGMSMarkerLayerLongitude, kGMSMarkerLayerRotation,
    kGMSMarkerLayerOpacity,
  ]

  private weak var marker: GMSMarker?
  /// The values of a presentation copy.
  private var snapshot: (position: CLLocationCoordinate2D, rotation: Double, opacity: Float)?

  init(marker: GMSMarker) {
    self.marker = marker
    super.init()
    clockProvider = { [weak marker] in marker?.map?.clock }
    onAnimationsChanged = { [weak marker] in marker?.changed() }
  }

  /// A marker layer with no marker (values read as 0 and 1; setting them does nothing).
  public override init() {
    super.init()
  }

  /// The latitude of the marker's position.
  open var latitude: CLLocationDegrees {
    get { snapshot?.position.latitude ?? marker?.position.latitude ?? 0 }
    set { marker?.position.latitude = newValue }
  }

  /// The longitude of the marker's position.
  open var longitude: CLLocationDegrees {
    get { snapshot?.position.longitude ?? marker?.position.longitude ?? 0 }
    set { marker?.position.longitude = newValue }
  }

  /// The marker's rotation, degrees clockwise.
  open var rotation: CLLocationDegrees {
    get { snapshot?.rotation ?? marker?.rotation ?? 0 }
    set { marker?.rotation = newValue }
  }

  /// The marker's opacity, 0…1.
  open override var opacity: Float {
    get { snapshot?.opacity ?? marker?.opacity ?? 1 }
    set { marker?.opacity = newValue }
  }

  /// The values drawn now, as a detached copy (`nil` for a copy): the marker's position,
  /// rotation and opacity with the layer's animations on them at the map clock's time.
  open override func presentation() -> GMSMarkerLayer? {
    guard snapshot == nil else { return nil }
    let copy = GMSMarkerLayer()
    copy.snapshot = presented(at: animationClock.now)
    return copy
  }

  /// The marker properties by key, then the layer's own.
  open override func value(forKey key: String) -> Any? {
    switch key {
    case kGMSMarkerLayerLatitude: latitude
    case kGMSMarkerLayerLongitude: longitude
    case kGMSMarkerLayerRotation: rotation
    default: super.value(forKey: key)
    }
  }

  /// Sets a marker property by key (from a number), else the layer's own.
  open override func setValue(_ value: Any?, forKey key: String) {
    let number = layerNumber(value)
    switch (key, number) {
    case (kGMSMarkerLayerLatitude, let v?): latitude = v
    case (kGMSMarkerLayerLongitude, let v?): longitude = v
    case (kGMSMarkerLayerRotation, let v?): rotation = v
    default: super.setValue(value, forKey: key)
    }
  }

  /// The position, rotation and opacity drawn at `time`.
  package func presented(at time: TimeInterval) -> (
    position: CLLocationCoordinate2D, rotation: CLLocationDegrees, opacity: Float
  ) {
    let model = (position: marker?.position, rotation: rotation, opacity: opacity)
    guard hasExplicitAnimations, let position = model.position else {
      return (
        model.position ?? CLLocationCoordinate2D(latitude: 0, longitude: 0),
        model.rotation, model.opacity
      )
    }
    return (
      CLLocationCoordinate2D(
        latitude: presentationScalar(
          forKeyPath: kGMSMarkerLayerLatitude, model: position.latitude, at: time),
        longitude: presentationScalar(
          forKeyPath: kGMSMarkerLayerLongitude, model: position.longitude, at: time)),
      presentationScalar(forKeyPath: kGMSMarkerLayerRotation, model: model.rotation, at: time),
      Float(
        presentationScalar(
          forKeyPath: kGMSMarkerLayerOpacity, model: Double(model.opacity), at: time))
    )
  }
}

/// A layer key's value as a number (`Double`, `Float`, `CGFloat`, `Int` or `NSNumber`), or
/// `nil` for anything else.
private func layerNumber(_ value: Any?) -> Double? {
  switch value {
  case let v as Double: v
  case let v as Float: Double(v)
  case let v as CGFloat: Double(v)
  case let v as Int: Double(v)
  case let v as NSNumber: v.doubleValue
  default: nil
  }
}

import Foundation
import NavigationCore

/// The lowest zoom level a map view allows (`kGMSMinZoomLevel`).
public let kGMSMinZoomLevel: Float = 2
/// The highest zoom level a map view allows (`kGMSMaxZoomLevel`).
public let kGMSMaxZoomLevel: Float = 21

/// Where the map's camera is: the coordinate at the centre of the camera frame, the zoom
/// level (Web-Mercator: each level halves the metres per point), the bearing (degrees
/// clockwise from north at the top of the screen) and the viewing angle (tilt, degrees from
/// straight down). Immutable, as the original's; ``GMSMutableCameraPosition`` can change.
///
/// ```swift
/// mapView.camera = GMSCameraPosition.camera(withLatitude: 43.7384, longitude: 7.4246, zoom: 16)
/// mapView.animate(to: GMSCameraPosition(target: casino, zoom: 17, bearing: 30, viewingAngle: 0))
/// ```
open class GMSCameraPosition: NSObject, @unchecked Sendable {
  var storedTarget: CLLocationCoordinate2D
  var storedZoom: Float
  var storedBearing: CLLocationDirection
  var storedViewingAngle: Double

  /// The point the camera looks at.
  open var target: CLLocationCoordinate2D { storedTarget }
  /// The zoom level (2…21 on a map view).
  open var zoom: Float { storedZoom }
  /// Degrees clockwise from north at the top of the screen.
  open var bearing: CLLocationDirection { storedBearing }
  /// Tilt in degrees from straight down (0…65 on a map view).
  open var viewingAngle: Double { storedViewingAngle }

  /// A camera at the origin, zoom 16 (what a new map view shows).
  public override init() {
    storedTarget = CLLocationCoordinate2D(latitude: 0, longitude: 0)
    storedZoom = 16
    storedBearing = 0
    storedViewingAngle = 0
    super.init()
  }

  /// A camera with every field (the bearing is kept as given; a map view normalizes it).
  public required init(
    target: CLLocationCoordinate2D, zoom: Float, bearing: CLLocationDirection,
    viewingAngle: Double
  ) {
    storedTarget = target
    storedZoom = zoom
    storedBearing = bearing
    storedViewingAngle = viewingAngle
    super.init()
  }

  /// A north-up, untilted camera.
  public convenience init(target: CLLocationCoordinate2D, zoom: Float) {
    self.init(target: target, zoom: zoom, bearing: 0, viewingAngle: 0)
  }

  /// A north-up, untilted camera at a latitude and longitude.
  public convenience init(latitude: CLLocationDegrees, longitude: CLLocationDegrees, zoom: Float) {
    self.init(
      target: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), zoom: zoom,
      bearing: 0, viewingAngle: 0)
  }

  /// A camera with every field, at a latitude and longitude.
  public convenience init(
    latitude: CLLocationDegrees, longitude: CLLocationDegrees, zoom: Float,
    bearing: CLLocationDirection, viewingAngle: Double
  ) {
    self.init(
      target: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), zoom: zoom,
      bearing: bearing, viewingAngle: viewingAngle)
  }

  /// The original's factory spelling of ``init(target:zoom:)``.
  open class func camera(withTarget target: CLLocationCoordinate2D, zoom: Float) -> Self {
    Self(target: target, zoom: zoom, bearing: 0, viewingAngle: 0)
  }

  /// The original's factory spelling of ``init(latitude:longitude:zoom:)``.
  open class func camera(
    withLatitude latitude: CLLocationDegrees, longitude: CLLocationDegrees, zoom: Float
  ) -> Self {
    Self(
      target: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), zoom: zoom,
      bearing: 0, viewingAngle: 0)
  }

  /// The original's factory spelling of ``init(target:zoom:bearing:viewingAngle:)``.
  open class func camera(
    withTarget target: CLLocationCoordinate2D, zoom: Float, bearing: CLLocationDirection,
    viewingAngle: Double
  ) -> Self {
    Self(target: target, zoom: zoom, bearing: bearing, viewingAngle: viewingAngle)
  }

  /// The original's factory spelling of ``init(latitude:longitude:zoom:bearing:viewingAngle:)``.
  open class func camera(
    withLatitude latitude: CLLocationDegrees, longitude: CLLocationDegrees, zoom: Float,
    bearing: CLLocationDirection, viewingAngle: Double
  ) -> Self {
    Self(
      target: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), zoom: zoom,
      bearing: bearing, viewingAngle: viewingAngle)
  }

  /// The zoom level at which `meters` at `coordinate` span `points` screen points.
  open class func zoom(
    at coordinate: CLLocationCoordinate2D, forMeters meters: CLLocationDistance,
    perPoints points: CGFloat
  ) -> Float {
    guard meters > 0, points > 0 else { return kGMSMinZoomLevel }
    let metersPerPoint = meters / Double(points)
    return Float(log2(MapGeometry.metersPerPointAtZoomZero(coordinate.latitude) / metersPerPoint))
  }

  /// Equal when every field is.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? GMSCameraPosition else { return false }
    return target.latitude == other.target.latitude && target.longitude == other.target.longitude
      && zoom == other.zoom && bearing == other.bearing && viewingAngle == other.viewingAngle
  }

  /// Hashes the fields.
  open override var hash: Int {
    var hasher = Hasher()
    hasher.combine(target.latitude)
    hasher.combine(target.longitude)
    hasher.combine(zoom)
    hasher.combine(bearing)
    return hasher.finalize()
  }

  /// `GMSCameraPosition(target: (lat, lon), zoom: …, bearing: …, viewingAngle: …)`.
  open override var description: String {
    "GMSCameraPosition(target: (\(target.latitude), \(target.longitude)), zoom: \(zoom), "
      + "bearing: \(bearing), viewingAngle: \(viewingAngle))"
  }

  /// A copy with some fields replaced.
  func with(
    target: CLLocationCoordinate2D? = nil, zoom: Float? = nil,
    bearing: CLLocationDirection? = nil, viewingAngle: Double? = nil
  ) -> GMSCameraPosition {
    GMSCameraPosition(
      target: target ?? self.target, zoom: zoom ?? self.zoom, bearing: bearing ?? self.bearing,
      viewingAngle: viewingAngle ?? self.viewingAngle)
  }
}

/// A camera position whose fields can change (`GMSMutableCameraPosition`).
open class GMSMutableCameraPosition: GMSCameraPosition, @unchecked Sendable {
  /// The point the camera looks at.
  open override var target: CLLocationCoordinate2D {
    get { storedTarget }
    set { storedTarget = newValue }
  }
  /// The zoom level.
  open override var zoom: Float {
    get { storedZoom }
    set { storedZoom = newValue }
  }
  /// Degrees clockwise from north at the top of the screen.
  open override var bearing: CLLocationDirection {
    get { storedBearing }
    set { storedBearing = newValue }
  }
  /// Tilt in degrees.
  open override var viewingAngle: Double {
    get { storedViewingAngle }
    set { storedViewingAngle = newValue }
  }
}

/// The flat projection the renderer draws with (`Rendering.MapCamera`): local east/north
/// metres around the camera's target, scaled by the zoom's metres per point and turned by
/// the bearing. The viewing angle is not drawn (the map is seen from straight above).
enum MapGeometry {
  /// Metres per degree of latitude on the mean Earth sphere.
  static let metersPerDegree = Geodesy.earthRadius * .pi / 180

  /// Metres per point at zoom 0 at a latitude (Web-Mercator's 156,543 m at the equator).
  static func metersPerPointAtZoomZero(_ latitude: CLLocationDegrees) -> Double {
    156_543.033_92 * cos(latitude * .pi / 180)
  }

  /// Metres per point of a camera.
  static func metersPerPoint(_ camera: GMSCameraPosition) -> Double {
    metersPerPointAtZoomZero(camera.target.latitude) / pow(2, Double(camera.zoom))
  }

  /// The screen point of `coordinate` with the camera's target at `anchor`.
  static func point(
    for coordinate: CLLocationCoordinate2D, camera: GMSCameraPosition, anchor: CGPoint
  ) -> CGPoint {
    Flat(camera: camera, anchor: anchor).point(for: coordinate)
  }

  /// The coordinate under a screen point with the camera's target at `anchor`.
  static func coordinate(
    for point: CGPoint, camera: GMSCameraPosition, anchor: CGPoint
  ) -> CLLocationCoordinate2D {
    Flat(camera: camera, anchor: anchor).coordinate(for: point)
  }

  /// `camera` moved so that `coordinate` is drawn at `point` (a few corrections: the scale
  /// depends on the target's latitude).
  static func camera(
    _ camera: GMSCameraPosition, keeping coordinate: CLLocationCoordinate2D, at point: CGPoint,
    anchor: CGPoint
  ) -> GMSCameraPosition {
    var moved = camera
    for _ in 0..<4 {
      let p = Flat(camera: moved, anchor: anchor).point(for: coordinate)
      let target = Flat(camera: moved, anchor: anchor).coordinate(
        for: CGPoint(x: anchor.x + p.x - point.x, y: anchor.y + p.y - point.y))
      moved = moved.with(target: target)
    }
    return moved
  }

  /// One camera's projection with its constants worked out once.
  struct Flat {
    let center: CLLocationCoordinate2D
    let anchorX: Double
    let anchorY: Double
    /// Points per degree of longitude and of latitude.
    let pointsPerLongitude: Double
    let pointsPerLatitude: Double
    let cosH: Double
    let sinH: Double

    init(camera: GMSCameraPosition, anchor: CGPoint) {
      center = camera.target
      anchorX = Double(anchor.x)
      anchorY = Double(anchor.y)
      let mpp = MapGeometry.metersPerPoint(camera)
      pointsPerLatitude = MapGeometry.metersPerDegree / mpp
      pointsPerLongitude = pointsPerLatitude * cos(center.latitude * .pi / 180)
      let h = camera.bearing * .pi / 180
      cosH = cos(h)
      sinH = sin(h)
    }

    func point(for coordinate: CLLocationCoordinate2D) -> CGPoint {
      let east = (coordinate.longitude - center.longitude) * pointsPerLongitude
      let north = (coordinate.latitude - center.latitude) * pointsPerLatitude
      return CGPoint(
        x: anchorX + east * cosH - north * sinH, y: anchorY - (east * sinH + north * cosH))
    }

    func coordinate(for point: CGPoint) -> CLLocationCoordinate2D {
      let x = Double(point.x) - anchorX
      let y = Double(point.y) - anchorY
      let east = x * cosH - y * sinH
      let north = -(x * sinH + y * cosH)
      return CLLocationCoordinate2D(
        latitude: center.latitude + north / pointsPerLatitude,
        longitude: center.longitude + east / pointsPerLongitude)
    }
  }
}

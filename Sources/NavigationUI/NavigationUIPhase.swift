/// The map view's navigation UI state (Guides/Decisions.md 2).
public enum NavigationUIPhase: Int, Sendable, Hashable {
  /// Plain map; navigation disabled.
  case nonNavigation
  /// Navigation enabled, no guidance.
  case navigationReady
  /// Guidance running.
  case activeGuidance
}

/// Where the map's camera is.
public struct GMSCameraPosition: Sendable, Hashable {
  /// The point the camera looks at.
  public var target = CLLocationCoordinate2D(latitude: 0, longitude: 0)
  /// Web-Mercator zoom level.
  public var zoom: Float = 16
  /// Degrees clockwise from north at the top of the screen.
  public var bearing: CLLocationDirection = 0
  /// Tilt in degrees.
  public var viewingAngle: Double = 0

  /// A camera at the origin.
  public init() {}

  /// A camera with every field.
  public init(
    target: CLLocationCoordinate2D, zoom: Float, bearing: CLLocationDirection = 0,
    viewingAngle: Double = 0
  ) {
    self.target = target
    self.zoom = zoom
    self.bearing = bearing
    self.viewingAngle = viewingAngle
  }

  /// Same fields.
  public static func == (a: GMSCameraPosition, b: GMSCameraPosition) -> Bool {
    a.target.latitude == b.target.latitude && a.target.longitude == b.target.longitude
      && a.zoom == b.zoom && a.bearing == b.bearing && a.viewingAngle == b.viewingAngle
  }

  /// Hashes the fields.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(target.latitude)
    hasher.combine(target.longitude)
    hasher.combine(zoom)
    hasher.combine(bearing)
  }
}

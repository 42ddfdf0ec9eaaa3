extension GMSCameraPosition {
  /// A camera at a latitude and longitude (the original's initializer).
  public init(
    latitude: CLLocationDegrees, longitude: CLLocationDegrees, zoom: Float,
    bearing: CLLocationDirection = 0, viewingAngle: Double = 0
  ) {
    self.init(
      target: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), zoom: zoom,
      bearing: bearing, viewingAngle: viewingAngle)
  }

  /// A camera at a latitude and longitude (`+cameraWithLatitude:longitude:zoom:`).
  public static func camera(
    withLatitude latitude: CLLocationDegrees, longitude: CLLocationDegrees, zoom: Float
  ) -> GMSCameraPosition {
    GMSCameraPosition(latitude: latitude, longitude: longitude, zoom: zoom)
  }

  /// A camera on a target (`+cameraWithTarget:zoom:`).
  public static func camera(withTarget target: CLLocationCoordinate2D, zoom: Float)
    -> GMSCameraPosition
  {
    GMSCameraPosition(target: target, zoom: zoom)
  }

  /// A camera with every field (`+cameraWithLatitude:longitude:zoom:bearing:viewingAngle:`).
  public static func camera(
    withLatitude latitude: CLLocationDegrees, longitude: CLLocationDegrees, zoom: Float,
    bearing: CLLocationDirection, viewingAngle: Double
  ) -> GMSCameraPosition {
    GMSCameraPosition(
      latitude: latitude, longitude: longitude, zoom: zoom, bearing: bearing,
      viewingAngle: viewingAngle)
  }
}

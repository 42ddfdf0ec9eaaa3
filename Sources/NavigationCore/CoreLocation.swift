/// A distance in meters, as in CoreLocation.
public typealias CLLocationDistance = Double
/// A speed in meters per second, as in CoreLocation. Negative means unknown.
public typealias CLLocationSpeed = Double
/// A direction in degrees clockwise from true north, as in CoreLocation. Negative means unknown.
public typealias CLLocationDirection = Double
/// Degrees of latitude or longitude, as in CoreLocation.
public typealias CLLocationDegrees = Double
/// An accuracy in meters, as in CoreLocation. Negative means invalid.
public typealias CLLocationAccuracy = Double

/// A geographic coordinate in WGS 84 degrees, with CoreLocation's name and layout.
///
/// ```swift
/// let origin = CLLocationCoordinate2D(latitude: 43.7296, longitude: 7.4168)
/// ```
public struct CLLocationCoordinate2D: Sendable, Hashable, CustomStringConvertible {
  /// Latitude in degrees, positive north.
  public var latitude: CLLocationDegrees
  /// Longitude in degrees, positive east.
  public var longitude: CLLocationDegrees

  /// The coordinate (0, 0).
  public init() {
    latitude = 0
    longitude = 0
  }

  /// A coordinate from latitude and longitude in degrees.
  public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
    self.latitude = latitude
    self.longitude = longitude
  }

  /// Whether the coordinate is finite and within ±90° latitude and ±180° longitude.
  public var isValid: Bool {
    latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
  }

  /// `(lat, lon)` with six decimals.
  public var description: String {
    "(\(Format.fixed(latitude, 6)), \(Format.fixed(longitude, 6)))"
  }
}

/// Whether a coordinate is valid, as CoreLocation's free function.
public func CLLocationCoordinate2DIsValid(_ coordinate: CLLocationCoordinate2D) -> Bool {
  coordinate.isValid
}

/// A location fix: position, accuracy, course, speed and time, with CoreLocation's names.
///
/// `timestamp` is seconds on the caller's clock (the navigator never reads a clock itself).
public struct CLLocation: Sendable, Hashable {
  /// Where the fix is.
  public var coordinate: CLLocationCoordinate2D
  /// Altitude in meters, if known.
  public var altitude: CLLocationDistance?
  /// Radius of uncertainty in meters; negative when the fix is invalid.
  public var horizontalAccuracy: CLLocationAccuracy
  /// Direction of travel in degrees from true north; negative when unknown.
  public var course: CLLocationDirection
  /// Speed in meters per second; negative when unknown.
  public var speed: CLLocationSpeed
  /// Time of the fix in seconds on the caller's clock.
  public var timestamp: Double

  /// A fix with every field given; unknown course and speed default to -1.
  public init(
    coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance? = nil,
    horizontalAccuracy: CLLocationAccuracy = 5, course: CLLocationDirection = -1,
    speed: CLLocationSpeed = -1, timestamp: Double = 0
  ) {
    self.coordinate = coordinate
    self.altitude = altitude
    self.horizontalAccuracy = horizontalAccuracy
    self.course = course
    self.speed = speed
    self.timestamp = timestamp
  }

  /// A fix at a latitude and longitude, as CoreLocation's convenience initializer.
  public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
    self.init(coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude))
  }

  /// Great-circle distance in meters to another fix.
  public func distance(from location: CLLocation) -> CLLocationDistance {
    Geodesy.distance(coordinate, location.coordinate)
  }
}

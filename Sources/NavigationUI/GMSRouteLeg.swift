/// An ordered list of coordinates (`GMSPath`).
public class GMSPath: @unchecked Sendable {
  var coordinates: [CLLocationCoordinate2D]

  /// An empty path.
  public init() { coordinates = [] }

  /// A path through `coordinates`.
  public init(coordinates: [CLLocationCoordinate2D]) { self.coordinates = coordinates }

  /// The number of coordinates.
  public func count() -> UInt { UInt(coordinates.count) }

  /// The coordinate at `index`; ``kCLLocationCoordinate2DInvalid`` past the end.
  public func coordinate(at index: UInt) -> CLLocationCoordinate2D {
    index < UInt(coordinates.count) ? coordinates[Int(index)] : kCLLocationCoordinate2DInvalid
  }

  /// The length in meters along the Earth's surface.
  public func length() -> CLLocationDistance {
    zip(coordinates, coordinates.dropFirst()).reduce(0) { $0 + Geodesy.distance($1.0, $1.1) }
  }

  /// The path as Google's encoded polyline (precision 5).
  public func encodedPath() -> String { Polyline.encode(coordinates, precision: 5) }

  /// A path from an encoded polyline; `nil` when it cannot be read.
  public convenience init?(fromEncodedPath encodedPath: String) {
    guard let points = try? Polyline.decode(encodedPath, precision: 5) else { return nil }
    self.init(coordinates: points)
  }

  /// A mutable copy.
  public func mutableCopy() -> GMSMutablePath { GMSMutablePath(coordinates: coordinates) }
}

/// A path that can grow (`GMSMutablePath`).
public final class GMSMutablePath: GMSPath, @unchecked Sendable {
  /// Appends a coordinate.
  public func add(_ coord: CLLocationCoordinate2D) { coordinates.append(coord) }

  /// Appends a coordinate from degrees.
  public func addLatitude(_ latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
    coordinates.append(CLLocationCoordinate2D(latitude: latitude, longitude: longitude))
  }

  /// Removes every coordinate.
  public func removeAllCoordinates() { coordinates.removeAll() }

  /// Removes the last coordinate.
  public func removeLastCoordinate() { _ = coordinates.popLast() }
}

/// One leg of the route: from the vehicle (or the previous destination) to a destination
/// (`GMSRouteLeg`).
public final class GMSRouteLeg: Sendable {
  /// The destination of this leg.
  public let destinationWaypoint: GMSNavigationWaypoint?
  /// The leg's last coordinate (on the road, so generally not the waypoint's).
  public let destinationCoordinate: CLLocationCoordinate2D
  /// The coordinates of the leg.
  public let path: GMSPath?
  /// The leg of the route it describes.
  public let leg: RouteLeg

  init(leg: RouteLeg, geometry: [CLLocationCoordinate2D], waypoint: GMSNavigationWaypoint?) {
    self.leg = leg
    destinationWaypoint = waypoint
    destinationCoordinate = geometry.last ?? kCLLocationCoordinate2DInvalid
    path = geometry.isEmpty ? nil : GMSPath(coordinates: geometry)
  }
}

/// A destination for ``GMSNavigator/setDestinations(_:routingOptions:callback:)``.
///
/// ```swift
/// let casino = GMSNavigationWaypoint(
///   location: CLLocationCoordinate2D(latitude: 43.7394, longitude: 7.4275), title: "Casino")!
/// ```
public final class GMSNavigationWaypoint: Sendable, Hashable, CustomStringConvertible {
  /// Where it is.
  public let coordinate: CLLocationCoordinate2D
  /// Its name, shown in the UI.
  public let title: String
  /// The place ID, when made from one.
  public let placeID: String?

  /// A waypoint at `location`; `nil` when the coordinate is invalid.
  public init?(location: CLLocationCoordinate2D, title: String) {
    guard location.isValid else { return nil }
    coordinate = location
    self.title = title
    placeID = nil
  }

  /// A waypoint from a place ID written `"lat,lon"` (this implementation has no place
  /// database); `nil` when it cannot be read.
  public init?(placeID: String, title: String) {
    let parts = placeID.split(separator: ",").compactMap {
      Double($0.trimmingCharacters(in: .whitespaces))
    }
    guard parts.count == 2 else { return nil }
    let location = CLLocationCoordinate2D(latitude: parts[0], longitude: parts[1])
    guard location.isValid else { return nil }
    coordinate = location
    self.title = title
    self.placeID = placeID
  }

  /// Same coordinate, title and place ID.
  public static func == (a: GMSNavigationWaypoint, b: GMSNavigationWaypoint) -> Bool {
    a.coordinate.latitude == b.coordinate.latitude
      && a.coordinate.longitude == b.coordinate.longitude && a.title == b.title
      && a.placeID == b.placeID
  }

  /// Hashes the coordinate and title.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(coordinate.latitude)
    hasher.combine(coordinate.longitude)
    hasher.combine(title)
  }

  /// `title (lat, lon)`.
  public var description: String {
    "\(title) (\(coordinate.latitude), \(coordinate.longitude))"
  }
}

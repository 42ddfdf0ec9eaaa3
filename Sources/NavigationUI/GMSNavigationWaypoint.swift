import Foundation

/// The invalid coordinate (`kCLLocationCoordinate2DInvalid`): a waypoint made from a place ID
/// has it until the place is resolved.
public let kCLLocationCoordinate2DInvalid = CLLocationCoordinate2D(
  latitude: -180, longitude: -180)

/// A destination for ``GMSNavigator/setDestinations(_:callback:)`` (`GMSNavigationWaypoint`):
/// a coordinate, or a place ID resolved offline when the route is requested
/// (``GMSPlaceResolver``: `osm:node/…`, `osm:way/…`, names and addresses from the map, an
/// app-supplied resolver, or `"lat,lon"`).
///
/// ```swift
/// let casino = GMSNavigationWaypoint(placeID: "osm:way/37804220", title: "Casino")!
/// let square = GMSNavigationWaypoint(
///   location: CLLocationCoordinate2D(latitude: 43.7394, longitude: 7.4275), title: "Casino")!
/// ```
public class GMSNavigationWaypoint: @unchecked Sendable, Hashable, CustomStringConvertible {
  /// Its name, shown in the UI.
  public let title: String
  /// Where it is; ``kCLLocationCoordinate2DInvalid`` for a waypoint made from a place ID.
  public let coordinate: CLLocationCoordinate2D
  /// The place ID, when made from one.
  public let placeID: String?
  var storedPreferSameSideOfRoad = false
  var storedPreferredHeading: Int32 = -1
  var storedVehicleStopover = false

  /// Whether the route should arrive on the waypoint's side of the road (default false).
  public var preferSameSideOfRoad: Bool { storedPreferSameSideOfRoad }
  /// The heading of traffic on the side to arrive on, 0–360° clockwise from north; -1 unset.
  public var preferredHeading: Int32 { storedPreferredHeading }
  /// Whether vehicles stop here for pickup or drop-off (default false).
  public var vehicleStopover: Bool { storedVehicleStopover }

  /// A waypoint at `location`; `nil` when the coordinate is invalid.
  public init?(location: CLLocationCoordinate2D, title: String) {
    guard location.isValid, location != kCLLocationCoordinate2DInvalid else { return nil }
    coordinate = location
    self.title = title
    placeID = nil
  }

  /// A waypoint from a place ID; `nil` only when the ID is empty. An ID that names no place
  /// makes `setDestinations` answer `.waypointError`.
  public init?(placeID: String, title: String) {
    guard !placeID.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
    coordinate = kCLLocationCoordinate2DInvalid
    self.title = title
    self.placeID = placeID
  }

  /// A waypoint at `location` arriving on its side of the road.
  public convenience init?(
    location: CLLocationCoordinate2D, title: String, preferSameSideOfRoad: Bool
  ) {
    self.init(location: location, title: title)
    storedPreferSameSideOfRoad = preferSameSideOfRoad
  }

  /// A waypoint at `location` arriving with traffic heading `preferredSegmentHeading`
  /// (0–360); `nil` when the heading is outside that range.
  public convenience init?(
    location: CLLocationCoordinate2D, title: String, preferredSegmentHeading: Int32
  ) {
    guard (0...360).contains(preferredSegmentHeading) else { return nil }
    self.init(location: location, title: title)
    storedPreferredHeading = preferredSegmentHeading
  }

  init(copying other: GMSNavigationWaypoint) {
    title = other.title
    coordinate = other.coordinate
    placeID = other.placeID
    storedPreferSameSideOfRoad = other.storedPreferSameSideOfRoad
    storedPreferredHeading = other.storedPreferredHeading
    storedVehicleStopover = other.storedVehicleStopover
  }

  /// An immutable copy.
  public func copy() -> GMSNavigationWaypoint { GMSNavigationWaypoint(copying: self) }

  /// A mutable copy.
  public func mutableCopy() -> GMSNavigationMutableWaypoint {
    GMSNavigationMutableWaypoint(copying: self)
  }

  /// Same coordinate, title, place ID and preferences.
  public static func == (a: GMSNavigationWaypoint, b: GMSNavigationWaypoint) -> Bool {
    a.coordinate.latitude == b.coordinate.latitude
      && a.coordinate.longitude == b.coordinate.longitude && a.title == b.title
      && a.placeID == b.placeID && a.preferSameSideOfRoad == b.preferSameSideOfRoad
      && a.preferredHeading == b.preferredHeading && a.vehicleStopover == b.vehicleStopover
  }

  /// Hashes the coordinate, title and place ID.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(coordinate.latitude)
    hasher.combine(coordinate.longitude)
    hasher.combine(title)
    hasher.combine(placeID)
  }

  /// `title (lat, lon)` or `title [placeID]`.
  public var description: String {
    if let placeID { return "\(title) [\(placeID)]" }
    return "\(title) (\(coordinate.latitude), \(coordinate.longitude))"
  }
}

/// A waypoint whose preferences can change (`GMSNavigationMutableWaypoint`).
public final class GMSNavigationMutableWaypoint: GMSNavigationWaypoint, @unchecked Sendable {
  /// Whether to arrive on the waypoint's side; setting true clears ``preferredHeading``.
  public override var preferSameSideOfRoad: Bool {
    get { storedPreferSameSideOfRoad }
    set {
      storedPreferSameSideOfRoad = newValue
      if newValue { storedPreferredHeading = -1 }
    }
  }
  /// The arrival heading (0–360, -1 unset); a valid value clears ``preferSameSideOfRoad``.
  public override var preferredHeading: Int32 {
    get { storedPreferredHeading }
    set {
      storedPreferredHeading = (0...360).contains(newValue) ? newValue : -1
      if (0...360).contains(newValue) { storedPreferSameSideOfRoad = false }
    }
  }
  /// Whether vehicles stop here.
  public override var vehicleStopover: Bool {
    get { storedVehicleStopover }
    set { storedVehicleStopover = newValue }
  }
}

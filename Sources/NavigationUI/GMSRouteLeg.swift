/// One leg of the route: from the vehicle (or the previous destination) to a destination
/// (`GMSRouteLeg`). Sendable by hand: every field is immutable, and ``path`` is a plain
/// `GMSPath` the leg makes itself and never hands out as mutable.
public final class GMSRouteLeg: @unchecked Sendable {
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

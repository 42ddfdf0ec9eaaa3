import Foundation
import NavigationCore

/// Where the map looks: a centre, a zoom in metres per point, and a heading (the compass
/// direction that points up the screen; 0 is north-up, the vehicle's course is heading-up).
///
/// ```swift
/// let camera = MapCamera(
///   center: CLLocationCoordinate2D(latitude: 43.7394, longitude: 7.4275), metersPerPoint: 1.5)
/// let point = camera.point(for: casino, anchor: CGPoint(x: 195, y: 422))
/// ```
public struct MapCamera: Sendable, Hashable {
  /// The coordinate shown at the anchor point (the viewport's centre).
  public var center: CLLocationCoordinate2D
  /// Ground metres per screen point (smaller is closer).
  public var metersPerPoint: Double
  /// Degrees clockwise from north that point up the screen.
  public var heading: CLLocationDirection
  /// Degrees the camera is tilted from straight down (0…90): buildings are drawn extruded
  /// by their heights when it is above 0.
  public var tilt: Double = 0 {
    didSet { if !tilt.isFinite || tilt < 0 { tilt = 0 } else if tilt > 90 { tilt = 90 } }
  }

  /// A camera; a zoom that is not a positive finite number becomes 2 m/pt, a heading that is
  /// not finite becomes 0.
  public init(center: CLLocationCoordinate2D, metersPerPoint: Double = 2, heading: Double = 0) {
    self.center = center
    self.metersPerPoint = metersPerPoint.isFinite && metersPerPoint > 0 ? metersPerPoint : 2
    self.heading = heading.isFinite ? Geodesy.normalized(heading) : 0
  }

  /// A heading-up camera following a vehicle: centred on it, its course up the screen.
  public static func following(
    _ vehicle: VehicleMarker, metersPerPoint: Double = 1.2
  ) -> MapCamera {
    MapCamera(center: vehicle.coordinate, metersPerPoint: metersPerPoint, heading: vehicle.course)
  }

  /// The screen point of a coordinate, with the camera's centre at `anchor`.
  public func point(for coordinate: CLLocationCoordinate2D, anchor: CGPoint) -> CGPoint {
    let east =
      (coordinate.longitude - center.longitude) * Self.metersPerDegree
      * cos(center.latitude * .pi / 180)
    let north = (coordinate.latitude - center.latitude) * Self.metersPerDegree
    let (x, y) = rotate(east: east, north: north)
    return CGPoint(
      x: Double(anchor.x) + x / metersPerPoint, y: Double(anchor.y) + y / metersPerPoint)
  }

  /// The coordinate under a screen point, with the camera's centre at `anchor`.
  public func coordinate(at point: CGPoint, anchor: CGPoint) -> CLLocationCoordinate2D {
    let x = (Double(point.x) - Double(anchor.x)) * metersPerPoint
    let y = (Double(point.y) - Double(anchor.y)) * metersPerPoint
    let h = heading * .pi / 180
    // Inverse of `rotate`: screen (x right, y down) back to east/north.
    let east = x * cos(h) - y * sin(h)
    let north = -(x * sin(h) + y * cos(h))
    return CLLocationCoordinate2D(
      latitude: center.latitude + north / Self.metersPerDegree,
      longitude: center.longitude + east / (Self.metersPerDegree * cos(center.latitude * .pi / 180))
    )
  }

  /// East/north metres to screen-aligned metres (x right, y down) for this heading.
  func rotate(east: Double, north: Double) -> (x: Double, y: Double) {
    let h = heading * .pi / 180
    let e = east * cos(h) - north * sin(h)
    let n = east * sin(h) + north * cos(h)
    return (e, -n)
  }

  /// Metres per degree of latitude on the mean Earth sphere.
  static let metersPerDegree = Geodesy.earthRadius * .pi / 180
}

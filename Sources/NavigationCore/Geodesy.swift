import Foundation

/// Spherical geodesy on WGS 84 coordinates: distance, bearing, destination and projection.
///
/// All functions are pure. Distances use the haversine formula on a sphere of radius
/// ``earthRadius``; that is within 0.5 % of the ellipsoid, well inside GPS error.
public enum Geodesy {
  /// Mean Earth radius in meters (IUGG).
  public static let earthRadius: Double = 6_371_008.8

  @inline(__always) static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
  @inline(__always) static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }

  /// Great-circle distance in meters between two coordinates (haversine).
  public static func distance(
    _ a: CLLocationCoordinate2D, _ b: CLLocationCoordinate2D
  ) -> CLLocationDistance {
    let lat1 = radians(a.latitude)
    let lat2 = radians(b.latitude)
    let dLat = lat2 - lat1
    let dLon = radians(b.longitude - a.longitude)
    let s1 = sin(dLat / 2)
    let s2 = sin(dLon / 2)
    let h = s1 * s1 + cos(lat1) * cos(lat2) * s2 * s2
    return 2 * earthRadius * asin(min(1, h.squareRoot()))
  }

  /// Initial bearing in degrees [0, 360) from `a` towards `b`.
  public static func bearing(
    _ a: CLLocationCoordinate2D, _ b: CLLocationCoordinate2D
  ) -> CLLocationDirection {
    let lat1 = radians(a.latitude)
    let lat2 = radians(b.latitude)
    let dLon = radians(b.longitude - a.longitude)
    let y = sin(dLon) * cos(lat2)
    let x = cos(lat1) * sin(lat2) - sin(lat1) * cos(lat2) * cos(dLon)
    return normalized(degrees(atan2(y, x)))
  }

  /// `degrees` wrapped into [0, 360).
  public static func normalized(_ degrees: CLLocationDirection) -> CLLocationDirection {
    guard degrees.isFinite else { return 0 }
    let r = degrees.truncatingRemainder(dividingBy: 360)
    return r < 0 ? r + 360 : r
  }

  /// Smallest absolute difference between two bearings, in [0, 180].
  public static func angleDifference(
    _ a: CLLocationDirection, _ b: CLLocationDirection
  ) -> CLLocationDirection {
    let d = normalized(a - b)
    return d > 180 ? 360 - d : d
  }

  /// The coordinate `distance` meters from `origin` along `bearing` degrees.
  public static func destination(
    from origin: CLLocationCoordinate2D, distance: CLLocationDistance,
    bearing: CLLocationDirection
  ) -> CLLocationCoordinate2D {
    let delta = distance / earthRadius
    let theta = radians(bearing)
    let lat1 = radians(origin.latitude)
    let lon1 = radians(origin.longitude)
    let lat2 = asin(sin(lat1) * cos(delta) + cos(lat1) * sin(delta) * cos(theta))
    let lon2 =
      lon1 + atan2(sin(theta) * sin(delta) * cos(lat1), cos(delta) - sin(lat1) * sin(lat2))
    var lon = degrees(lon2)
    if lon > 180 { lon -= 360 } else if lon < -180 { lon += 360 }
    return CLLocationCoordinate2D(latitude: degrees(lat2), longitude: lon)
  }

  /// The point a fraction `t` (0…1) of the way from `a` to `b`, linear in degrees.
  ///
  /// Exact enough for route segments, which are short.
  public static func interpolate(
    _ a: CLLocationCoordinate2D, _ b: CLLocationCoordinate2D, fraction t: Double
  ) -> CLLocationCoordinate2D {
    CLLocationCoordinate2D(
      latitude: a.latitude + (b.latitude - a.latitude) * t,
      longitude: a.longitude + (b.longitude - a.longitude) * t)
  }

  /// Where a point falls on the segment `a`–`b`.
  public struct SegmentProjection: Sendable, Equatable {
    /// The nearest point on the segment.
    public var coordinate: CLLocationCoordinate2D
    /// How far along the segment the nearest point is, 0…1.
    public var fraction: Double
    /// Distance in meters from the point to the segment.
    public var distance: CLLocationDistance
  }

  /// Projects `p` onto the segment `a`–`b` in a local equirectangular frame.
  ///
  /// - Complexity: O(1); one `cos` and one haversine.
  public static func project(
    _ p: CLLocationCoordinate2D, ontoSegmentFrom a: CLLocationCoordinate2D,
    to b: CLLocationCoordinate2D
  ) -> SegmentProjection {
    let k = cos(radians(a.latitude))
    let bx = (b.longitude - a.longitude) * k
    let by = b.latitude - a.latitude
    let px = (p.longitude - a.longitude) * k
    let py = p.latitude - a.latitude
    let len2 = bx * bx + by * by
    var t = len2 > 0 ? (px * bx + py * by) / len2 : 0
    if !(t > 0) { t = 0 } else if t > 1 { t = 1 }
    let c = interpolate(a, b, fraction: t)
    return SegmentProjection(coordinate: c, fraction: t, distance: distance(p, c))
  }

  /// Total length in meters of a polyline.
  public static func length(of line: [CLLocationCoordinate2D]) -> CLLocationDistance {
    var total = 0.0
    var i = 1
    while i < line.count {
      total += distance(line[i - 1], line[i])
      i += 1
    }
    return total
  }

  /// The point `distance` meters along a polyline, clamped to its ends; nil when it is empty.
  public static func coordinate(
    at distance: CLLocationDistance, along line: [CLLocationCoordinate2D]
  ) -> CLLocationCoordinate2D? {
    guard let first = line.first else { return nil }
    guard distance > 0 else { return first }
    var travelled = 0.0
    var i = 1
    while i < line.count {
      let d = self.distance(line[i - 1], line[i])
      if travelled + d >= distance {
        let t = d > 0 ? (distance - travelled) / d : 0
        return interpolate(line[i - 1], line[i], fraction: t)
      }
      travelled += d
      i += 1
    }
    return line.last
  }
}

import Foundation
import NavigationCore

// The Maps SDK's geometry functions (`GMSGeometryUtils.h`) on the mean Earth sphere
// (`Geodesy.earthRadius`), with their Swift spellings.

/// A point of the Web-Mercator plane (`GMSMapPoint`): `x` from -1 (180° W) to 1 (180° E),
/// `y` growing northwards, 0 on the equator (±1 at about ±85.05°).
public struct GMSMapPoint: Sendable, Hashable {
  /// East–west, -1 … 1.
  public var x: Double
  /// North–south, growing northwards.
  public var y: Double

  /// The point (0, 0): 0° N, 0° E.
  public init() {
    x = 0
    y = 0
  }

  /// A point from its coordinates.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}

/// The Web-Mercator point of a coordinate (`GMSProject`).
public func GMSProject(_ coordinate: CLLocationCoordinate2D) -> GMSMapPoint {
  let latitude = min(89.999_999, max(-89.999_999, coordinate.latitude)) * .pi / 180
  return GMSMapPoint(
    x: coordinate.longitude / 180, y: log(tan(.pi / 4 + latitude / 2)) / .pi)
}

/// The coordinate of a Web-Mercator point (`GMSUnproject`).
public func GMSUnproject(_ point: GMSMapPoint) -> CLLocationCoordinate2D {
  CLLocationCoordinate2D(
    latitude: (2 * atan(exp(point.y * .pi)) - .pi / 2) * 180 / .pi, longitude: point.x * 180)
}

/// The point a fraction `t` of the way from `a` to `b` on the plane
/// (`GMSMapPointInterpolate`).
public func GMSMapPointInterpolate(_ a: GMSMapPoint, _ b: GMSMapPoint, _ t: Double) -> GMSMapPoint {
  GMSMapPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
}

/// The length of the segment from `a` to `b` on the plane, the short way round (across the
/// antimeridian when that is shorter) (`GMSMapPointDistance`).
public func GMSMapPointDistance(_ a: GMSMapPoint, _ b: GMSMapPoint) -> Double {
  var dx = abs(b.x - a.x).truncatingRemainder(dividingBy: 2)
  if dx > 1 { dx = 2 - dx }
  return hypot(dx, b.y - a.y)
}

/// The great-circle distance in metres (`GMSGeometryDistance`).
public func GMSGeometryDistance(_ from: CLLocationCoordinate2D, _ to: CLLocationCoordinate2D)
  -> CLLocationDistance
{
  Geodesy.distance(from, to)
}

/// The length of a path along great circles, in metres (`GMSGeometryLength`).
public func GMSGeometryLength(_ path: GMSPath) -> CLLocationDistance {
  path.length(of: .geodesic)
}

/// The initial bearing from `from` to `to` along the great circle, degrees clockwise from
/// north in 0 ..< 360 (`GMSGeometryHeading`).
public func GMSGeometryHeading(_ from: CLLocationCoordinate2D, _ to: CLLocationCoordinate2D)
  -> CLLocationDirection
{
  Geodesy.bearing(from, to)
}

/// The coordinate `distance` metres from `from` along the great circle starting at
/// `heading` (`GMSGeometryOffset`).
public func GMSGeometryOffset(
  _ from: CLLocationCoordinate2D, _ distance: CLLocationDistance, _ heading: CLLocationDirection
) -> CLLocationCoordinate2D {
  Geodesy.destination(from: from, distance: distance, bearing: heading)
}

/// The coordinate a `fraction` of the way from `from` to `to` along the great circle
/// (`GMSGeometryInterpolate`).
public func GMSGeometryInterpolate(
  _ from: CLLocationCoordinate2D, _ to: CLLocationCoordinate2D, _ fraction: Double
) -> CLLocationCoordinate2D {
  Geodesy.interpolate(from, to, fraction: fraction)
}

/// The area of the polygon a path closes (great-circle edges), in square metres
/// (`GMSGeometryArea`).
public func GMSGeometryArea(_ path: GMSPath) -> Double {
  abs(GMSGeometrySignedArea(path))
}

/// The area of the polygon a path closes (great-circle edges), in square metres: positive
/// when the path turns counter-clockwise (the inside on its left), negative otherwise
/// (`GMSGeometrySignedArea`).
public func GMSGeometrySignedArea(_ path: GMSPath) -> Double {
  let points = path.coordinates
  guard points.count >= 3 else { return 0 }
  // The sum of the polar triangles' signed areas (each edge with the north pole).
  func rad(_ d: Double) -> Double { d * .pi / 180 }
  var total = 0.0
  var previous = points[points.count - 1]
  var prevTan = tan((.pi / 2 - rad(previous.latitude)) / 2)
  for point in points {
    let tanLat = tan((.pi / 2 - rad(point.latitude)) / 2)
    let deltaLongitude = rad(point.longitude - previous.longitude)
    let t = tanLat * prevTan
    total += 2 * atan2(t * sin(deltaLongitude), 1 + t * cos(deltaLongitude))
    prevTan = tanLat
    previous = point
  }
  return total * Geodesy.earthRadius * Geodesy.earthRadius
}

/// Whether `point` lies inside the polygon the path closes; its edges along great circles
/// with `geodesic`, along rhumb lines otherwise (`GMSGeometryContainsLocation`).
public func GMSGeometryContainsLocation(
  _ point: CLLocationCoordinate2D, _ path: GMSPath, _ geodesic: Bool
) -> Bool {
  let polygon = path.coordinates
  guard let last = polygon.last else { return false }
  func rad(_ d: Double) -> Double { d * .pi / 180 }
  func wrap(_ x: Double) -> Double {
    let r = (x + .pi).truncatingRemainder(dividingBy: 2 * .pi)
    return (r < 0 ? r + 2 * .pi : r) - .pi
  }
  let lat3 = rad(point.latitude)
  let lng3 = rad(point.longitude)
  var lat1 = rad(last.latitude)
  var lng1 = rad(last.longitude)
  var crossings = 0
  for vertex in polygon {
    let dLng3 = wrap(lng3 - lng1)
    if lat3 == lat1 && dLng3 == 0 { return true }
    let lat2 = rad(vertex.latitude)
    let lng2 = rad(vertex.longitude)
    if GeometryEdge.crossesMeridianNorthward(
      lat1: lat1, lat2: lat2, lng2: wrap(lng2 - lng1), lat3: lat3, lng3: dLng3,
      geodesic: geodesic)
    {
      crossings += 1
    }
    lat1 = lat2
    lng1 = lng2
  }
  return crossings % 2 == 1
}

/// Whether `point` lies within 0.1 m of the path (a line, not closed), its segments along
/// great circles with `geodesic`, along rhumb lines otherwise (`GMSGeometryIsLocationOnPath`).
public func GMSGeometryIsLocationOnPath(
  _ point: CLLocationCoordinate2D, _ path: GMSPath, _ geodesic: Bool
) -> Bool {
  GMSGeometryIsLocationOnPathTolerance(point, path, geodesic, 0.1)
}

/// Whether `point` lies within `tolerance` metres of the path (a line, not closed), its
/// segments along great circles with `geodesic`, along rhumb lines otherwise
/// (`GMSGeometryIsLocationOnPathTolerance`).
public func GMSGeometryIsLocationOnPathTolerance(
  _ point: CLLocationCoordinate2D, _ path: GMSPath, _ geodesic: Bool,
  _ tolerance: CLLocationDistance
) -> Bool {
  let points = path.coordinates
  guard let first = points.first else { return false }
  if points.count == 1 { return Geodesy.distance(point, first) <= tolerance }
  for i in 1..<points.count {
    let d =
      geodesic
      ? GeometryEdge.greatCircleDistance(from: point, toSegment: points[i - 1], points[i])
      : GeometryEdge.rhumbDistance(from: point, toSegment: points[i - 1], points[i])
    if d <= tolerance { return true }
  }
  return false
}

/// Spans that repeat `styles` over `lengths` metres (measured as `lengthKind` says) along
/// `path`, each style with the length at the same place (both lists cycled), for
/// ``GMSPolyline/spans``: dashes are a solid and a clear style (`GMSStyleSpans`).
@MainActor
public func GMSStyleSpans(
  _ path: GMSPath, _ styles: [GMSStrokeStyle], _ lengths: [NSNumber], _ lengthKind: GMSLengthKind
) -> [GMSStyleSpan] {
  GMSStyleSpansOffset(path, styles, lengths, lengthKind, 0)
}

/// ``GMSStyleSpans(_:_:_:_:)`` with the first `lengthOffset` metres of the repeated pattern
/// skipped (`GMSStyleSpansOffset`).
@MainActor
public func GMSStyleSpansOffset(
  _ path: GMSPath, _ styles: [GMSStrokeStyle], _ lengths: [NSNumber], _ lengthKind: GMSLengthKind,
  _ lengthOffset: CLLocationDistance
) -> [GMSStyleSpan] {
  let metres = lengths.map(\.doubleValue)
  let total = path.length(of: lengthKind)
  guard !styles.isEmpty, !metres.isEmpty, metres.allSatisfy({ $0.isFinite && $0 >= 0 }),
    metres.contains(where: { $0 > 0 }), total > 0
  else { return [] }
  let cycle = metres.reduce(0, +)
  var skip = lengthOffset.isFinite ? lengthOffset.truncatingRemainder(dividingBy: cycle) : 0
  if skip < 0 { skip += cycle }
  var index = 0
  while skip >= metres[index % metres.count] {
    skip -= metres[index % metres.count]
    index += 1
  }
  var spans: [GMSStyleSpan] = []
  var covered = 0.0
  var startSegments = 0.0
  let segmentCount = Double(path.count()) - 1
  // Until the end, less a billionth for rounding (no sliver of a last span).
  while covered < total * (1 - 1e-9) {
    let length = metres[index % metres.count] - skip
    skip = 0
    let end = min(total, covered + length)
    let endSegments =
      end >= total * (1 - 1e-9)
      ? segmentCount : path.segments(forLength: end, kind: lengthKind)
    if length > 0 {
      spans.append(
        GMSStyleSpan(style: styles[index % styles.count], segments: endSegments - startSegments))
    }
    covered = end
    startSegments = endSegments
    index += 1
    if spans.count > 100_000 { break }
  }
  return spans
}

/// Edge tests of the geometry functions.
enum GeometryEdge {
  /// Whether the edge from (lat1, 0) to (lat2, lng2) crosses the meridian of the point
  /// (lat3, lng3) north of it (radians; longitudes relative to the edge's start).
  static func crossesMeridianNorthward(
    lat1: Double, lat2: Double, lng2: Double, lat3: Double, lng3: Double, geodesic: Bool
  ) -> Bool {
    if (lng3 >= 0 && lng3 >= lng2) || (lng3 < 0 && lng3 < lng2) { return false }
    if lat3 <= -.pi / 2 { return false }
    if lat1 <= -.pi / 2 || lat2 <= -.pi / 2 || lat1 >= .pi / 2 || lat2 >= .pi / 2 { return false }
    if lng2 <= -.pi { return false }
    let linearLat = (lat1 * (lng2 - lng3) + lat2 * lng3) / lng2
    if lat1 >= 0 && lat2 >= 0 && lat3 < linearLat { return false }
    if lat1 <= 0 && lat2 <= 0 && lat3 >= linearLat { return true }
    if lat3 >= .pi / 2 { return true }
    if geodesic {
      let tanLat = (tan(lat1) * sin(lng2 - lng3) + tan(lat2) * sin(lng3)) / sin(lng2)
      return tan(lat3) >= tanLat
    }
    func mercator(_ lat: Double) -> Double { log(tan(lat * 0.5 + .pi / 4)) }
    let rhumb = (mercator(lat1) * (lng2 - lng3) + mercator(lat2) * lng3) / lng2
    return mercator(lat3) >= rhumb
  }

  /// The distance in metres from `p` to the great-circle segment from `a` to `b`.
  static func greatCircleDistance(
    from p: CLLocationCoordinate2D, toSegment a: CLLocationCoordinate2D,
    _ b: CLLocationCoordinate2D
  ) -> Double {
    let r = Geodesy.earthRadius
    let d13 = Geodesy.distance(a, p) / r
    let d12 = Geodesy.distance(a, b)
    guard d12 > 0 else { return d13 * r }
    let turn = (Geodesy.bearing(a, p) - Geodesy.bearing(a, b)) * .pi / 180
    let crossTrack = asin(max(-1, min(1, sin(d13) * sin(turn))))
    let along = acos(max(-1, min(1, cos(d13) / max(1e-15, cos(crossTrack))))) * r
    if cos(turn) >= 0 && along <= d12 { return abs(crossTrack) * r }
    return min(d13 * r, Geodesy.distance(b, p))
  }

  /// The distance in metres from `p` to the rhumb-line segment from `a` to `b` (straight on
  /// the Mercator plane, scaled at `p`'s latitude).
  static func rhumbDistance(
    from p: CLLocationCoordinate2D, toSegment a: CLLocationCoordinate2D,
    _ b: CLLocationCoordinate2D
  ) -> Double {
    let scale = Geodesy.earthRadius * cos(p.latitude * .pi / 180) * .pi
    func plane(_ c: CLLocationCoordinate2D) -> (Double, Double) {
      let m = GMSProject(c)
      var x = m.x - GMSProject(p).x
      if x > 1 { x -= 2 }
      if x < -1 { x += 2 }
      return (x * scale, (m.y - GMSProject(p).y) * scale)
    }
    let (ax, ay) = plane(a)
    let (bx, by) = plane(b)
    let dx = bx - ax
    let dy = by - ay
    let l2 = dx * dx + dy * dy
    let t = l2 > 0 ? min(1, max(0, -(ax * dx + ay * dy) / l2)) : 0
    return hypot(ax + t * dx, ay + t * dy)
  }
}

import Foundation
import NavigationCore

/// How the length of a path is measured (`GMSLengthKind`).
public enum GMSLengthKind: Int, Sendable, Hashable {
  /// Along great circles (the shortest way on the Earth's surface).
  case geodesic = 0
  /// Along rhumb lines (constant compass bearing).
  case rhumb = 1
  /// Straight on the Web-Mercator plane, in metres at the path's latitude.
  case projected = 2
}

/// An ordered list of coordinates: the shape of a polyline or polygon (`GMSPath`).
/// Immutable; ``GMSMutablePath`` can change.
///
/// ```swift
/// let path = GMSPath(fromEncodedPath: "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
/// path?.count()            // 3
/// path?.encodedPath()      // the same text
/// ```
open class GMSPath: NSObject {
  /// The coordinates in order (Swift convenience; ``count()`` and ``coordinate(at:)`` are the
  /// original's).
  public internal(set) var coordinates: [CLLocationCoordinate2D]

  /// An empty path.
  public required override init() {
    coordinates = []
    super.init()
  }

  /// A copy of another path.
  public init(path: GMSPath) {
    coordinates = path.coordinates
    super.init()
  }

  /// A path through coordinates (Swift convenience; not in the original).
  public init(coordinates: [CLLocationCoordinate2D]) {
    self.coordinates = coordinates
    super.init()
  }

  /// A path from Google's encoded polyline text (precision 1e-5°), or `nil` when the text
  /// is not a valid encoding.
  public convenience init?(fromEncodedPath encodedPath: String) {
    guard let decoded = try? Polyline.decode(encodedPath, precision: 5) else { return nil }
    self.init(coordinates: decoded)
  }

  /// The number of coordinates.
  open func count() -> UInt { UInt(coordinates.count) }

  /// The coordinate at `index`; an invalid coordinate (-180, -180) past the end, as the
  /// original's `kCLLocationCoordinate2DInvalid`.
  open func coordinate(at index: UInt) -> CLLocationCoordinate2D {
    index < UInt(coordinates.count)
      ? coordinates[Int(index)] : CLLocationCoordinate2D(latitude: -180, longitude: -180)
  }

  /// The path as Google's encoded polyline text (precision 1e-5°).
  open func encodedPath() -> String { Polyline.encode(coordinates, precision: 5) }

  /// A new path with every coordinate moved by `deltaLatitude` and `deltaLongitude` degrees.
  open func pathOffset(
    byLatitude deltaLatitude: CLLocationDegrees, longitude deltaLongitude: CLLocationDegrees
  ) -> Self {
    let moved = Self()
    moved.coordinates = coordinates.map {
      CLLocationCoordinate2D(
        latitude: $0.latitude + deltaLatitude, longitude: $0.longitude + deltaLongitude)
    }
    return moved
  }

  /// The length of the path in metres, measured as `kind` says.
  open func length(of kind: GMSLengthKind) -> CLLocationDistance {
    guard coordinates.count > 1 else { return 0 }
    var total = 0.0
    for i in 1..<coordinates.count {
      total += Self.segmentLength(coordinates[i - 1], coordinates[i], kind: kind)
    }
    return total
  }

  /// How many segments (fractionally) make up `length` metres from the start.
  open func segments(forLength length: CLLocationDistance, kind: GMSLengthKind) -> Double {
    guard coordinates.count > 1, length > 0 else { return 0 }
    var covered = 0.0
    for i in 1..<coordinates.count {
      let piece = Self.segmentLength(coordinates[i - 1], coordinates[i], kind: kind)
      if covered + piece >= length {
        return Double(i - 1) + (piece > 0 ? (length - covered) / piece : 0)
      }
      covered += piece
    }
    return Double(coordinates.count - 1)
  }

  static func segmentLength(
    _ a: CLLocationCoordinate2D, _ b: CLLocationCoordinate2D, kind: GMSLengthKind
  ) -> Double {
    switch kind {
    case .geodesic:
      return Geodesy.distance(a, b)
    case .rhumb:
      let r = Geodesy.earthRadius
      let phi1 = a.latitude * .pi / 180
      let phi2 = b.latitude * .pi / 180
      let dPhi = phi2 - phi1
      var dLambda = (b.longitude - a.longitude) * .pi / 180
      if abs(dLambda) > .pi { dLambda = dLambda > 0 ? dLambda - 2 * .pi : dLambda + 2 * .pi }
      let dPsi = log(tan(.pi / 4 + phi2 / 2) / tan(.pi / 4 + phi1 / 2))
      let q = abs(dPsi) > 1e-12 ? dPhi / dPsi : cos(phi1)
      return sqrt(dPhi * dPhi + q * q * dLambda * dLambda) * r
    case .projected:
      let r = Geodesy.earthRadius
      let x1 = a.longitude * .pi / 180 * r
      let x2 = b.longitude * .pi / 180 * r
      let y1 = log(tan(.pi / 4 + a.latitude * .pi / 360)) * r
      let y2 = log(tan(.pi / 4 + b.latitude * .pi / 360)) * r
      let scale = cos((a.latitude + b.latitude) / 2 * .pi / 180)
      return hypot(x2 - x1, y2 - y1) * scale
    }
  }

  /// Equal when the coordinates are.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? GMSPath else { return false }
    return coordinates.count == other.coordinates.count
      && zip(coordinates, other.coordinates).allSatisfy {
        $0.latitude == $1.latitude && $0.longitude == $1.longitude
      }
  }

  /// Hashes the count and the first coordinate.
  open override var hash: Int {
    var hasher = Hasher()
    hasher.combine(coordinates.count)
    hasher.combine(coordinates.first?.latitude)
    return hasher.finalize()
  }
}

/// A path that can change (`GMSMutablePath`).
///
/// ```swift
/// let path = GMSMutablePath()
/// path.addLatitude(43.7384, longitude: 7.4246)
/// path.add(CLLocationCoordinate2D(latitude: 43.7410, longitude: 7.4280))
/// polyline.path = path
/// ```
open class GMSMutablePath: GMSPath {
  /// Appends a coordinate.
  open func add(_ coord: CLLocationCoordinate2D) { coordinates.append(coord) }

  /// Appends a coordinate given as latitude and longitude.
  open func addLatitude(_ latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
    coordinates.append(CLLocationCoordinate2D(latitude: latitude, longitude: longitude))
  }

  /// Inserts a coordinate at `index` (appends when `index` is the count; ignored beyond).
  open func insert(_ coord: CLLocationCoordinate2D, at index: UInt) {
    guard index <= UInt(coordinates.count) else { return }
    coordinates.insert(coord, at: Int(index))
  }

  /// Replaces the coordinate at `index` (ignored past the end).
  open func replaceCoordinate(at index: UInt, with coord: CLLocationCoordinate2D) {
    guard index < UInt(coordinates.count) else { return }
    coordinates[Int(index)] = coord
  }

  /// Removes the coordinate at `index` (ignored past the end).
  open func removeCoordinate(at index: UInt) {
    guard index < UInt(coordinates.count) else { return }
    coordinates.remove(at: Int(index))
  }

  /// Removes the last coordinate, if any.
  open func removeLastCoordinate() {
    if !coordinates.isEmpty { coordinates.removeLast() }
  }

  /// Removes every coordinate.
  open func removeAllCoordinates() { coordinates.removeAll() }
}

/// The four corners of what the camera shows (`GMSVisibleRegion`). The map is drawn from
/// straight above, so near and far are the bottom and top edges of the map view.
public struct GMSVisibleRegion: Sendable, Hashable {
  /// The bottom-left corner.
  public var nearLeft: CLLocationCoordinate2D
  /// The bottom-right corner.
  public var nearRight: CLLocationCoordinate2D
  /// The top-left corner.
  public var farLeft: CLLocationCoordinate2D
  /// The top-right corner.
  public var farRight: CLLocationCoordinate2D

  /// A region from its corners.
  public init(
    nearLeft: CLLocationCoordinate2D, nearRight: CLLocationCoordinate2D,
    farLeft: CLLocationCoordinate2D, farRight: CLLocationCoordinate2D
  ) {
    self.nearLeft = nearLeft
    self.nearRight = nearRight
    self.farLeft = farLeft
    self.farRight = farRight
  }

  /// Same corners.
  public static func == (a: GMSVisibleRegion, b: GMSVisibleRegion) -> Bool {
    [a.nearLeft, a.nearRight, a.farLeft, a.farRight].elementsEqual(
      [b.nearLeft, b.nearRight, b.farLeft, b.farRight]
    ) { $0.latitude == $1.latitude && $0.longitude == $1.longitude }
  }

  /// Hashes the corners.
  public func hash(into hasher: inout Hasher) {
    for c in [nearLeft, nearRight, farLeft, farRight] {
      hasher.combine(c.latitude)
      hasher.combine(c.longitude)
    }
  }
}

/// A latitude/longitude box (`GMSCoordinateBounds`). Longitudes are taken as given (no box
/// across the antimeridian).
///
/// ```swift
/// let bounds = GMSCoordinateBounds(coordinate: a, coordinate: b).includingCoordinate(c)
/// mapView.moveCamera(GMSCameraUpdate.fit(bounds, withPadding: 40))
/// ```
open class GMSCoordinateBounds: NSObject {
  /// The north-east corner.
  public let northEast: CLLocationCoordinate2D
  /// The south-west corner.
  public let southWest: CLLocationCoordinate2D
  /// False for the empty bounds of ``init()``.
  public let isValid: Bool

  /// Empty, invalid bounds (including a coordinate makes them valid).
  public override init() {
    northEast = CLLocationCoordinate2D(latitude: -180, longitude: -180)
    southWest = CLLocationCoordinate2D(latitude: -180, longitude: -180)
    isValid = false
    super.init()
  }

  init(south: Double, west: Double, north: Double, east: Double) {
    northEast = CLLocationCoordinate2D(latitude: north, longitude: east)
    southWest = CLLocationCoordinate2D(latitude: south, longitude: west)
    isValid = true
    super.init()
  }

  /// The smallest box holding two coordinates.
  public convenience init(
    coordinate coord1: CLLocationCoordinate2D, coordinate coord2: CLLocationCoordinate2D
  ) {
    self.init(
      south: min(coord1.latitude, coord2.latitude), west: min(coord1.longitude, coord2.longitude),
      north: max(coord1.latitude, coord2.latitude), east: max(coord1.longitude, coord2.longitude))
  }

  /// The smallest box holding a visible region's corners.
  public convenience init(region: GMSVisibleRegion) {
    let corners = [region.nearLeft, region.nearRight, region.farLeft, region.farRight]
    self.init(
      south: corners.map(\.latitude).min()!, west: corners.map(\.longitude).min()!,
      north: corners.map(\.latitude).max()!, east: corners.map(\.longitude).max()!)
  }

  /// The smallest box holding a path (invalid for an empty path).
  public convenience init(path: GMSPath) {
    let points = path.coordinates
    guard !points.isEmpty else {
      self.init()
      return
    }
    self.init(
      south: points.map(\.latitude).min()!, west: points.map(\.longitude).min()!,
      north: points.map(\.latitude).max()!, east: points.map(\.longitude).max()!)
  }

  /// These bounds grown to hold `coordinate`.
  open func includingCoordinate(_ coordinate: CLLocationCoordinate2D) -> GMSCoordinateBounds {
    guard isValid else {
      return GMSCoordinateBounds(coordinate: coordinate, coordinate: coordinate)
    }
    return GMSCoordinateBounds(
      south: min(southWest.latitude, coordinate.latitude),
      west: min(southWest.longitude, coordinate.longitude),
      north: max(northEast.latitude, coordinate.latitude),
      east: max(northEast.longitude, coordinate.longitude))
  }

  /// These bounds grown to hold `other`.
  open func includingBounds(_ other: GMSCoordinateBounds) -> GMSCoordinateBounds {
    guard other.isValid else { return self }
    return includingCoordinate(other.southWest).includingCoordinate(other.northEast)
  }

  /// These bounds grown to hold every coordinate of `path`.
  open func includingPath(_ path: GMSPath) -> GMSCoordinateBounds {
    path.coordinates.reduce(self) { $0.includingCoordinate($1) }
  }

  /// Whether `coordinate` lies inside (edges included).
  open func contains(_ coordinate: CLLocationCoordinate2D) -> Bool {
    isValid && coordinate.latitude >= southWest.latitude
      && coordinate.latitude <= northEast.latitude && coordinate.longitude >= southWest.longitude
      && coordinate.longitude <= northEast.longitude
  }

  /// Whether the two boxes overlap.
  open func intersects(_ other: GMSCoordinateBounds) -> Bool {
    isValid && other.isValid && other.southWest.latitude <= northEast.latitude
      && other.northEast.latitude >= southWest.latitude
      && other.southWest.longitude <= northEast.longitude
      && other.northEast.longitude >= southWest.longitude
  }

  /// The centre of the box.
  var center: CLLocationCoordinate2D {
    CLLocationCoordinate2D(
      latitude: (southWest.latitude + northEast.latitude) / 2,
      longitude: (southWest.longitude + northEast.longitude) / 2)
  }

  /// Equal corners.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? GMSCoordinateBounds else { return false }
    return isValid == other.isValid && northEast.latitude == other.northEast.latitude
      && northEast.longitude == other.northEast.longitude
      && southWest.latitude == other.southWest.latitude
      && southWest.longitude == other.southWest.longitude
  }

  /// Hashes the corners.
  open override var hash: Int {
    var hasher = Hasher()
    hasher.combine(northEast.latitude)
    hasher.combine(southWest.longitude)
    return hasher.finalize()
  }
}

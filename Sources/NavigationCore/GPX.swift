/// A point of a GPX route, track or waypoint list.
public struct GPXPoint: Sendable, Hashable {
  /// Where the point is.
  public var coordinate: CLLocationCoordinate2D
  /// Elevation in meters, when given.
  public var elevation: Double?
  /// Time in seconds since 1970-01-01T00:00:00Z, when given.
  public var time: Double?
  /// `name`, when given.
  public var name: String?
  /// `desc`, when given (GraphHopper puts turn instructions here).
  public var description: String?
  /// Extension elements with a text value, by qualified name, in document order.
  public var extensions: [String: String]

  /// A point from its parts.
  public init(
    coordinate: CLLocationCoordinate2D, elevation: Double? = nil, time: Double? = nil,
    name: String? = nil, description: String? = nil, extensions: [String: String] = [:]
  ) {
    self.coordinate = coordinate
    self.elevation = elevation
    self.time = time
    self.name = name
    self.description = description
    self.extensions = extensions
  }
}

/// A GPX `<rte>`: an ordered list of route points (often turn points).
public struct GPXRoute: Sendable, Hashable {
  /// `name`, when given.
  public var name: String?
  /// The `rtept` elements.
  public var points: [GPXPoint]

  /// Converts to a ``Route``: one step per route point; GraphHopper's `gh:distance` and
  /// `gh:time` (milliseconds) extensions give step distance and time when present. A route
  /// of one point is a zero-length route there; one of no points, as a track's, at 0°, 0°.
  public func asRoute(source: RouteSource = .gpxRoute, speed: CLLocationSpeed = 13.9) -> Route {
    let coords = points.map(\.coordinate)
    guard coords.count >= 2 else {
      let point = coords.first ?? CLLocationCoordinate2D()
      return RouteDecoder.lineRoute([point, point], times: nil, speed: speed, source: source)
    }
    var steps: [RouteStep] = []
    for (n, p) in points.enumerated() {
      let next = n + 1 < points.count ? points[n + 1].coordinate : p.coordinate
      let straight = Geodesy.distance(p.coordinate, next)
      let distance = Double(p.extensions["gh:distance"] ?? "") ?? straight
      let time = (Double(p.extensions["gh:time"] ?? "")).map { $0 / 1000 } ?? distance / speed
      let isLast = n == points.count - 1
      let type: ManeuverType = n == 0 ? .depart : (isLast ? .arrive : .turn)
      let before = n > 0 ? Geodesy.bearing(points[n - 1].coordinate, p.coordinate) : 0
      let after = isLast ? 0 : Geodesy.bearing(p.coordinate, next)
      let maneuver = Maneuver(
        type: type, bearingBefore: before, bearingAfter: after, location: p.coordinate,
        instruction: p.description)
      steps.append(
        RouteStep(
          maneuver: maneuver, geometry: [p.coordinate, next], distance: isLast ? 0 : distance,
          expectedTravelTime: isLast ? 0 : time, name: p.name ?? ""))
    }
    let leg = RouteLeg(
      steps: steps, distance: steps.reduce(0) { $0 + $1.distance },
      expectedTravelTime: steps.reduce(0) { $0 + $1.expectedTravelTime }, summary: name ?? "")
    return Route(
      legs: [leg],
      waypoints: [Waypoint(location: coords[0]), Waypoint(location: coords[coords.count - 1])],
      source: source)
  }
}

/// A GPX `<trk>`: recorded positions in one or more segments.
public struct GPXTrack: Sendable, Hashable {
  /// `name`, when given.
  public var name: String?
  /// The `trkseg` elements, each a list of `trkpt`.
  public var segments: [[GPXPoint]]

  /// A track from its parts.
  public init(name: String? = nil, segments: [[GPXPoint]]) {
    self.name = name
    self.segments = segments
  }

  /// All points of all segments in order.
  public var points: [GPXPoint] { segments.flatMap { $0 } }

  /// Converts to a one-leg ``Route`` along the track; its time is the span of the timestamps.
  public func asRoute(speed: CLLocationSpeed = 13.9) -> Route {
    var coords = points.map(\.coordinate)
    while coords.count < 2 { coords.append(coords.last ?? CLLocationCoordinate2D()) }
    let times = points.compactMap(\.time)
    return RouteDecoder.lineRoute(
      coords, times: times.count == points.count ? times : nil, speed: speed, source: .gpxTrack)
  }
}

/// A decoded GPX file.
public struct GPXDocument: Sendable, Hashable {
  /// The `<rte>` elements.
  public var routes: [GPXRoute]
  /// The `<trk>` elements.
  public var tracks: [GPXTrack]
  /// The top-level `<wpt>` elements.
  public var waypoints: [GPXPoint]
}

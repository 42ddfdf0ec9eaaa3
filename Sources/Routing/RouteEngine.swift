import Foundation
import NavigationCore

/// The ODbL attribution every screen or file built from the bundled map must show.
public let openStreetMapAttribution =
  "Map data © OpenStreetMap contributors, available under the Open Database License (ODbL 1.0)"
  + " — https://www.openstreetmap.org/copyright"

/// The embedded router: a road graph, its index, and guidance, behind one call.
///
/// ```swift
/// let engine = try RouteEngine.bundled()
/// let route = try engine.route(through: [origin, destination])
/// ```
public struct RouteEngine: Sendable {
  /// The router (graph and spatial index).
  public let router: Router

  /// An engine over a built graph.
  public init(graph: RoadGraph) { router = Router(graph: graph) }

  /// An engine over an OSM file (PBF or XML).
  public init(mapPath: String) throws(OSMReadError) {
    self.init(graph: RoadGraph.build(from: try OSMData.read(path: mapPath)))
  }

  /// The path of the bundled Monaco extract, in this module's resource bundle
  /// (`NavigationUIKit_Routing.resources`, beside the running binary or in the build folder;
  /// an installed `navui` needs that folder copied beside it).
  public static func bundledMapPath() -> String? {
    let url = Bundle.module.url(forResource: "monaco.osm", withExtension: "pbf")
    return url.map(\.path).flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil }
  }

  /// An engine over the bundled Monaco map.
  public static func bundled() throws(OSMReadError) -> RouteEngine {
    guard let path = bundledMapPath() else {
      throw .io(path: "monaco.osm.pbf", reason: "bundled map not found")
    }
    return try RouteEngine(mapPath: path)
  }

  /// Snaps every waypoint and finds the fastest path for each leg.
  ///
  /// - Parameter heading: The traveller's heading at the first waypoint (for reroutes).
  public func paths(
    through waypoints: [CLLocationCoordinate2D], heading: Double? = nil
  ) throws(RoutingError) -> [EdgePath] {
    guard waypoints.count >= 2 else { throw .tooFewWaypoints }
    var snaps: [[EdgeSnap]] = []
    for (i, w) in waypoints.enumerated() {
      let s = router.snap(w, heading: i == 0 ? heading : nil)
      guard !s.isEmpty else {
        throw .offMap(waypoint: i, latitude: w.latitude, longitude: w.longitude)
      }
      snaps.append(s)
    }
    var out: [EdgePath] = []
    for leg in 0..<(waypoints.count - 1) {
      if let p = router.path(from: snaps[leg], to: snaps[leg + 1]) {
        out.append(p)
        continue
      }
      // The nearest road may be an island (a private yard, a closed loop): widen to the ten
      // nearest edges of each end, as engines do when a snapped point has no route.
      let wide = [leg, leg + 1].map { router.snap(waypoints[$0], candidates: 10) }
      guard let p = router.path(from: wide[0], to: wide[1]) else { throw .noRoute(leg: leg) }
      out.append(p)
    }
    return out
  }

  /// The fastest route through the waypoints (one leg between each consecutive pair).
  public func route(
    through waypoints: [CLLocationCoordinate2D], heading: Double? = nil
  ) throws(RoutingError) -> Route {
    let legs = try paths(through: waypoints, heading: heading)
    return Guidance(graph: router.graph).route(legs: legs, waypoints: waypoints)
  }

  /// Reroutes from the current position and heading to the remaining waypoints.
  public func reroute(
    from location: CLLocation, to remaining: [CLLocationCoordinate2D]
  ) throws(RoutingError) -> Route {
    try route(
      through: [location.coordinate] + remaining,
      heading: location.course >= 0 ? location.course : nil)
  }

  /// The fastest route and up to two alternatives that differ enough from it.
  public func routes(
    from origin: CLLocationCoordinate2D, to destination: CLLocationCoordinate2D,
    alternatives: Int = 2
  ) throws(RoutingError) -> [Route] {
    let best = try paths(through: [origin, destination])[0]
    let sources = router.snap(origin)
    let targets = router.snap(destination)
    var found = [best]
    var penalties: [Int: Float] = [:]
    for _ in 0..<(alternatives * 2) where found.count <= alternatives {
      for p in found { for e in p.edges { penalties[e] = 1.6 } }
      guard let candidate = router.path(from: sources, to: targets, penalties: penalties) else {
        break
      }
      let realCost = candidate.edges.reduce(0.0) { $0 + Double(router.graph.edges[$1].duration) }
      let bestCost = best.edges.reduce(0.0) { $0 + Double(router.graph.edges[$1].duration) }
      let shared = Set(candidate.edges).intersection(best.edges).reduce(0.0) {
        $0 + Double(router.graph.edges[$1].length)
      }
      let length = candidate.edges.reduce(0.0) { $0 + Double(router.graph.edges[$1].length) }
      if realCost <= bestCost * 1.5, shared <= 0.75 * length,
        !found.contains(where: { $0.edges == candidate.edges })
      {
        found.append(candidate)
      }
    }
    let guidance = Guidance(graph: router.graph)
    return found.map { guidance.route(legs: [$0], waypoints: [origin, destination]) }
  }
}

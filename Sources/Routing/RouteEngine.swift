import Foundation
import NavigationCore
import OSM

/// The embedded router: a road graph, its index, and guidance, behind one call.
///
/// ```swift
/// let engine = try RouteEngine.bundled()
/// let route = try engine.route(through: [origin, destination])
/// ```
public struct RouteEngine: Sendable {
  /// The router (graph and spatial index).
  public let router: Router
  /// How far in meters a waypoint may be from the nearest road and still be snapped to it
  /// (default ``Router/defaultSnapRadius``, Valhalla's 35 km).
  public var snapRadius: Double = Router.defaultSnapRadius

  /// An engine over a built graph.
  public init(graph: RoadGraph) { router = Router(graph: graph) }

  /// An engine over an OSM file (PBF or XML).
  public init(mapPath: String) throws(OSMReadError) {
    self.init(graph: RoadGraph.build(from: try OSMData.read(path: mapPath)))
  }

  /// The path of the bundled Monaco extract (``OSMData/bundledMapPath()``).
  public static func bundledMapPath() -> String? { OSMData.bundledMapPath() }

  /// An engine over the bundled Monaco map.
  public static func bundled() throws(OSMReadError) -> RouteEngine {
    guard let path = bundledMapPath() else {
      throw .io(path: "monaco.osm.pbf", reason: "bundled map not found")
    }
    return try RouteEngine(mapPath: path)
  }

  /// Snaps every waypoint and finds the best path for each leg (the fastest unless
  /// `options` say otherwise).
  ///
  /// - Parameters:
  ///   - heading: The traveller's heading at the first waypoint (for reroutes).
  ///   - radii: Per waypoint, the farthest in meters it may be from a road (a missing or nil
  ///     entry: ``snapRadius``).
  ///   - options: Roads to avoid and the routing strategy.
  public func paths(
    through waypoints: [CLLocationCoordinate2D], heading: Double? = nil, radii: [Double?] = [],
    options: RouteCostOptions = RouteCostOptions()
  ) throws(RoutingError) -> [EdgePath] {
    guard waypoints.count >= 2 else { throw .tooFewWaypoints }
    let costs = router.costMultipliers(for: options)
    var snaps: [[EdgeSnap]] = []
    for (i, w) in waypoints.enumerated() {
      let radius = (i < radii.count ? radii[i] : nil) ?? snapRadius
      let s = router.snap(w, heading: i == 0 ? heading : nil, radius: radius)
      guard !s.isEmpty else {
        throw .offMap(waypoint: i, latitude: w.latitude, longitude: w.longitude)
      }
      snaps.append(s)
    }
    var out: [EdgePath] = []
    for leg in 0..<(waypoints.count - 1) {
      if let p = router.path(from: snaps[leg], to: snaps[leg + 1], penalties: costs) {
        out.append(
          withoutUTurnDetour(
            p, from: waypoints[leg], to: waypoints[leg + 1],
            radii: [leg, leg + 1].map { ($0 < radii.count ? radii[$0] : nil) ?? snapRadius },
            costs: costs))
        continue
      }
      // The nearest road may be an island (a private yard, a closed loop): widen to the ten
      // nearest edges of each end, as engines do when a snapped point has no route.
      let wide = [leg, leg + 1].map {
        router.snap(
          waypoints[$0], radius: ($0 < radii.count ? radii[$0] : nil) ?? snapRadius,
          candidates: 10)
      }
      guard let p = router.path(from: wide[0], to: wide[1], penalties: costs) else {
        throw .noRoute(leg: leg)
      }
      out.append(p)
    }
    return out
  }

  /// How far (meters) beyond the nearest road a waypoint may start or end on another road to
  /// avoid a U-turn detour.
  public static let uTurnDetourReach: Double = 30

  /// Seconds charged per meter a waypoint moves to a farther road to avoid a U-turn detour (a
  /// walking pace, so only a real detour is worth it).
  public static let uTurnDetourPenalty: Double = 1

  /// `path`, or when it makes a U-turn (typically at a dead end, after starting in the wrong
  /// direction on a oneway carriageway, or to reach a destination from the other side), a
  /// path that starts or ends on another road within ``uTurnDetourReach`` meters, when that
  /// saves more than ``uTurnDetourPenalty`` seconds per extra meter of snapping.
  func withoutUTurnDetour(
    _ path: EdgePath, from a: CLLocationCoordinate2D, to b: CLLocationCoordinate2D,
    radii: [Double], costs: [Int: Float] = [:]
  ) -> EdgePath {
    let graph = router.graph
    let hasUTurn = zip(path.edges, path.edges.dropFirst()).contains { x, y in
      graph.edges[y].to == graph.edges[x].from
        && graph.edges[y].shapeStart == graph.edges[x].shapeStart
    }
    guard hasUTurn else { return path }
    let ends = [(a, radii[0]), (b, radii[1])].map { point, radius in
      let all = router.snap(point, radius: radius, candidates: 24)
      let nearest = all.first?.distance ?? 0
      return all.filter { $0.distance <= nearest + Self.uTurnDetourReach }
    }
    guard let other = router.path(from: ends[0], to: ends[1], penalties: costs),
      let first = other.edges.first, let last = other.edges.last,
      let source = ends[0].first(where: { $0.edge == first }),
      let target = ends[1].first(where: { $0.edge == last })
    else { return path }
    let moved =
      (source.distance - (ends[0].first?.distance ?? 0))
      + (target.distance - (ends[1].first?.distance ?? 0))
    return other.cost + moved * Self.uTurnDetourPenalty < path.cost ? other : path
  }

  /// The fastest route through the waypoints (one leg between each consecutive pair), or the
  /// best one under `options`.
  ///
  /// Each waypoint is snapped to the nearest road within its radius (``snapRadius`` unless
  /// `radii` gives one); the route's ``Route/waypoints`` carry the snapped points and their
  /// ``Waypoint/distance`` from the requested ones.
  public func route(
    through waypoints: [CLLocationCoordinate2D], heading: Double? = nil, radii: [Double?] = [],
    options: RouteCostOptions = RouteCostOptions()
  ) throws(RoutingError) -> Route {
    let legs = try paths(through: waypoints, heading: heading, radii: radii, options: options)
    return Guidance(router: router).route(legs: legs, waypoints: waypoints)
  }

  /// Reroutes from the current position and heading to the remaining waypoints.
  public func reroute(
    from location: CLLocation, to remaining: [CLLocationCoordinate2D],
    options: RouteCostOptions = RouteCostOptions()
  ) throws(RoutingError) -> Route {
    try route(
      through: [location.coordinate] + remaining,
      heading: location.course >= 0 ? location.course : nil, options: options)
  }

  /// The fastest route (or the best under `options`) and up to `alternatives` others that
  /// differ enough from it.
  public func routes(
    from origin: CLLocationCoordinate2D, to destination: CLLocationCoordinate2D,
    alternatives: Int = 2, options: RouteCostOptions = RouteCostOptions()
  ) throws(RoutingError) -> [Route] {
    let best = try paths(through: [origin, destination], options: options)[0]
    let costs = router.costMultipliers(for: options)
    let sources = router.snap(origin, radius: snapRadius)
    let targets = router.snap(destination, radius: snapRadius)
    var found = [best]
    var penalties = costs
    for _ in 0..<(alternatives * 2) where found.count <= alternatives {
      for p in found { for e in p.edges { penalties[e] = 1.6 * (costs[e] ?? 1) } }
      guard let candidate = router.path(from: sources, to: targets, penalties: penalties) else {
        break
      }
      func cost(_ e: Int) -> Double { Double(router.graph.edges[e].duration * (costs[e] ?? 1)) }
      let realCost = candidate.edges.reduce(0.0) { $0 + cost($1) }
      let bestCost = best.edges.reduce(0.0) { $0 + cost($1) }
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
    let guidance = Guidance(router: router)
    return found.map { guidance.route(legs: [$0], waypoints: [origin, destination]) }
  }
}

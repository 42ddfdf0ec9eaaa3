import Foundation
import NavigationCore
import Testing

@testable import Routing

/// The issue's proof: 100 seeded random pairs on the Monaco map, against Valhalla and OSRM
/// running on the same map on loopback.
@Suite(
  .serialized,
  .enabled(if: Engines.urls != nil, "needs NAVUI_PYTHON with pyvalhalla and osrm-bindings"))
struct EngineComparisonTests {
  @Test func providersReturnRoutes() throws {
    let urls = try #require(Engines.urls)
    let a = CLLocationCoordinate2D(latitude: 43.7296, longitude: 7.4168)
    let b = CLLocationCoordinate2D(latitude: 43.7394, longitude: 7.4275)
    for engine in [RemoteRouteProvider.Engine.osrm(urls.osrm), .valhalla(urls.valhalla)] {
      let route = try RemoteRouteProvider(engine: engine).route(through: [a, b])
      #expect(abs(route.distance - 1_816) < 100, "\(engine)")
    }
  }

  @Test func providerErrorsAreTyped() throws {
    let urls = try #require(Engines.urls)
    let sea = CLLocationCoordinate2D(latitude: 43.0, longitude: 7.0)
    let b = CLLocationCoordinate2D(latitude: 43.7394, longitude: 7.4275)
    // Valhalla refuses points far from any road with a typed "no route" (OSRM snaps anywhere).
    let result = Result { () throws(RouteProviderError) in
      try RemoteRouteProvider(engine: .valhalla(urls.valhalla)).route(through: [sea, b])
    }
    guard case .failure(.noRoute) = result.map({ _ in 0 }) else {
      Issue.record("expected noRoute, got \(String(describing: result).prefix(200))")
      return
    }
    let down = RemoteRouteProvider(engine: .osrm("http://127.0.0.1:9"), retries: 1, backoff: 0.01)
    #expect(throws: RouteProviderError.self) { try down.route(through: [b, b]) }
    let fallback = RemoteRouteProvider(
      engine: .valhalla("http://127.0.0.1:9"), retries: 0, fallback: monacoEngine)
    let a = CLLocationCoordinate2D(latitude: 43.7296, longitude: 7.4168)
    #expect(try fallback.route(through: [a, b]).distance > 1_500)
  }

  @Test func hundredRandomPairs() throws {
    let urls = try #require(Engines.urls)
    let engine = try #require(monacoEngine)
    let graph = engine.router.graph
    var rng = SplitMix(seed: 2026)
    let osrm = RemoteRouteProvider(engine: .osrm(urls.osrm))
    let valhalla = RemoteRouteProvider(engine: .valhalla(urls.valhalla))
    var compared = 0
    var distanceOK = 0
    var durationOK = 0
    var matched = 0
    var typeMatched = 0
    var maneuvers = 0
    var lines: [String] = []
    var attempts = 0
    while compared < 100, attempts < 400 {
      attempts += 1
      let a = graph.coordinate(ofVertex: Int(rng.next() % UInt64(graph.vertexCount)))
      let b = graph.coordinate(ofVertex: Int(rng.next() % UInt64(graph.vertexCount)))
      guard Geodesy.distance(a, b) > 500,
        let ours = try? engine.route(through: [a, b]),
        let o = try? osrm.route(through: [a, b]),
        let v = try? valhalla.route(through: [a, b])
      else { continue }
      compared += 1
      // Never a oneway or restriction violation: every turn on our path is allowed.
      let path = try engine.paths(through: [a, b])[0]
      for (x, y) in zip(path.edges, path.edges.dropFirst()) {
        #expect(graph.edges[x].to == graph.edges[y].from)
        #expect(engine.router.turnCost(from: x, to: y) != nil)
      }
      let closer = abs(o.distance - ours.distance) < abs(v.distance - ours.distance) ? o : v
      let dOK = abs(ours.distance - closer.distance) <= 0.15 * closer.distance
      let tOK =
        ours.expectedTravelTime >= 0.8 * min(o.expectedTravelTime, v.expectedTravelTime)
        && ours.expectedTravelTime <= 1.2 * max(o.expectedTravelTime, v.expectedTravelTime)
      distanceOK += dOK ? 1 : 0
      durationOK += tOK ? 1 : 0
      let theirs = (o.allSteps + v.allSteps).map(\.maneuver)
      for m in ours.allSteps.map(\.maneuver) where m.type != .depart && m.type != .arrive {
        maneuvers += 1
        let near = theirs.filter {
          Geodesy.distance($0.location, m.location) < 30 && $0.type != .depart && $0.type != .arrive
        }
        if !near.isEmpty { matched += 1 }
        if near.contains(where: { family($0.type) == family(m.type) }) { typeMatched += 1 }
      }
      lines.append(
        "\(compared) ours \(Int(ours.distance))m/\(Int(ours.expectedTravelTime))s osrm "
          + "\(Int(o.distance))m/\(Int(o.expectedTravelTime))s valhalla \(Int(v.distance))m/"
          + "\(Int(v.expectedTravelTime))s \(dOK ? "" : "DIST") \(tOK ? "" : "TIME")")
    }
    let report =
      "pairs \(compared), distance within 15%: \(distanceOK), duration in band: \(durationOK), "
      + "maneuvers matched by position (30 m): \(matched)/\(maneuvers), "
      + "by position and type: \(typeMatched)/\(maneuvers)"
    print(report)
    if ProcessInfo.processInfo.environment["ROUTE_COMPARISON_VERBOSE"] != nil {
      print(lines.joined(separator: "\n"))
    }
    #expect(compared == 100)
    #expect(distanceOK >= 95, "\(report)")
    #expect(durationOK >= 95, "\(report)")
    #expect(matched * 10 >= maneuvers * 7, "\(report)")
  }

  /// Maneuver types that engines name differently for the same thing share a family.
  func family(_ type: ManeuverType) -> String {
    switch type {
    case .rotary, .roundabout, .roundaboutTurn: return "roundabout"
    case .exitRotary, .exitRoundabout: return "exit"
    case .newName, .continue: return "straight-on"
    default: return type.rawValue
    }
  }
}

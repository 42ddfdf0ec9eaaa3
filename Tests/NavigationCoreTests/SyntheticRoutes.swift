@testable import NavigationCore

/// Small hand-made routes for navigator tests.
enum SyntheticRoutes {
  static let origin = CLLocationCoordinate2D(latitude: 43.73, longitude: 7.42)

  /// Walks `legs` of (bearing, meters) from `origin`, a point every `spacing` meters,
  /// one step per leg of the walk, at `speed` m/s.
  static func route(
    _ moves: [(Double, Double)], spacing: Double = 10, speed: Double = 10,
    viaAfterMove: Int? = nil
  ) -> Route {
    var steps: [RouteStep] = []
    var current = origin
    var legsSteps: [[RouteStep]] = [[]]
    for (n, (bearing, meters)) in moves.enumerated() {
      var shape = [current]
      var walked = 0.0
      while walked + spacing < meters {
        walked += spacing
        shape.append(Geodesy.destination(from: current, distance: spacing, bearing: bearing))
        current = shape[shape.count - 1]
      }
      let rest = meters - walked
      current = Geodesy.destination(from: current, distance: rest, bearing: bearing)
      shape.append(current)
      let type: ManeuverType =
        steps.isEmpty && legsSteps[legsSteps.count - 1].isEmpty ? .depart : .turn
      let step = RouteStep(
        maneuver: Maneuver(type: type, modifier: .left, bearingAfter: bearing, location: shape[0]),
        geometry: shape, distance: meters, expectedTravelTime: meters / speed, name: "Road \(n)")
      legsSteps[legsSteps.count - 1].append(step)
      if viaAfterMove == n {
        legsSteps[legsSteps.count - 1].append(arrive(current))
        legsSteps.append([])
      }
    }
    legsSteps[legsSteps.count - 1].append(arrive(current))
    _ = steps.popLast()
    steps = []
    let legs = legsSteps.map { s in
      RouteLeg(
        steps: s, distance: s.reduce(0) { $0 + $1.distance },
        expectedTravelTime: s.reduce(0) { $0 + $1.expectedTravelTime })
    }
    return Route(legs: legs)
  }

  static func arrive(_ at: CLLocationCoordinate2D) -> RouteStep {
    RouteStep(
      maneuver: Maneuver(type: .arrive, location: at), geometry: [at, at], distance: 0,
      expectedTravelTime: 0)
  }

  /// A straight route east with `count` points 10 m apart (for benchmarks and window tests).
  static func straight(points count: Int) -> Route {
    route([(90, Double(count - 1) * 10)])
  }
}

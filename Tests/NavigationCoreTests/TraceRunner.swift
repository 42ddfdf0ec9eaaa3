import Testing

@testable import NavigationCore

/// Drives a navigator with simulated fixes, checks invariants at every tick and writes one
/// trace line per sampled tick.
struct TraceRunner {
  var navigator: Navigator
  var lines: [String] = []
  var state: NavigationState
  var arrivals: [Int] = []
  var offRouteTicks = 0
  var ticks = 0

  init(route: Route) {
    navigator = Navigator(route: route)
    state = navigator.start()
  }

  static func f(_ v: Double, _ digits: Int = 1) -> String { Format.fixed(v, digits) }

  /// Feeds `fix`, checks invariants, returns whether the state is complete.
  mutating func feed(_ fix: CLLocation, expectOnRoute: Bool, file: String) {
    let before = state
    state = navigator.update(state, with: fix)
    ticks += 1
    let track = navigator.track
    #expect(state.segmentIndex >= before.segmentIndex, "\(file): segment went back")
    #expect(state.distanceTraveled >= before.distanceTraveled, "\(file): progress went back")
    #expect(state.segmentIndex >= 0 && state.segmentIndex < max(1, track.segmentCount))
    #expect(state.waypointsReached <= navigator.route.legs.count)
    if case .arrivedAtWaypoint(let leg) = state.status { arrivals.append(leg) }
    if state.status == .offRoute || state.status == .reroutingRequested {
      offRouteTicks += 1
      if expectOnRoute {
        Issue.record("\(file): off route on the route itself at t=\(fix.timestamp)")
      }
    }
    let p = navigator.progress(for: state, now: fix.timestamp)
    #expect(p.legIndex >= 0 && p.legIndex < navigator.route.legs.count)
    if let s = p.currentLegProgress.stepIndex {
      #expect(s >= 0 && s < p.currentLegProgress.leg.steps.count)
    }
    #expect(p.fractionTraveled >= 0 && p.fractionTraveled <= 1)
    #expect(p.durationRemaining >= 0 && p.distanceRemaining >= 0)
    #expect(p.distanceToNextManeuver >= 0)
  }

  func line(_ fix: CLLocation) -> String {
    let p = navigator.progress(for: state, now: fix.timestamp)
    let step = p.currentLegProgress.stepIndex.map(String.init) ?? "-"
    var next = "-"
    if let u = p.upcomingStep {
      next = u.maneuver.type.rawValue.replacingOccurrences(of: " ", with: "_")
      if let m = u.maneuver.modifier {
        next += "/" + m.rawValue.replacingOccurrences(of: " ", with: "_")
      }
    }
    var limit = ""
    if case .known(let v, let unit)? = p.currentSpeedLimit {
      limit = " limit=\(Self.f(v, 0))\(unit.rawValue)"
    }
    var lanes = ""
    if let l = p.currentLanes {
      lanes = " lanes=" + l.map { ($0.active ? "A" : $0.valid ? "v" : "x") }.joined()
    }
    return "t=\(Self.f(fix.timestamp)) \(state.status) leg=\(p.legIndex) step=\(step)"
      + " seg=\(state.segmentIndex) d=\(Self.f(p.distanceTraveled)) rem=\(Self.f(p.distanceRemaining))"
      + " dur=\(Self.f(p.durationRemaining)) man=\(Self.f(p.distanceToNextManeuver)) next=\(next)"
      + limit + lanes
  }
}

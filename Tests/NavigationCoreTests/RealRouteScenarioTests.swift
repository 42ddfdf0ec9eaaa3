import SharedTestData
import Testing

@testable import NavigationCore

/// Noise, tunnel gaps and deviations on real routes.
@Suite struct RealRouteScenarioTests {
  func run(
    _ file: String, _ config: LocationSimulator.Configuration
  ) throws -> (TraceRunner, [NavigationStatus], [String]) {
    var runner = TraceRunner(route: try TestData.route(file))
    let sim = LocationSimulator(track: runner.navigator.track, configuration: config)
    var statuses: [NavigationStatus] = []
    var lines: [String] = []
    for (n, fix) in sim.run().enumerated() {
      runner.feed(fix, expectOnRoute: false, file: file)
      if statuses.last != runner.state.status {
        statuses.append(runner.state.status)
        lines.append(runner.line(fix))
      } else if n % 10 == 0 {
        lines.append(runner.line(fix))
      }
    }
    return (runner, statuses, lines)
  }

  @Test func monacoTunnelGapWithNoise() throws {
    let file = "generated/monaco-fontvieille-casino.valhalla-osrm.json"
    let route = try TestData.route(file)
    let track = RouteTrack(route: route)
    // The tunnel: from the first intersection classed `tunnel` to the end of its step.
    let leg = route.legs[0]
    let stepIndex = try #require(
      leg.steps.firstIndex { $0.intersections.contains { $0.classes.contains("tunnel") } })
    let slot = track.slots[stepIndex]
    let gap = slot.startDistance...slot.endDistance
    #expect(gap.upperBound - gap.lowerBound > 100)
    let (runner, statuses, lines) = try run(file, .init(noise: 6, seed: 11, gaps: [gap]))
    #expect(runner.state.status == .complete)
    #expect(!statuses.contains(.reroutingRequested))
    Snapshot.assertText(
      lines.joined(separator: "\n") + "\n", named: "scenario-monaco-tunnel-noise",
      in: Goldens.folder)
  }

  @Test func helsinkiDeviationRequestsReroute() throws {
    let file = "generated/helsinki-annankatu-kaivokatu-lanes.valhalla-osrm.json"
    let config = LocationSimulator.Configuration(
      noise: 3, seed: 5, deviation: .init(atDistance: 600, duration: 25, angle: -90))
    let (runner, statuses, lines) = try run(file, config)
    #expect(statuses.contains(.offRoute))
    #expect(statuses.contains(.reroutingRequested))
    #expect(runner.state.status == .complete)
    Snapshot.assertText(
      lines.joined(separator: "\n") + "\n", named: "scenario-helsinki-deviation", in: Goldens.folder
    )
  }

  @Test(arguments: [UInt64(1), 2])
  func everyRouteToleratesHeavyNoise(seed: UInt64) throws {
    for file in TestData.routeFiles {
      let (runner, statuses, _) = try run(file, .init(noise: 12, seed: seed))
      #expect(runner.state.status == .complete, "\(file)")
      #expect(!statuses.contains(.reroutingRequested), "\(file)")
      #expect(runner.state.waypointsReached == runner.navigator.route.legs.count)
    }
  }

  @Test func alongTrackNoiseDoesNotRatchetProgressAhead() throws {
    // A slow start (walking pace) with heavy noise: the estimate must stay near the truth.
    let file = "generated/monaco-stadelouis2-larvotto.valhalla-osrm.json"
    let navigator = Navigator(route: try TestData.route(file))
    let sim = LocationSimulator(track: navigator.track, configuration: .init(noise: 12, seed: 5))
    var s = sim.start()
    var state = navigator.start()
    var worst = 0.0
    for _ in 0..<120 {
      let (next, fix) = sim.step(s)
      s = next
      if let fix { state = navigator.update(state, with: fix) }
      worst = max(worst, state.distanceTraveled - s.distanceAlong)
    }
    #expect(worst < 40, "ran \(worst) m ahead")
  }
}

import Testing

@testable import NavigationCore

@Suite struct SimulatorTests {
  let route = SyntheticRoutes.route([(90, 1000)], speed: 10)

  @Test func drivesAtExpectedOrFixedSpeedWithMultiplier() {
    let sim = LocationSimulator(route: route)
    #expect(abs((sim.run().last?.timestamp ?? 0) - 100) <= 1)
    let fast = LocationSimulator(route: route, configuration: .init(speedMultiplier: 2))
    #expect(abs((fast.run().last?.timestamp ?? 0) - 50) <= 1)
    let fixed = LocationSimulator(route: route, configuration: .init(speed: .fixed(25)))
    #expect(abs((fixed.run().last?.timestamp ?? 0) - 40) <= 1)
    #expect(abs((fixed.run().dropFirst().first?.speed ?? 0) - 25) < 1e-9)
  }

  @Test func pauseAndResume() {
    let sim = LocationSimulator(route: route)
    var s = sim.start()
    (s, _) = sim.step(s)
    s.isPaused = true
    let before = s.distanceAlong
    var fix: CLLocation?
    for _ in 0..<5 { (s, fix) = sim.step(s) }
    #expect(s.distanceAlong == before)
    #expect(fix?.speed == 0)
    #expect(s.time == 6)
    s.isPaused = false
    (s, _) = sim.step(s)
    #expect(s.distanceAlong > before)
  }

  @Test func noiseIsSeededAndDeterministic() {
    let a = LocationSimulator(route: route, configuration: .init(noise: 5, seed: 9)).run()
    let b = LocationSimulator(route: route, configuration: .init(noise: 5, seed: 9)).run()
    let c = LocationSimulator(route: route, configuration: .init(noise: 5, seed: 10)).run()
    #expect(a == b)
    #expect(a != c)
    let clean = LocationSimulator(route: route).run()
    let offsets = zip(a, clean).map { Geodesy.distance($0.coordinate, $1.coordinate) }
    let mean = offsets.reduce(0, +) / Double(offsets.count)
    #expect(mean > 2 && mean < 12, "mean \(mean) \(offsets.prefix(5))")
  }

  @Test func gapEmitsNoFixes() {
    let sim = LocationSimulator(route: route, configuration: .init(gaps: [200...500]))
    let fixes = sim.run()
    #expect(fixes.count < 75)
    #expect(!fixes.contains { $0.timestamp > 21 && $0.timestamp < 50 })
  }

  @Test func splitMixMatchesReferenceValues() {
    var rng = SplitMix64(seed: 1_234_567)
    #expect(rng.next() == 6_457_827_717_110_365_317)
    #expect(rng.next() == 3_203_168_211_198_807_973)
    var g = SplitMix64(seed: 3)
    let xs = (0..<2000).map { _ in g.nextGaussian() }
    let m = xs.reduce(0, +) / 2000
    #expect(abs(m) < 0.1)
  }
}

@Suite struct SimulatorClockTests {
  @Test func unevenTicksCoverTheSameDistance() {
    let route = SyntheticRoutes.route([(90, 1000)], speed: 10)
    let sim = LocationSimulator(route: route)
    var s = sim.start()
    var fix: CLLocation?
    for dt in [0.016, 0.5, 1.25, 3, 0.234] { (s, fix) = sim.advance(s, by: dt) }
    #expect(abs(s.distanceAlong - 50) < 1e-6)
    #expect(abs((fix?.timestamp ?? 0) - 5) < 1e-9)
    let (same, none) = sim.advance(s, by: 0)
    #expect(same == s && none == nil)
    let (nanState, _) = sim.advance(s, by: .nan)
    #expect(nanState == s)
  }

  @Test func gpxRouteDrive() throws {
    let doc = try RouteDecoder.decodeGPX(try TestData.data(TestData.gpxFile))
    let route = try #require(doc.routes.first).asRoute()
    #expect(route.legs[0].steps.count == 34)
    var runner = TraceRunner(route: route)
    for fix in LocationSimulator(track: runner.navigator.track).run() {
      runner.feed(fix, expectOnRoute: true, file: "gpx rte")
    }
    #expect(runner.state.status == .complete)
  }
}

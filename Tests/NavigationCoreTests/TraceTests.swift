import SharedTestData
import Testing

@testable import NavigationCore

@Suite struct TraceTests {
  @Test(arguments: TestData.routeFiles)
  func simulatedDriveFollowsEveryRoute(file: String) throws {
    let route = try TestData.route(file)
    var runner = TraceRunner(route: route)
    let sim = LocationSimulator(track: runner.navigator.track)
    let fixes = sim.run()
    let sample = max(1, fixes.count / 150)
    var lastStatus = ""
    var lastStep: Int? = -1
    var lines: [String] = [
      "# \(file): \(route.legs.count) legs, \(runner.navigator.track.points.count) points, \(fixes.count) fixes"
    ]
    for (n, fix) in fixes.enumerated() {
      runner.feed(fix, expectOnRoute: true, file: file)
      let p = runner.navigator.progress(for: runner.state, now: fix.timestamp)
      let status = "\(runner.state.status)"
      if n % sample == 0 || status != lastStatus || p.currentLegProgress.stepIndex != lastStep
        || n == fixes.count - 1
      {
        lines.append(runner.line(fix))
      }
      lastStatus = status
      lastStep = p.currentLegProgress.stepIndex
    }
    #expect(runner.state.status == .complete, "\(file) ended \(runner.state.status)")
    #expect(runner.state.waypointsReached == route.legs.count)
    #expect(
      runner.arrivals == Array(0..<(route.legs.count - 1)), "\(file) arrivals \(runner.arrivals)")
    #expect(runner.offRouteTicks == 0)
    Snapshot.assertText(
      lines.joined(separator: "\n") + "\n", named: "trace-" + TestData.shortName(file),
      in: Goldens.folder)
  }

  @Test func gpxTrackReplayFollowsTheTrack() throws {
    let doc = try RouteDecoder.decodeGPX(try TestData.data(TestData.gpxFile))
    let track = try #require(doc.tracks.first)
    let route = track.asRoute()
    var runner = TraceRunner(route: route)
    let fixes = LocationSimulator.replay(track)
    #expect(fixes.count == 264)
    #expect(fixes.last?.timestamp == 796)
    var lines: [String] = ["# gpx track replay: \(fixes.count) fixes"]
    for (n, fix) in fixes.enumerated() {
      runner.feed(fix, expectOnRoute: true, file: "gpx")
      if n % 4 == 0 || n == fixes.count - 1 { lines.append(runner.line(fix)) }
    }
    #expect(runner.state.status == .complete)
    Snapshot.assertText(
      lines.joined(separator: "\n") + "\n", named: "trace-graphhopper-leipzig-replay",
      in: Goldens.folder)
  }
}

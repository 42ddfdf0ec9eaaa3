import Foundation
import Location
import NavigationCore
import Routing
import SharedTestData
import Testing
import ViewKit

#if canImport(Glibc)
  import Glibc
#endif

@Suite(.serialized) struct GPSDReplayTests {
  /// The fixture log, replayed by a real gpsd (gpsfake) on loopback, read through libgps by
  /// the gpsd source, snapped and navigated: fixes snapped to the route, steps advanced, the
  /// wrong turn rerouted through the router, arrival at the Casino.
  @MainActor
  @Test(
    .enabled(
      if: GPSFake.isAvailable,
      "gpsfake or gpsd not installed (Debian gpsd-clients, gpsd); run make setup"))
  func nmeaLogThroughGpsfakeIsSnappedReroutedAndArrives() throws {
    let log = try #require(Bundle.module.url(forResource: "monaco-drive", withExtension: "nmea"))
    let fixes = try NMEAParser.fixes(fromLog: String(contentsOf: log, encoding: .utf8))
    let engine = try MonacoDrive.engine.get()
    let planned = try MonacoDrive.planned()
    let replay = try GPSFake.replay(
      String(contentsOf: log, encoding: .utf8),
      leadIn: NMEAParser.sentence("GPRMC,095959.00,V,,,,,,,010126,,,N"))
    defer { replay.stop() }
    let port = replay.port

    let clock = ManualClock()
    let manager = CLLocationManager(
      source: GPSDLocationSource(host: "127.0.0.1", port: "\(port)"), clock: clock)
    let location = RoadSnappedLocationEngine(locationManager: manager, routeEngine: engine)
    let recorder = SnapRecorder()
    location.addObserver(recorder)
    location.setRoute(planned)
    // gpsd comes up a moment after gpsfake starts: the source keeps trying to connect, and
    // gpsfake starts feeding the log when it has.
    location.startUpdatingLocation()
    let deadline = Date().addingTimeInterval(90)
    while Date() < deadline, recorder.fixes.last?.status != .complete, recorder.errors.isEmpty {
      usleep(20_000)
      clock.advance(by: 0.05)
    }
    location.stopUpdatingLocation()
    #expect(recorder.errors.isEmpty, "\(recorder.errors)")
    // gpsd passes every fix of the log through, once, from the first, with the receiver's
    // 1 s spacing kept on the manager's clock (the test stops reading at arrival, a few
    // fixes before the log ends).
    let times = recorder.fixes.map(\.rawLocation.timestamp)
    let gaps = zip(times, times.dropFirst()).filter { abs($1 - $0 - 1) > 0.01 }
    #expect(gaps.isEmpty, "\(gaps)")
    let first = try #require(recorder.fixes.first?.rawLocation.coordinate)
    #expect(Geodesy.distance(first, fixes[0].coordinate) < 0.2)
    #expect(recorder.fixes.count > fixes.count - 15, "\(recorder.fixes.count) of \(fixes.count)")
    let onRoute = recorder.fixes.filter(\.isOnRoute)
    #expect(onRoute.count > recorder.fixes.count / 2)
    #expect(recorder.stepIndices.count >= 3, "steps \(recorder.stepIndices)")
    #expect(location.rerouteCount >= 1)
    #expect(recorder.fixes.last?.status == .complete)
    #expect(recorder.fixes.allSatisfy { $0.location.horizontalAccuracy > 0 })
  }

  /// No gpsd at the port: the manager's delegate hears a network error.
  @MainActor
  @Test(.enabled(if: GPSFake.isAvailable, "gpsd not installed"))
  func unreachableGpsdIsANetworkError() throws {
    let port = try GPSFake.freePort()
    let clock = ManualClock()
    let source = GPSDLocationSource(port: "\(port)")
    source.connectTimeout = 0.3
    let manager = CLLocationManager(source: source, clock: clock)
    let delegate = ManagerRecorder()
    manager.delegate = delegate
    manager.startUpdatingLocation()
    for _ in 0..<200 where delegate.errors.isEmpty {
      usleep(10_000)
      clock.advance(by: 0.05)
    }
    manager.stopUpdatingLocation()
    #expect((delegate.errors.first as? CLError)?.code == .network)
  }
}

import Foundation
import Location
import NavigationCore
import NavigationDevices
import NavigationUI
import Routing
import SharedTestData
import Testing
import ViewKit

@MainActor
@Suite(.serialized) struct RoadSnappedLocationSourceTests {
  /// Checks a drive that ended: arrival at the Casino once, the wrong turn rerouted by the
  /// navigator, steps advanced, the snapped fixes on roads where the raw ones are not.
  func expectArrived(_ drive: DeviceSession, rawFixes: [CLLocation]) {
    #expect(drive.arrivals == ["Casino"])
    #expect(!drive.navigator.isGuidanceActive)  // stopGuidanceAtArrival
    // The first route, then at least one reroute after the wrong turn.
    #expect(drive.routeChanges >= 2, "route changes \(drive.routeChanges)")
    #expect(drive.device.engine.rerouteCount == 0)  // the navigator reroutes, not the engine
    #expect(drive.stepNumbers.count >= 3, "steps \(drive.stepNumbers)")
    #expect(drive.snapped.count > rawFixes.count - 15, "\(drive.snapped.count)")
    let onRoad = drive.snapped.filter { DeviceSession.distanceToRoad($0.coordinate) < 1.5 }
    let rawOnRoad = rawFixes.filter { DeviceSession.distanceToRoad($0.coordinate) < 1.5 }
    #expect(Double(onRoad.count) > 0.95 * Double(drive.snapped.count), "\(onRoad.count)")
    #expect(Double(rawOnRoad.count) < 0.5 * Double(rawFixes.count), "\(rawOnRoad.count)")
    let end = drive.navigator.lastLocation?.coordinate ?? CLLocationCoordinate2D()
    #expect(Geodesy.distance(end, DeviceSession.casino) < 60)
    #expect(drive.navigator.traveledPath.count() > 100)
  }

  /// The kept NMEA log replayed through a `CLLocationManager` into a session: the
  /// road-snapped listeners hear snapped fixes, the navigator routes from the first fix,
  /// follows the drive, reroutes after the wrong turn and arrives.
  @Test func nmeaReplayDrivesTheSessionToArrival() throws {
    let log = try DeviceSession.log()
    let raw = try NMEAParser.fixes(fromLog: log)
    let drive = try DeviceSession(source: try ReplayLocationSource(nmeaLog: log))
    #expect(drive.navigator.lastLocation == nil)
    drive.session.isStarted = true  // the replay's first fix comes on the next clock turn
    drive.clock.advance(by: 0)
    #expect(drive.navigator.lastLocation != nil)
    #expect(drive.routeToCasino() == .OK)
    for _ in 0..<Int(raw.last!.timestamp - raw[0].timestamp + 5) where drive.arrivals.isEmpty {
      drive.clock.advance(by: 1)
    }
    expectArrived(drive, rawFixes: raw)
    // The engine follows the navigator's route: the last one installed.
    #expect(drive.device.engine.route == nil || drive.navigator.currentRoute != nil)
  }

  /// Without a route, fixes are matched to the road network and told to the listeners; the
  /// engine takes each route the navigator installs.
  @Test func withoutARouteFixesAreMatchedToRoads() throws {
    let raw = try NMEAParser.fixes(fromLog: DeviceSession.log())
    let drive = try DeviceSession(source: ReplayLocationSource(fixes: Array(raw.prefix(20))))
    drive.session.isStarted = true
    drive.clock.advance(by: 19)
    #expect(drive.snapped.count == 20)
    #expect(drive.snapped.allSatisfy { DeviceSession.distanceToRoad($0.coordinate) < 1.5 })
    #expect(drive.device.engine.route == nil)
    #expect(drive.routeToCasino() == .OK)
    #expect(drive.device.engine.route == drive.navigator.currentRoute)
    drive.session.isStarted = false
    #expect(!drive.device.locationManager.isUpdatingLocation)
  }

  /// The simulator stands in for the device: while it drives or holds the vehicle, device
  /// fixes are ignored; after `stopSimulation()` they count again.
  @Test func simulatorOverridesTheDevice() throws {
    let raw = try NMEAParser.fixes(fromLog: DeviceSession.log())
    let drive = try DeviceSession(source: ReplayLocationSource(fixes: raw))
    let simulator = try #require(drive.session.locationSimulator)
    simulator.simulateLocation(at: DeviceSession.casino)
    drive.session.isStarted = true
    drive.clock.advance(by: 5)
    #expect(
      drive.navigator.lastLocation.map { Geodesy.distance($0.coordinate, DeviceSession.casino) }
        ?? 99 < 40)
    simulator.stopSimulation()
    drive.clock.advance(by: 1)
    let device = try #require(drive.device.locationManager.location)
    #expect(Geodesy.distance(drive.navigator.lastLocation!.coordinate, device.coordinate) < 40)
  }

  /// A refused location manager: the source keeps and reports the error, no fix arrives.
  @Test func refusedAuthorizationIsReported() throws {
    let clock = ManualClock()
    let session = try #require(GMSNavigationServices.createNavigationSession())
    session.clock = clock
    let manager = CLLocationManager(
      source: ReplayLocationSource(fixes: []), clock: clock, authorization: .denied)
    let device = RoadSnappedLocationSource(locationManager: manager)
    var heard: [any Error] = []
    device.onError = { heard.append($0) }
    session.locationSource = device
    session.isStarted = true
    #expect((device.lastError as? CLError)?.code == .denied)
    #expect(heard.count == 1)
    #expect(session.navigator?.lastLocation == nil)
    session.locationSource = nil
    #expect(session.roadSnappedLocationProvider?.snapper == nil)
  }

  /// `GMSNavigationSession.defaultLocationSource` gives every new session a device source,
  /// wired as it is when set by hand.
  @Test func defaultLocationSourceIsWired() throws {
    GMSNavigationSession.defaultLocationSource = {
      RoadSnappedLocationSource(
        locationManager: CLLocationManager(source: ReplayLocationSource(fixes: [])))
    }
    defer { GMSNavigationSession.defaultLocationSource = nil }
    let session = try #require(GMSNavigationServices.createNavigationSession())
    #expect(session.locationSource is RoadSnappedLocationSource)
    #expect(session.roadSnappedLocationProvider?.snapper != nil)
  }

  /// The same log through a real gpsd (gpsfake on loopback) into the session, read by
  /// libgps: arrival, reroute and snapping as with the direct replay.
  @Test(
    .enabled(
      if: GPSFake.isAvailable,
      "gpsfake or gpsd not installed (Debian gpsd-clients, gpsd); run make setup"))
  func gpsfakeDrivesTheSessionToArrival() throws {
    let log = try DeviceSession.log()
    let raw = try NMEAParser.fixes(fromLog: log)
    let replay = try GPSFake.replay(
      log, leadIn: NMEAParser.sentence("GPRMC,095959.00,V,,,,,,,010126,,,N"))
    defer { replay.stop() }
    let drive = try DeviceSession(
      source: GPSDLocationSource(host: "127.0.0.1", port: "\(replay.port)"))
    drive.session.isStarted = true
    var routed: GMSRouteStatus?
    let deadline = Date().addingTimeInterval(90)
    while Date() < deadline, drive.arrivals.isEmpty, drive.device.lastError == nil {
      usleep(20_000)
      drive.clock.advance(by: 0.05)
      if routed == nil, drive.navigator.lastLocation != nil { routed = drive.routeToCasino() }
    }
    #expect(drive.device.lastError == nil, "\(String(describing: drive.device.lastError))")
    #expect(routed == .OK)
    expectArrived(drive, rawFixes: raw)
  }
}

import Foundation
import Location
import NavigationCore
import Testing
import ViewKit

/// Records what a location manager tells its delegate.
@MainActor
final class ManagerRecorder: CLLocationManagerDelegate {
  var fixes: [CLLocation] = []
  var errors: [any Error] = []
  var authorizationChanges = 0

  func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
    fixes.append(contentsOf: locations)
  }

  func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
    errors.append(error)
  }

  func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
    authorizationChanges += 1
  }
}

@MainActor
@Suite struct LocationManagerTests {
  static func nmea(_ seconds: [Int]) -> String {
    seconds.flatMap { s in
      NMEAWriter.sentences(
        for: CLLocation(
          coordinate: .init(latitude: 43.73 + Double(s) * 1e-4, longitude: 7.42),
          horizontalAccuracy: 6, course: 0, speed: 11, timestamp: 1_767_261_600 + Double(s)))
    }.joined(separator: "\n")
  }

  /// An NMEA log replays on the clock with its spacing, timestamps on the clock.
  @Test func nmeaReplayDeliversOnTheClock() throws {
    let clock = ManualClock(start: 100)
    let manager = CLLocationManager(
      source: try ReplayLocationSource(nmeaLog: Self.nmea([0, 1, 3])), clock: clock)
    let delegate = ManagerRecorder()
    manager.delegate = delegate
    manager.startUpdatingLocation()
    clock.advance(by: 0)
    #expect(delegate.fixes.map(\.timestamp) == [100])
    clock.advance(by: 1.5)
    #expect(delegate.fixes.map(\.timestamp) == [100, 101])
    clock.advance(by: 2)
    #expect(delegate.fixes.map(\.timestamp) == [100, 101, 103])
    #expect(manager.location == delegate.fixes.last)
    #expect(abs((manager.location?.speed ?? 0) - 11) < 0.01)
  }

  /// Stopping stops delivery; starting again resumes where it stopped.
  @Test func stopAndResume() throws {
    let clock = ManualClock()
    let source = try ReplayLocationSource(nmeaLog: Self.nmea([0, 1, 2, 3]))
    let manager = CLLocationManager(source: source, clock: clock)
    let delegate = ManagerRecorder()
    manager.delegate = delegate
    manager.startUpdatingLocation()
    clock.advance(by: 1)
    manager.stopUpdatingLocation()
    clock.advance(by: 5)
    #expect(delegate.fixes.count == 2)
    manager.startUpdatingLocation()
    clock.advance(by: 1)
    #expect(delegate.fixes.count == 4)
    #expect(source.isFinished)
  }

  /// A distance filter drops fixes too close to the last delivered one.
  @Test func distanceFilter() throws {
    let clock = ManualClock()
    let manager = CLLocationManager(
      source: try ReplayLocationSource(nmeaLog: Self.nmea([0, 1, 2, 3, 4])), clock: clock)
    manager.distanceFilter = 25  // fixes are 11 m apart
    let delegate = ManagerRecorder()
    manager.delegate = delegate
    manager.startUpdatingLocation()
    clock.advance(by: 10)
    #expect(delegate.fixes.count == 2)
  }

  /// A bad sentence in a log is a typed error naming its line, before anything replays.
  @Test func badLogIsATypedError() {
    let log = Self.nmea([0]) + "\n$GPRMC,1*00"
    #expect(throws: NMEAError.self) { try ReplayLocationSource(nmeaLog: log) }
    do {
      _ = try ReplayLocationSource(nmeaLog: log)
    } catch {
      #expect(error.line == 5)
    }
  }

  /// Authorization: requests grant and notify; a denied manager fails to start.
  @Test func authorization() throws {
    let granted = CLLocationManager(source: ReplayLocationSource(fixes: []), clock: ManualClock())
    let delegate = ManagerRecorder()
    granted.delegate = delegate
    #expect(granted.authorizationStatus == .notDetermined)
    granted.requestWhenInUseAuthorization()
    #expect(granted.authorizationStatus == .authorizedWhenInUse)
    #expect(delegate.authorizationChanges == 1)
    let denied = CLLocationManager(
      source: ReplayLocationSource(fixes: []), clock: ManualClock(), authorization: .denied)
    denied.delegate = delegate
    denied.requestAlwaysAuthorization()
    #expect(denied.authorizationStatus == .denied)
    denied.startUpdatingLocation()
    #expect((delegate.errors.first as? CLError)?.code == .denied)
    #expect(!denied.isUpdatingLocation)
  }

  /// A GPX track replays with its own times; the simulator source drives a route.
  @Test func gpxAndSimulatorSources() throws {
    let points = (0..<4).map { k in
      GPXPoint(
        coordinate: .init(latitude: 43.73 + Double(k) * 1e-4, longitude: 7.42),
        time: 1_700_000_000 + Double(k) * 2)
    }
    let clock = ManualClock()
    let manager = CLLocationManager(
      source: ReplayLocationSource(gpxTrack: GPXTrack(name: nil, segments: [points])), clock: clock)
    let delegate = ManagerRecorder()
    manager.delegate = delegate
    manager.startUpdatingLocation()
    clock.advance(by: 10)
    #expect(delegate.fixes.map(\.timestamp) == [0, 2, 4, 6])
    #expect(abs(delegate.fixes[1].speed - 11.1 / 2) < 0.1)

    let route = try MonacoDrive.planned()
    let simulated = CLLocationManager(
      source: SimulatedLocationSource(route: route), clock: clock)
    let recorder = ManagerRecorder()
    simulated.delegate = recorder
    simulated.startUpdatingLocation()
    clock.advance(by: route.expectedTravelTime + 5)
    #expect(recorder.fixes.count > Int(route.expectedTravelTime * 0.8))
    let end = try #require(recorder.fixes.last)
    #expect(Geodesy.distance(end.coordinate, route.waypoints.last!.location) < 30)
  }
}

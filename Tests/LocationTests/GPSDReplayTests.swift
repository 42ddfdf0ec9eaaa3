import Foundation
import Location
import NavigationCore
import Routing
import Testing
import ViewKit

#if canImport(Glibc)
  import Glibc
#endif

/// gpsfake (Debian `gpsd-clients`) running a real gpsd on a loopback port.
enum GPSFake {
  static func executable(_ name: String, in folders: [String]) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let all = path.split(separator: ":").map(String.init) + folders
    return all.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  static let gpsfake = executable("gpsfake", in: ["/usr/bin", "/usr/local/bin"])
  static let gpsd = executable("gpsd", in: ["/usr/sbin", "/usr/local/sbin"])
  static var isAvailable: Bool { gpsfake != nil && gpsd != nil }

  /// A TCP port on 127.0.0.1 nobody listens on now (the kernel's choice).
  static func freePort() throws -> UInt16 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw CLError(.network, "socket() failed") }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    guard bound else { throw CLError(.network, "bind() failed") }
    return UInt16(bigEndian: address.sin_port)
  }

  /// Starts `gpsfake -1` on `log` at `port`. Foundation starts it as the leader of its own
  /// process group, which the gpsd it starts joins, so ``stop(_:)`` ends both.
  static func start(log: URL, port: UInt16, cycle: Double) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: gpsfake ?? "/usr/bin/gpsfake")
    process.arguments = ["-1", "-q", "-c", "\(cycle)", "-P", "\(port)", log.path]
    var environment = ProcessInfo.processInfo.environment
    if let gpsd {
      environment["GPSD_HOME"] = URL(fileURLWithPath: gpsd).deletingLastPathComponent().path
    }
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// Ends gpsfake and its gpsd (the whole process group), waiting for gpsfake to exit.
  /// (gpsd runs as its own user after dropping privileges, but stays in the group.)
  static func stop(_ process: Process) {
    let group = process.processIdentifier
    if process.isRunning { kill(-group, SIGINT) }
    let deadline = Date().addingTimeInterval(3)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    // gpsfake may ignore the interrupt while it waits on gpsd: end the group for sure.
    kill(-group, SIGKILL)
    process.waitUntilExit()
  }
}

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
    // gpsfake feeds its log from its start, and gpsd reads it only once a client is there:
    // two seconds of receiver chatter without a fix come first, so no fix is lost meanwhile.
    let leadIn = String(
      repeating: NMEAParser.sentence("GPRMC,095959.00,V,,,,,,,010126,,,N") + "\r\n", count: 400)
    let fed = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gpsfake-\(UUID().uuidString).nmea")
    try (leadIn + String(contentsOf: log, encoding: .utf8)).write(
      to: fed, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: fed) }
    let port = try GPSFake.freePort()
    let gpsfake = try GPSFake.start(log: fed, port: port, cycle: 0.005)
    defer { GPSFake.stop(gpsfake) }

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

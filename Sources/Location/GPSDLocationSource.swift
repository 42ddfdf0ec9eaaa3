import CGPS
import Foundation
import NavigationCore
import ViewKit

/// A connection to a gpsd daemon through libgps: open, then read fixes one at a time.
///
/// Blocking; use it from one thread at a time (``GPSDLocationSource`` reads on its own thread).
public final class GPSDClient: @unchecked Sendable {
  private var data: UnsafeMutablePointer<gps_data_t>?

  /// Connects to gpsd at `host`:`port` and asks it to stream reports.
  public init(host: String = "127.0.0.1", port: String = "2947") throws(CLError) {
    var error: Int32 = 0
    guard let d = navgps_open(host, port, &error) else {
      let reason = navgps_errstr(error).map { String(cString: $0) } ?? "error \(error)"
      throw CLError(.network, "gpsd at \(host):\(port): \(reason)")
    }
    data = d
  }

  deinit { close() }

  /// Disconnects; later reads fail.
  public func close() {
    if let d = data { navgps_close(d) }
    data = nil
  }

  /// The next fix, waiting at most `timeout` seconds; nil on timeout. Timestamps are UTC
  /// seconds since 1970 as the receiver gives them; reports without a time are skipped.
  public func nextFix(timeout: Double) throws(CLError) -> CLLocation? {
    guard let d = data else { throw CLError(.locationUnknown, "gpsd connection closed") }
    let deadline = Date().addingTimeInterval(max(0, timeout))
    while true {
      let left = deadline.timeIntervalSinceNow
      if left <= 0 { return nil }
      let waited = navgps_wait(d, Int32(min(left, 2_000) * 1_000_000))
      if waited < 0 { throw CLError(.network, "gpsd connection lost") }
      if waited == 0 { return nil }
      var fix = navgps_fix()
      let read = navgps_read(d, &fix)
      if read < 0 { throw CLError(.network, "gpsd closed the connection") }
      if read > 0, let location = Self.location(fix) { return location }
    }
  }

  static func location(_ f: navgps_fix) -> CLLocation? {
    let c = CLLocationCoordinate2D(latitude: f.latitude, longitude: f.longitude)
    // A report without a time (gpsd has a position before the receiver's clock) cannot be
    // placed on the caller's clock: it is skipped.
    guard c.isValid, f.time.isFinite, f.time > 0 else { return nil }
    // gpsd's errors are 95 % figures; CoreLocation's accuracy is a 68 % radius: about half.
    var accuracy = f.eph / 2
    if !accuracy.isFinite || accuracy <= 0 {
      accuracy =
        f.epx.isFinite && f.epy.isFinite ? (f.epx * f.epx + f.epy * f.epy).squareRoot() / 2 : 10
    }
    return CLLocation(
      coordinate: c, altitude: f.altitude.isFinite ? f.altitude : nil,
      horizontalAccuracy: accuracy, course: f.track.isFinite ? f.track : -1,
      speed: f.speed.isFinite ? f.speed : -1, timestamp: f.time)
  }
}

/// Fixes from a gpsd daemon (a receiver, or `gpsfake` replaying a log). A thread reads
/// libgps into a queue; a timer on the manager's clock hands the queued fixes to the main
/// actor every ``pollInterval`` seconds, with the receiver's time spacing kept on that clock
/// (the first fix at the clock's time when it is handed over). Repeated reports of one epoch
/// are delivered once. Failing to connect, or losing gpsd, is a ``CLError/Code/network``.
@MainActor
public final class GPSDLocationSource: LocationSource {
  /// gpsd's host.
  public let host: String
  /// gpsd's port.
  public let port: String
  /// Seconds of the clock between hand-overs of queued fixes.
  public var pollInterval: Double = 0.05
  /// Seconds (wall time) to keep trying to connect while gpsd is starting up.
  public var connectTimeout: Double = 5
  private var inbox: GPSDInbox?
  private var timer: ClockTimer?
  private var firstReceiverTime: Double?
  private var firstClockTime = 0.0
  private var lastReceiverTime = -Double.infinity

  /// A source reading gpsd at `host`:`port` (gpsd's default is 127.0.0.1:2947).
  public init(host: String = "127.0.0.1", port: String = "2947") {
    self.host = host
    self.port = port
  }

  /// Connects (on a background thread) and starts reading.
  public func start(
    clock: any MainClock, deliver: @escaping @MainActor (CLLocation) -> Void,
    fail: @escaping @MainActor (any Error) -> Void
  ) {
    stop()
    let inbox = GPSDInbox()
    self.inbox = inbox
    firstReceiverTime = nil
    lastReceiverTime = -Double.infinity
    let host = host
    let port = port
    let connectDeadline = Date().addingTimeInterval(max(0, connectTimeout))
    let thread = Thread {
      var connected: GPSDClient?
      while connected == nil {
        do throws(CLError) {
          connected = try GPSDClient(host: host, port: port)
        } catch {
          guard inbox.isRunning else { return }
          if Date() >= connectDeadline {
            inbox.fail(error)
            return
          }
          usleep(100_000)
        }
      }
      guard let client = connected else { return }
      defer { client.close() }
      while inbox.isRunning {
        do throws(CLError) {
          if let fix = try client.nextFix(timeout: 0.25) { inbox.add(fix) }
        } catch {
          inbox.fail(error)
          return
        }
      }
    }
    thread.name = "gpsd reader"
    thread.start()
    timer = clock.scheduledTimer(withTimeInterval: max(0.001, pollInterval), repeats: true) {
      [weak self] _ in
      guard let self, self.inbox === inbox else { return }
      let (fixes, error) = inbox.drain()
      for fix in fixes { self.hand(fix, clock: clock, deliver) }
      if let error {
        self.stop()
        fail(error)
      }
    }
  }

  private func hand(
    _ fix: CLLocation, clock: any MainClock, _ deliver: @MainActor (CLLocation) -> Void
  ) {
    guard fix.timestamp > lastReceiverTime else { return }
    lastReceiverTime = fix.timestamp
    if firstReceiverTime == nil {
      firstReceiverTime = fix.timestamp
      firstClockTime = clock.now
    }
    var out = fix
    out.timestamp = firstClockTime + fix.timestamp - (firstReceiverTime ?? fix.timestamp)
    deliver(out)
  }

  /// Stops reading; the thread closes the connection within a quarter second.
  public func stop() {
    inbox?.stop()
    inbox = nil
    timer?.invalidate()
    timer = nil
  }
}

/// Fixes and a failure passed from the reader thread to the main actor.
final class GPSDInbox: @unchecked Sendable {
  private let lock = NSLock()
  private var running = true
  private var fixes: [CLLocation] = []
  private var error: CLError?

  var isRunning: Bool { lock.withLock { running } }
  func stop() { lock.withLock { running = false } }
  func add(_ fix: CLLocation) { lock.withLock { fixes.append(fix) } }
  func fail(_ e: CLError) { lock.withLock { error = e } }

  /// The fixes queued since the last drain, and the failure, if any.
  func drain() -> ([CLLocation], CLError?) {
    lock.withLock {
      defer { fixes.removeAll() }
      return (fixes, error)
    }
  }
}

import Foundation
import NavigationCore
import ViewKit

/// Replays recorded fixes (an NMEA log, a GPX track, any list) on a clock, keeping their
/// spacing in time: the first fix is delivered at once, each later one when the clock has
/// advanced by its time after the first (divided by ``speedMultiplier``). Delivered fixes
/// carry the clock's time, so a ``ManualClock`` makes a replay deterministic.
@MainActor
public final class ReplayLocationSource: LocationSource {
  /// The fixes, in time order, with their recorded timestamps.
  public let fixes: [CLLocation]
  /// How many times faster than recorded to replay.
  public var speedMultiplier: Double
  /// How many fixes have been delivered.
  public private(set) var deliveredCount = 0
  /// Whether every fix has been delivered.
  public var isFinished: Bool { deliveredCount >= fixes.count }
  private var timers: [ClockTimer] = []

  /// A replay of `fixes` (sorted by timestamp here).
  public init(fixes: [CLLocation], speedMultiplier: Double = 1) {
    self.fixes = fixes.sorted { $0.timestamp < $1.timestamp }
    self.speedMultiplier = speedMultiplier > 0 && speedMultiplier.isFinite ? speedMultiplier : 1
  }

  /// A replay of an NMEA log (see ``NMEAParser/fixes(fromLog:)``).
  public convenience init(nmeaLog: String, speedMultiplier: Double = 1) throws(NMEAError) {
    self.init(fixes: try NMEAParser.fixes(fromLog: nmeaLog), speedMultiplier: speedMultiplier)
  }

  /// A replay of a GPX track's points with their times (points without time one second
  /// apart; course and speed from the neighbouring points).
  public convenience init(gpxTrack: GPXTrack, speedMultiplier: Double = 1) {
    self.init(fixes: LocationSimulator.replay(gpxTrack), speedMultiplier: speedMultiplier)
  }

  /// Schedules every fix not yet delivered on `clock`.
  public func start(
    clock: any MainClock, deliver: @escaping @MainActor (CLLocation) -> Void,
    fail: @escaping @MainActor (any Error) -> Void
  ) {
    stop()
    guard deliveredCount < fixes.count else { return }
    let base = fixes[deliveredCount].timestamp
    let start = clock.now
    for k in deliveredCount..<fixes.count {
      let at = start + (fixes[k].timestamp - base) / speedMultiplier
      timers.append(
        clock.schedule(at: at, repeatInterval: nil) { [weak self] _ in
          guard let self else { return }
          var fix = self.fixes[k]
          fix.timestamp = at
          self.deliveredCount = k + 1
          deliver(fix)
        })
    }
  }

  /// Cancels the fixes still scheduled; a later start resumes after the last delivered.
  public func stop() {
    for t in timers { t.invalidate() }
    timers.removeAll()
  }
}

/// The seeded ``LocationSimulator`` as a source: one fix each ``LocationSimulator/Configuration/interval``
/// seconds of the clock until the end of the route.
@MainActor
public final class SimulatedLocationSource: LocationSource {
  /// The simulator.
  public let simulator: LocationSimulator
  /// Its state (pause by setting `state.isPaused`).
  public var state: LocationSimulator.State
  private var timer: ClockTimer?

  /// A source driving `route` with `configuration`.
  public init(route: Route, configuration: LocationSimulator.Configuration = .init()) {
    simulator = LocationSimulator(route: route, configuration: configuration)
    state = simulator.start()
  }

  /// Delivers the fix at the current position, then one per interval.
  public func start(
    clock: any MainClock, deliver: @escaping @MainActor (CLLocation) -> Void,
    fail: @escaping @MainActor (any Error) -> Void
  ) {
    stop()
    state.time = clock.now
    if var first = simulator.fix(for: state) {
      first.timestamp = clock.now
      deliver(first)
    }
    let interval = max(0.01, simulator.configuration.interval)
    timer = clock.scheduledTimer(withTimeInterval: interval, repeats: true) { [weak self] t in
      guard let self else { return }
      let (next, fix) = self.simulator.step(self.state)
      self.state = next
      if var fix {
        fix.timestamp = clock.now
        deliver(fix)
      }
      if next.isFinished { t.invalidate() }
    }
  }

  /// Stops the timer.
  public func stop() {
    timer?.invalidate()
    timer = nil
  }
}

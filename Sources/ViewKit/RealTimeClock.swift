/// Wall time: seconds since the clock was made, with actions run by main-actor tasks.
@MainActor
public final class RealTimeClock: MainClock {
  /// The clock windows use unless given another.
  public static let shared = RealTimeClock()

  private let origin: TimeInterval
  private var nextSequence = 0
  private var live: [ObjectIdentifier: ClockTimer] = [:]

  /// A clock whose ``now`` starts at 0.
  public init() {
    origin = ProcessInfo.processInfo.systemUptime
  }

  /// Seconds since the clock was made.
  public var now: TimeInterval { ProcessInfo.processInfo.systemUptime - origin }

  /// Schedules `action` at `time` (every `repeatInterval` after, when given).
  @discardableResult
  public func schedule(
    at time: TimeInterval, repeatInterval: TimeInterval?,
    _ action: @escaping @MainActor (ClockTimer) -> Void
  ) -> ClockTimer {
    let timer = ClockTimer(
      fireTime: time, repeatInterval: repeatInterval.map { max($0, 0.001) },
      sequence: nextSequence, clock: self, action: action)
    nextSequence += 1
    live[ObjectIdentifier(timer)] = timer
    run(timer)
    return timer
  }

  /// Forgets a timer.
  public func cancel(_ timer: ClockTimer) {
    live[ObjectIdentifier(timer)] = nil
  }

  private func run(_ timer: ClockTimer) {
    let wait = timer.fireTime - now
    let delay = wait.isFinite ? min(max(0, wait), 1e9) : (wait > 0 ? 1e9 : 0)
    Task { @MainActor [weak self] in
      try? await Task.sleep(nanoseconds: UInt64(delay * 1e9))
      guard let self, timer.isValid else { return }
      if let interval = timer.repeatInterval {
        timer.fireTime += interval
        self.run(timer)
      } else {
        timer.isValid = false
        self.live[ObjectIdentifier(timer)] = nil
      }
      timer.action(timer)
    }
  }
}

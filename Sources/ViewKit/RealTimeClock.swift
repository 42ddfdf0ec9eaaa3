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

  public func cancel(_ timer: ClockTimer) {
    live[ObjectIdentifier(timer)] = nil
  }

  private func run(_ timer: ClockTimer) {
    let delay = max(0, timer.fireTime - now)
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

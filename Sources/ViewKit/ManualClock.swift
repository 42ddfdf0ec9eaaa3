/// Virtual time for tests and renderers: it starts at 0 and moves only on ``advance(by:)``.
///
/// ```swift
/// let clock = ManualClock()
/// clock.schedule(after: 0.4) { print("done") }
/// clock.advance(by: 0.5)   // prints "done" with clock.now == 0.4, then now == 0.5
/// ```
@MainActor
public final class ManualClock: MainClock {
  /// The current virtual time, in seconds.
  public private(set) var now: TimeInterval
  private var timers: [ClockTimer] = []
  private var nextSequence = 0
  private var observers: [WeakObserver] = []

  /// A clock at `start` (0 by default).
  public init(start: TimeInterval = 0) {
    now = start
  }

  /// The number of timers still scheduled.
  public var pendingCount: Int { timers.count }

  /// Moves time forward by `interval`, running everything due in time order (ties in the
  /// order scheduled), with ``now`` set to each action's due time while it runs. Work that
  /// an action schedules inside the interval runs too. Windows on this clock then lay out.
  public func advance(by interval: TimeInterval) {
    advance(to: now + max(0, interval))
  }

  /// Moves time forward to `time` (never back), as ``advance(by:)``.
  public func advance(to time: TimeInterval) {
    let target = max(time, now)
    while let first = timers.first, first.fireTime <= target {
      timers.removeFirst()
      now = max(now, first.fireTime)
      if let interval = first.repeatInterval {
        first.fireTime += interval
        insert(first)
      } else {
        first.isValid = false
      }
      first.action(first)
    }
    now = target
    notifyObservers()
  }

  @discardableResult
  public func schedule(
    at time: TimeInterval, repeatInterval: TimeInterval?,
    _ action: @escaping @MainActor (ClockTimer) -> Void
  ) -> ClockTimer {
    let timer = ClockTimer(
      fireTime: time.isFinite ? time : now, repeatInterval: repeatInterval.map { max($0, 0.0001) },
      sequence: nextSequence, clock: self, action: action)
    nextSequence += 1
    insert(timer)
    return timer
  }

  public func cancel(_ timer: ClockTimer) {
    timers.removeAll { $0 === timer }
  }

  func addObserver(_ observer: @escaping @MainActor () -> Bool) {
    observers.append(WeakObserver(callback: observer))
  }

  private func notifyObservers() {
    observers.removeAll { !$0.callback() }
  }

  private func insert(_ timer: ClockTimer) {
    var low = 0
    var high = timers.count
    while low < high {
      let mid = (low + high) / 2
      let other = timers[mid]
      if other.fireTime < timer.fireTime
        || (other.fireTime == timer.fireTime && other.sequence < timer.sequence)
      {
        low = mid + 1
      } else {
        high = mid
      }
    }
    timers.insert(timer, at: low)
  }
}

/// A callback that returns `false` once it no longer wants to be called.
struct WeakObserver {
  let callback: @MainActor () -> Bool
}

/// A clock that tells the time and runs scheduled work on the main actor.
///
/// Every time-based behaviour of a window — animations, their completions, timers — reads
/// one clock (Guides/Decisions.md 11). ``RealTimeClock`` is the default; tests and renderers use a
/// ``ManualClock`` and ``ManualClock/advance(by:)``.
@MainActor
public protocol MainClock: AnyObject {
  /// Seconds since the clock's origin.
  var now: TimeInterval { get }

  /// Schedules `action` to run at `time` (or at once on the next turn when `time` has passed),
  /// and every `repeatInterval` after that when it is not `nil`.
  @discardableResult
  func schedule(
    at time: TimeInterval, repeatInterval: TimeInterval?,
    _ action: @escaping @MainActor (ClockTimer) -> Void
  ) -> ClockTimer

  /// Stops a timer; called by ``ClockTimer/invalidate()``.
  func cancel(_ timer: ClockTimer)
}

extension MainClock {
  /// Runs `action` once, `delay` seconds from now.
  @discardableResult
  public func schedule(after delay: TimeInterval, _ action: @escaping @MainActor () -> Void)
    -> ClockTimer
  {
    schedule(at: now + max(0, delay), repeatInterval: nil) { _ in action() }
  }

  /// A timer in the manner of `Timer.scheduledTimer(withTimeInterval:repeats:block:)`.
  @discardableResult
  public func scheduledTimer(
    withTimeInterval interval: TimeInterval, repeats: Bool,
    block: @escaping @MainActor (ClockTimer) -> Void
  ) -> ClockTimer {
    let step = max(interval, 0.0001)
    return schedule(at: now + step, repeatInterval: repeats ? step : nil, block)
  }
}

/// A scheduled action on a ``MainClock``.
@MainActor
public final class ClockTimer {
  /// When it fires next.
  public internal(set) var fireTime: TimeInterval
  /// The repeat interval, or `nil` for a one-shot timer.
  public let repeatInterval: TimeInterval?
  /// Whether it will still fire.
  public internal(set) var isValid = true
  let sequence: Int
  let action: @MainActor (ClockTimer) -> Void
  weak var clock: (any MainClock)?

  init(
    fireTime: TimeInterval, repeatInterval: TimeInterval?, sequence: Int,
    clock: any MainClock, action: @escaping @MainActor (ClockTimer) -> Void
  ) {
    self.fireTime = fireTime
    self.repeatInterval = repeatInterval
    self.sequence = sequence
    self.clock = clock
    self.action = action
  }

  /// Stops the timer; it will not fire again.
  public func invalidate() {
    guard isValid else { return }
    isValid = false
    clock?.cancel(self)
  }
}

import Foundation

/// One thing that happened during a demo session, at a time of its clock.
public struct DemoEvent: Sendable, Equatable {
  /// Who made it happen.
  public enum Source: String, Sendable {
    /// A layout-delegate callback (`enableNavigationUI`, `startGuidance`, …).
    case layout
    /// A navigator listener event (route changed, prompt presented, arrival, …).
    case navigator
    /// Something the app did (enable navigation, raise a prompt, …).
    case app
  }

  /// Seconds of the session's clock.
  public var time: TimeInterval
  /// Who made it happen.
  public var source: Source
  /// What happened.
  public var name: String

  /// An event.
  public init(time: TimeInterval, source: Source, name: String) {
    self.time = time
    self.source = source
    self.name = name
  }
}

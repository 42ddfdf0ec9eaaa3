import Foundation
import NavigationCore

/// How much the navigator says, as `GMSNavigationVoiceGuidance` (same cases and raw values).
public enum VoiceGuidance: Int, Sendable, Hashable, CaseIterable {
  /// Nothing is spoken.
  case silent = 0
  /// Only alerts (rerouting, speeding, arrival) are spoken.
  case alertsOnly = 1
  /// Alerts and turn-by-turn guidance are spoken.
  case alertsAndGuidance = 2
}

/// One thing to say.
public struct Announcement: Sendable, Hashable {
  /// Whether it is turn-by-turn guidance or an alert.
  public enum Kind: Sendable, Hashable {
    /// A maneuver instruction.
    case guidance
    /// An alert: a new route, speeding, arrival.
    case alert
  }

  /// What is said.
  public var text: String
  /// Its kind, which ``VoiceGuidance`` filters on.
  public var kind: Kind

  /// An announcement from its parts.
  public init(text: String, kind: Kind) {
    self.text = text
    self.kind = kind
  }

  /// Whether `guidance` lets it be spoken.
  public func isSpoken(under guidance: VoiceGuidance) -> Bool {
    switch guidance {
    case .silent: return false
    case .alertsOnly: return kind == .alert
    case .alertsAndGuidance: return true
    }
  }
}

/// Decides what to say as progress moves: each announcement of the route's steps (written by
/// the instruction compiler, or the route's own) once, when its trigger distance is reached,
/// filtered by ``guidance``. A value: feed it progress, speak what it returns.
///
/// ```swift
/// var announcer = VoiceAnnouncer(guidance: .alertsAndGuidance)
/// for line in announcer.announcements(for: progress) { try speaker.speak(line.text) }
/// ```
public struct VoiceAnnouncer: Sendable, Hashable {
  /// How much is said.
  public var guidance: VoiceGuidance
  /// The last announcement triggered: leg, step and the instruction.
  var last: Key?

  struct Key: Sendable, Hashable {
    var leg: Int
    var step: Int?
    var instruction: SpokenInstruction
  }

  /// An announcer at `guidance`.
  public init(guidance: VoiceGuidance = .alertsAndGuidance) { self.guidance = guidance }

  /// What to say for `progress`: the step's announcement when it has just triggered (a
  /// different one than last time), as guidance; nothing when it was said already or
  /// ``guidance`` keeps it quiet (it still counts as said, so raising the mode later does
  /// not replay old instructions).
  public mutating func announcements(for progress: RouteProgress) -> [Announcement] {
    let stepProgress = progress.currentLegProgress.currentStepProgress
    guard let spoken = stepProgress.spokenInstruction else { return [] }
    let key = Key(leg: progress.legIndex, step: stepProgress.stepIndex, instruction: spoken)
    guard key != last else { return [] }
    last = key
    let line = Announcement(text: spoken.text, kind: .guidance)
    return line.isSpoken(under: guidance) ? [line] : []
  }

  /// `alert` when ``guidance`` lets alerts be spoken.
  public func alert(_ text: String) -> [Announcement] {
    let line = Announcement(text: text, kind: .alert)
    return line.isSpoken(under: guidance) ? [line] : []
  }
}

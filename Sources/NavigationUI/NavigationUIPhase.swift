/// The map view's navigation UI state (Guides/Decisions.md 2).
public enum NavigationUIPhase: Int, Sendable, Hashable {
  /// Plain map; navigation disabled.
  case nonNavigation
  /// Navigation enabled, no guidance.
  case navigationReady
  /// Guidance running.
  case activeGuidance
}

/// A prompt the app (or a test) raises with ``GMSNavigator/showPrompt(_:)``; the SDK raises
/// the same kinds on its own from route data (incidents and traffic ahead).
///
/// ```swift
/// navigator.showPrompt(.incident(title: "Accident ahead"))
/// ```
public enum NavigationPrompt: Sendable, Hashable, CustomStringConvertible {
  /// An incident on the route ahead.
  case incident(title: String)
  /// A faster route exists; `savings` in seconds.
  case betterRoute(title: String, savings: TimeInterval)
  /// Traffic ahead, `distance` meters away.
  case traffic(title: String, distance: CLLocationDistance)

  /// The text the prompt shows.
  public var title: String {
    switch self {
    case .incident(let title), .betterRoute(let title, _), .traffic(let title, _): return title
    }
  }

  /// The kind, in NavigationCore's prompt policy terms.
  public var kind: PromptKind {
    switch self {
    case .incident: return .incident
    case .betterRoute: return .betterRoute
    case .traffic: return .traffic
    }
  }

  /// `kind: title`.
  public var description: String { "\(kind): \(title)" }
}

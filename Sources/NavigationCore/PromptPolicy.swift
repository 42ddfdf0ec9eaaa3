/// What a prompt is about.
public enum PromptKind: Sendable, Hashable, CaseIterable {
  /// An incident ahead on the route.
  case incident
  /// A better route is available.
  case betterRoute
  /// Traffic ahead.
  case traffic
  /// Raised by the app (`navigator.showPrompt`).
  case app
}

/// A prompt waiting to be shown or on screen.
public struct PromptRequest: Sendable, Hashable {
  /// Assigned by the queue, increasing.
  public var id: Int
  /// What the prompt is about.
  public var kind: PromptKind
  /// The text to show.
  public var title: String
  /// Higher shows first and may replace lower ones on screen.
  public var priority: Int
  /// When it was raised.
  public var raisedAt: Double
}

/// The transparent, configurable rules that decide when prompts appear and go.
///
/// - SDK prompts (incident, better route, traffic) are suppressed entirely when
///   ``shouldDisplayPrompts`` is false, wait ``minimumGap`` after the previous prompt, never
///   appear within ``quietDistanceBeforeManeuver`` of a maneuver, and hide after
///   ``autoDismissAfter``.
/// - A prompt raised while another is on screen replaces it (a `change`) when its priority is
///   at least the current one's; app prompts always replace, show at once and stay until
///   dismissed (unless ``appPromptAutoDismissAfter`` is set).
public struct PromptPolicy: Sendable, Hashable {
  /// `GMSNavigator.shouldDisplayPrompts`: false suppresses SDK prompts (not app prompts).
  public var shouldDisplayPrompts = true
  /// Seconds between one prompt leaving and the next SDK prompt appearing.
  public var minimumGap: Double = 30
  /// No SDK prompt appears when the next maneuver is closer than this (meters).
  public var quietDistanceBeforeManeuver: CLLocationDistance = 200
  /// SDK prompts hide after this many seconds.
  public var autoDismissAfter: Double = 10
  /// App prompts hide after this many seconds, or stay until dismissed when nil.
  public var appPromptAutoDismissAfter: Double?
  /// Waiting SDK prompts are dropped after this many seconds.
  public var pendingLifetime: Double = 120
  /// A better route must save at least this many seconds.
  public var minimumBetterRouteSavings: Double = 120
  /// A better route must save at least this share of the remaining time.
  public var minimumBetterRouteFraction: Double = 0.1
  /// Priority of incident prompts.
  public var incidentPriority = 3
  /// Priority of traffic prompts.
  public var trafficPriority = 2
  /// Priority of better-route prompts.
  public var betterRoutePriority = 1
  /// Priority of app prompts.
  public var appPriority = 4

  /// The defaults.
  public init() {}

  /// The priority of `kind`.
  public func priority(of kind: PromptKind) -> Int {
    switch kind {
    case .incident: return incidentPriority
    case .traffic: return trafficPriority
    case .betterRoute: return betterRoutePriority
    case .app: return appPriority
    }
  }
}

/// What the UI must do with prompts.
public enum PromptEvent: Sendable, Hashable {
  /// Show a prompt (nothing was on screen).
  case show(PromptRequest)
  /// Replace the prompt on screen with another.
  case change(from: PromptRequest, to: PromptRequest)
  /// Hide the prompt on screen.
  case hide(PromptRequest)
}

/// The prompt queue's state: a value updated by the policy's functions.
public struct PromptQueueState: Sendable, Hashable {
  /// The prompt on screen and when it appeared.
  public var current: (prompt: PromptRequest, shownAt: Double)? {
    get { currentPrompt.map { ($0, currentShownAt) } }
    set {
      currentPrompt = newValue?.prompt
      currentShownAt = newValue?.shownAt ?? 0
    }
  }
  var currentPrompt: PromptRequest?
  var currentShownAt: Double = 0
  /// Prompts waiting, best first.
  public internal(set) var pending: [PromptRequest] = []
  /// When the last prompt left the screen.
  public internal(set) var lastHiddenAt: Double?
  /// The next id to assign.
  public internal(set) var nextID = 1

  /// An empty queue.
  public init() {}

  /// Equality of all fields.
  public static func == (a: PromptQueueState, b: PromptQueueState) -> Bool {
    a.currentPrompt == b.currentPrompt && a.currentShownAt == b.currentShownAt
      && a.pending == b.pending && a.lastHiddenAt == b.lastHiddenAt && a.nextID == b.nextID
  }

  /// Hash of all fields.
  public func hash(into h: inout Hasher) {
    h.combine(currentPrompt)
    h.combine(currentShownAt)
    h.combine(pending)
    h.combine(lastHiddenAt)
    h.combine(nextID)
  }
}

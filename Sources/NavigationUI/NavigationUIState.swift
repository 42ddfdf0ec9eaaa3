/// What every navigation state hands the layout delegate (Guides/Spec.md §4.1). Read-only.
@MainActor
public protocol NavigationUIState {
  /// Whether the map is wide enough for side-by-side components (Guides/Decisions.md 5); the turn
  /// card and ETA card are shaped for it.
  var wideMode: Bool { get }
  /// The logo with the map-data attribution; becomes the recenter button when the camera
  /// stops following. Required in every state; the same view in every state.
  var googleLogo: UIView { get }
  /// The invisible view that frames the camera. Required in every state; the same view in
  /// every state.
  var viewport: UIView { get }
}

/// The navigation-ready state: navigation enabled, no guidance (Guides/Spec.md §4.2).
@MainActor
public protocol NavigationReadyUIState: NavigationUIState {
  /// The floating buttons for the base map (the compass).
  var buttons: [any NavigationUIButton] { get }
}

/// Active guidance: the full set of navigation components (Guides/Spec.md §4.3).
@MainActor
public protocol ActiveGuidanceUIState: NavigationUIState {
  /// The header: next maneuver, distance, road, lanes. Fixed height.
  var turnCard: UIView { get }
  /// The footer: arrival time, remaining time and distance.
  var etaCard: UIView { get }
  /// The vertical bar of trip progress; 12 pt wide, height from the delegate.
  var tripProgressBar: UIView { get }
  /// Speedometer and speed limit; resizes itself among four states.
  var speedWidget: UIView { get }
  /// The floating buttons for guidance (compass, incident report).
  var buttons: [any NavigationUIButton] { get }
}

/// A Google-provided button to float over the map (Guides/Spec.md §5.1). Find buttons by ``type``.
@MainActor
public protocol NavigationUIButton {
  /// Which button this is.
  var type: NavigationButtonKnownType { get }
  /// The view to place.
  var view: UIView { get }
}

/// A button as the SDK hands it out.
@MainActor
struct ComponentButton: NavigationUIButton {
  let type: NavigationButtonKnownType
  let view: UIView
}

/// The navigation-ready state object.
@MainActor
final class ReadyUIState: NavigationReadyUIState {
  let wideMode: Bool
  let googleLogo: UIView
  let viewport: UIView
  let buttons: [any NavigationUIButton]

  init(components: NavigationComponents, wideMode: Bool) {
    self.wideMode = wideMode
    googleLogo = components.logo
    viewport = components.viewport
    buttons = [ComponentButton(type: .compass, view: components.compassButton)]
  }
}

/// The active-guidance state object.
@MainActor
final class GuidanceUIState: ActiveGuidanceUIState {
  let wideMode: Bool
  let googleLogo: UIView
  let viewport: UIView
  let turnCard: UIView
  let etaCard: UIView
  let tripProgressBar: UIView
  let speedWidget: UIView
  let buttons: [any NavigationUIButton]

  init(components: NavigationComponents, wideMode: Bool) {
    self.wideMode = wideMode
    googleLogo = components.logo
    viewport = components.viewport
    turnCard = components.turnCard
    etaCard = components.etaCard
    tripProgressBar = components.tripProgressBar
    speedWidget = components.speedWidget
    buttons = [
      ComponentButton(type: .compass, view: components.compassButton),
      ComponentButton(type: .reporting, view: components.reportButton),
    ]
  }
}

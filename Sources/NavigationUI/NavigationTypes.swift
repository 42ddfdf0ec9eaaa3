/// The map's colour scheme: day or night (`GMSNavigationLightingMode`).
public typealias GMSNavigationLightingMode = LightingMode

/// How the camera moves during navigation (Guides/Spec.md §14.6).
public enum GMSNavigationCameraMode: Int, Sendable, Hashable {
  /// The camera stays where the user or the app put it.
  case free = 0
  /// The camera follows the vehicle inside the viewport.
  case following = 1
  /// The camera fits the remaining route into the viewport.
  case overview = 2
}

/// The perspective while following (Guides/Spec.md §14.6).
public enum GMSNavigationCameraPerspective: Int, Sendable, Hashable {
  /// Tilted, heading up.
  case tilted = 0
  /// From above, north up.
  case topDownNorthUp = 1
  /// From above, heading up.
  case topDownHeadingUp = 2
}

/// How the traveller moves; only driving shows the speed widget.
public enum GMSNavigationTravelMode: Int, Sendable, Hashable {
  /// By car.
  case driving = 0
  /// By bicycle.
  case cycling = 1
  /// On foot.
  case walking = 2
  /// Two-wheeler.
  case twoWheeler = 3
  /// Taxi.
  case taxicab = 4
}

/// Options for making a map view: the screen it is for (CarPlay refuses layout delegates).
public struct GMSMapViewOptions {
  /// The frame of the map view.
  public var frame: CGRect
  /// The screen; `.main` by default. A screen with the `.carPlay` idiom makes a CarPlay map.
  public var screen: UIScreen

  /// Options with a frame and a screen.
  @MainActor
  public init(frame: CGRect = .zero, screen: UIScreen = .main) {
    self.frame = frame
    self.screen = screen
  }
}

/// A navigation session for ``GMSMapView/enableNavigation(with:)``.
@MainActor
public final class GMSNavigationSession {
  /// Whether the user accepted the navigation terms; a session without them cannot enable
  /// navigation.
  public var areTermsAndConditionsAccepted: Bool

  /// A session; terms are accepted by default in this implementation.
  public init(termsAccepted: Bool = true) {
    areTermsAndConditionsAccepted = termsAccepted
  }
}

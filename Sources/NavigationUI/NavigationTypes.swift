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

/// Options for making a map view (`GMSMapViewOptions`): frame, camera, map ID, background
/// colour and the screen it is for (a CarPlay screen refuses layout delegates).
///
/// ```swift
/// let options = GMSMapViewOptions()
/// options.camera = GMSCameraPosition.camera(withLatitude: 43.7384, longitude: 7.4246, zoom: 14)
/// let mapView = GMSMapView(options: options)
/// ```
@preconcurrency @MainActor
public final class GMSMapViewOptions {
  /// The frame of the map view (`.zero` by default).
  public var frame: CGRect
  /// The first camera; `nil` keeps the default camera.
  public var camera: GMSCameraPosition?
  /// The map ID (cloud styling in the original; kept for the caller here).
  public var mapID: GMSMapID?
  /// The map view's background colour; `nil` keeps the default.
  public var backgroundColor: UIColor?
  /// The screen; `.main` by default. A screen with the `.carPlay` idiom makes a CarPlay map.
  public var screen: UIScreen

  /// Default options: zero frame, default camera, the main screen.
  public init() {
    frame = .zero
    screen = .main
  }

  /// Options with a frame and a screen.
  public convenience init(frame: CGRect, screen: UIScreen = .main) {
    self.init()
    self.frame = frame
    self.screen = screen
  }
}

/// A map ID (`GMSMapID`): an identifier for a cloud-styled map.
public final class GMSMapID: Sendable, Hashable, CustomStringConvertible {
  /// The identifier.
  public let identifier: String

  /// A map ID from its identifier.
  public init(identifier: String) { self.identifier = identifier }

  /// A map ID from its identifier (the original's class constructor).
  public static func mapID(withIdentifier identifier: String) -> GMSMapID {
    GMSMapID(identifier: identifier)
  }

  /// Same identifier.
  public static func == (a: GMSMapID, b: GMSMapID) -> Bool { a.identifier == b.identifier }

  /// Hashes the identifier.
  public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

  /// The identifier.
  public var description: String { identifier }
}

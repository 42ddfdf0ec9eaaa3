/// The map's controls and the legacy navigation UI settings (Guides/Spec.md §12). Changes show at
/// once. With a layout delegate, the layout-modifying ones have no effect (Guides/Spec.md §11).
///
/// ```swift
/// mapView.settings.compassButton = false
/// mapView.settings.isNavigationTripProgressBarEnabled = true
/// ```
@preconcurrency @MainActor
public final class GMSUISettings {
  weak var mapView: GMSMapView?

  init(mapView: GMSMapView) { self.mapView = mapView }

  private func changed() { mapView?.settingsChanged() }

  /// The compass (on by default since 11.0.0). With a delegate and navigation enabled, the
  /// delegate decides whether to show it.
  public var compassButton = true { didSet { changed() } }
  /// The my-location button (off by default).
  public var myLocationButton = false { didSet { changed() } }
  /// Whether the logo turns into a recenter button when the camera stops following.
  public var isRecenterButtonEnabled = true { didSet { changed() } }
  /// The built-in header (turn card).
  public var isNavigationHeaderEnabled = true { didSet { changed() } }
  /// The built-in footer (ETA card).
  public var isNavigationFooterEnabled = true { didSet { changed() } }
  /// The built-in trip progress bar (off by default).
  public var isNavigationTripProgressBarEnabled = false { didSet { changed() } }
  /// The built-in incident report button.
  public var isNavigationReportIncidentButtonEnabled = true { didSet { changed() } }
  /// The header's primary background; `nil` is green.
  public var navigationHeaderPrimaryBackgroundColor: UIColor? { didSet { changed() } }
  /// The header's secondary background; `nil` is dark green.
  public var navigationHeaderSecondaryBackgroundColor: UIColor? { didSet { changed() } }
  /// The primary background at night; `nil` is the day colour.
  public var navigationHeaderPrimaryBackgroundColorNightMode: UIColor? { didSet { changed() } }
  /// The secondary background at night; `nil` is the day colour.
  public var navigationHeaderSecondaryBackgroundColorNightMode: UIColor? { didSet { changed() } }
  /// The header's transparency (1 opaque, the default).
  public var navigationHeaderBackgroundAlpha: CGFloat = 1 { didSet { changed() } }
  /// The colour of the header's large maneuver arrow; `nil` is white.
  public var navigationHeaderLargeManeuverIconColor: UIColor? { didSet { changed() } }
  /// The colour of the "then" row's small maneuver arrow; `nil` follows the next-step text.
  public var navigationHeaderSmallManeuverIconColor: UIColor? { didSet { changed() } }
  /// The colour of recommended lanes in the lane guidance; `nil` is white.
  public var navigationHeaderGuidanceRecommendedLaneColor: UIColor? { didSet { changed() } }
  /// The colour of the "then" row's text; `nil` is white.
  public var navigationHeaderNextStepTextColor: UIColor? { didSet { changed() } }
  /// The colour of the distance value; `nil` is white.
  public var navigationHeaderDistanceValueTextColor: UIColor? { didSet { changed() } }
  /// The colour of the distance units; `nil` follows the distance value.
  public var navigationHeaderDistanceUnitsTextColor: UIColor? { didSet { changed() } }
  /// The colour of the instruction (road) text; `nil` is white.
  public var navigationHeaderInstructionsTextColor: UIColor? { didSet { changed() } }
  /// The "then" row's font (default `nil`: system 16).
  public var navigationHeaderNextStepFont: UIFont? { didSet { changed() } }
  /// The distance's font (default `nil`: bold 24). The header writes the value and its unit
  /// in one label, so this font sets both.
  public var navigationHeaderDistanceValueFont: UIFont? { didSet { changed() } }
  /// The distance unit's font (default `nil`: system 18). Kept: the header writes the unit
  /// in the distance label, with ``navigationHeaderDistanceValueFont``.
  public var navigationHeaderDistanceUnitsFont: UIFont? { didSet { changed() } }
  /// The road row's font (default `nil`: the header's semibold 22).
  public var navigationHeaderInstructionsFirstRowFont: UIFont? { didSet { changed() } }
  /// The second instruction row's font (default `nil`: bold 24). Kept: the header here has
  /// one instruction row; ``GMSNavigationInstructionOptions/secondaryFont`` formats a
  /// second one.
  public var navigationHeaderInstructionsSecondRowFont: UIFont? { didSet { changed() } }
  /// The conjunctions' font (default `nil`: bold 18). Kept: the header's road row has no
  /// separate conjunction run.
  public var navigationHeaderInstructionsConjunctionsFont: UIFont? { didSet { changed() } }
  /// Whether the indoor floor picker shows (default true).
  public var indoorPicker = true
  /// Whether the route's destination markers show.
  public var showsDestinationMarkers = true { didSet { changed() } }
  /// The speedometer's colours per speed-alert severity and lighting mode (default `nil`:
  /// minor alerts red text on the button background, major alerts white on red). A copy is
  /// kept, as the original copies it.
  public var speedometerUIOptions: GMSNavigationSpeedometerUIOptions? {
    get { storedSpeedometerUIOptions }
    set {
      storedSpeedometerUIOptions = newValue?.copy()
      changed()
    }
  }
  private var storedSpeedometerUIOptions: GMSNavigationSpeedometerUIOptions?
  /// Whether incident cards show on tap.
  public var showsIncidentCards = true
  /// Whether traffic lights show on later routes.
  public var showsTrafficLights = false
  /// Whether stop signs show on later routes.
  public var showsStopSigns = false
  /// Pan by swiping.
  public var scrollGestures = true
  /// Zoom by pinching or double-tapping.
  public var zoomGestures = true
  /// Tilt with two fingers.
  public var tiltGestures = true
  /// Rotate with two fingers.
  public var rotateGestures = true
  /// Whether the map keeps the touches it handles (true) or also passes them to the views
  /// behind it.
  public var consumesGesturesInView = true
  /// Whether pinching and twisting act about the fingers and move the map with them (true),
  /// or about the camera's target, which stays put (false).
  public var allowScrollGesturesDuringRotateOrZoom = true

  /// Forwards to ``GMSMapView/shouldDisplaySpeedometer`` (seed 003's spelling).
  public var shouldDisplaySpeedometer: Bool {
    get { mapView?.shouldDisplaySpeedometer ?? false }
    set { mapView?.shouldDisplaySpeedometer = newValue }
  }

  /// Turns every gesture on or off.
  public func setAllGesturesEnabled(_ enabled: Bool) {
    scrollGestures = enabled
    zoomGestures = enabled
    tiltGestures = enabled
    rotateGestures = enabled
  }
}

/// A custom view shown in place of the secondary header (Guides/Spec.md §12.3).
@preconcurrency @MainActor
public protocol GMSNavigationAccessoryView: AnyObject {
  /// The height the view needs within `size` on `mapView`.
  func heightForAccessoryViewConstrained(to size: CGSize, on mapView: GMSMapView) -> CGFloat
}

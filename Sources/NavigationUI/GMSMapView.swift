import Foundation
import Routing

/// The map view that hosts the navigation UI (Guides/Spec.md §2, §12, §14.6).
///
/// ```swift
/// let mapView = GMSMapView(frame: window.bounds)
/// window.addSubview(mapView)
/// try mapView.setLayoutDelegate(MyLayoutDelegate())
/// mapView.isNavigationEnabled = true      // → enableNavigationUI
/// ```
@preconcurrency @MainActor
open class GMSMapView: UIView {
  /// Whether the map view was made for a CarPlay screen (refuses layout delegates).
  public let isCarPlayScreen: Bool
  /// The layout delegate, held strongly; `nil` means the built-in layout.
  public internal(set) var layoutDelegate: (any NavigationLayoutDelegate)?
  /// The navigator of the map's session: `nil` while the terms are required and not accepted (as the
  /// original), then the session given to ``enableNavigation(with:)`` or the map's own, which
  /// exists before navigation is enabled so listeners added early are kept.
  public var navigator: GMSNavigator? { currentSession?.navigator }
  /// The location simulator of the map's session (`nil` while the terms are required and not accepted).
  public var locationSimulator: GMSLocationSimulator? { currentSession?.locationSimulator }
  /// The road-snapped location provider of the map's session.
  public var roadSnappedLocationProvider: GMSRoadSnappedLocationProvider? {
    currentSession?.roadSnappedLocationProvider
  }
  /// The session shown: the one given to ``enableNavigation(with:)``, else the map's own
  /// (made once navigation is allowed).
  public var navigationSession: GMSNavigationSession? { currentSession }
  var attachedSession: GMSNavigationSession?
  var ownSession: GMSNavigationSession?
  /// The controls and legacy navigation UI settings.
  public private(set) lazy var settings = GMSUISettings(mapView: self)
  /// Called when the recenter button is tapped.
  public weak var navigationUIDelegate: (any GMSMapViewNavigationUIDelegate)?
  /// The language and units of the navigation UI (instruction text, distances, times) and,
  /// for right-to-left languages, its direction. `en_US` by default.
  public var navigationLocale = Locale(identifier: "en_US") { didSet { localeChanged() } }
  /// The time zone arrival times are shown in. UTC by default.
  public var navigationTimeZone = TimeZone(identifier: "UTC") ?? .current {
    didSet { refreshContent() }
  }
  /// Every layout-delegate callback in order, as `enableNavigationUI`, `startGuidance`,
  /// `showPrompt`, … (the newest 1,000).
  public internal(set) var layoutCallbackLog: [String] = []

  var navigationEnabled = false
  var phase = NavigationUIPhase.nonNavigation
  var components: NavigationComponents?
  var promptView: PromptView?
  var lastLayoutSize = CGSize(width: -1, height: -1)
  lazy var builtIn = BuiltInLayout(mapView: self)
  var headerAccessory: (any UIView & GMSNavigationAccessoryView)?
  /// The camera's position (``camera`` reads and sets it).
  var cameraStorage = GMSCameraPosition()
  /// The map's own state: overlays, delegate, limits, style, animation, touches.
  let mapState = MapState()
  var storedMyLocationSource: GMSRoadSnappedLocationProvider?
  /// The state of the map's own controls (compass fade, the app's lighting mode).
  let controls = MapControlsState()
  /// The zoom level of the following camera; ``GMSNavigationNoFollowingZoomLevel`` (the
  /// default) lets the SDK choose (17).
  public var followingZoomLevel: Float = GMSNavigationNoFollowingZoomLevel {
    didSet { updateCamera() }
  }
  /// Whether the my-location dot shows and ``myLocation`` is known (default false).
  public var isMyLocationEnabled = false
  /// Whether route callouts show time or distance.
  public var routeCalloutFormat: GMSNavigationRouteCalloutFormat = .default
  /// Whether indoor maps show (default true). OpenStreetMap extracts have none, so nothing
  /// indoor is drawn either way; ``indoorDisplay`` reports it (Guides/Spec.md §12.9).
  public var isIndoorEnabled = true
  /// The indoor map's building and level: never a building here
  /// (``GMSIndoorDisplay/isIndoorDataAvailable`` is false).
  public let indoorDisplay = GMSIndoorDisplay()
  /// Whether incident reporting can be offered (false: there is no reporting service here).
  public var isIncidentReportingAvailable: Bool { false }

  /// Presents the incident reporting panel; without a reporting service (here, always) the
  /// completion hears ``GMSMapViewIncidentReportingError``.
  public func presentReportIncidentsPanel(
    _ viewController: UIViewController?, completion: (@MainActor (Error?) -> Void)?
  ) {
    completion?(GMSMapViewIncidentReportingError.unavailable)
  }

  /// A map view with a frame, on the main screen.
  public override init(frame: CGRect) {
    isCarPlayScreen = false
    mapID = nil
    super.init(frame: frame)
    accessibilityIdentifier = "GMSMapView"
    GMSNavigationServices.register(self)
  }

  /// A map view from options (frame, camera, map ID, background colour); a screen with the
  /// `.carPlay` idiom makes a CarPlay map view.
  public init(options: GMSMapViewOptions) {
    isCarPlayScreen = options.screen.idiom == .carPlay
    mapID = options.mapID
    super.init(frame: options.frame)
    accessibilityIdentifier = "GMSMapView"
    if let camera = options.camera { cameraStorage = camera }
    if let color = options.backgroundColor { backgroundColor = color }
    GMSNavigationServices.register(self)
  }

  /// A map view with a frame and a camera (`GMSMapView(frame:camera:)`).
  public convenience init(frame: CGRect, camera: GMSCameraPosition) {
    let options = GMSMapViewOptions()
    options.frame = frame
    options.camera = camera
    self.init(options: options)
  }

  /// A map view with a frame and a camera (the original's class constructor).
  public static func map(withFrame frame: CGRect, camera: GMSCameraPosition) -> GMSMapView {
    GMSMapView(frame: frame, camera: camera)
  }

  /// The map ID it was made with.
  public let mapID: GMSMapID?

  /// The map's layer: the camera as animatable layer properties (``GMSMapLayer``).
  open override var layer: GMSMapLayer {
    if let made = layerStorage as? GMSMapLayer { return made }
    let made = GMSMapLayer(mapView: self)
    layerStorage = made
    return made
  }

  /// The selected marker, whose info window shows; setting it opens that marker's window
  /// (and closes the previous one). Open to subclasses, as the original's property is.
  open var selectedMarker: GMSMarker? {
    get { mapState.selectedMarker }
    set { selectMarker(newValue) }
  }

  // MARK: - Camera and overlays (open to subclasses, as the original's methods are)

  /// Moves the camera at once.
  open func moveCamera(_ update: GMSCameraUpdate) {
    moveCameraNow(to: update.camera(on: self), gesture: false)
  }

  /// Animates the camera to `cameraPosition` on the window's clock.
  open func animate(to cameraPosition: GMSCameraPosition) {
    startCameraAnimation(to: cameraPosition)
  }

  /// Animates the camera by an update.
  open func animate(with cameraUpdate: GMSCameraUpdate) {
    startCameraAnimation(to: cameraUpdate.camera(on: self))
  }

  /// Animates the target to `location`.
  open func animate(toLocation location: CLLocationCoordinate2D) {
    startCameraAnimation(to: cameraStorage.with(target: location))
  }

  /// Animates the zoom.
  open func animate(toZoom zoom: Float) {
    startCameraAnimation(to: cameraStorage.with(zoom: zoom))
  }

  /// Animates the bearing.
  open func animate(toBearing bearing: CLLocationDirection) {
    startCameraAnimation(to: cameraStorage.with(bearing: bearing))
  }

  /// Animates the viewing angle.
  open func animate(toViewingAngle viewingAngle: Double) {
    startCameraAnimation(to: cameraStorage.with(viewingAngle: viewingAngle))
  }

  /// Removes every marker, polyline, polygon, circle, ground overlay and tile layer (the
  /// my-location dot and the map type stay).
  open func clear() { removeAllOverlays() }

  /// The session shown, making the map's own once navigation is allowed (terms accepted, when
  /// ``GMSNavigationServices/requiresTermsAndConditionsAcceptance``).
  var currentSession: GMSNavigationSession? {
    guard GMSNavigationServices.allowsNavigation else { return nil }
    if let attachedSession { return attachedSession }
    if let ownSession { return ownSession }
    let made = GMSNavigationSession()
    made.attach(self)
    ownSession = made
    return made
  }

  /// The clock of the window the map view is in (real time outside a window).
  public var clock: any MainClock { window?.clock ?? RealTimeClock.shared }

  /// Sets the layout delegate (Guides/Spec.md §2.1). Call it before navigation is enabled; `nil`
  /// restores the built-in layout.
  ///
  /// - Throws: ``GMSMapViewNavigationLayoutError`` with
  ///   `.cannotSetDelegateWhileNavigationEnabled` or `.cannotSetDelegateOnCarPlayScreen`.
  public func setLayoutDelegate(_ layoutDelegate: (any NavigationLayoutDelegate)?) throws {
    if isCarPlayScreen { throw GMSMapViewNavigationLayoutError(.cannotSetDelegateOnCarPlayScreen) }
    if navigationEnabled {
      throw GMSMapViewNavigationLayoutError(.cannotSetDelegateWhileNavigationEnabled)
    }
    self.layoutDelegate = layoutDelegate
  }

  /// Whether navigation is enabled: setting it true calls `enableNavigationUI`; false calls
  /// `stopGuidance` first when guiding, then `disableNavigationUI`. No effect until the
  /// terms are accepted when required (``GMSNavigationServices/requiresTermsAndConditionsAcceptance``).
  public var isNavigationEnabled: Bool {
    get { navigationEnabled }
    set {
      if newValue {
        guard let session = currentSession else { return }
        session.isStarted = true
        enableNavigationNow()
      } else {
        disableNavigationNow()
      }
    }
  }

  /// Shows `navigationSession` on this map and enables navigation: several map views can
  /// show one session (a phone and a car screen). False, changing nothing, when the terms are
  /// required and not accepted.
  @discardableResult
  public func enableNavigation(with navigationSession: GMSNavigationSession) -> Bool {
    guard GMSNavigationServices.allowsNavigation else { return false }
    if attachedSession !== navigationSession {
      if navigationEnabled { disableNavigationNow() }
      (attachedSession ?? ownSession)?.detach(self)
      attachedSession = navigationSession
      navigationSession.attach(self)
      components?.routeChanged(navigationSession.navigator?.currentRoute)
    }
    navigationSession.isStarted = true
    enableNavigationNow()
    return true
  }

  /// The terms were reset: navigation turns off.
  func termsWereReset() {
    (attachedSession ?? ownSession)?.navigator?.isGuidanceActive = false
    disableNavigationNow()
  }

  /// The device's location while ``isMyLocationEnabled`` (road-snapped during navigation),
  /// else `nil`.
  public var myLocation: CLLocation? {
    guard isMyLocationEnabled else { return nil }
    if !isNavigationEnabled, let source = roadSnappedMyLocationSource {
      return source.lastLocation
    }
    return navigator?.lastLocation ?? roadSnappedLocationProvider?.lastLocation
  }

  /// A road-snapped provider (e.g. another session's) whose locations drive the my-location
  /// dot and ``myLocation`` instead of the device's (default `nil`). No effect while
  /// ``isNavigationEnabled``, as in the original.
  public var roadSnappedMyLocationSource: GMSRoadSnappedLocationProvider? {
    get { storedMyLocationSource }
    set {
      storedMyLocationSource = newValue
      setNeedsDisplay()
    }
  }

  /// The speed control during guidance (driving only, Guides/Spec.md §12.8): the speed-limit
  /// sign while the limit is known, expanding to show the current speed when the driver is
  /// over a ``GMSNavigator/speedAlertOptions`` threshold (red text for a minor alert, white
  /// on red for a major one); the current speed alone where no limit is known.
  public var shouldDisplaySpeedometer = false { didSet { refreshContent() } }
  /// The speed-limit sign during guidance, when data exists (default false), without the
  /// speedometer.
  public var shouldDisplaySpeedLimit = false { didSet { refreshContent() } }
  /// Day or night colours of the map and the navigation UI. Until the app sets it, navigation
  /// follows the navigator's ``GMSNavigator/suggestedLightingMode`` (from the time of day and
  /// the device's location, Guides/Spec.md §12.4); once set, the app's choice stays.
  public var lightingMode: GMSNavigationLightingMode {
    get {
      if let chosen = controls.appLightingMode { return chosen }
      return navigationEnabled ? (navigator?.suggestedLightingMode ?? .normal) : .normal
    }
    set {
      controls.appLightingMode = newValue
      refreshTheme()
    }
  }

  /// The look in effect, as drawn: ``overrideUserInterfaceStyle`` when set, else
  /// ``lightingMode`` when the app set it or navigation is enabled, else the trait
  /// collection's dark mode.
  public var resolvedLightingMode: GMSNavigationLightingMode { isLowLight ? .lowLight : .normal }
  /// 3D buildings (default true).
  public var isBuildingsEnabled = true
  /// The travel mode; the speed widget shows only when driving.
  public var travelMode: GMSNavigationTravelMode = .driving { didSet { refreshContent() } }
  /// The following perspective.
  public var followingPerspective: GMSNavigationCameraPerspective = .tilted
  /// Insets of the area with map data but no controls; frames the camera in the built-in
  /// layout (with a delegate, the viewport does).
  public var padding = UIEdgeInsets.zero { didSet { builtIn.rebuildIfActive() } }
  /// How the safe area's insets add to ``padding`` (``adjustedPadding``); `.always` by default.
  public var paddingAdjustmentBehavior = GMSMapViewPaddingAdjustmentBehavior.always {
    didSet { builtIn.rebuildIfActive() }
  }
  /// How the camera moves: following the vehicle, overview of the route, or free.
  public var cameraMode: GMSNavigationCameraMode = .following { didSet { cameraModeChanged() } }

  /// The area covered by the built-in header (zero height when hidden or with a delegate).
  public var navigationHeaderLayoutGuide: UILayoutGuide { builtIn.headerGuide }
  /// The area covered by the built-in footer (zero height when hidden or with a delegate).
  public var navigationFooterLayoutGuide: UILayoutGuide { builtIn.footerGuide }
  /// Positions the built-in bottom-trailing buttons; `nil` resets it to the footer guide.
  public var bottomTrailingButtonsLayoutGuide: UILayoutGuide! {
    get { builtIn.buttonsGuide ?? builtIn.footerGuide }
    set {
      builtIn.buttonsGuide = newValue
      builtIn.rebuildIfActive()
    }
  }
  /// Positions the built-in bottom-trailing buttons (their bottom above its top) when the
  /// header and footer do not span the full width (wide mode); by default a guide whose
  /// only constraint puts its top at the safe area's bottom. `nil` restores the default.
  public var bottomTrailingButtonsAlternateLayoutGuide: UILayoutGuide! {
    get { builtIn.alternateButtonsGuide ?? builtIn.defaultAlternateButtonsGuide }
    set {
      builtIn.alternateButtonsGuide = newValue
      builtIn.rebuildIfActive()
    }
  }

  /// Shows a custom view in place of the header's secondary row (Guides/Spec.md §12.3): the
  /// current one fades out, then this one fades in, sized by its
  /// ``GMSNavigationAccessoryView/heightForAccessoryViewConstrained(to:on:)``; `nil` removes
  /// it. Built-in layout only, while guiding with the header shown; hidden on a short
  /// landscape screen. The compass hides while it shows.
  public func setHeaderAccessory(_ headerAccessoryView: (any UIView & GMSNavigationAccessoryView)?)
  {
    let old = headerAccessory
    headerAccessory = headerAccessoryView
    if let old, old !== headerAccessoryView { builtIn.fadeOut(old) }
    builtIn.rebuildIfActive()
  }

  /// The Objective-C spelling of ``setHeaderAccessory(_:)``.
  public func setHeaderAccessoryView(
    _ headerAccessoryView: (any UIView & GMSNavigationAccessoryView)?
  ) {
    setHeaderAccessory(headerAccessoryView)
  }

  /// Re-lays out the current accessory view (no-op unless it is the current one).
  public func invalidateLayout(
    forAccessoryView accessoryView: any UIView & GMSNavigationAccessoryView
  ) {
    guard headerAccessory === accessoryView else { return }
    builtIn.rebuildIfActive()
  }

  func record(_ callback: String) {
    layoutCallbackLog.append(callback)
    if layoutCallbackLog.count > 1000 {
      layoutCallbackLog.removeFirst(layoutCallbackLog.count - 1000)
    }
  }

  /// Empties ``layoutCallbackLog``.
  public func clearLayoutCallbackLog() { layoutCallbackLog.removeAll(keepingCapacity: true) }

  /// Notices size changes (→ `sizeChanged`).
  open override func layoutSubviews() {
    super.layoutSubviews()
    if bounds.size != lastLayoutSize {
      lastLayoutSize = bounds.size
      sizeDidChange()
    }
  }

  /// Keeps the components' safe-area padding current.
  open override func safeAreaInsetsDidChange() {
    super.safeAreaInsetsDidChange()
    refreshContext()
    // The built-in viewport's insets are constants computed from the safe area.
    if paddingAdjustmentBehavior != .always { builtIn.rebuildIfActive() }
  }

  /// The dark-mode trait changed: colours follow.
  open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
    super.traitCollectionDidChange(previousTraitCollection)
    if previousTraitCollection?.userInterfaceStyle != traitCollection.userInterfaceStyle {
      refreshTheme()
    }
  }

  /// Picks up the window's clock and safe area; a terms dialog waiting for a window appears.
  open override func didMoveToWindow() {
    super.didMoveToWindow()
    refreshContext()
    if window != nil { GMSNavigationServices.mapViewMovedToWindow() }
  }
}

/// Hears about the recenter button.
@preconcurrency @MainActor
public protocol GMSMapViewNavigationUIDelegate: AnyObject {
  /// The recenter button was tapped.
  func mapViewDidTapRecenterButton(_ mapView: GMSMapView)
}

/// Why the incident reporting panel did not appear.
public enum GMSMapViewIncidentReportingError: Error, Sendable, Hashable {
  /// No incident reporting service is configured.
  case unavailable
}

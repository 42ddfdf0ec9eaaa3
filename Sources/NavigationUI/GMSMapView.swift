import Foundation
import Routing

/// The map view that hosts the navigation UI (SPEC §2, §12, §14.6).
///
/// ```swift
/// let mapView = GMSMapView(frame: window.bounds)
/// window.addSubview(mapView)
/// try mapView.setLayoutDelegate(MyLayoutDelegate())
/// mapView.isNavigationEnabled = true      // → enableNavigationUI
/// ```
@MainActor
open class GMSMapView: UIView {
  /// Whether the map view was made for a CarPlay screen (refuses layout delegates).
  public let isCarPlayScreen: Bool
  /// The layout delegate, held strongly; `nil` means the built-in layout.
  public internal(set) var layoutDelegate: (any NavigationLayoutDelegate)?
  /// The navigator; made when navigation is first enabled.
  public internal(set) var navigator: GMSNavigator?
  /// The location simulator for ``navigator``.
  public internal(set) var locationSimulator: GMSLocationSimulator?
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

  /// A map view with a frame, on the main screen.
  public override init(frame: CGRect) {
    isCarPlayScreen = false
    super.init(frame: frame)
    accessibilityIdentifier = "GMSMapView"
  }

  /// A map view from options; a screen with the `.carPlay` idiom makes a CarPlay map view.
  public init(options: GMSMapViewOptions) {
    isCarPlayScreen = options.screen.idiom == .carPlay
    super.init(frame: options.frame)
    accessibilityIdentifier = "GMSMapView"
  }

  /// The clock of the window the map view is in (real time outside a window).
  public var clock: any MainClock { window?.clock ?? RealTimeClock.shared }

  /// Sets the layout delegate (SPEC §2.1). Call it before navigation is enabled; `nil`
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
  /// `stopGuidance` first when guiding, then `disableNavigationUI`.
  public var isNavigationEnabled: Bool {
    get { navigationEnabled }
    set { newValue ? enableNavigationNow() : disableNavigationNow() }
  }

  /// Enables navigation with a session; false when the session's terms are not accepted.
  @discardableResult
  public func enableNavigation(with navigationSession: GMSNavigationSession) -> Bool {
    guard navigationSession.areTermsAndConditionsAccepted else { return false }
    enableNavigationNow()
    return true
  }

  /// The speedometer during guidance (driving only).
  public var shouldDisplaySpeedometer = false { didSet { refreshContent() } }
  /// The speed-limit sign during guidance, when data exists (default false).
  public var shouldDisplaySpeedLimit = false { didSet { refreshContent() } }
  /// Day or night colours of the map and the navigation UI.
  public var lightingMode: GMSNavigationLightingMode = .normal { didSet { refreshTheme() } }
  /// 3D buildings (default true).
  public var isBuildingsEnabled = true
  /// The travel mode; the speed widget shows only when driving.
  public var travelMode: GMSNavigationTravelMode = .driving { didSet { refreshContent() } }
  /// The following perspective.
  public var followingPerspective: GMSNavigationCameraPerspective = .tilted
  /// Insets of the area with map data but no controls; frames the camera in the built-in
  /// layout (with a delegate, the viewport does).
  public var padding = UIEdgeInsets.zero { didSet { builtIn.rebuildIfActive() } }
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
  /// The guide used when the header and footer do not span the full width.
  public var bottomTrailingButtonsAlternateLayoutGuide: UILayoutGuide! {
    get { builtIn.alternateButtonsGuide }
    set { builtIn.alternateButtonsGuide = newValue ?? UILayoutGuide() }
  }

  /// Puts a custom view below the header (built-in layout only, while guiding).
  public func setHeaderAccessory(_ headerAccessoryView: (any UIView & GMSNavigationAccessoryView)?)
  {
    headerAccessory = headerAccessoryView
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
  }

  /// Picks up the window's clock and safe area.
  open override func didMoveToWindow() {
    super.didMoveToWindow()
    refreshContext()
  }
}

/// Hears about the recenter button.
@MainActor
public protocol GMSMapViewNavigationUIDelegate: AnyObject {
  /// The recenter button was tapped.
  func mapViewDidTapRecenterButton(_ mapView: GMSMapView)
}

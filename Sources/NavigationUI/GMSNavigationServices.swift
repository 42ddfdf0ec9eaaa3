import Foundation

/// Called with the user's answer to the terms dialog (`GMSTermsResponseCallback`).
public typealias GMSTermsResponseCallback = @MainActor (Bool) -> Void

/// The SDK's entry points for keys and attribution (`GMSServices`).
///
/// ```swift
/// GMSServices.provideAPIKey("KEY")
/// ```
@preconcurrency @MainActor
public final class GMSServices {
  /// The API key given by the app (`nil` before ``provideAPIKey(_:)``).
  public private(set) static var apiKey: String?
  /// The attribution IDs added by the app.
  public private(set) static var internalUsageAttributionIDs: [String] = []
  /// Whether abnormal-termination reports are sent (default true; nothing is sent here).
  public private(set) static var isAbnormalTerminationReportingEnabled = true
  private static let shared = GMSServices()

  private init() {}

  /// Records the API key; true when the key is not empty (the original refuses a changed key
  /// once services started; here any non-empty key is kept).
  @discardableResult
  public static func provideAPIKey(_ APIKey: String) -> Bool {
    guard !APIKey.isEmpty else { return false }
    apiKey = APIKey
    return true
  }

  /// Records API options (kept for source compatibility); true when not empty.
  @discardableResult
  public static func provideAPIOptions(_ APIOptions: [String]) -> Bool { !APIOptions.isEmpty }

  /// Adds an attribution ID (the plugins' usage attribution).
  public static func addInternalUsageAttributionID(_ internalUsageAttributionID: String) {
    guard !internalUsageAttributionIDs.contains(internalUsageAttributionID) else { return }
    internalUsageAttributionIDs.append(internalUsageAttributionID)
  }

  /// Turns abnormal-termination reporting on or off.
  public static func setAbnormalTerminationReportingEnabled(_ enabled: Bool) {
    isAbnormalTerminationReportingEnabled = enabled
  }

  /// The shared services object.
  public static func sharedServices() -> GMSServices { shared }

  /// The open-source licence text of the map data and this implementation.
  public static func openSourceLicenseInfo() -> String { GMSNavigationServices.licenseText }

  /// This implementation's version.
  public static func sdkVersion() -> String { GMSNavigationServices.version }

  /// The long version string.
  public static func sdkLongVersion() -> String { "\(GMSNavigationServices.version) (Linux)" }
}

/// Options of the terms dialog (`GMSNavigationTermsAndConditionsOptions`).
///
/// ```swift
/// let options = GMSNavigationTermsAndConditionsOptions(companyName: "Acme")
/// options.title = "Terms"
/// GMSNavigationServices.showTermsAndConditionsDialogIfNeeded(with: options) { accepted in … }
/// ```
@preconcurrency @MainActor
public final class GMSNavigationTermsAndConditionsOptions {
  /// The company named in the dialog's text (location data may be shared with it).
  public var companyName: String
  /// The dialog's title; `nil` uses the default title.
  public var title: String?
  /// Show only the driver-awareness disclaimer.
  public var shouldOnlyShowDriverAwarenessDialog = false
  /// Colours and fonts of the dialog; `nil` uses the defaults.
  public var uiParams: GMSNavigationTermsDialogUIParams?

  /// Options naming the company.
  public init(companyName: String) { self.companyName = companyName }

  /// A copy.
  public func copy() -> GMSNavigationTermsAndConditionsOptions {
    let copy = GMSNavigationTermsAndConditionsOptions(companyName: companyName)
    copy.title = title
    copy.shouldOnlyShowDriverAwarenessDialog = shouldOnlyShowDriverAwarenessDialog
    copy.uiParams = uiParams
    return copy
  }
}

/// The look of the terms dialog (`GMSNavigationTermsDialogUIParams`); `nil` fields keep the
/// defaults.
@preconcurrency @MainActor
public final class GMSNavigationTermsDialogUIParams {
  /// The card's background.
  public var backgroundColor: UIColor?
  /// The title's font.
  public var titleFont: UIFont?
  /// The title's colour.
  public var titleColor: UIColor?
  /// The body text's font.
  public var mainTextFont: UIFont?
  /// The body text's colour.
  public var mainTextColor: UIColor?
  /// The buttons' font.
  public var buttonsFont: UIFont?
  /// The decline button's text colour.
  public var cancelButtonTextColor: UIColor?
  /// The accept button's text colour.
  public var acceptButtonTextColor: UIColor?

  /// Parameters with every field.
  public init(
    backgroundColor: UIColor?, titleFont: UIFont?, titleColor: UIColor?,
    mainTextFont: UIFont?, mainTextColor: UIColor?, buttonsFont: UIFont?,
    cancelButtonTextColor: UIColor?, acceptButtonTextColor: UIColor?
  ) {
    self.backgroundColor = backgroundColor
    self.titleFont = titleFont
    self.titleColor = titleColor
    self.mainTextFont = mainTextFont
    self.mainTextColor = mainTextColor
    self.buttonsFont = buttonsFont
    self.cancelButtonTextColor = cancelButtonTextColor
    self.acceptButtonTextColor = acceptButtonTextColor
  }
}

/// Terms, sessions and versions of the Navigation SDK (`GMSNavigationServices`).
///
/// Acceptance is stored per user in `$XDG_CONFIG_HOME/navigationui/terms-accepted` (or
/// `~/.config/navigationui/…`); ``configurationDirectory`` moves it (tests point it at a
/// temporary folder; `nil` keeps acceptance in memory only). Headless programs accept with
/// ``acceptTermsAndConditions()``; apps show the dialog:
///
/// ```swift
/// GMSNavigationServices.showTermsAndConditionsDialogIfNeeded(withCompanyName: "Acme") { ok in
///   if ok { mapView.isNavigationEnabled = true }
/// }
/// ```
@preconcurrency @MainActor
public final class GMSNavigationServices {
  static let version = "10.0.0-linux"
  static let licenseText = """
    Map data © OpenStreetMap contributors, available under the Open Database License (ODbL).
    NavigationUIKit: an open reimplementation of the Navigation SDK for iOS for Linux.
    """

  private init() {}

  /// The folder the acceptance file is kept in: `$XDG_CONFIG_HOME/navigationui`, else
  /// `~/.config/navigationui`; `nil` keeps acceptance in memory for this process.
  public static var configurationDirectory: URL? = defaultConfigurationDirectory() {
    didSet { memoryAccepted = false }
  }
  private static var memoryAccepted = false

  /// Whether navigation waits for accepted terms: with `true`, as on iOS, a map view gets no
  /// navigator and `isNavigationEnabled = true` does nothing until this user accepted them.
  /// `false` by default here, so programs that never deal with terms — tests written to the
  /// SDK's public test set-up, tools, kiosks — navigate, and a listener added with
  /// `mapView.navigator?.add(_:)` before navigation is enabled is kept. An app that shows the
  /// dialog and must not navigate for a user who declined sets it to `true` at start-up.
  /// ``areTermsAndConditionsAccepted()`` always answers the real state.
  public static var requiresTermsAndConditionsAcceptance = false

  /// Whether a map view may make its navigator and enable navigation now.
  static var allowsNavigation: Bool {
    !requiresTermsAndConditionsAcceptance || areTermsAndConditionsAccepted()
  }
  /// The dialog on screen, if any.
  public private(set) static var presentedTermsDialog: GMSTermsAndConditionsDialogView?
  private static var pending: [(GMSNavigationTermsAndConditionsOptions, GMSTermsResponseCallback)] =
    []
  /// The window the terms dialog appears in; `nil` uses the window of the newest map view
  /// that is in one (or waits until a map view enters a window).
  public static weak var presentationWindow: UIWindow?
  static var mapViews: [GMSNavigationSession.WeakMapView] = []
  /// Deprecated in the original: show only the driver-awareness disclaimer (the getter always
  /// answers false, as the original's does).
  public static var shouldOnlyShowDriverAwarenesssDisclaimer: Bool {
    get { false }
    set { onlyDisclaimer = newValue }
  }
  private static var onlyDisclaimer = false
  /// Whether abnormal-termination reporting is on (default true; nothing is sent here).
  public private(set) static var isAbnormalTerminationReportingEnabled = true

  /// The acceptance folder for an environment: `$XDG_CONFIG_HOME/navigationui` when that is
  /// an absolute path (the XDG rule), else `$HOME/.config/navigationui`; `nil` without either.
  public static func defaultConfigurationDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL? {
    if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg).appendingPathComponent("navigationui")
    }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return URL(fileURLWithPath: home).appendingPathComponent(".config/navigationui")
  }

  static var acceptanceFile: URL? {
    configurationDirectory?.appendingPathComponent("terms-accepted")
  }

  /// Whether this user accepted the terms.
  public static func areTermsAndConditionsAccepted() -> Bool {
    if memoryAccepted { return true }
    guard let file = acceptanceFile, FileManager.default.fileExists(atPath: file.path) else {
      return false
    }
    memoryAccepted = true
    return true
  }

  /// Accepts the terms without a dialog (headless programs, kiosks, tests): for this process,
  /// and with `persisting` (the default) for this user in ``configurationDirectory``.
  /// Throws when the acceptance file cannot be written (the acceptance then holds for this
  /// process only).
  public static func acceptTermsAndConditions(companyName: String = "", persisting: Bool = true)
    throws
  {
    memoryAccepted = true
    guard persisting, let directory = configurationDirectory, let file = acceptanceFile else {
      return
    }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let line = "accepted\t\(companyName)\n"
    try Data(line.utf8).write(to: file, options: .atomic)
  }

  /// Forgets the acceptance; every map view's navigation is disabled.
  public static func resetTermsAndConditionsAccepted() {
    memoryAccepted = false
    if let file = acceptanceFile { try? FileManager.default.removeItem(at: file) }
    for entry in mapViews { entry.mapView?.termsWereReset() }
  }

  /// Shows the terms dialog unless they are accepted; `callback` hears the answer (true at
  /// once when already accepted). Calls while a dialog is waiting queue behind it.
  public static func showTermsAndConditionsDialogIfNeeded(
    with options: GMSNavigationTermsAndConditionsOptions,
    callback: @escaping GMSTermsResponseCallback
  ) {
    if areTermsAndConditionsAccepted() {
      callback(true)
      return
    }
    pending.append((options.copy(), callback))
    presentNextIfPossible()
  }

  /// Shows the dialog with a title and look (deprecated in the original).
  public static func showTermsAndConditionsDialogIfNeeded(
    withTitle title: String?, companyName: String, uiParams: GMSNavigationTermsDialogUIParams?,
    callback: @escaping GMSTermsResponseCallback
  ) {
    let options = GMSNavigationTermsAndConditionsOptions(companyName: companyName)
    options.title = title
    options.uiParams = uiParams
    options.shouldOnlyShowDriverAwarenessDialog = onlyDisclaimer
    showTermsAndConditionsDialogIfNeeded(with: options, callback: callback)
  }

  /// Shows the dialog with a title (deprecated in the original).
  public static func showTermsAndConditionsDialogIfNeeded(
    withTitle title: String?, companyName: String, callback: @escaping GMSTermsResponseCallback
  ) {
    showTermsAndConditionsDialogIfNeeded(
      withTitle: title, companyName: companyName, uiParams: nil, callback: callback)
  }

  /// Shows the dialog with the default title (deprecated in the original).
  public static func showTermsAndConditionsDialogIfNeeded(
    withCompanyName companyName: String, callback: @escaping GMSTermsResponseCallback
  ) {
    showTermsAndConditionsDialogIfNeeded(
      withTitle: nil, companyName: companyName, uiParams: nil, callback: callback)
  }

  /// Turns abnormal-termination reporting on or off.
  public static func setAbnormalTerminationReportingEnabled(
    _ abnormalTerminationReportingEnabled: Bool
  ) {
    isAbnormalTerminationReportingEnabled = abnormalTerminationReportingEnabled
  }

  /// A session not tied to a map view; `nil` when the terms are required and not accepted
  /// (the only reason, as in the original).
  public static func createNavigationSession() -> GMSNavigationSession? {
    allowsNavigation ? GMSNavigationSession() : nil
  }

  /// The open-source licence text the app must show.
  public static func openSourceLicenseInfo() -> String { licenseText }

  /// This implementation's version.
  public static func navSDKVersion() -> String { version }

  static func register(_ mapView: GMSMapView) {
    mapViews.removeAll { $0.mapView == nil }
    mapViews.append(GMSNavigationSession.WeakMapView(mapView: mapView))
  }

  /// A map view entered a window: a waiting dialog can appear.
  static func mapViewMovedToWindow() {
    if !pending.isEmpty { presentNextIfPossible() }
  }

  /// ``presentationWindow`` when set, else the window of the newest map view; while that map
  /// view is not in a window yet (a dialog asked for in `loadView`), none: the dialog waits for
  /// it to enter one rather than going to an older map view's window.
  private static var hostWindow: UIWindow? {
    if let presentationWindow { return presentationWindow }
    mapViews.removeAll { $0.mapView == nil }
    return mapViews.last?.mapView?.window
  }

  private static func presentNextIfPossible() {
    guard presentedTermsDialog == nil, let (options, _) = pending.first,
      let window = hostWindow
    else { return }
    let dialog = GMSTermsAndConditionsDialogView(options: options) { accepted in
      answer(accepted)
    }
    presentedTermsDialog = dialog
    dialog.frame = window.bounds
    dialog.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    window.addSubview(dialog)
  }

  private static func answer(_ accepted: Bool) {
    presentedTermsDialog?.removeFromSuperview()
    presentedTermsDialog = nil
    guard !pending.isEmpty else { return }
    let (options, callback) = pending.removeFirst()
    if accepted { try? acceptTermsAndConditions(companyName: options.companyName) }
    callback(accepted)
    if accepted {
      let waiting = pending
      pending = []
      for (_, next) in waiting { next(true) }
    } else {
      presentNextIfPossible()
    }
  }
}

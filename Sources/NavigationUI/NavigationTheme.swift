/// The colours of the components in day and night (low-light) mode.
struct NavigationTheme {
  var headerPrimary: UIColor
  var headerSecondary: UIColor
  var footerBackground: UIColor
  var footerText: UIColor
  var headerText: UIColor
  var buttonBackground: UIColor
  var buttonText: UIColor
  var promptBackground: UIColor
  var promptText: UIColor
  var isNight: Bool
  /// The header's per-element colours from ``GMSUISettings`` (`nil`: ``headerText``).
  var headerArrow: UIColor?
  var headerDistance: UIColor?
  var headerRoad: UIColor?
  var headerLanes: UIColor?
  var headerNextStep: UIColor?
  var headerAlpha: CGFloat = 1
  /// The header's fonts from ``GMSUISettings`` (`nil`: the card's own).
  var headerDistanceFont: UIFont?
  var headerRoadFont: UIFont?
  var headerNextStepFont: UIFont?
  /// The speedometer's (text, background) colours for minor and major alerts.
  var minorAlert: (text: UIColor, background: UIColor)?
  var majorAlert: (text: UIColor, background: UIColor)?

  static let dayPrimary = UIColor(rgb: 0x0F9D58)
  static let daySecondary = UIColor(rgb: 0x0B7A43)

  /// The theme for a lighting mode and the header colours the settings chose.
  @MainActor static func make(lowLight: Bool, settings: GMSUISettings?) -> NavigationTheme {
    var theme = base(lowLight: lowLight, settings: settings)
    theme.headerArrow = settings?.navigationHeaderLargeManeuverIconColor
    theme.headerDistance = settings?.navigationHeaderDistanceValueTextColor
    theme.headerRoad = settings?.navigationHeaderInstructionsTextColor
    theme.headerLanes = settings?.navigationHeaderGuidanceRecommendedLaneColor
    theme.headerNextStep = settings?.navigationHeaderNextStepTextColor
    theme.headerAlpha = settings?.navigationHeaderBackgroundAlpha ?? 1
    theme.headerDistanceFont = settings?.navigationHeaderDistanceValueFont
    theme.headerRoadFont = settings?.navigationHeaderInstructionsFirstRowFont
    theme.headerNextStepFont = settings?.navigationHeaderNextStepFont
    if let options = settings?.speedometerUIOptions {
      let mode: GMSNavigationLightingMode = lowLight ? .lowLight : .normal
      theme.minorAlert = (
        options.textColor(for: .minor, lightingMode: mode),
        options.backgroundColor(for: .minor, lightingMode: mode)
      )
      theme.majorAlert = (
        options.textColor(for: .major, lightingMode: mode),
        options.backgroundColor(for: .major, lightingMode: mode)
      )
    }
    return theme
  }

  @MainActor private static func base(lowLight: Bool, settings: GMSUISettings?)
    -> NavigationTheme
  {
    let primary = settings?.navigationHeaderPrimaryBackgroundColor ?? dayPrimary
    let secondary = settings?.navigationHeaderSecondaryBackgroundColor ?? daySecondary
    if lowLight {
      return NavigationTheme(
        headerPrimary: settings?.navigationHeaderPrimaryBackgroundColorNightMode ?? primary,
        headerSecondary: settings?.navigationHeaderSecondaryBackgroundColorNightMode ?? secondary,
        footerBackground: UIColor(rgb: 0x202124), footerText: UIColor(rgb: 0xE8EAED),
        headerText: .white, buttonBackground: UIColor(rgb: 0x303134),
        buttonText: UIColor(rgb: 0xE8EAED), promptBackground: UIColor(rgb: 0x303134),
        promptText: UIColor(rgb: 0xE8EAED), isNight: true)
    }
    return NavigationTheme(
      headerPrimary: primary, headerSecondary: secondary, footerBackground: .white,
      footerText: UIColor(rgb: 0x202124), headerText: .white, buttonBackground: .white,
      buttonText: UIColor(rgb: 0x3C4043), promptBackground: .white,
      promptText: UIColor(rgb: 0x202124), isNight: false)
  }
}

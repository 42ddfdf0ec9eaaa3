import Foundation

/// The Google-provided components of one map view, made once and handed to every state;
/// their content follows the navigator's progress.
@MainActor
final class NavigationComponents {
  let logo: LogoView
  let viewport = ViewportView()
  let turnCard = TurnCardView()
  let etaCard = ETACardView()
  let tripProgressBar = TripProgressBarView()
  let speedWidget = SpeedWidgetView()
  let compassButton = NavigationButtonView(type: .compass)
  let reportButton = NavigationButtonView(type: .reporting)
  /// The built-in layout's my-location button (never handed to a delegate).
  let myLocationButton = NavigationButtonView(type: .myLocation)
  private(set) var context = ComponentLayoutContext()
  private(set) var theme = NavigationTheme.make(lowLight: false, settings: nil)
  let instructions = InstructionText()
  private var stepKey = -1
  private var symbols: (ManeuverSymbol, ManeuverSymbol?)?
  private var stepBase: [Int] = []
  private var formatLocale: Locale?
  private var language = "en"
  private var metric = true
  private var distances = NavigationDistanceFormatter(locale: Locale(identifier: "en_US"))
  private var times = NavigationTimeFormatter(locale: Locale(identifier: "en_US"))
  private var arrivalKey: (Int, TimeZone)?
  private var arrivalText = ""
  private var durationKey = -1
  private var durationText = ""
  private var distanceKeys: [Int: (NavigationDistanceFormatter.Rounded, String)] = [:]

  init(attribution: String) {
    logo = LogoView(attribution: attribution)
    for view in all { view.layoutIfNeeded() }
  }

  var all: [ComponentView] {
    [
      logo, viewport, turnCard, etaCard, tripProgressBar, speedWidget, compassButton, reportButton,
      myLocationButton,
    ]
  }

  /// Drops finished presentation animations. ViewKit prunes a layer's finished animations
  /// only when its presentation is read, and these views live as long as the map view.
  func pruneFinishedAnimations() {
    for view in all where view.layer.animationKeys() == nil { _ = view.layer.presentation() }
  }

  /// Resizes every component for the map's size, safe area, wide mode and direction.
  func setContext(_ next: ComponentLayoutContext) {
    guard next != context else { return }
    context = next
    for view in all { view.context = next }
  }

  /// Day or night colours.
  func setTheme(_ next: NavigationTheme) {
    theme = next
    for view in all { view.apply(next) }
    logo.setRecenter(logo.isRecenter, theme: next)
  }

  /// A new route: the trip progress bar starts over, instruction text is recomputed.
  func routeChanged(_ route: Route?) {
    instructions.reset()
    stepKey = -1
    symbols = nil
    stepBase = []
    var base = 0
    for leg in route?.legs ?? [] {
      stepBase.append(base)
      base += leg.steps.count
    }
    if let route { tripProgressBar.reset(route: route) }
  }

  /// Updates every component from the navigator's state.
  func update(
    progress: RouteProgress?, location: CLLocation?, speedAlert: SpeedAlertState,
    showSpeedometer: Bool, showSpeedLimit: Bool, locale: Locale, timeZone: TimeZone,
    now: Date
  ) {
    if formatLocale != locale {
      formatLocale = locale
      language = instructionLanguage(for: locale)
      distances = NavigationDistanceFormatter(locale: locale)
      times = NavigationTimeFormatter(locale: locale)
      metric = UnitSystem.preferred(for: locale) == .metric
      arrivalKey = nil
      durationKey = -1
      distanceKeys = [:]
    }
    if let progress {
      updateTurnCard(progress, language: language)
      let arrivalMinute = Int(
        ((now.timeIntervalSince1970 + progress.durationRemaining) / 60).rounded(.down))
      if arrivalKey.map({ $0.0 != arrivalMinute || $0.1 != timeZone }) ?? true {
        arrivalKey = (arrivalMinute, timeZone)
        arrivalText = times.arrivalString(
          now: now, remaining: progress.durationRemaining, timeZone: timeZone)
      }
      let minutes = Int((progress.durationRemaining / 60).rounded())
      if minutes != durationKey {
        durationKey = minutes
        durationText = times.durationString(seconds: progress.durationRemaining)
      }
      etaCard.show(
        arrival: arrivalText, duration: durationText,
        distance: distanceText(progress.distanceRemaining, slot: 0))
      tripProgressBar.show(fraction: progress.fractionTraveled)
    }
    // The speed-limit sign shows while a limit is known; it expands to show the current
    // speed when the driver is over an alert threshold (Guides/Spec.md §12.8). Without a
    // known limit the speedometer alone shows the speed.
    var limitText: String?
    if showSpeedometer || showSpeedLimit, let limit = progress?.currentSpeedLimit,
      case .known(let value, let unit) = limit
    {
      let shown =
        metric == (unit == .kilometersPerHour)
        ? value : (metric ? value * 1.609_344 : value / 1.609_344)
      limitText = "\(Int(shown.rounded()))"
    }
    let speeding = speedAlert.severity == .minor || speedAlert.severity == .major
    var speedText: String?
    if showSpeedometer, let location, location.speed >= 0, limitText == nil || speeding {
      let value = location.speed * (metric ? 3.6 : 2.236_936)
      speedText = "\(Int(value.rounded()))"
    }
    speedWidget.show(speedText: speedText, limitText: limitText, severity: speedAlert.severity)
  }

  /// The formatted distance, recomputed only when its rounded value changes.
  private func distanceText(_ meters: Double, slot: Int) -> String {
    let rounded = distances.rounded(meters: meters)
    if let hit = distanceKeys[slot], hit.0 == rounded { return hit.1 }
    let text = distances.string(fromMeters: meters)
    distanceKeys[slot] = (rounded, text)
    return text
  }

  private func updateTurnCard(_ progress: RouteProgress, language: String) {
    let leg = progress.currentLegProgress
    let legCount = progress.route.legs.count
    let base = stepBase.indices.contains(leg.legIndex) ? stepBase[leg.legIndex] : 0
    let index = (leg.stepIndex ?? 0) + 1
    let distance = distanceText(leg.currentStepProgress.distanceRemaining, slot: 1)
    guard let step = leg.upcomingStep ?? leg.currentStep else { return }
    let key = base + index
    let text = instructions.text(
      for: step, key: key, language: language, legCount: legCount, legIndex: leg.legIndex)
    let follow = leg.upcomingStep != nil ? leg.followOnStep : nil
    if key != stepKey || symbols == nil {
      stepKey = key
      symbols = (
        ManeuverSymbol(
          type: step.maneuver.type, modifier: step.maneuver.modifier,
          drivingSide: step.drivingSide),
        follow.map {
          ManeuverSymbol(
            type: $0.maneuver.type, modifier: $0.maneuver.modifier, drivingSide: $0.drivingSide)
        }
      )
    }
    guard let (symbol, thenSymbol) = symbols else { return }
    var thenText = ""
    if let follow {
      thenText = instructions.text(
        for: follow, key: key + 1, language: language, legCount: legCount,
        legIndex: leg.legIndex)
    }
    turnCard.show(
      symbol: symbol, distance: distance, road: step.name, instruction: text,
      lanes: progress.currentLanes, then: thenSymbol, thenText: thenText)
  }
}

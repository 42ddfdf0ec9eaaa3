import Foundation

extension GMSNavigator {
  /// The remaining-time and remaining-distance callbacks, each when its value moved by at
  /// least its threshold since it was last sent (always the first time on a route).
  func sendRemainingTimeAndDistance() {
    let time = timeToNextDestination
    let timeThreshold = timeUpdateThreshold < 0 ? 1 : timeUpdateThreshold
    if timeThreshold < .greatestFiniteMagnitude,
      lastTimeSent.map({ abs($0 - time) >= timeThreshold }) ?? true
    {
      lastTimeSent = time
      notify { $0.navigator(self, didUpdateRemainingTime: time) }
    }
    let distance = distanceToNextDestination
    let distanceThreshold = distanceUpdateThreshold < 0 ? 1 : distanceUpdateThreshold
    if distanceThreshold < CLLocationDistanceMax,
      lastDistanceSent.map({ abs($0 - distance) >= distanceThreshold }) ?? true
    {
      lastDistanceSent = distance
      notify { $0.navigator(self, didUpdateRemainingDistance: distance) }
    }
  }

  /// The speeding callbacks: the percentage over the limit (0 when not speeding, -1 when
  /// the speed or limit is unknown) and, with ``speedAlertOptions`` set, the severity.
  func sendSpeeding(speed: CLLocationSpeed, limit: SpeedLimit?) {
    let percentage: CGFloat
    if let metersPerSecond = limit?.metersPerSecond, metersPerSecond > 0, speed >= 0 {
      percentage = CGFloat(max(0, (speed - metersPerSecond) / metersPerSecond * 100))
    } else {
      percentage = -1
    }
    notify { $0.navigator(self, didUpdateSpeedingPercentage: percentage) }
    guard speedAlertOptions != nil else { return }
    let severity = speedAlert.severity
    notify { $0.navigator(self, didUpdate: severity, speedingPercentage: percentage) }
  }

  /// Builds the NavInfo for the current progress and tells the listeners.
  func sendNavInfo(state navState: GMSNavigationNavState) {
    let info = makeNavInfo(state: navState)
    routeChangedSinceNavInfo = false
    latestNavInfo = info
    notify { $0.navigator(self, didUpdate: info) }
    if navState == .enroute, let progress = routeProgress {
      announceGuidance(info, progress: progress)
    }
  }

  /// The NavInfo for the current route and progress: the upcoming maneuver is the step after
  /// the one being driven; remaining steps run to the final destination.
  func makeNavInfo(state navState: GMSNavigationNavState) -> GMSNavigationNavInfo {
    let stopped = {
      GMSNavigationNavInfo(
        navState: navState == .enroute ? .stopped : navState, currentStep: nil,
        remainingSteps: [], routeChanged: self.routeChangedSinceNavInfo, timeToCurrentStep: 0,
        distanceToCurrentStep: 0, timeToFinal: 0, distanceToFinal: 0, timeToNext: nil,
        distanceToNext: nil)
    }
    guard navState != .stopped, let route = currentRoute, let progress = routeProgress else {
      return stopped()
    }
    let language = navInfoLanguageNow()
    var cache =
      stepCache.flatMap { $0.language == language ? $0 : nil }
      ?? NavInfoStepCache(route: route, language: language)
    stepCache = nil  // the arrays stay uniquely referenced while they fill
    defer { stepCache = cache }
    var offset = 0
    for leg in route.legs.prefix(progress.legIndex) { offset += leg.steps.count }
    let stepIndex = progress.currentLegProgress.stepIndex ?? 0
    let upcoming = offset + stepIndex + 1
    let count = cache.steps.count
    guard upcoming < count else { return stopped() }
    let instructions = self.instructions
    func info(_ i: Int) -> GMSNavigationStepInfo {
      if let made = cache.infos[i] { return made }
      let made = cache.makeInfo(i, instructions: instructions)
      cache.infos[i] = made
      return made
    }
    let stepProgress = progress.currentLegProgress.currentStepProgress
    return GMSNavigationNavInfo(
      navState: navState, currentStep: navState == .enroute ? info(upcoming) : nil,
      remainingSteps: ((upcoming + 1)..<count).map(info),
      routeChanged: routeChangedSinceNavInfo,
      timeToCurrentStep: stepProgress.durationRemaining,
      distanceToCurrentStep: stepProgress.distanceRemaining,
      timeToFinal: progress.durationRemaining, distanceToFinal: progress.distanceRemaining,
      timeToNext: progress.currentLegProgress.durationRemaining,
      distanceToNext: progress.currentLegProgress.distanceRemaining)
  }

  /// The instruction language for the map view's locale, looked up when the locale changes.
  private func navInfoLanguageNow() -> String {
    guard let locale = mapView?.navigationLocale else { return "en" }
    let identifier = locale.identifier
    if let cached = navInfoLanguage, cached.identifier == identifier { return cached.language }
    let language = instructionLanguage(for: locale)
    navInfoLanguage = (identifier, language)
    return language
  }
}

/// The step objects of one route in one language: made on first use, then shared by every
/// NavInfo of the route (they do not change with progress).
struct NavInfoStepCache {
  let language: String
  /// Every step of the route, legs in order.
  let steps: [RouteStep]
  /// The leg of each step.
  let legOfStep: [Int]
  let legCount: Int
  var infos: [GMSNavigationStepInfo?]

  init(route: Route, language: String) {
    self.language = language
    var steps: [RouteStep] = []
    var legs: [Int] = []
    for (index, leg) in route.legs.enumerated() {
      steps.append(contentsOf: leg.steps)
      legs.append(contentsOf: repeatElement(index, count: leg.steps.count))
    }
    self.steps = steps
    legOfStep = legs
    legCount = route.legs.count
    infos = Array(repeating: nil, count: steps.count)
  }

  @MainActor
  func makeInfo(_ i: Int, instructions: InstructionText) -> GMSNavigationStepInfo {
    GMSNavigationStepInfo(
      step: steps[i], number: i, previous: i > 0 ? steps[i - 1] : nil,
      instruction: instructions.text(
        for: steps[i], key: i, language: language, legCount: legCount, legIndex: legOfStep[i]))
  }
}

import Foundation

extension GMSNavigator {
  /// Starts guidance when it was requested and a route exists.
  func beginGuidanceIfReady() {
    guard guidanceRequested, let core, !guiding else { return }
    guiding = true
    traveled = []
    if state.status == .idle || state.isComplete { state = core.start() }
    guidanceTimer = clock.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
      self?.tick()
    }
    for mapView in mapViews { mapView.navigatorGuidanceChanged() }
  }

  /// Stops guidance (hiding any prompt first).
  func endGuidance(keepRequest: Bool = false) {
    guard guiding else { return }
    let (queue, events) = promptPolicy.dismiss(promptQueue, now: clock.now)
    promptQueue = PromptQueueState()
    _ = queue
    deliver(events)
    guiding = false
    transactionIDs = []
    guidanceTimer?.invalidate()
    guidanceTimer = nil
    sendNavInfo(state: .stopped)
    for mapView in mapViews { mapView.navigatorGuidanceChanged() }
  }

  /// A location fix from the simulator or the device.
  func ingest(_ fix: CLLocation) {
    lastLocation = fix
    let now = clock.now
    if now - lastLightingCheck >= 10 || lighting.suggested == nil {
      lastLightingCheck = now
      lighting = LightingModeAdvisor().update(
        lighting, at: fix.coordinate, now: referenceDate.timeIntervalSince1970 + now)
    }
    if let suggested = lighting.suggested, suggested != suggestedLightingMode {
      suggestedLightingMode = suggested
      for mapView in mapViews { mapView.suggestedLightingModeChanged() }
      notify { $0.navigator(self, didChangeSuggestedLightingMode: suggested) }
    }
    guard guiding, let core else {
      for mapView in mapViews { mapView.navigatorDidUpdate(location: fix) }
      return
    }
    traveled.append(fix.coordinate)
    let reachedBefore = state.waypointsReached
    state = core.update(state, with: fix)
    let progress = core.progress(for: state, now: now)
    routeProgress = progress
    speedAlert = (speedAlertOptions?.coreOptions ?? SpeedAlertOptions()).update(
      speedAlert, speed: fix.speed, limit: progress.currentSpeedLimit, now: now)
    for mapView in mapViews { mapView.navigatorDidUpdate(location: fix) }
    notify { $0.navigator(self, didUpdate: fix) }
    sendRemainingTimeAndDistance()
    sendSpeeding(speed: fix.speed, limit: progress.currentSpeedLimit)
    let delay = delayCategoryToNextDestination
    if delay != lastDelayCategory {
      lastDelayCategory = delay
      notify { $0.navigator(self, didUpdate: delay) }
    }
    sendNavInfo(state: state.status == .reroutingRequested ? .rerouting : .enroute)
    if state.waypointsReached > reachedBefore || state.isComplete {
      let index = min(max(0, state.waypointsReached - 1), destinations.count - 1)
      if destinations.indices.contains(index) {
        let waypoint = destinations[index]
        notify { $0.navigator(self, didArriveAt: waypoint) }
      }
    }
    if state.isComplete {
      if stopGuidanceAtArrival { isGuidanceActive = false }
      return
    }
    if state.status == .reroutingRequested { reroute(from: fix) }
    raiseRoutePrompts()
  }

  /// Asks the provider for a new route from `fix` to the remaining destinations.
  func reroute(from fix: CLLocation) {
    let remaining = Array(destinationCoordinates.dropFirst(state.waypointsReached))
    guard !remaining.isEmpty else { return }
    let heading = fix.course >= 0 ? fix.course : nil
    guard
      let route = try? routeProvider.routes(
        through: [fix.coordinate] + remaining, heading: heading, alternates: 0,
        options: costOptions(routingStrategy)
      ).first
    else { return }
    install(route)
  }

  /// The once-a-second guidance timer: prompt timeouts and queue.
  func tick() {
    guard guiding else { return }
    let distance = routeProgress?.distanceToNextManeuver ?? .infinity
    let (next, events) = promptPolicy.update(
      promptQueue, now: clock.now, distanceToManeuver: distance)
    promptQueue = next
    deliver(events)
  }

  /// SDK prompts from route data: incidents within 1 km, heavy traffic within 2 km (once per
  /// route).
  func raiseRoutePrompts() {
    guard let core, promptPolicy.shouldDisplayPrompts else { return }
    let distance = routeProgress?.distanceToNextManeuver ?? .infinity
    for ahead in core.incidentsAhead(of: state, within: 1000)
    where !promptedIncidents.contains(ahead.incident.identifier) {
      promptedIncidents.insert(ahead.incident.identifier)
      let title = ahead.incident.description ?? ahead.incident.type
      raise(.incident(title: title), kind: .incident, distance: distance)
    }
    let now = clock.now
    guard !trafficPrompted, now - lastTrafficCheck >= 5 else { return }
    lastTrafficCheck = now
    if let ahead = core.congestionAhead(of: state, within: 2000) {
      trafficPrompted = true
      raise(
        .traffic(title: "Heavy traffic ahead", distance: ahead), kind: .traffic,
        distance: distance)
    }
  }

  func raise(_ prompt: NavigationPrompt, kind: PromptKind, distance: CLLocationDistance) {
    if kind == .traffic || kind == .incident { announceAlert(prompt.title) }
    let id = promptQueue.nextID
    activePrompts[id] = prompt
    let (next, events) = promptPolicy.raise(
      promptQueue, kind: kind, title: prompt.title, now: clock.now, distanceToManeuver: distance)
    promptQueue = next
    if next.nextID == id { activePrompts[id] = nil }
    deliver(events)
  }

  /// Shows a prompt now, replacing any prompt on screen (through `changePrompt`). Returns
  /// false, showing nothing, when guidance is not active or ``shouldDisplayPrompts`` is false.
  @discardableResult
  public func showPrompt(_ prompt: NavigationPrompt) -> Bool {
    guard guiding, promptPolicy.shouldDisplayPrompts else { return false }
    raise(prompt, kind: .app, distance: .infinity)
    return true
  }

  /// Hides the prompt on screen (→ `hidePrompt` on the layout delegate).
  public func dismissPrompt() {
    let (next, events) = promptPolicy.dismiss(promptQueue, now: clock.now)
    promptQueue = next
    deliver(events)
  }

  /// The prompt on screen, when there is one.
  public var currentPrompt: NavigationPrompt? {
    promptQueue.current.flatMap { activePrompts[$0.prompt.id] }
  }

  func deliver(_ events: [PromptEvent]) {
    for event in events {
      switch event {
      case .show(let request):
        notify { $0.navigatorWillPresentPrompt(self) }
        let shown = prompt(for: request)
        for mapView in mapViews { mapView.presentPrompt(shown, replacing: false) }
      case .change(let old, let request):
        activePrompts[old.id] = nil
        notify { $0.navigatorWillPresentPrompt(self) }
        let shown = prompt(for: request)
        for mapView in mapViews { mapView.presentPrompt(shown, replacing: true) }
      case .hide(let request):
        activePrompts[request.id] = nil
        for mapView in mapViews { mapView.hideCurrentPrompt() }
        notify { $0.navigatorDidDismissPrompt(self) }
      }
    }
  }

  private func prompt(for request: PromptRequest) -> NavigationPrompt {
    if let prompt = activePrompts[request.id] { return prompt }
    let prompt: NavigationPrompt
    switch request.kind {
    case .traffic: prompt = .traffic(title: request.title, distance: 0)
    case .betterRoute: prompt = .betterRoute(title: request.title, savings: 0)
    case .incident, .app: prompt = .incident(title: request.title)
    }
    activePrompts[request.id] = prompt
    return prompt
  }
}

import Foundation
import Routing

/// Turn-by-turn guidance of a ``GMSNavigationSession`` (Guides/Spec.md §14.7): destinations, routes,
/// progress, listeners and prompts, shown on every map view attached to the session and run
/// on the session's clock (the first map view's window clock by default).
///
/// ```swift
/// let navigator = mapView.navigator!
/// navigator.setDestinations([casino]) { status in }   // status: GMSRouteStatus
/// navigator.isGuidanceActive = true                   // → startGuidance
/// ```
@preconcurrency @MainActor
public final class GMSNavigator {
  weak var session: GMSNavigationSession?
  private var listeners: [WeakListener] = []
  /// Where routes come from; the embedded router over the bundled map by default.
  public var routeProvider: any NavigationRouteProvider = EmbeddedRouteProvider.bundled
  /// The rules that decide when prompts appear and go.
  public var promptPolicy = PromptPolicy()
  /// Speed alert thresholds; `nil` gives the defaults (Guides/Spec.md §14.7) and no speeding feed to
  /// listeners.
  public var speedAlertOptions: GMSNavigationSpeedAlertOptions?
  /// Whether guidance stops when the last destination is reached (default true).
  public var stopGuidanceAtArrival = true
  /// The destinations of the current route, in order.
  public internal(set) var destinations: [GMSNavigationWaypoint] = []
  /// The route being followed, when there is one.
  public internal(set) var currentRoute: Route?
  /// The alternates found with the current route.
  public internal(set) var alternateRoutes: [Route] = []
  /// The latest progress along the route.
  public internal(set) var routeProgress: RouteProgress?
  /// The vehicle's latest location (real or simulated).
  public internal(set) var lastLocation: CLLocation?
  /// The latest suggested lighting mode from the sun's position.
  public internal(set) var suggestedLightingMode: GMSNavigationLightingMode = .normal
  /// The wall-clock date at clock time 0: arrival times and the sun's position are
  /// `referenceDate + clock.now` (fixed, so runs are deterministic).
  public var referenceDate = Date(timeIntervalSince1970: 1_782_900_000)
  /// The speed alert state at the latest tick.
  public internal(set) var speedAlert = SpeedAlertState()

  var core: Navigator?
  var state = NavigationState.idle
  var promptQueue = PromptQueueState()
  var lighting = LightingModeAdvisor.State()
  var guidanceRequested = false
  var guiding = false
  var guidanceTimer: ClockTimer?
  var promptedIncidents: Set<String> = []
  var trafficPrompted = false
  var lastLightingCheck = -Double.infinity
  var lastTrafficCheck = -Double.infinity
  var pendingCallbacks: [ClockTimer] = []
  var activePrompts: [Int: NavigationPrompt] = [:]

  /// The vehicle's licence-plate restriction (default `nil`). Kept for the app; OpenStreetMap
  /// tags no plate-digit restrictions, so routes do not change with it.
  public var licensePlateRestriction: GMSNavigationLicensePlateRestriction?
  /// The transaction IDs set with ``setTransactionIDs(_:errorHandler:)``; cleared when
  /// guidance ends.
  public internal(set) var transactionIDs: [String] = []

  /// Whether routes avoid highways (`highway=motorway`/`trunk`; default false). Applies to
  /// the next route requested (``setDestinations(_:callback:)``, a reroute).
  public var avoidsHighways = false
  /// Whether routes avoid toll roads (`toll=yes`; default false). Applies to the next route.
  public var avoidsTolls = false
  /// Whether routes avoid car ferries (`route=ferry`; default true). Applies to the next route.
  public var avoidsFerries = true
  /// The routing strategy of the current destinations (reroutes keep it).
  var routingStrategy = GMSNavigationRoutingStrategy.defaultBest

  /// What the route provider is asked to avoid and minimise: the avoidance properties and
  /// `strategy`.
  func costOptions(_ strategy: GMSNavigationRoutingStrategy) -> RouteCostOptions {
    RouteCostOptions(
      avoidsHighways: avoidsHighways, avoidsTolls: avoidsTolls, avoidsFerries: avoidsFerries,
      prefersShorter: strategy == .shorter)
  }
  /// The smallest change of ``timeToNextDestination`` that calls
  /// `navigator(_:didUpdateRemainingTime:)`: negative means the default 1 s,
  /// `.infinity` or `.greatestFiniteMagnitude` turns the callback off.
  public var timeUpdateThreshold: TimeInterval = 1
  /// The smallest change of ``distanceToNextDestination`` that calls
  /// `navigator(_:didUpdateRemainingDistance:)`: negative means the default 1 m,
  /// ``CLLocationDistanceMax`` turns the callback off.
  public var distanceUpdateThreshold: CLLocationDistance = 1
  /// Whether voice guidance plays (default `.alertsAndGuidance`): turn-by-turn announcements
  /// reach ``voiceOutput`` only with `.alertsAndGuidance`, alerts unless `.silent`. A change is
  /// passed on at once (``GMSVoiceGuidanceOutput/voiceGuidanceDidChange(_:)``), so that
  /// muting also silences what is still being spoken.
  public var voiceGuidance: GMSNavigationVoiceGuidance = .alertsAndGuidance {
    didSet { if voiceGuidance != oldValue { voiceOutput?.voiceGuidanceDidChange(voiceGuidance) } }
  }
  /// Which audio devices voice guidance may use (default `.bluetooth`).
  public var audioDeviceType: GMSVoiceGuidanceAudioDeviceType = .bluetooth
  /// Whether the device vibrates with voice alerts.
  public var isVibrationEnabled = false
  /// Whether guidance notifications are sent while the app is in the background (default
  /// true).
  public var sendsBackgroundNotifications = true
  /// Where voice announcements go (a speech engine); `nil` says nothing.
  public var voiceOutput: (any GMSVoiceGuidanceOutput)?
  var lastAnnouncementKey = ""
  /// The latest NavInfo sent to listeners.
  public internal(set) var latestNavInfo: GMSNavigationNavInfo?
  /// Road-snapped locations since guidance last started (``traveledPath``).
  var traveled: [CLLocationCoordinate2D] = []
  var lastTimeSent: TimeInterval?
  var lastDistanceSent: CLLocationDistance?
  var lastDelayCategory = GMSNavigationDelayCategory.noData
  var routeChangedSinceNavInfo = false
  /// The current route's steps and their NavInfo step objects, made once per route and
  /// language (``makeNavInfo(state:)`` runs every fix).
  var stepCache: NavInfoStepCache?
  /// The instruction language of the last NavInfo locale (ICU's lookup costs microseconds).
  var navInfoLanguage: (identifier: String, language: String)?
  let instructions = InstructionText()

  init(session: GMSNavigationSession?) {
    self.session = session
  }

  /// A fix from the simulator: through the session's road-snapped provider when there is a
  /// session.
  func deliver(_ fix: CLLocation) {
    if let session { session.deliver(fix) } else { ingest(fix) }
  }

  /// The map views showing this navigator's session.
  var mapViews: [GMSMapView] { session?.attachedMapViews ?? [] }

  /// The first map view showing the session (for its locale).
  var mapView: GMSMapView? { session?.firstAttachedMapView }

  func sessionTravelModeChanged() {}

  struct WeakListener {
    weak var listener: (any GMSNavigatorListener)?
  }

  var clock: any MainClock { session?.effectiveClock ?? RealTimeClock.shared }

  /// Whether prompts about traffic, better routes and incidents show (default true). Setting
  /// it to false hides such a prompt on screen.
  public var shouldDisplayPrompts: Bool {
    get { promptPolicy.shouldDisplayPrompts }
    set {
      promptPolicy.shouldDisplayPrompts = newValue
      if !newValue {
        let (next, events) = promptPolicy.update(promptQueue, now: clock.now)
        promptQueue = next
        deliver(events)
        if let current = promptQueue.current?.prompt, current.kind == .app,
          activePrompts[current.id] != nil
        {
          dismissPrompt()
        }
      }
    }
  }

  /// Whether turn-by-turn guidance runs. Set while no route exists, guidance starts when a
  /// route arrives; it becomes false on ``clearDestinations()`` and on arrival.
  public var isGuidanceActive: Bool {
    get { guiding }
    set {
      guidanceRequested = newValue
      if newValue { beginGuidanceIfReady() } else { endGuidance() }
    }
  }

  /// Seconds to the next destination (``CLTimeIntervalMax`` without a route).
  public var timeToNextDestination: TimeInterval {
    routeProgress?.currentLegProgress.durationRemaining ?? currentRoute?.legs.first?
      .expectedTravelTime ?? CLTimeIntervalMax
  }

  /// Meters to the next destination (``CLLocationDistanceMax`` without a route).
  public var distanceToNextDestination: CLLocationDistance {
    routeProgress?.currentLegProgress.distanceRemaining ?? currentRoute?.legs.first?.distance
      ?? CLLocationDistanceMax
  }

  /// Seconds to the last destination (``CLTimeIntervalMax`` without a route).
  public var timeToFinalDestination: TimeInterval {
    routeProgress?.durationRemaining ?? currentRoute?.expectedTravelTime ?? CLTimeIntervalMax
  }

  /// The traffic delay to the next destination: the leg's expected time against its typical
  /// time (heavy at 1.5×, medium at 1.2×, else light); `.noData` without a route or typical
  /// times.
  public var delayCategoryToNextDestination: GMSNavigationDelayCategory {
    guard let leg = routeProgress?.currentLegProgress.leg ?? currentRoute?.legs.first,
      let typical = leg.typicalTravelTime, typical > 0
    else { return .noData }
    let ratio = leg.expectedTravelTime / typical
    return ratio >= 1.5 ? .heavy : ratio >= 1.2 ? .medium : .light
  }

  /// The leg being driven, from the vehicle's road-snapped position to its destination.
  public var currentRouteLeg: GMSRouteLeg? {
    guard let route = currentRoute else { return nil }
    let index = routeProgress?.legIndex ?? 0
    guard route.legs.indices.contains(index) else { return nil }
    var geometry = route.legs[index].geometry
    if let here = routeProgress, here.legIndex == index, let fix = lastLocation {
      let done = here.currentLegProgress.distanceTraveled
      geometry = Self.remaining(geometry, after: done, from: fix.coordinate)
    }
    return GMSRouteLeg(
      leg: route.legs[index], geometry: geometry,
      waypoint: destinations.indices.contains(index) ? destinations[index] : nil)
  }

  /// The legs of the route, one per destination.
  public var routeLegs: [GMSRouteLeg]? {
    guard let route = currentRoute else { return nil }
    return route.legs.enumerated().map { index, leg in
      GMSRouteLeg(
        leg: leg, geometry: leg.geometry,
        waypoint: destinations.indices.contains(index) ? destinations[index] : nil)
    }
  }

  /// The road-snapped path driven since guidance last started (empty before).
  public var traveledPath: GMSPath { GMSPath(coordinates: traveled) }

  /// Seconds to `waypoint`, ``CLTimeIntervalMax`` when it is not a destination of the route.
  public func time(to waypoint: GMSNavigationWaypoint) -> TimeInterval {
    guard let index = remainingIndex(of: waypoint) else { return CLTimeIntervalMax }
    return cumulative(to: index, \.expectedTravelTime, current: { $0.durationRemaining })
  }

  /// Meters to `waypoint`, ``CLLocationDistanceMax`` when it is not a destination.
  public func distance(to waypoint: GMSNavigationWaypoint) -> CLLocationDistance {
    guard let index = remainingIndex(of: waypoint) else { return CLLocationDistanceMax }
    return cumulative(to: index, \.distance, current: { $0.distanceRemaining })
  }

  private func remainingIndex(of waypoint: GMSNavigationWaypoint) -> Int? {
    guard currentRoute != nil, let index = destinations.firstIndex(where: { $0 === waypoint })
    else { return nil }
    return index >= (routeProgress?.legIndex ?? 0) ? index : nil
  }

  private func cumulative(
    to index: Int, _ field: KeyPath<RouteLeg, Double>,
    current: (RouteLegProgress) -> Double
  ) -> Double {
    guard let route = currentRoute else { return .greatestFiniteMagnitude }
    let start = routeProgress?.legIndex ?? 0
    var total = 0.0
    for leg in start...index where route.legs.indices.contains(leg) {
      if leg == start, let progress = routeProgress {
        total += current(progress.currentLegProgress)
      } else {
        total += route.legs[leg][keyPath: field]
      }
    }
    return total
  }

  /// The part of `geometry` after `traveled` meters, starting at `from`.
  static func remaining(
    _ geometry: [CLLocationCoordinate2D], after traveled: CLLocationDistance,
    from: CLLocationCoordinate2D
  ) -> [CLLocationCoordinate2D] {
    var walked = 0.0
    for i in 1..<max(1, geometry.count) {
      walked += Geodesy.distance(geometry[i - 1], geometry[i])
      if walked > traveled { return [from] + geometry[i...] }
    }
    return [geometry.last ?? from]
  }

  /// Adds a listener (held weakly).
  public func add(_ listener: any GMSNavigatorListener) {
    listeners.removeAll { $0.listener == nil || $0.listener === listener }
    listeners.append(WeakListener(listener: listener))
  }

  /// Removes a listener; false when it was not one.
  @discardableResult
  public func remove(_ listener: any GMSNavigatorListener) -> Bool {
    let wasListening = listeners.contains { $0.listener === listener }
    listeners.removeAll { $0.listener == nil || $0.listener === listener }
    return wasListening
  }

  func notify(_ body: (any GMSNavigatorListener) -> Void) {
    for entry in listeners { if let listener = entry.listener { body(listener) } }
  }

  /// Routes from the vehicle's location through `destinations` and makes that the current
  /// route. `callback` runs on the main actor on the next clock turn. Place IDs are
  /// resolved offline (``GMSPlaceResolver``); an unknown one answers `.waypointError`.
  public func setDestinations(
    _ destinations: [GMSNavigationWaypoint], routingOptions: GMSNavigationRoutingOptions?,
    callback: @escaping @MainActor (GMSRouteStatus) -> Void
  ) {
    let status = route(to: destinations, options: routingOptions ?? GMSNavigationRoutingOptions())
    answerLater(status, callback)
  }

  /// Like ``setDestinations(_:routingOptions:callback:)`` with the default options.
  public func setDestinations(
    _ destinations: [GMSNavigationWaypoint],
    callback: @escaping @MainActor (GMSRouteStatus) -> Void
  ) {
    setDestinations(destinations, routingOptions: nil, callback: callback)
  }

  /// Destinations with a precomputed route's token (Routes API). Only driving and
  /// two-wheeler travel are supported (else `.travelModeUnsupported`); the token is kept in
  /// ``routeToken`` and the route is computed by the route provider through the same
  /// destinations, as a reroute would be.
  public func setDestinations(
    _ destinations: [GMSNavigationWaypoint], routeToken: String,
    callback: @escaping @MainActor (GMSRouteStatus) -> Void
  ) {
    let mode = session?.travelMode ?? .driving
    guard mode == .driving || mode == .twoWheeler else {
      answerLater(.travelModeUnsupported, callback)
      return
    }
    let status = route(to: destinations, options: GMSNavigationRoutingOptions())
    if status == .OK { self.routeToken = routeToken }
    answerLater(status, callback)
  }

  /// The route token given to ``setDestinations(_:routeToken:callback:)`` for the current
  /// route, if any.
  public internal(set) var routeToken: String?

  /// The options of a route to the destinations left: the current routing strategy, kept.
  private var remainingOptions: GMSNavigationRoutingOptions {
    GMSNavigationRoutingOptions(routingStrategy: routingStrategy)
  }

  /// Drops the first destination and routes to the rest (deprecated in the original);
  /// returns the destination now headed for, or `nil` when none is left.
  @discardableResult
  public func continueToNextDestination() -> GMSNavigationWaypoint? {
    let rest = Array(destinations.dropFirst())
    guard !rest.isEmpty else {
      clearDestinations()
      return nil
    }
    _ = route(to: rest, options: remainingOptions)
    return destinations.first
  }

  /// Drops the first destination and routes to the rest
  /// (`continueToNextDestinationWithCompletion:`); `callback` hears the destination now
  /// headed for (or `nil`) and the routing status.
  public func continueToNextDestination(
    completion callback: @escaping GMSSetDestinationCompletionHandler
  ) {
    let rest = Array(destinations.dropFirst())
    guard !rest.isEmpty else {
      clearDestinations()
      answerLater(.noWaypointsError) { callback(nil, $0) }
      return
    }
    let status = route(to: rest, options: remainingOptions)
    let next = status == .OK ? destinations.first : nil
    answerLater(status) { callback(next, $0) }
  }

  private var pendingAnswers: [Int: @MainActor (GMSRouteStatus) -> Void] = [:]
  private var nextAnswer = 0

  private func answerLater(
    _ status: GMSRouteStatus, _ callback: @escaping @MainActor (GMSRouteStatus) -> Void
  ) {
    let id = nextAnswer
    nextAnswer += 1
    pendingAnswers[id] = callback
    let timer = clock.schedule(after: 0) { [weak self] in
      guard let self, let answer = self.pendingAnswers.removeValue(forKey: id) else { return }
      self.pendingCallbacks.removeAll { !$0.isValid }
      answer(status)
    }
    pendingCallbacks.append(timer)
  }

  /// `clearDestinations` cancels waiting answers: they hear `status`. (Routes are computed
  /// when requested, so a newer request does not cancel an older one's answer.)
  private func cancelPendingCallbacks(answering status: GMSRouteStatus) {
    for timer in pendingCallbacks { timer.invalidate() }
    pendingCallbacks = []
    let waiting = pendingAnswers.sorted { $0.key < $1.key }.map(\.value)
    pendingAnswers = [:]
    for answer in waiting { answer(status) }
  }

  /// The coordinates of `waypoints`, place IDs resolved; `nil` when one is unknown.
  func resolve(_ waypoints: [GMSNavigationWaypoint]) -> [CLLocationCoordinate2D]? {
    var out: [CLLocationCoordinate2D] = []
    for waypoint in waypoints {
      if let placeID = waypoint.placeID {
        guard let found = GMSPlaceResolver.resolve(placeID) else { return nil }
        out.append(found)
      } else {
        out.append(waypoint.coordinate)
      }
    }
    return out
  }

  private func route(
    to waypoints: [GMSNavigationWaypoint], options: GMSNavigationRoutingOptions
  ) -> GMSRouteStatus {
    guard !waypoints.isEmpty else { return .noWaypointsError }
    guard let resolved = resolve(waypoints) else { return .waypointError }
    guard let origin = lastLocation else { return .locationUnavailable }
    let points = [origin.coordinate] + resolved
    for i in 1..<points.count where Geodesy.distance(points[i - 1], points[i]) < 1 {
      return i == 1 ? .waypointError : .duplicateWaypointsError
    }
    // Alternates with the shorter strategy is the combination the original warns about
    // (Guides/Spec.md §12.12): the shorter route is given alone (Guides/Decisions.md 16).
    let alternates =
      options.coreOptions.hasIncompatibleCombination
      ? 0 : options.alternateRoutesStrategy.maximumAlternates
    let found: [Route]
    do {
      found = try routeProvider.routes(
        through: points, heading: nil, alternates: alternates,
        options: costOptions(options.routingStrategy))
    } catch let error as RoutingError {
      switch error {
      case .offMap: return .waypointError
      case .noRoute: return .noRouteFound
      case .tooFewWaypoints: return .noWaypointsError
      }
    } catch is RouteProviderError {
      return .networkError
    } catch {
      return .internalError
    }
    let (main, others) = options.alternateRoutesStrategy.select(from: found)
    guard let main else { return .noRouteFound }
    routingStrategy = options.routingStrategy
    destinations = waypoints
    destinationCoordinates = resolved
    alternateRoutes = alternates > 0 ? others : []
    routeToken = nil
    install(main)
    return .OK
  }

  /// The resolved coordinates of ``destinations``.
  var destinationCoordinates: [CLLocationCoordinate2D] = []

  /// Removes the destinations and the route; guidance stops.
  public func clearDestinations() {
    cancelPendingCallbacks(answering: .canceled)
    let wasGuiding = guiding
    endGuidance(keepRequest: true)
    guidanceRequested = wasGuiding ? false : guidanceRequested
    destinations = []
    destinationCoordinates = []
    alternateRoutes = []
    routeToken = nil
    currentRoute = nil
    core = nil
    routeProgress = nil
    notify { $0.navigatorDidChangeRoute(self) }
  }

  /// Makes `route` current: a new trip starts here (the trip progress bar resets).
  func install(_ route: Route) {
    currentRoute = route
    stepCache = nil
    let navigator = Navigator(route: route)
    core = navigator
    state = navigator.start()
    if let lastLocation { state = navigator.update(state, with: lastLocation) }
    routeProgress = navigator.progress(for: state, now: clock.now)
    promptedIncidents = []
    trafficPrompted = false
    routeChangedSinceNavInfo = true
    lastAnnouncementKey = ""
    lastTimeSent = nil
    lastDistanceSent = nil
    for mapView in mapViews { mapView.navigatorRouteChanged() }
    notify { $0.navigatorDidChangeRoute(self) }
    beginGuidanceIfReady()
  }
}

import Routing

/// Simulates the vehicle's location on the map view's window clock (Guides/Spec.md §14.6's
/// `locationSimulator`): a fixed position, or driving along the current route.
///
/// ```swift
/// mapView.locationSimulator?.simulateLocation(at: origin)
/// mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
/// clock.advance(by: 10)   // ten fixes, one a second
/// ```
@preconcurrency @MainActor
public final class GMSLocationSimulator {
  private weak var navigator: GMSNavigator?
  private var simulator: LocationSimulator?
  private var simulation: LocationSimulator.State?
  private var timer: ClockTimer?
  private var lastTick: TimeInterval = 0

  init(navigator: GMSNavigator) {
    self.navigator = navigator
  }

  /// Seconds between fixes (default 1).
  public var interval: TimeInterval = 1 {
    didSet { if timer != nil { restartTimer() } }
  }

  /// Speed relative to the route's expected speed (default 1); non-positive values are
  /// ignored, as in the original.
  public var speedMultiplier: Float = 1 {
    didSet {
      if speedMultiplier <= 0 || !speedMultiplier.isFinite { speedMultiplier = oldValue }
      simulator?.configuration.speedMultiplier = Double(speedMultiplier)
    }
  }
  /// Whether ``simulateAlongNewRoute(toDestinations:routingOptions:callback:)`` avoids
  /// highways (default false; the routing options' strategy applies too).
  public var avoidsHighways = false
  /// Whether new simulated routes avoid toll roads (default false).
  public var avoidsTolls = false
  /// Whether new simulated routes avoid ferries (default true).
  public var avoidsFerries = true
  /// Whether simulated fixes jitter randomly (default false; the location sources' noise
  /// models plug in here).
  public var isLocationJitteringEnabled = false
  /// The licence-plate restriction for ``simulateAlongNewRoute(toDestinations:callback:)``
  /// routes (default `nil`; kept, routes do not change with it — see
  /// ``GMSNavigationLicensePlateRestriction``).
  public var licensePlateRestriction: GMSNavigationLicensePlateRestriction?

  /// Pauses the simulated vehicle (fixes keep coming, at zero speed).
  public var isPaused = false {
    didSet { simulation?.isPaused = isPaused }
  }

  /// A detour off the route to simulate (for reroute testing); applies to the next drive.
  public var deviation: LocationSimulator.Deviation?

  /// Whether the vehicle is driving along a route.
  public var isSimulatingAlongRoute: Bool { timer != nil }

  /// Whether simulated fixes stand in for the device's: from the first simulated location
  /// until ``stopSimulation()``. The session ignores its location source meanwhile.
  public private(set) var isSimulatingLocation = false

  /// Puts the vehicle at `coordinate` (stopping any drive along a route).
  public func simulateLocation(at coordinate: CLLocationCoordinate2D) {
    stopDriving()
    guard let navigator, coordinate.isValid else { return }
    isSimulatingLocation = true
    navigator.deliver(
      CLLocation(coordinate: coordinate, horizontalAccuracy: 5, timestamp: navigator.clock.now))
  }

  /// Routes from the vehicle's location through `destinations` and drives along that route
  /// (without making it the navigator's route; `routingOptions` choose among alternates,
  /// of which only the best is driven). `callback` hears the status on the next
  /// clock turn; only `.OK` starts the drive.
  public func simulateAlongNewRoute(
    toDestinations destinations: [GMSNavigationWaypoint],
    routingOptions: GMSNavigationRoutingOptions?,
    callback: @escaping @MainActor (GMSRouteStatus) -> Void
  ) {
    stopDriving()
    guard let navigator else { return }
    let status: GMSRouteStatus
    if destinations.isEmpty {
      status = .noWaypointsError
    } else if let points = navigator.resolve(destinations) {
      if let origin = navigator.lastLocation {
        let options = RouteCostOptions(
          avoidsHighways: avoidsHighways, avoidsTolls: avoidsTolls, avoidsFerries: avoidsFerries,
          prefersShorter: routingOptions?.routingStrategy == .shorter)
        if let route = try? navigator.routeProvider.routes(
          through: [origin.coordinate] + points, heading: nil, alternates: 0, options: options
        ).first {
          drive(LocationSimulator(route: route, configuration: configuration()))
          status = .OK
        } else {
          status = .noRouteFound
        }
      } else {
        status = .locationUnavailable
      }
    } else {
      status = .waypointError
    }
    _ = navigator.clock.schedule(after: 0) { callback(status) }
  }

  /// Like ``simulateAlongNewRoute(toDestinations:routingOptions:callback:)`` with the
  /// default options.
  public func simulateAlongNewRoute(
    toDestinations destinations: [GMSNavigationWaypoint],
    callback: @escaping @MainActor (GMSRouteStatus) -> Void
  ) {
    simulateAlongNewRoute(toDestinations: destinations, routingOptions: nil, callback: callback)
  }

  /// Shows an SDK prompt with sample data (for testing the prompt layout).
  public func simulateNavigationPrompt() {
    navigator?.showPrompt(.betterRoute(title: "Faster route available", savings: 120))
  }

  /// Shows a sample traffic incident prompt.
  public func simulateTrafficIncidentReport() {
    navigator?.showPrompt(.incident(title: "Accident reported ahead"))
  }

  private func configuration() -> LocationSimulator.Configuration {
    var configuration = LocationSimulator.Configuration()
    configuration.speedMultiplier = Double(speedMultiplier)
    configuration.deviation = deviation
    return configuration
  }

  private func drive(_ sim: LocationSimulator) {
    guard let navigator else { return }
    isSimulatingLocation = true
    simulator = sim
    var start = sim.start(at: navigator.clock.now)
    start.isPaused = isPaused
    simulation = start
    if let first = sim.fix(for: start) { navigator.deliver(first) }
    restartTimer()
  }

  /// Drives the vehicle along the navigator's current route from its start, one fix every
  /// ``interval`` seconds of clock time. Does nothing without a route.
  public func simulateLocationsAlongExistingRoute() {
    stopDriving()
    guard let navigator, let route = navigator.currentRoute else { return }
    let configuration = configuration()
    drive(
      navigator.core.map { LocationSimulator(track: $0.track, configuration: configuration) }
        ?? LocationSimulator(route: route, configuration: configuration))
  }

  /// Stops simulating: the drive ends, and the session's location source (the device) gives
  /// the location again; without one the vehicle stays where it is.
  public func stopSimulation() {
    stopDriving()
    isSimulatingLocation = false
  }

  /// Ends a drive along a route (the simulated location stays in charge).
  private func stopDriving() {
    timer?.invalidate()
    timer = nil
    simulator = nil
  }

  private func restartTimer() {
    timer?.invalidate()
    guard let navigator else { return }
    lastTick = navigator.clock.now
    timer = navigator.clock.scheduledTimer(withTimeInterval: interval, repeats: true) {
      [weak self] _ in self?.tick()
    }
  }

  private func tick() {
    guard let navigator, let simulator, let simulation else { return }
    let now = navigator.clock.now
    let (next, fix) = simulator.advance(simulation, by: now - lastTick)
    lastTick = now
    self.simulation = next
    if let fix { navigator.deliver(fix) }
    if next.isFinished { stopDriving() }
  }
}

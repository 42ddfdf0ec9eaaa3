/// Simulates the vehicle's location on the map view's window clock (Guides/Spec.md §14.6's
/// `locationSimulator`): a fixed position, or driving along the current route.
///
/// ```swift
/// mapView.locationSimulator?.simulateLocation(at: origin)
/// mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
/// clock.advance(by: 10)   // ten fixes, one a second
/// ```
@MainActor
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

  /// Speed relative to the route's expected speed (default 1).
  public var speedMultiplier: Float = 1 {
    didSet { simulator?.configuration.speedMultiplier = Double(max(0, speedMultiplier)) }
  }

  /// Pauses the simulated vehicle (fixes keep coming, at zero speed).
  public var isPaused = false {
    didSet { simulation?.isPaused = isPaused }
  }

  /// A detour off the route to simulate (for reroute testing); applies to the next drive.
  public var deviation: LocationSimulator.Deviation?

  /// Whether the vehicle is driving along a route.
  public var isSimulatingAlongRoute: Bool { timer != nil }

  /// Puts the vehicle at `coordinate` (stopping any drive along a route).
  public func simulateLocation(at coordinate: CLLocationCoordinate2D) {
    stopSimulation()
    guard let navigator, coordinate.isValid else { return }
    navigator.ingest(
      CLLocation(coordinate: coordinate, horizontalAccuracy: 5, timestamp: navigator.clock.now))
  }

  /// Drives the vehicle along the navigator's current route from its start, one fix every
  /// ``interval`` seconds of clock time. Does nothing without a route.
  public func simulateLocationsAlongExistingRoute() {
    stopSimulation()
    guard let navigator, let route = navigator.currentRoute else { return }
    var configuration = LocationSimulator.Configuration()
    configuration.speedMultiplier = Double(max(0, speedMultiplier))
    configuration.deviation = deviation
    let sim =
      navigator.core.map { LocationSimulator(track: $0.track, configuration: configuration) }
      ?? LocationSimulator(route: route, configuration: configuration)
    simulator = sim
    var start = sim.start(at: navigator.clock.now)
    start.isPaused = isPaused
    simulation = start
    if let first = sim.fix(for: start) { navigator.ingest(first) }
    restartTimer()
  }

  /// Stops driving; the vehicle stays where it is.
  public func stopSimulation() {
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
    if let fix { navigator.ingest(fix) }
    if next.isFinished { stopSimulation() }
  }
}

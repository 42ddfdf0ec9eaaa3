/// A pure, seeded location simulator: drives along a route and emits fixes.
///
/// It reads no clock: each ``step(_:)`` advances the simulated time by the configured
/// interval. Pause and resume by setting ``State/isPaused``.
///
/// ```swift
/// let sim = LocationSimulator(route: route, configuration: .init(noise: 3, seed: 7))
/// var state = sim.start(at: 0)
/// while !state.isFinished {
///   let (next, fix) = sim.step(state)
///   state = next
///   if let fix { navigationState = navigator.update(navigationState, with: fix) }
/// }
/// ```
public struct LocationSimulator: Sendable {
  /// How fast to drive.
  public enum Speed: Sendable, Hashable {
    /// The route's expected speed on each segment.
    case routeExpected
    /// A fixed speed in meters per second.
    case fixed(CLLocationSpeed)
  }

  /// A deliberate departure from the route.
  public struct Deviation: Sendable, Hashable {
    /// Distance along the route where the vehicle turns off.
    public var atDistance: CLLocationDistance
    /// How long it drives away, in seconds, before coming back.
    public var duration: Double
    /// Degrees from the route's bearing to drive off at (90 = to the right).
    public var angle: Double

    /// A deviation from its parts.
    public init(atDistance: CLLocationDistance, duration: Double, angle: Double = 90) {
      self.atDistance = atDistance
      self.duration = duration
      self.angle = angle
    }
  }

  /// Everything the simulator can vary.
  public struct Configuration: Sendable, Hashable {
    /// How fast to drive.
    public var speed: Speed = .routeExpected
    /// Multiplies the speed.
    public var speedMultiplier: Double = 1
    /// Seconds between fixes.
    public var interval: Double = 1
    /// Standard deviation of GPS noise in meters (0 = none).
    public var noise: Double = 0
    /// Seed of the noise.
    public var seed: UInt64 = 1
    /// Stretches of the route (distance ranges) with no fix, like a tunnel.
    public var gaps: [ClosedRange<Double>] = []
    /// A departure from the route, if any.
    public var deviation: Deviation?
    /// Reported horizontal accuracy in meters (at least twice ``noise``).
    public var horizontalAccuracy: Double = 5

    /// A configuration; every argument is optional.
    public init(
      speed: Speed = .routeExpected, speedMultiplier: Double = 1, interval: Double = 1,
      noise: Double = 0, seed: UInt64 = 1, gaps: [ClosedRange<Double>] = [],
      deviation: Deviation? = nil
    ) {
      self.speed = speed
      self.speedMultiplier = speedMultiplier
      self.interval = interval
      self.noise = noise
      self.seed = seed
      self.gaps = gaps
      self.deviation = deviation
    }
  }

  /// The simulator's state: a value.
  public struct State: Sendable, Hashable {
    /// Simulated time of the last fix.
    public var time: Double
    /// Distance along the route.
    public var distanceAlong: Double
    /// While true, the vehicle stands still (fixes continue with speed 0).
    public var isPaused = false
    /// Whether the vehicle has reached the end.
    public var isFinished = false
    /// Meters driven away from the route in the current deviation.
    public var deviationOffset = 0.0
    /// Seconds spent in the current deviation.
    public var deviationElapsed = 0.0
    /// Whether the deviation has happened.
    public var deviationDone = false
    /// The noise generator.
    public var rng: SplitMix64
  }

  /// The route flattened.
  public let track: RouteTrack
  /// Settings.
  public var configuration: Configuration

  /// A simulator for `route`.
  public init(route: Route, configuration: Configuration = Configuration()) {
    self.track = RouteTrack(route: route)
    self.configuration = configuration
  }

  /// A simulator over an already flattened route.
  public init(track: RouteTrack, configuration: Configuration = Configuration()) {
    self.track = track
    self.configuration = configuration
  }

  /// The state at the route's start at time `time`.
  public func start(at time: Double = 0) -> State {
    State(time: time, distanceAlong: 0, rng: SplitMix64(seed: configuration.seed))
  }

  /// The fix at the current state without advancing (e.g. the first fix).
  public func fix(for state: State) -> CLLocation? {
    var s = state
    return makeFix(&s, speed: 0)
  }

  /// Advances by one interval; returns the new state and its fix (nil inside a gap).
  public func step(_ state: State) -> (State, CLLocation?) {
    advance(state, by: configuration.interval)
  }

  /// Advances by `seconds` of simulated time (for a caller's clock that ticks unevenly);
  /// returns the new state and its fix (nil inside a gap or when `seconds` is not positive).
  public func advance(_ state: State, by seconds: Double) -> (State, CLLocation?) {
    var s = state
    guard !s.isFinished, seconds > 0, seconds.isFinite else { return (s, nil) }
    let dt = seconds
    s.time += dt
    if s.isPaused {
      let fix = makeFix(&s, speed: 0)
      return (s, fix)
    }
    let segment = track.segment(containing: s.distanceAlong)
    var speed: Double
    switch configuration.speed {
    case .routeExpected:
      speed = track.expectedSpeed(onSegment: segment)
      if !(speed > 0.5) { speed = 10 }
    case .fixed(let v): speed = max(0, v)
    }
    speed *= max(0, configuration.speedMultiplier)
    if let dev = configuration.deviation, !s.deviationDone, s.distanceAlong >= dev.atDistance {
      if s.deviationElapsed < dev.duration {
        s.deviationElapsed += dt
        s.deviationOffset += speed * dt
        let fix = makeFix(&s, speed: speed)
        return (s, fix)
      }
      s.deviationDone = true
      s.deviationOffset = 0
    }
    s.distanceAlong = min(track.length, s.distanceAlong + speed * dt)
    if s.distanceAlong >= track.length { s.isFinished = true }
    let fix = makeFix(&s, speed: speed)
    return (s, fix)
  }

  func makeFix(_ s: inout State, speed: Double) -> CLLocation? {
    var (coordinate, course) = track.coordinate(at: s.distanceAlong)
    if s.deviationOffset > 0, let dev = configuration.deviation {
      let heading = Geodesy.normalized(course + dev.angle)
      coordinate = Geodesy.destination(
        from: coordinate, distance: s.deviationOffset, bearing: heading)
      course = heading
    }
    if configuration.noise > 0 {
      let north = s.rng.nextGaussian() * configuration.noise
      let east = s.rng.nextGaussian() * configuration.noise
      coordinate = Geodesy.destination(from: coordinate, distance: north, bearing: 0)
      coordinate = Geodesy.destination(from: coordinate, distance: east, bearing: 90)
    }
    for gap in configuration.gaps where gap.contains(s.distanceAlong) { return nil }
    // A receiver reports roughly twice its error's standard deviation as its accuracy.
    let accuracy = max(configuration.horizontalAccuracy, 2 * configuration.noise)
    return CLLocation(
      coordinate: coordinate, horizontalAccuracy: accuracy, course: course,
      speed: speed, timestamp: s.time)
  }

  /// Every fix from start to finish (gaps omitted), at most `maximumSteps` of them.
  public func run(from time: Double = 0, maximumSteps: Int = 1_000_000) -> [CLLocation] {
    var state = start(at: time)
    var out: [CLLocation] = []
    if let f = fix(for: state) { out.append(f) }
    var n = 0
    while !state.isFinished, n < maximumSteps {
      let (next, f) = step(state)
      state = next
      if let f { out.append(f) }
      n += 1
    }
    return out
  }

  /// Fixes replaying a GPX track with its own timestamps; course and speed come from the
  /// neighbouring points. Points without time are spaced `interval` seconds apart.
  public static func replay(_ track: GPXTrack, interval: Double = 1) -> [CLLocation] {
    let points = track.points
    var out: [CLLocation] = []
    out.reserveCapacity(points.count)
    var lastTime = 0.0
    for (n, p) in points.enumerated() {
      let t = p.time ?? (n == 0 ? 0 : lastTime + interval)
      var course = -1.0
      var speed = -1.0
      if n + 1 < points.count {
        course = Geodesy.bearing(p.coordinate, points[n + 1].coordinate)
      } else if n > 0 {
        course = Geodesy.bearing(points[n - 1].coordinate, p.coordinate)
      }
      if n > 0, let t0 = points[n - 1].time, let t1 = p.time, t1 > t0 {
        speed = Geodesy.distance(points[n - 1].coordinate, p.coordinate) / (t1 - t0)
      }
      out.append(
        CLLocation(
          coordinate: p.coordinate, altitude: p.elevation, horizontalAccuracy: 5, course: course,
          speed: speed, timestamp: t))
      lastTime = t
    }
    return out
  }
}

import NavigationCore

/// Recorded-looking drives made from a route: the vehicle follows the route at its expected
/// speeds, and each fix is off by GPS-like noise that is correlated in time (a first-order
/// autoregressive offset, as a receiver's error drifts rather than jumps), with the reported
/// accuracy and dilution varying with it. Seeded, so the same arguments give the same drive.
///
/// ```swift
/// let log = SimulatedDrive(route: route).nmeaLog(startTime: 1_767_261_600)
/// ```
public struct SimulatedDrive: Sendable {
  /// The route driven.
  public var route: Route
  /// Standard deviation of the position error in meters (per axis).
  public var noise: Double
  /// Correlation of the error from one fix to the next, 0 (white) … <1.
  public var correlation: Double
  /// Seed of the noise.
  public var seed: UInt64
  /// Seconds between fixes.
  public var interval: Double

  /// A drive along `route`.
  public init(
    route: Route, noise: Double = 6, correlation: Double = 0.7, seed: UInt64 = 20,
    interval: Double = 1
  ) {
    self.route = route
    self.noise = noise
    self.correlation = min(max(0, correlation), 0.99)
    self.seed = seed
    self.interval = interval
  }

  /// The fixes, the first at `startTime` (seconds on any clock; UTC since 1970 for logs).
  public func fixes(startTime: Double = 0) -> [CLLocation] {
    let truth = LocationSimulator(
      route: route, configuration: .init(interval: interval)
    ).run(from: startTime)
    var rng = SplitMix64(seed: seed)
    let innovation = (1 - correlation * correlation).squareRoot()
    var north = rng.nextGaussian() * noise
    var east = rng.nextGaussian() * noise
    var out: [CLLocation] = []
    out.reserveCapacity(truth.count)
    for fix in truth {
      north = correlation * north + innovation * noise * rng.nextGaussian()
      east = correlation * east + innovation * noise * rng.nextGaussian()
      var c = Geodesy.destination(from: fix.coordinate, distance: north, bearing: 0)
      c = Geodesy.destination(from: c, distance: east, bearing: 90)
      // Course and speed come from the receiver's Doppler: a little noise, not the position's.
      let speed = max(0, fix.speed + rng.nextGaussian() * 0.3)
      let course = speed > 1 ? Geodesy.normalized(fix.course + rng.nextGaussian() * 3) : -1
      // CoreLocation reports a 68 % radius: about 1.5 σ for a two-axis error of σ per axis.
      let accuracy = 1.5 * noise * (0.8 + 0.4 * rng.nextUnit())
      out.append(
        CLLocation(
          coordinate: c, altitude: 20, horizontalAccuracy: accuracy, course: course,
          speed: speed, timestamp: (fix.timestamp * 100).rounded() / 100))
    }
    return out
  }

  /// The drive as an NMEA log (RMC, GGA, GSA, VTG per fix, CRLF line ends), with a `#`
  /// header naming how it was made; `startTime` is UTC seconds since 1970.
  public func nmeaLog(startTime: Double, header: [String] = []) -> String {
    var lines = header.map { "# " + $0 }
    for fix in fixes(startTime: startTime) {
      lines.append(contentsOf: NMEAWriter.sentences(for: fix))
    }
    return lines.joined(separator: "\r\n") + "\r\n"
  }
}

/// One in-flight change of a layer property: the offset from the new model value back to
/// the old one, shrinking to zero along a timing curve.
///
/// Time is counted in cycles of ``period`` from ``start``; within each cycle the change runs
/// in the window ``offset`` ..< ``offset`` + ``duration`` (a keyframe's place in its
/// animation; the whole cycle otherwise). Cycles repeat ``repeatCount`` times, each followed
/// by its mirror image when ``autoreverses`` (Core Animation plays the timing backwards);
/// afterwards the model value shows.
struct PropertyAnimation {
  /// Old value minus new value, per component (x, y, width, height; opacity in x).
  var delta: SIMD4<Double>
  /// When the animation (its first cycle) starts on the clock.
  var start: TimeInterval
  /// How long the change runs.
  var duration: TimeInterval
  /// The timing curve.
  var curve: UIView.AnimationCurve
  /// Spring damping ratio, for spring animations.
  var damping: Double?
  /// A Core Animation timing function, used instead of ``curve`` when set.
  var timingFunction: CAMediaTimingFunction?
  /// The cycle length (the whole keyframe animation's duration; ``duration`` otherwise).
  var period: TimeInterval = 0
  /// Where in the cycle the change starts.
  var offset: TimeInterval = 0
  /// How many cycles (`.infinity` for `.repeat`).
  var repeatCount: Double = 1
  /// Whether each cycle plays forward then backward.
  var autoreverses = false
  /// Whether the value jumps at the window's start instead of moving (discrete keyframes).
  var isDiscrete = false

  /// The cycle length actually used.
  var cycle: TimeInterval { max(period, offset + duration) }

  /// When the animation stops changing what is shown (`.infinity` when it repeats forever).
  var end: TimeInterval {
    let legs = max(repeatCount, 0) * (autoreverses ? 2 : 1)
    if legs.isInfinite { return .infinity }
    return start + cycle * max(legs, 1)
  }

  /// The fraction of ``delta`` still shown at `time`: 1 before the start, 0 after the end.
  func remaining(at time: TimeInterval) -> Double {
    if time <= start { return 1 }
    if time >= end { return 0 }
    let cycle = self.cycle
    guard cycle > 0 else { return 0 }
    let elapsed = time - start
    // (An endless cycle is one leg: 0 × ∞ would make the time NaN.)
    let leg = cycle.isFinite ? (elapsed / cycle).rounded(.down) : 0
    var local = cycle.isFinite ? elapsed - leg * cycle : elapsed
    if autoreverses, leg.truncatingRemainder(dividingBy: 2) == 1 { local = cycle - local }
    if local <= offset { return 1 }
    if isDiscrete { return 0 }
    if duration <= 0 || local >= offset + duration { return 0 }
    let t = (local - offset) / duration
    if let damping { return 1 - Self.spring(t, damping: damping) }
    if let timingFunction { return 1 - timingFunction.progress(t) }
    return 1 - curve.progress(t)
  }

  /// A damped spring from 0 to 1 over the unit interval.
  static func spring(_ t: Double, damping: Double) -> Double {
    let zeta = min(max(damping, 0.05), 1)
    let omega = 12.0
    if zeta >= 0.999 {
      return 1 - (1 + omega * t) * exp(-omega * t)
    }
    let omegaD = omega * (1 - zeta * zeta).squareRoot()
    let envelope = exp(-zeta * omega * t)
    return 1 - envelope * (cos(omegaD * t) + zeta * omega / omegaD * sin(omegaD * t))
  }
}

extension UIView {
  /// A timing curve (UIKit's `UIView.AnimationCurve`).
  public enum AnimationCurve: Int, Sendable, Hashable {
    /// Slow at both ends (the default).
    case easeInOut = 0
    /// Slow at the start.
    case easeIn
    /// Slow at the end.
    case easeOut
    /// Constant speed.
    case linear

    /// The eased progress for linear progress `t` in 0…1 (Core Animation's cubic Béziers).
    public func progress(_ t: Double) -> Double {
      let x = min(max(t, 0), 1)
      switch self {
      case .linear: return x
      case .easeInOut: return Self.bezier(x, 0.42, 0, 0.58, 1)
      case .easeIn: return Self.bezier(x, 0.42, 0, 1, 1)
      case .easeOut: return Self.bezier(x, 0, 0, 0.58, 1)
      }
    }

    /// The y of the cubic Bézier (0,0) (x1,y1) (x2,y2) (1,1) at abscissa `x`.
    static func bezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double)
      -> Double
    {
      func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
      }
      func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
      }
      // Newton's method, as WebKit's UnitBezier; bisection when the slope is too flat.
      var s = x
      for _ in 0..<8 {
        let error = coordinate(s, x1, x2) - x
        if abs(error) < 1e-9 { return coordinate(s, y1, y2) }
        let d = slope(s, x1, x2)
        if abs(d) < 1e-6 { break }
        s -= error / d
      }
      var low = 0.0
      var high = 1.0
      s = x
      for _ in 0..<40 {
        let value = coordinate(s, x1, x2)
        if abs(value - x) < 1e-9 { break }
        if value < x { low = s } else { high = s }
        s = (low + high) / 2
      }
      return coordinate(s, y1, y2)
    }
  }
}

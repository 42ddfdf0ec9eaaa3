/// A timing curve of an animation (Core Animation's `CAMediaTimingFunction`): the cubic Bézier
/// from (0, 0) to (1, 1) through two control points, mapping the fraction of time elapsed (x)
/// to the fraction of the change shown (y).
///
/// ```swift
/// let ease = CAMediaTimingFunction(name: .easeInEaseOut)        // (0.42, 0) (0.58, 1)
/// let custom = CAMediaTimingFunction(controlPoints: 0.2, 0, 0, 1)
/// custom.progress(0.5)                                         // y at x = 0.5
/// ```
public final class CAMediaTimingFunction: Sendable, CustomStringConvertible {
  /// The first control point's x and y, then the second's.
  let points: SIMD4<Double>

  /// A function with the control points (x1, y1) and (x2, y2); x values are clamped to 0…1
  /// (Core Animation's range), y values may leave it (overshoot).
  public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
    func x(_ value: Float) -> Double { value.isFinite ? min(max(Double(value), 0), 1) : 0 }
    func y(_ value: Float) -> Double { value.isFinite ? Double(value) : 0 }
    points = SIMD4(x(c1x), y(c1y), x(c2x), y(c2y))
  }

  /// One of Core Animation's named functions.
  public convenience init(name: CAMediaTimingFunctionName) {
    let p = name.controlPoints
    self.init(controlPoints: p.0, p.1, p.2, p.3)
  }

  /// Writes control point `idx` (0 is (0, 0), 1 and 2 the control points, 3 is (1, 1)) into
  /// `ptr[0]` (x) and `ptr[1]` (y); other indices leave `ptr` untouched.
  public func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
    switch idx {
    case 0: (ptr[0], ptr[1]) = (0, 0)
    case 1: (ptr[0], ptr[1]) = (Float(points.x), Float(points.y))
    case 2: (ptr[0], ptr[1]) = (Float(points.z), Float(points.w))
    case 3: (ptr[0], ptr[1]) = (1, 1)
    default: break
    }
  }

  /// The fraction of the change shown when `t` (0…1, clamped) of the time has passed.
  public func progress(_ t: Double) -> Double {
    let x = t.isFinite ? min(max(t, 0), 1) : 0
    if x == 0 || x == 1 { return x }
    return UIView.AnimationCurve.bezier(x, points.x, points.y, points.z, points.w)
  }

  /// The control points, as `CAMediaTimingFunction(controlPoints: x1, y1, x2, y2)`.
  public var description: String {
    "CAMediaTimingFunction(controlPoints: \(points.x), \(points.y), \(points.z), \(points.w))"
  }
}

/// The name of a predefined timing function (Core Animation's `CAMediaTimingFunctionName`).
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
  /// The name.
  public let rawValue: String
  /// A name.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// Constant speed: (0, 0) (1, 1).
  public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
  /// Slow at the start: (0.42, 0) (1, 1).
  public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
  /// Slow at the end: (0, 0) (0.58, 1).
  public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
  /// Slow at both ends: (0.42, 0) (0.58, 1).
  public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
  /// The system default, a gentle ease: (0.25, 0.1) (0.25, 1).
  public static let `default` = CAMediaTimingFunctionName(rawValue: "default")

  /// Core Animation's control points for the name (linear for an unknown name).
  var controlPoints: (Float, Float, Float, Float) {
    switch self {
    case .easeIn: (0.42, 0, 1, 1)
    case .easeOut: (0, 0, 0.58, 1)
    case .easeInEaseOut: (0.42, 0, 0.58, 1)
    case .default: (0.25, 0.1, 0.25, 1)
    default: (0, 0, 1, 1)
    }
  }
}

/// What an animation shows outside its active time (Core Animation's `CAMediaTimingFillMode`).
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
  /// The name.
  public let rawValue: String
  /// A fill mode by name.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// Nothing: the model value shows before and after (the default).
  public static let removed = CAMediaTimingFillMode(rawValue: "removed")
  /// The final value stays after the end (while the animation is on the layer).
  public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
  /// The first value shows before a later ``CAAnimation/beginTime``.
  public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
  /// Both ``backwards`` and ``forwards``.
  public static let both = CAMediaTimingFillMode(rawValue: "both")
}

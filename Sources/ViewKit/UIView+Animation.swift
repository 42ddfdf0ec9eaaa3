extension UIView {
  /// Options of a view animation (UIKit's `UIView.AnimationOptions`).
  public struct AnimationOptions: OptionSet, Sendable, Hashable {
    /// The option bits.
    public let rawValue: UInt
    /// Options from bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Lay out subviews in the animation.
    public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
    /// Let touches through while animating.
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
    /// Start from what is on screen (always the case here: animations are additive).
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    /// Repeat (not supported: runs once).
    public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
    /// Reverse (not supported: runs once).
    public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
    /// Use this duration in a nested animation.
    public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
    /// Use this curve in a nested animation.
    public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
    /// Slow at both ends (the default).
    public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
    /// Slow at the start.
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    /// Slow at the end.
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    /// Constant speed.
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
    /// Cross-dissolve transition.
    public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)

    var curve: AnimationCurve {
      AnimationCurve(rawValue: Int((rawValue >> 16) & 0xF)) ?? .easeInOut
    }
  }

  /// Animates the changes made in `animations` over `duration` seconds on the window's
  /// clock (DESIGN decision 10): `animations` runs at once and model values (frames, alpha)
  /// are final immediately; each changed view's layer keeps a presentation animation that
  /// moves from the old value to the new one along the curve; `completion(true)` runs on the
  /// clock after `delay + duration` — never inside this call.
  public class func animate(
    withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
    animations: @escaping @MainActor () -> Void,
    completion: (@MainActor (Bool) -> Void)? = nil
  ) {
    run(
      AnimationContext(
        duration: max(0, duration), delay: max(0, delay), curve: options.curve, damping: nil),
      animations: animations, completion: completion)
  }

  /// Animates over `duration` with the default curve, then calls `completion`.
  public class func animate(
    withDuration duration: TimeInterval, animations: @escaping @MainActor () -> Void,
    completion: (@MainActor (Bool) -> Void)? = nil
  ) {
    animate(
      withDuration: duration, delay: 0, options: [], animations: animations,
      completion: completion)
  }

  /// Animates over `duration` with the default curve.
  public class func animate(
    withDuration duration: TimeInterval, animations: @escaping @MainActor () -> Void
  ) {
    animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
  }

  /// A spring animation with a damping ratio (1 is critically damped).
  public class func animate(
    withDuration duration: TimeInterval, delay: TimeInterval,
    usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
    options: AnimationOptions = [], animations: @escaping @MainActor () -> Void,
    completion: (@MainActor (Bool) -> Void)? = nil
  ) {
    run(
      AnimationContext(
        duration: max(0, duration), delay: max(0, delay), curve: options.curve,
        damping: Double(dampingRatio)), animations: animations, completion: completion)
  }

  /// Runs `actions` with animations off, even inside an animation block.
  public class func performWithoutAnimation(_ actions: () -> Void) {
    AnimationContext.disabledDepth += 1
    defer { AnimationContext.disabledDepth -= 1 }
    actions()
  }

  /// Whether changes made now are animated.
  public class var inheritedAnimationDuration: TimeInterval {
    AnimationContext.disabledDepth > 0 ? 0 : AnimationContext.stack.last?.duration ?? 0
  }

  /// The clock animations use when no window is involved: the newest window's, else the
  /// shared real-time clock.
  static var fallbackClock: any MainClock {
    UIWindow.newestClock ?? RealTimeClock.shared
  }

  private class func run(
    _ context: AnimationContext, animations: @MainActor () -> Void,
    completion: (@MainActor (Bool) -> Void)?
  ) {
    AnimationContext.stack.append(context)
    animations()
    AnimationContext.stack.removeLast()
    let clock = context.clock ?? fallbackClock
    let start = context.start ?? clock.now + context.delay
    guard let completion else { return }
    clock.schedule(at: start + context.duration, repeatInterval: nil) { _ in completion(true) }
  }
}

/// The animation block being run.
@MainActor
final class AnimationContext {
  static var stack: [AnimationContext] = []
  static var disabledDepth = 0
  let duration: TimeInterval
  let delay: TimeInterval
  let curve: UIView.AnimationCurve
  let damping: Double?
  var clock: (any MainClock)?
  var start: TimeInterval?

  init(duration: TimeInterval, delay: TimeInterval, curve: UIView.AnimationCurve, damping: Double?)
  {
    self.duration = duration
    self.delay = delay
    self.curve = curve
    self.damping = damping
  }

  /// The block that animates changes made now, or `nil`.
  static var current: AnimationContext? {
    disabledDepth > 0 ? nil : stack.last
  }
}

extension CALayer {
  /// Records an animated frame change when inside an animation block.
  static func recordChange(of layer: CALayer, from old: CGRect, to new: CGRect) {
    guard AnimationContext.current != nil else { return }
    record(
      layer, .frame,
      delta: SIMD4(
        Double(old.minX - new.minX), Double(old.minY - new.minY), Double(old.width - new.width),
        Double(old.height - new.height)))
  }

  /// Records an animated scalar change (opacity) when inside an animation block.
  static func recordChange(of layer: CALayer, key: CAAnimationKey, from old: Double) {
    guard AnimationContext.current != nil, let view = layer.delegateView else { return }
    record(layer, key, delta: SIMD4(old - Double(view.alpha), 0, 0, 0))
  }

  private static func record(_ layer: CALayer, _ key: CAAnimationKey, delta: SIMD4<Double>) {
    guard let context = AnimationContext.current, delta != .zero else { return }
    if context.clock == nil {
      context.clock = layer.delegateView?.window?.clock ?? UIView.fallbackClock
    }
    let clock = context.clock ?? UIView.fallbackClock
    let start = context.start ?? clock.now + context.delay
    context.start = start
    guard context.duration > 0 else { return }
    let animation = PropertyAnimation(
      delta: delta, start: start, duration: context.duration, curve: context.curve,
      damping: context.damping)
    if key == .frame {
      layer.frameAnimations.append(animation)
    } else {
      layer.opacityAnimations.append(animation)
    }
  }
}

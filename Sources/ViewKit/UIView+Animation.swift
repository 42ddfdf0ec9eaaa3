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
    /// Repeat forever (the completion never runs; ``CALayer/removeAllAnimations()`` stops
    /// it).
    public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
    /// Play forward then backward (then show the model value, as UIKit does); with
    /// ``repeat``, back and forth forever.
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
  /// clock (Guides/Decisions.md 10): `animations` runs at once and model values (frames, alpha)
  /// are final immediately; each changed view's layer keeps a presentation animation that
  /// moves from the old value to the new one along the curve; `completion(true)` runs on the
  /// clock after `delay + duration` — never inside this call.
  public class func animate(
    withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
    animations: @escaping @MainActor () -> Void,
    completion: (@MainActor (Bool) -> Void)? = nil
  ) {
    let context = AnimationContext(
      duration: max(0, duration), delay: max(0, delay), curve: options.curve, damping: nil)
    context.apply(options)
    run(context, animations: animations, completion: completion)
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
    let context = AnimationContext(
      duration: max(0, duration), delay: max(0, delay), curve: options.curve,
      damping: Double(dampingRatio))
    context.apply(options)
    run(context, animations: animations, completion: completion)
  }

  /// Overrides the repeat count and autoreversing of the animations `animations` starts,
  /// inside an animation block (UIKit's replacement for `setAnimationRepeatCount`).
  public class func modifyAnimations(
    withRepeatCount count: CGFloat, autoreverses: Bool, animations: () -> Void
  ) {
    guard let outer = AnimationContext.current else {
      animations()
      return
    }
    let context = AnimationContext(
      duration: outer.duration, delay: outer.delay, curve: outer.curve, damping: outer.damping)
    context.parent = outer
    context.offset = outer.offset
    context.repeatCount = max(Double(count), 0)
    context.autoreverses = autoreverses
    context.isDiscrete = outer.isDiscrete
    AnimationContext.stack.append(context)
    animations()
    AnimationContext.stack.removeLast()
  }

  /// A transition of `view`'s content (UIKit's cross-dissolve and flips): `animations` runs
  /// at once, frame and alpha changes animate as in ``animate(withDuration:delay:options:animations:completion:)``,
  /// and `completion` runs after `duration` on the clock.
  public class func transition(
    with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
    animations: (@MainActor () -> Void)?, completion: (@MainActor (Bool) -> Void)? = nil
  ) {
    view.setNeedsDisplay()
    animate(
      withDuration: duration, delay: 0, options: options, animations: { animations?() },
      completion: completion)
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

  class func run(
    _ context: AnimationContext, animations: @MainActor () -> Void,
    completion: (@MainActor (Bool) -> Void)?
  ) {
    AnimationContext.stack.append(context)
    animations()
    AnimationContext.stack.removeLast()
    let clock = context.clock ?? fallbackClock
    let start = context.start ?? clock.now + context.delay
    // Forever-repeating animations never complete (UIKit calls back only when removed).
    guard let completion, context.legs.isFinite else { return }
    clock.schedule(at: start + context.duration * context.legs, repeatInterval: nil) { _ in
      completion(true)
    }
  }
}

/// The animation block being run.
@MainActor
final class AnimationContext {
  // (No dynamic exclusivity checks: every frame write asks for ``current``.)
  @exclusivity(unchecked) static var stack: [AnimationContext] = []
  @exclusivity(unchecked) static var disabledDepth = 0
  let duration: TimeInterval
  let delay: TimeInterval
  let curve: UIView.AnimationCurve
  let damping: Double?
  var clock: (any MainClock)?
  var start: TimeInterval?
  /// Cycles (`.infinity` for `.repeat`).
  var repeatCount: Double = 1
  /// Whether each cycle is followed by its mirror image.
  var autoreverses = false
  /// Discrete keyframes: values jump instead of moving.
  var isDiscrete = false
  /// An `animateKeyframes` block (``UIView/addKeyframe(withRelativeStartTime:relativeDuration:animations:)``
  /// places changes in it).
  var isKeyframes = false
  /// The enclosing block whose timeline this one shares (keyframes, repeat modifiers).
  var parent: AnimationContext?
  /// Where this block's change starts within the parent's cycle (keyframes).
  var offset: TimeInterval = 0

  init(duration: TimeInterval, delay: TimeInterval, curve: UIView.AnimationCurve, damping: Double?)
  {
    self.duration = duration
    self.delay = delay
    self.curve = curve
    self.damping = damping
  }

  /// Takes the repeat and reverse options.
  func apply(_ options: UIView.AnimationOptions) {
    if options.contains(.repeat) { repeatCount = .infinity }
    autoreverses = options.contains(.autoreverse)
  }

  /// Forward and backward plays of the whole block.
  var legs: Double { max(repeatCount, 1) * (autoreverses ? 2 : 1) }

  /// The outermost block of this timeline.
  var timeline: AnimationContext { parent?.timeline ?? self }

  /// Resolves the clock and start time of the timeline from the first animated layer.
  func resolve(for layer: CALayer) -> (clock: any MainClock, start: TimeInterval) {
    let root = timeline
    if root.clock == nil {
      root.clock = layer.delegateView?.window?.clock ?? UIView.fallbackClock
    }
    let clock = root.clock ?? UIView.fallbackClock
    let start = root.start ?? clock.now + root.delay
    root.start = start
    return (clock, start)
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
    let (clock, start) = context.resolve(for: layer)
    let timeline = context.timeline
    guard context.duration > 0 || context.isDiscrete else { return }
    // Repeats come from the innermost block that sets them (a repeat modifier inside a
    // keyframe block, else the keyframe block, else the block itself).
    var repeats = context
    while repeats.repeatCount == 1, !repeats.autoreverses, let parent = repeats.parent {
      repeats = parent
    }
    var animation = PropertyAnimation(
      delta: delta, start: start, duration: context.duration, curve: context.curve,
      damping: context.damping)
    animation.period = context === timeline ? context.duration : timeline.duration
    animation.offset = context.offset
    animation.repeatCount = repeats.repeatCount
    animation.autoreverses = repeats.autoreverses
    animation.isDiscrete = context.isDiscrete
    // Finished animations add nothing on screen: drop them here too, so a long-lived layer
    // that is animated again and again but never read keeps only what is in flight.
    let now = clock.now
    if key == .frame {
      layer.frameAnimations.removeAll { now >= $0.end }
      layer.frameAnimations.append(animation)
    } else {
      layer.opacityAnimations.removeAll { now >= $0.end }
      layer.opacityAnimations.append(animation)
    }
  }
}

extension UIView {
  /// Options of a keyframe animation (UIKit's `UIView.KeyframeAnimationOptions`).
  public struct KeyframeAnimationOptions: OptionSet, Sendable, Hashable {
    /// The option bits.
    public let rawValue: UInt
    /// Options from bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Lay out subviews in the animation.
    public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
    /// Let touches through while animating.
    public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
    /// Start from what is on screen (always the case here: animations are additive).
    public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
    /// Repeat the whole keyframe sequence forever.
    public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
    /// Play the sequence forward then backward.
    public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
    /// Each keyframe moves its values linearly over its time (the default).
    public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
    /// Each keyframe's values jump at its start time.
    public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
  }

  /// A keyframe animation: `animations` runs at once and calls
  /// ``addKeyframe(withRelativeStartTime:relativeDuration:animations:)`` for each step; each
  /// step's changes animate over its share of `duration` on the window's clock, one after
  /// another from the values the previous steps reached. Changes made in `animations`
  /// outside any keyframe animate over the whole duration. `completion(true)` runs on the
  /// clock at the end (never with ``KeyframeAnimationOptions/repeat``).
  ///
  /// ```swift
  /// UIView.animateKeyframes(withDuration: 0.6, delay: 0) {
  ///   UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { banner.alpha = 1 }
  ///   UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
  ///     banner.center.y -= 40
  ///   }
  /// }
  /// ```
  public class func animateKeyframes(
    withDuration duration: TimeInterval, delay: TimeInterval,
    options: KeyframeAnimationOptions = [], animations: @escaping @MainActor () -> Void,
    completion: (@MainActor (Bool) -> Void)? = nil
  ) {
    let context = AnimationContext(
      duration: max(0, duration), delay: max(0, delay), curve: .linear, damping: nil)
    context.isKeyframes = true
    if options.contains(.repeat) { context.repeatCount = .infinity }
    context.autoreverses = options.contains(.autoreverse)
    context.isDiscrete = options.contains(.calculationModeDiscrete)
    run(context, animations: animations, completion: completion)
  }

  /// One step of the enclosing ``animateKeyframes(withDuration:delay:options:animations:completion:)``:
  /// the changes `animations` makes run from `frameStartTime` for `frameDuration`, both
  /// fractions (0…1) of the keyframe animation's duration. Outside a keyframe animation the
  /// changes are made without animation.
  public class func addKeyframe(
    withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
    animations: @escaping @MainActor () -> Void
  ) {
    guard let parent = AnimationContext.current, parent.isKeyframes else {
      performWithoutAnimation(animations)
      return
    }
    let start = frameStartTime.isFinite ? min(max(frameStartTime, 0), 1) : 0
    let length = frameDuration.isFinite ? min(max(frameDuration, 0), 1 - start) : 0
    let context = AnimationContext(
      duration: parent.duration * length, delay: parent.delay, curve: .linear, damping: nil)
    context.parent = parent
    context.offset = parent.duration * start
    context.isDiscrete = parent.isDiscrete
    AnimationContext.stack.append(context)
    animations()
    AnimationContext.stack.removeLast()
  }
}

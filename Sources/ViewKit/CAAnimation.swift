/// An animation of layer properties (Core Animation's `CAAnimation`): timing, delegate and
/// what happens at the end. Add a ``CABasicAnimation`` to a layer with
/// ``CALayer/add(_:forKey:)``; it runs on the clock of the layer's window (Guides/Decisions.md 11),
/// so a ``ManualClock`` drives it in tests.
///
/// The layer takes the animation's settings when it is added: changing the animation
/// afterwards changes nothing on screen, as with Core Animation's copy.
@MainActor
open class CAAnimation: CAAction {
  /// An animation with default timing: 0.25 s, once, linear, removed at the end.
  public required init() {}

  /// A new animation (the Objective-C class constructor).
  open class func animation() -> Self { Self() }

  /// The pacing of each cycle; `nil` is linear.
  open var timingFunction: CAMediaTimingFunction?
  /// Told when the animation starts and stops; held strongly, as Core Animation does.
  open var delegate: (any CAAnimationDelegate)?
  /// Whether the layer drops the animation when it finishes (true): the model value shows
  /// again. With false and ``fillMode`` `.forwards`, the final value stays on screen.
  open var isRemovedOnCompletion = true
  /// When the animation starts, in seconds on the layer's clock (see ``CACurrentMediaTime()``);
  /// 0 starts it when it is added.
  open var beginTime: CFTimeInterval = 0
  /// The length of one cycle in seconds; 0 means 0.25 s.
  open var duration: CFTimeInterval = 0
  /// The rate of time in the animation (2 plays twice as fast); 0 or less freezes it at its
  /// start.
  open var speed: Float = 1
  /// Seconds into the animation it starts from.
  open var timeOffset: CFTimeInterval = 0
  /// How many cycles to play (fractions allowed); 0 plays one, `.infinity` forever.
  open var repeatCount: Float = 0
  /// How long to repeat for, in seconds, when positive (instead of ``repeatCount``).
  open var repeatDuration: CFTimeInterval = 0
  /// Whether each cycle plays forward, then backward.
  open var autoreverses = false
  /// What shows before the start and after the end (`.removed`: the model value).
  open var fillMode = CAMediaTimingFillMode.removed

  /// Adds the animation to `anObject` (a ``CALayer``) under `event`: an action run by a
  /// layer for a property change.
  open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
    (anObject as? CALayer)?.add(self, forKey: event)
  }
}

/// An animation of one layer property named by a key path (Core Animation's
/// `CAPropertyAnimation`).
@MainActor
open class CAPropertyAnimation: CAAnimation {
  /// The property animated: `"opacity"`, `"position"`, `"bounds"`, or a layer subclass's own
  /// key (`kGMSMarkerLayerLatitude`, `kGMSLayerCameraZoomLevelKey`, …).
  open var keyPath: String?
  /// Whether the values are offsets added to the model value instead of replacing it.
  open var isAdditive = false
  /// Whether each repeat continues from where the last ended (kept; repeats restart here).
  open var isCumulative = false

  /// An animation of the property at `path`.
  public convenience init(keyPath path: String?) {
    self.init()
    keyPath = path
  }
}

/// An animation between two values of a property (Core Animation's `CABasicAnimation`).
///
/// ```swift
/// let fade = CABasicAnimation(keyPath: "opacity")
/// fade.fromValue = 1
/// fade.toValue = 0
/// fade.duration = 0.5
/// fade.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
/// layer.add(fade, forKey: "fade")
/// ```
///
/// Values are numbers (`Double`, `Float`, `CGFloat`, `Int`, `NSNumber`), `CGPoint`, `CGSize`
/// or `CGRect`, matching the property. As in Core Animation: with both ``fromValue`` and
/// ``toValue`` it moves between them; ``byValue`` adds to the other; a missing ``fromValue``
/// starts from what is on screen, a missing ``toValue`` ends at the model value.
@MainActor
open class CABasicAnimation: CAPropertyAnimation {
  /// The value at the start.
  open var fromValue: Any?
  /// The value at the end.
  open var toValue: Any?
  /// The change, relative to the start (or, with only ``toValue``, to the end).
  open var byValue: Any?
}

/// An animation through a sequence of values of a property (Core Animation's
/// `CAKeyframeAnimation`).
///
/// ```swift
/// let route = CAKeyframeAnimation(keyPath: kGMSMarkerLayerLatitude)
/// route.values = [43.7384, 43.7390, 43.7402]
/// route.keyTimes = [0, 0.3, 1]
/// route.duration = 6
/// marker.layer.add(route, forKey: "route")
/// ```
///
/// ``values`` are reached at ``keyTimes`` (fractions of the duration, evenly spaced when
/// missing or not one per value); ``timingFunctions`` pace each step (one fewer than the
/// values), ``CAAnimation/timingFunction`` the whole. ``calculationMode`` `.linear` (the
/// default) and `.cubic` move in straight steps, `.paced` and `.cubicPaced` at an even
/// speed (ignoring key times), `.discrete` jumps to each value at its key time.
@MainActor
open class CAKeyframeAnimation: CAPropertyAnimation {
  /// The values, in order (numbers, points, sizes or rectangles).
  open var values: [Any]?
  /// When each value is reached, 0…1 of the duration.
  open var keyTimes: [NSNumber]?
  /// The pacing of each step between two values.
  open var timingFunctions: [CAMediaTimingFunction]?
  /// How the values in between are worked out.
  open var calculationMode = CAAnimationCalculationMode.linear
}

/// How a ``CAKeyframeAnimation`` goes from value to value (Core Animation's
/// `CAAnimationCalculationMode`).
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
  /// The name.
  public let rawValue: String
  /// A mode by name.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// Straight steps between the values at their key times.
  public static let linear = CAAnimationCalculationMode(rawValue: "linear")
  /// Each value held until the next key time.
  public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
  /// Straight steps at an even speed over the whole duration.
  public static let paced = CAAnimationCalculationMode(rawValue: "paced")
  /// Through the values at their key times (straight steps here).
  public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
  /// Through the values at an even speed (straight steps here).
  public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// Told when a ``CAAnimation`` starts and stops (Core Animation's `CAAnimationDelegate`).
/// Both calls come from the layer's clock, never from inside ``CALayer/add(_:forKey:)``.
@MainActor
public protocol CAAnimationDelegate: AnyObject {
  /// The animation began (at its ``CAAnimation/beginTime``).
  func animationDidStart(_ anim: CAAnimation)
  /// The animation ended: `flag` is true when it ran to its end, false when it was removed
  /// or replaced first.
  func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
  /// Does nothing (the method is optional, as in Core Animation).
  public func animationDidStart(_ anim: CAAnimation) {}
  /// Does nothing (the method is optional, as in Core Animation).
  public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// Something a layer runs when a property changes (Core Animation's `CAAction`); animations
/// are actions that add themselves to the layer.
@MainActor
public protocol CAAction {
  /// Runs the action for `event` (a property name) on `anObject` (the layer).
  func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

/// The time animations are timed against: ``CALayer``s' clocks (the newest window's clock,
/// else real time), in seconds. Set ``CAAnimation/beginTime`` to `CACurrentMediaTime() + 1`
/// to start an animation in a second.
@MainActor
public func CACurrentMediaTime() -> CFTimeInterval {
  UIView.fallbackClock.now
}

/// A time interval in seconds (Core Foundation's `CFTimeInterval`).
public typealias CFTimeInterval = Double

/// A value an animation moves: up to four numbers and the type they came from.
struct AnimatedValue: Equatable {
  enum Shape { case scalar, point, size, rect }
  var components: SIMD4<Double>
  var shape: Shape

  /// Numbers, points, sizes and rectangles; `nil` for anything else.
  init?(_ value: Any?) {
    switch value {
    case let v as Double: self.init(scalar: v)
    case let v as Float: self.init(scalar: Double(v))
    case let v as CGFloat: self.init(scalar: Double(v))
    case let v as Int: self.init(scalar: Double(v))
    case let v as Int32: self.init(scalar: Double(v))
    case let v as UInt: self.init(scalar: Double(v))
    case let v as NSNumber: self.init(scalar: v.doubleValue)
    case let p as CGPoint:
      self.init(components: SIMD4(Double(p.x), Double(p.y), 0, 0), shape: .point)
    case let s as CGSize:
      self.init(components: SIMD4(Double(s.width), Double(s.height), 0, 0), shape: .size)
    case let r as CGRect:
      self.init(
        components: SIMD4(
          Double(r.minX), Double(r.minY), Double(r.width), Double(r.height)),
        shape: .rect)
    default: return nil
    }
    guard all(components .== components) else { return nil }  // no NaN
  }

  init(scalar: Double) {
    self.init(components: SIMD4(scalar, 0, 0, 0), shape: .scalar)
  }

  init(components: SIMD4<Double>, shape: Shape) {
    self.components = components
    self.shape = shape
  }

  /// The value as its original type (numbers as `Double`).
  var boxed: Any {
    let c = components
    switch shape {
    case .scalar: return c.x
    case .point: return CGPoint(x: c.x, y: c.y)
    case .size: return CGSize(width: c.x, height: c.y)
    case .rect: return CGRect(x: c.x, y: c.y, width: c.z, height: c.w)
    }
  }
}

/// An animation added with ``CALayer/add(_:forKey:)``, its settings taken when it was added.
/// Its timing is a ``PropertyAnimation`` (the machinery of view animations); its values
/// replace (or, additive, add to) the model value while it runs.
@MainActor
final class LayerAnimation {
  let key: String
  /// Whether the app named it (animations added with a `nil` key are not listed).
  let isNamed: Bool
  let animation: CAAnimation
  let keyPath: String?
  let timing: PropertyAnimation
  let from: SIMD4<Double>
  /// The end value; `nil` ends at the model value.
  let to: SIMD4<Double>?
  let hasValues: Bool
  /// A keyframe animation's values and when each is reached (0…1), with the pacing of each
  /// step; `nil` for a basic animation.
  var keyframes: Keyframes?
  let isAdditive: Bool
  let fillsBackwards: Bool
  let fillsForwards: Bool
  var timers: [ClockTimer] = []
  var token: TransactionAnimationToken?
  var isStopped = false

  init(
    key: String?, animation: CAAnimation, timing: PropertyAnimation,
    values: (from: SIMD4<Double>, to: SIMD4<Double>?)?
  ) {
    self.key = key ?? "animation-\(ObjectIdentifier(animation).hashValue)"
    isNamed = key != nil
    self.animation = animation
    let property = animation as? CAPropertyAnimation
    keyPath = property?.keyPath
    self.timing = timing
    from = values?.from ?? .zero
    to = values?.to
    hasValues = values != nil
    isAdditive = property?.isAdditive ?? false
    fillsBackwards = animation.fillMode == .backwards || animation.fillMode == .both
    fillsForwards =
      (animation.fillMode == .forwards || animation.fillMode == .both)
      && !animation.isRemovedOnCompletion
  }

  /// The value shown at `time` over `below` (what the model and earlier animations show),
  /// `nil` when the animation shows nothing then.
  func value(at time: TimeInterval, model: SIMD4<Double>, below: SIMD4<Double>) -> SIMD4<Double>? {
    guard hasValues else { return nil }
    var progress: Double
    if time < timing.start {
      guard fillsBackwards else { return nil }
      progress = 0
    } else if time >= timing.end {
      guard fillsForwards else { return nil }
      progress = 1 - timing.remaining(at: timing.end - 1e-9)
      if abs(progress - 1) < 1e-6 { progress = 1 } else if abs(progress) < 1e-6 { progress = 0 }
    } else {
      progress = 1 - timing.remaining(at: time)
    }
    let value: SIMD4<Double>
    if let keyframes {
      value = keyframes.value(at: progress)
    } else {
      let target = to ?? (isAdditive ? .zero : model)
      value = from + (target - from) * progress
    }
    return isAdditive ? below + value : value
  }
}

/// The values of a ``CAKeyframeAnimation`` and their times.
struct Keyframes {
  var values: [SIMD4<Double>]
  /// One per value, rising from 0 to 1.
  var times: [Double]
  /// The pacing of each step (`nil`: linear).
  var functions: [CAMediaTimingFunction?]
  var isDiscrete: Bool

  /// Resolves `anim`'s values (`nil` when there are none or one does not convert).
  @MainActor init?(_ anim: CAKeyframeAnimation) {
    let converted = (anim.values ?? []).compactMap { AnimatedValue($0)?.components }
    guard !converted.isEmpty, converted.count == anim.values?.count else { return nil }
    values = converted
    let n = converted.count
    let isDiscrete = anim.calculationMode == .discrete
    self.isDiscrete = isDiscrete
    let given = (anim.keyTimes ?? []).map(\.doubleValue)
    let paced = anim.calculationMode == .paced || anim.calculationMode == .cubicPaced
    if paced, n > 1 {
      var lengths = [0.0]
      for i in 1..<n {
        let d = converted[i] - converted[i - 1]
        lengths.append(lengths[i - 1] + (d * d).sum().squareRoot())
      }
      let total = lengths[n - 1]
      times = lengths.map { total > 0 ? $0 / total : 0 }
    } else if given.count == n || (isDiscrete && given.count == n + 1),
      given.allSatisfy(\.isFinite), zip(given, given.dropFirst()).allSatisfy({ $0 <= $1 })
    {
      times = Array(given.prefix(n))
    } else {
      // Evenly spaced: a discrete animation shows each value for an equal share.
      times = (0..<n).map {
        isDiscrete ? Double($0) / Double(n) : Double($0) / Double(max(n - 1, 1))
      }
    }
    functions = (0..<max(n - 1, 0)).map { i in
      anim.timingFunctions.flatMap { i < $0.count ? $0[i] : nil }
    }
  }

  /// The value at `progress` (0…1 of the duration).
  func value(at progress: Double) -> SIMD4<Double> {
    guard let last = values.last else { return .zero }
    guard let next = times.firstIndex(where: { $0 > progress }) else { return last }
    guard next > 0 else { return values[0] }
    let i = next - 1
    if isDiscrete { return values[i] }
    let span = times[next] - times[i]
    var t = span > 0 ? (progress - times[i]) / span : 1
    if let function = functions[i] { t = function.progress(t) }
    return values[i] + (values[next] - values[i]) * t
  }
}

extension CALayer {
  /// The clock the layer's animations run on: the clock its owner names (a map overlay's
  /// map), else its view's window's, else its superlayer's, else the newest window's.
  package var animationClock: any MainClock {
    if let clock = clockProvider?() { return clock }
    if let view = delegateView { return view.window?.clock ?? UIView.fallbackClock }
    return superlayer?.animationClock ?? UIView.fallbackClock
  }

  func addAnimation(_ anim: CAAnimation, forKey key: String?) {
    let clock = animationClock
    let now = clock.now
    let keyPath = (anim as? CAPropertyAnimation)?.keyPath
    let values = keyPath.flatMap { resolvedValues(of: anim, keyPath: $0, at: now) }
    if let key { removeAnimation(forKey: key) }
    var timing = PropertyAnimation(
      delta: .zero, start: now, duration: anim.duration > 0 ? anim.duration : 0.25,
      curve: .linear, damping: nil)
    timing.timingFunction = anim.timingFunction
    let speed = anim.speed.isFinite ? Double(anim.speed) : 1
    if speed > 0 {
      timing.duration /= speed
    } else {
      timing.duration = .infinity
    }
    let begin = anim.beginTime > 0 && anim.beginTime.isFinite ? anim.beginTime : now
    timing.start = begin - (speed > 0 && anim.timeOffset.isFinite ? anim.timeOffset / speed : 0)
    timing.autoreverses = anim.autoreverses
    let legLength = timing.duration * (anim.autoreverses ? 2 : 1)
    if anim.repeatDuration > 0, anim.repeatDuration.isFinite, legLength > 0 {
      timing.repeatCount = anim.repeatDuration / legLength
    } else if anim.repeatCount > 0 {
      timing.repeatCount = Double(anim.repeatCount)
    }
    let entry = LayerAnimation(key: key, animation: anim, timing: timing, values: values)
    if let keyframe = anim as? CAKeyframeAnimation, entry.hasValues {
      entry.keyframes = Keyframes(keyframe)
    }
    entry.token = CATransaction.animationStarted(on: clock)
    explicitAnimations.append(entry)
    if let delegate = anim.delegate {
      entry.timers.append(
        clock.schedule(at: max(timing.start, now), repeatInterval: nil) { _ in
          delegate.animationDidStart(anim)
        })
    }
    let end = timing.end
    if end.isFinite {
      entry.timers.append(
        clock.schedule(at: max(end, now), repeatInterval: nil) { [weak self] _ in
          if anim.isRemovedOnCompletion {
            self?.explicitAnimations.removeAll { $0 === entry }
          }
          Self.stop(entry, finished: true)
          self?.onAnimationsChanged?()
        })
    }
    onAnimationsChanged?()
  }

  /// Tells the delegate and the transactions that `entry` stopped (once).
  static func stop(_ entry: LayerAnimation, finished: Bool) {
    guard !entry.isStopped else { return }
    entry.isStopped = true
    entry.token?.finish()
    entry.animation.delegate?.animationDidStop(entry.animation, finished: finished)
  }

  func removeExplicitAnimations(where shouldRemove: (LayerAnimation) -> Bool) {
    let removed = explicitAnimations.filter(shouldRemove)
    guard !removed.isEmpty else { return }
    explicitAnimations.removeAll(where: shouldRemove)
    let clock = animationClock
    for entry in removed {
      for timer in entry.timers { timer.invalidate() }
      if !entry.isStopped {
        clock.schedule(after: 0) { Self.stop(entry, finished: false) }
      }
    }
    onAnimationsChanged?()
  }

  /// The start and end values of `anim` on `keyPath`, as Core Animation pairs `fromValue`,
  /// `toValue` and `byValue`; `nil` when the property or the values are not animatable.
  private func resolvedValues(of anim: CAAnimation, keyPath: String, at time: TimeInterval)
    -> (from: SIMD4<Double>, to: SIMD4<Double>?)?
  {
    guard let current = presentationAnimatedValue(forKeyPath: keyPath, at: time) else {
      return nil
    }
    if let keyframe = anim as? CAKeyframeAnimation {
      guard let frames = Keyframes(keyframe), let first = frames.values.first else { return nil }
      return (first, frames.values.last)
    }
    guard let basic = anim as? CABasicAnimation else { return nil }
    let from = AnimatedValue(basic.fromValue)?.components
    let to = AnimatedValue(basic.toValue)?.components
    let by = AnimatedValue(basic.byValue)?.components
    let start = basic.isAdditive ? SIMD4<Double>.zero : current.components
    switch (from, to, by) {
    case (let from?, let to?, _): return (from, to)
    case (let from?, nil, let by?): return (from, from + by)
    case (nil, let to?, let by?): return (to - by, to)
    case (let from?, nil, nil): return (from, nil)
    case (nil, let to?, nil): return (start, to)
    case (nil, nil, let by?): return (start, start + by)
    case (nil, nil, nil): return basic.isAdditive ? nil : (start, nil)
    }
  }

  /// The number on screen at `keyPath` at `time`, for `model` (the model value): the
  /// explicit animations of `keyPath` applied.
  package func presentationScalar(forKeyPath keyPath: String, model: Double, at time: TimeInterval)
    -> Double
  {
    if explicitAnimations.isEmpty { return model }
    let value = SIMD4(model, 0, 0, 0)
    return applyingExplicitAnimations(keyPath, to: value, model: value, at: time).x
  }

  /// Whether any animation added with ``add(_:forKey:)`` is on the layer.
  package var hasExplicitAnimations: Bool { !explicitAnimations.isEmpty }

  /// Whether an explicit animation of one of `keyPaths` is still changing what shows at
  /// `time` (started or waiting to start).
  package func isAnimating(keyPaths: Set<String>, at time: TimeInterval) -> Bool {
    explicitAnimations.contains { entry in
      entry.hasValues && entry.keyPath.map(keyPaths.contains) == true && time < entry.timing.end
    }
  }

  /// Removes the explicit animations of `keyPaths` (their delegates hear they did not finish).
  package func removeAnimations(keyPaths: Set<String>) {
    removeExplicitAnimations { $0.keyPath.map(keyPaths.contains) == true }
  }

  /// The model value at `keyPath` as numbers (`nil` when it is not animatable).
  func modelAnimatedValue(forKeyPath keyPath: String) -> AnimatedValue? {
    AnimatedValue(value(forKeyPath: keyPath))
  }

  /// The value on screen at `keyPath` at `time`: the model value with the animations on it.
  func presentationAnimatedValue(forKeyPath keyPath: String, at time: TimeInterval)
    -> AnimatedValue?
  {
    guard var value = modelAnimatedValue(forKeyPath: keyPath) else { return nil }
    if keyPath == "opacity", !opacityAnimations.isEmpty {
      value.components = presentedValue(.opacity, model: value.components, at: time)
    }
    value.components = applyingExplicitAnimations(
      keyPath, to: value.components, model: value.components, at: time)
    return value
  }

  /// `value` with the explicit animations of `keyPath` running at `time` applied in order.
  func applyingExplicitAnimations(
    _ keyPath: String, to value: SIMD4<Double>, model: SIMD4<Double>, at time: TimeInterval
  ) -> SIMD4<Double> {
    var shown = value
    for entry in explicitAnimations where entry.keyPath == keyPath {
      if let next = entry.value(at: time, model: model, below: shown) { shown = next }
    }
    return shown
  }

  /// The frame on screen with the explicit position and bounds animations applied.
  func applyingExplicitGeometry(to frame: CGRect, at time: TimeInterval) -> CGRect {
    func scalar(_ key: String, _ value: CGFloat) -> CGFloat {
      let model = SIMD4(Double(value), 0, 0, 0)
      return CGFloat(applyingExplicitAnimations(key, to: model, model: model, at: time).x)
    }
    let center = SIMD4(Double(frame.midX), Double(frame.midY), 0, 0)
    var position = applyingExplicitAnimations("position", to: center, model: center, at: time)
    position.x = Double(scalar("position.x", CGFloat(position.x)))
    position.y = Double(scalar("position.y", CGFloat(position.y)))
    let box = SIMD4(0, 0, Double(frame.width), Double(frame.height))
    let bounds = applyingExplicitAnimations("bounds", to: box, model: box, at: time)
    let sizeModel = SIMD4(bounds.z, bounds.w, 0, 0)
    let size = applyingExplicitAnimations("bounds.size", to: sizeModel, model: sizeModel, at: time)
    return CGRect(
      x: position.x - size.x / 2, y: position.y - size.y / 2, width: size.x, height: size.y)
  }

  /// The animation Core Animation runs for a change of `event` now, ignoring who backs the
  /// layer: inside an open ``CATransaction`` with actions on, a ``CABasicAnimation`` from the
  /// value on screen to the new model value over the transaction's duration and timing
  /// function; `nil` otherwise (a duration of 0 too) or when `event` is not an animatable
  /// property.
  package func implicitAnimation(forKey event: String) -> CABasicAnimation? {
    guard CATransaction.animatesChanges, CATransaction.animationDuration() > 0,
      let current = presentationAnimatedValue(forKeyPath: event, at: animationClock.now)
    else { return nil }
    let animation = CABasicAnimation(keyPath: event)
    animation.fromValue = current.boxed
    animation.duration = CATransaction.animationDuration()
    animation.timingFunction = CATransaction.animationTimingFunction()
    return animation
  }

  /// Makes a change of the property `key` through its action (``action(forKey:)``, asked
  /// before the change): inside an animating transaction, the change animates from what was
  /// on screen.
  package func changeAnimatableValue(forKey key: String, _ change: () -> Void) {
    let action = self.action(forKey: key)
    change()
    guard let action else { return }
    if let basic = action as? CABasicAnimation, let from = AnimatedValue(basic.fromValue),
      let model = modelAnimatedValue(forKeyPath: key), from.components == model.components
    {
      return  // nothing moves
    }
    action.run(forKey: key, object: self, arguments: nil)
  }

  /// The value at `keyPath` (a key, or a key and a member: `"position.x"`,
  /// `"bounds.size"`), through ``value(forKey:)``.
  func valueAtKeyPath(_ keyPath: String) -> Any? {
    guard let dot = keyPath.firstIndex(of: ".") else { return value(forKey: keyPath) }
    let head = String(keyPath[..<dot])
    let tail = String(keyPath[keyPath.index(after: dot)...])
    var value = self.value(forKey: head)
    for member in tail.split(separator: ".") {
      switch (value, member) {
      case (let p as CGPoint, "x"): value = Double(p.x)
      case (let p as CGPoint, "y"): value = Double(p.y)
      case (let s as CGSize, "width"): value = Double(s.width)
      case (let s as CGSize, "height"): value = Double(s.height)
      case (let r as CGRect, "size"): value = r.size
      case (let r as CGRect, "origin"): value = r.origin
      default: return nil
      }
    }
    return value
  }
}

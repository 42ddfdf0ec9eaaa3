import Testing

@testable import ViewKit

/// Records a Core Animation delegate's calls with the clock's time.
@MainActor
final class AnimationLog: CAAnimationDelegate {
  var events: [String] = []
  let clock: ManualClock
  init(clock: ManualClock) { self.clock = clock }
  func animationDidStart(_ anim: CAAnimation) { events.append("start \(clock.now)") }
  func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
    events.append("stop \(flag) \(clock.now)")
  }
}

@MainActor
@Suite struct CoreAnimationTests {
  /// A window on a manual clock with a view, and a layer of its own added to the view's layer.
  static func scene() -> (ManualClock, UIWindow, UIView, CALayer) {
    let clock = ManualClock()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200), clock: clock)
    let view = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 50))
    window.addSubview(view)
    let layer = CALayer()
    layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
    view.layer.addSublayer(layer)
    return (clock, window, view, layer)
  }

  @Test func namedTimingFunctionsAreCoreAnimationsBeziers() {
    // Reference values: the cubic Béziers solved by bisection (CSS's `ease` is `.default`).
    let expected: [(CAMediaTimingFunctionName, [Double])] = [
      (.default, [0.408511, 0.802403, 0.960459]),
      (.easeIn, [0.093465, 0.315357, 0.621862]),
      (.easeOut, [0.378138, 0.684643, 0.906535]),
      (.easeInEaseOut, [0.129162, 0.5, 0.870838]),
      (.linear, [0.25, 0.5, 0.75]),
    ]
    for (name, values) in expected {
      let function = CAMediaTimingFunction(name: name)
      for (x, y) in zip([0.25, 0.5, 0.75], values) {
        #expect(abs(function.progress(x) - y) < 1e-5, "\(name.rawValue) at \(x)")
      }
      #expect(function.progress(0) == 0 && function.progress(1) == 1)
    }
    var point: [Float] = [0, 0]
    let custom = CAMediaTimingFunction(controlPoints: 0.2, 0.1, 0.3, 1.4)
    custom.getControlPoint(at: 2, values: &point)
    #expect(point == [0.3, 1.4])
    custom.getControlPoint(at: 3, values: &point)
    #expect(point == [1, 1])
    // Control points' x values are clamped to 0…1; y values may overshoot.
    let clamped = CAMediaTimingFunction(controlPoints: -1, 0, 2, 1)
    clamped.getControlPoint(at: 1, values: &point)
    #expect(point == [0, 0])
    #expect(custom.progress(0.8) > 1)
  }

  @Test func basicAnimationShowsItsValuesOnTheClockThenTheModel() {
    let (clock, _, _, layer) = Self.scene()
    let log = AnimationLog(clock: clock)
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 0
    fade.toValue = 1
    fade.duration = 2
    fade.delegate = log
    layer.opacity = 0.3
    layer.add(fade, forKey: "fade")
    #expect(layer.opacity == 0.3)  // the model does not change
    #expect(layer.animationKeys() == ["fade"])
    #expect(layer.animation(forKey: "fade") === fade)
    #expect(log.events.isEmpty)  // never inside add
    clock.advance(by: 0.5)
    #expect(abs(layer.presentationOpacity(at: clock.now) - 0.25) < 1e-6)
    clock.advance(by: 1)
    #expect(abs(layer.presentation()!.opacity - 0.75) < 1e-6)
    clock.advance(by: 0.5)
    #expect(layer.presentationOpacity(at: clock.now) == 0.3)
    #expect(layer.animationKeys() == nil)
    #expect(log.events == ["start 0.0", "stop true 2.0"])
  }

  @Test func timingFunctionFillModeAndByValue() {
    let (clock, _, _, layer) = Self.scene()
    let grow = CABasicAnimation(keyPath: "position.x")
    grow.byValue = 100
    grow.duration = 1
    grow.timingFunction = CAMediaTimingFunction(name: .easeIn)
    grow.fillMode = .forwards
    grow.isRemovedOnCompletion = false
    layer.add(grow, forKey: nil)
    #expect(layer.animationKeys() == nil)  // added without a key: not listed
    clock.advance(by: 0.5)
    // From the model centre (10) by 100, eased in: 10 + 100 × 0.315357.
    #expect(abs(layer.presentationFrame(at: clock.now).midX - 41.5357) < 1e-3)
    clock.advance(by: 1)
    // Filled forwards: the end value stays while the animation is on the layer.
    #expect(abs(layer.presentationFrame(at: clock.now).midX - 110) < 1e-6)
    #expect(layer.position.x == 10)
    layer.removeAllAnimations()
    #expect(layer.presentationFrame(at: clock.now).midX == 10)
  }

  @Test func removingAnAnimationShowsTheModelAndTellsTheDelegateItDidNotFinish() {
    let (clock, _, view, _) = Self.scene()
    let log = AnimationLog(clock: clock)
    let move = CABasicAnimation(keyPath: "position")
    move.fromValue = CGPoint(x: 0, y: 0)
    move.toValue = CGPoint(x: 100, y: 100)
    move.duration = 4
    move.delegate = log
    view.layer.add(move, forKey: "move")
    clock.advance(by: 1)
    // A view's layer: the frame drawn is centred on the animated position.
    #expect(view.layer.presentationFrame(at: clock.now).midX == 25)
    view.layer.removeAnimation(forKey: "move")
    #expect(view.layer.presentationFrame(at: clock.now) == view.frame)
    #expect(view.layer.animation(forKey: "move") == nil)
    clock.advance(by: 0.1)
    #expect(log.events == ["start 0.0", "stop false 1.0"])
    clock.advance(by: 5)
    #expect(log.events.count == 2)
  }

  @Test func transactionAnimatesChangesOfALayerOfItsOwnAndRunsTheCompletionOnce() {
    let (clock, _, _, layer) = Self.scene()
    var completions: [Double] = []
    CATransaction.begin()
    CATransaction.setAnimationDuration(2)
    CATransaction.setCompletionBlock { completions.append(clock.now) }
    #expect(CATransaction.animationDuration() == 2)
    layer.opacity = 0
    layer.position = CGPoint(x: 110, y: 10)
    CATransaction.commit()
    #expect(layer.opacity == 0 && layer.position.x == 110)
    #expect(Set(layer.animationKeys() ?? []) == ["opacity", "position"])
    clock.advance(by: 1)
    #expect(abs(layer.presentationOpacity(at: clock.now) - 0.5) < 1e-6)
    #expect(abs(layer.presentationFrame(at: clock.now).midX - 60) < 1e-6)
    #expect(completions.isEmpty)
    clock.advance(by: 1)
    #expect(completions == [2])
    clock.advance(by: 5)
    #expect(completions == [2])
    #expect(layer.presentationFrame(at: clock.now).midX == 110)
  }

  @Test func disabledActionsAndChangesOutsideTransactionsAreImmediate() {
    let (clock, _, view, layer) = Self.scene()
    CATransaction.begin()
    CATransaction.setValue(true, forKey: kCATransactionDisableActions)
    #expect(CATransaction.disableActions())
    layer.opacity = 0.2
    CATransaction.commit()
    #expect(layer.animationKeys() == nil)
    #expect(layer.presentationOpacity(at: clock.now) == 0.2)
    layer.opacity = 0.9  // no transaction
    #expect(layer.animationKeys() == nil)
    // A view's layer animates in UIView.animate blocks, not in transactions (UIKit's rule).
    CATransaction.begin()
    CATransaction.setAnimationDuration(1)
    view.alpha = 0.5
    CATransaction.commit()
    #expect(view.layer.animationKeys() == nil)
    // A transaction without animations runs its completion on the clock's next turn.
    var ran = false
    CATransaction.begin()
    CATransaction.setCompletionBlock { ran = true }
    CATransaction.commit()
    #expect(!ran)
    clock.advance(by: 0)
    #expect(ran)
  }

  @Test func transactionTimingFunctionAndNestedSettings() {
    let (clock, _, _, layer) = Self.scene()
    CATransaction.begin()
    CATransaction.setValue(1, forKey: kCATransactionAnimationDuration)
    CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeInEaseOut))
    CATransaction.begin()
    // The inner transaction takes the outer one's settings.
    #expect(CATransaction.animationDuration() == 1)
    layer.opacity = 0
    CATransaction.commit()
    CATransaction.commit()
    clock.advance(by: 0.25)
    #expect(abs(layer.presentationOpacity(at: clock.now) - (1 - 0.129162)) < 1e-5)
    // A second change mid-way starts from what is on screen.
    clock.advance(by: 0.25)
    CATransaction.begin()
    CATransaction.setAnimationDuration(1)
    layer.opacity = 1
    CATransaction.commit()
    #expect(abs(layer.presentationOpacity(at: clock.now) - 0.5) < 1e-5)
    clock.advance(by: 0.5)
    #expect(abs(layer.presentationOpacity(at: clock.now) - 0.75) < 1e-5)
  }

  @Test func repeatAutoreverseAndBeginTime() {
    let (clock, _, _, layer) = Self.scene()
    let pulse = CABasicAnimation(keyPath: "opacity")
    pulse.fromValue = 1
    pulse.toValue = 0
    pulse.duration = 1
    pulse.autoreverses = true
    pulse.repeatCount = 2
    pulse.beginTime = CACurrentMediaTime() + 1
    pulse.fillMode = .backwards
    layer.opacity = 0.5
    layer.add(pulse, forKey: "pulse")
    #expect(layer.presentationOpacity(at: clock.now) == 1)  // filled backwards
    clock.advance(by: 1.5)
    #expect(abs(layer.presentationOpacity(at: clock.now) - 0.5) < 1e-6)
    clock.advance(by: 1)  // half-way back
    #expect(abs(layer.presentationOpacity(at: clock.now) - 0.5) < 1e-6)
    clock.advance(by: 0.25)
    #expect(abs(layer.presentationOpacity(at: clock.now) - 0.75) < 1e-6)
    clock.advance(by: 2.25)  // 5 s: two back-and-forth cycles ended at 4 + 1
    #expect(layer.presentationOpacity(at: clock.now) == 0.5)
    #expect(layer.animationKeys() == nil)
  }

  @Test func keyframeAnimationsStepThroughTheirValues() {
    let (clock, _, _, layer) = Self.scene()
    func opacity() -> Double { Double(layer.presentationOpacity(at: clock.now)) }
    let steps = CAKeyframeAnimation(keyPath: "opacity")
    steps.values = [0, 1, 0.5]
    steps.keyTimes = [0, 0.25, 1]
    steps.duration = 4
    layer.add(steps, forKey: "steps")
    clock.advance(by: 0.5)
    #expect(abs(opacity() - 0.5) < 1e-9)
    clock.advance(by: 0.5)
    #expect(abs(opacity() - 1) < 1e-9)
    clock.advance(by: 1.5)
    #expect(abs(opacity() - 0.75) < 1e-9)

    let blink = CAKeyframeAnimation(keyPath: "opacity")
    blink.values = [0.2, 0.6, 1.0]
    blink.calculationMode = .discrete
    blink.duration = 3
    layer.add(blink, forKey: "steps")  // replaces the first
    #expect(layer.animationKeys() == ["steps"])
    clock.advance(by: 0.5)
    #expect(abs(opacity() - 0.2) < 1e-6)
    clock.advance(by: 1)
    #expect(abs(opacity() - 0.6) < 1e-6)
    clock.advance(by: 1.4)
    #expect(abs(opacity() - 1.0) < 1e-6)

    // Paced: an even speed along (0, 0) → (30, 0) → (30, 10): three quarters of the way at
    // the corner, whatever the key times say.
    let path = CAKeyframeAnimation(keyPath: "position")
    path.values = [CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 0), CGPoint(x: 30, y: 10)]
    path.keyTimes = [0, 0.5, 1]
    path.calculationMode = .paced
    path.duration = 4
    path.timingFunctions = [CAMediaTimingFunction(name: .easeIn)]
    layer.add(path, forKey: "path")
    clock.advance(by: 1.5)
    // Half-way through the first step (0…0.75), eased in: 30 × 0.315357.
    let frame = layer.presentationFrame(at: clock.now)
    #expect(abs(frame.midX - 30 * 0.315357) < 1e-4 && abs(frame.midY) < 1e-9)
    clock.advance(by: 1.5)
    #expect(abs(layer.presentationFrame(at: clock.now).midX - 30) < 1e-9)
    #expect(abs(layer.presentationFrame(at: clock.now).midY - 0) < 1e-9)
  }

  @Test func valuesAndTimingsThatMakeNoSenseAreIgnored() {
    let (clock, _, _, layer) = Self.scene()
    layer.opacity = 0.4
    let broken = CABasicAnimation(keyPath: "opacity")
    broken.fromValue = Double.nan
    broken.toValue = "1"
    layer.add(broken, forKey: "broken")  // nothing to show: the model stays
    let endless = CABasicAnimation(keyPath: "opacity")
    endless.fromValue = 0
    endless.duration = .infinity
    endless.speed = .nan
    endless.repeatCount = .nan
    endless.beginTime = -.infinity
    layer.add(endless, forKey: "endless")
    let unknown = CABasicAnimation(keyPath: "noSuchProperty")
    unknown.fromValue = 1
    layer.add(unknown, forKey: "unknown")
    let noValues = CAKeyframeAnimation(keyPath: "opacity")
    noValues.values = [0.5, Double.nan]
    noValues.keyTimes = [NSNumber(value: Double.nan)]
    layer.add(noValues, forKey: "frames")
    clock.advance(by: 10)
    // The endless one holds its start value; the others show nothing.
    #expect(layer.presentationOpacity(at: clock.now) == 0)
    layer.removeAnimation(forKey: "endless")
    #expect(layer.presentationOpacity(at: clock.now) == 0.4)
    // A transaction of no (or a negative) duration changes at once.
    CATransaction.begin()
    CATransaction.setAnimationDuration(-1)
    layer.opacity = 1
    CATransaction.commit()
    #expect(layer.animation(forKey: "opacity") == nil)
    #expect(layer.presentationOpacity(at: clock.now) == 1)
  }
}

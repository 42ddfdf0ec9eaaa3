import Testing
import ViewKit

@MainActor
@Suite struct ClockAndAnimationTests {
  @Test func manualClockRunsDueWorkInOrderWithNowAtEachDueTime() {
    let clock = ManualClock()
    var log: [String] = []
    clock.schedule(after: 0.3) { log.append("b@\(clock.now)") }
    clock.schedule(after: 0.1) {
      log.append("a@\(clock.now)")
      clock.schedule(after: 0.1) { log.append("nested@\(clock.now)") }
    }
    clock.schedule(after: 0.3) { log.append("c@\(clock.now)") }
    clock.schedule(after: 2) { log.append("late") }
    clock.advance(by: 0.5)
    #expect(log == ["a@0.1", "nested@0.2", "b@0.3", "c@0.3"])
    #expect(clock.now == 0.5)
    #expect(clock.pendingCount == 1)
  }

  @Test func repeatingTimersAndInvalidation() {
    let clock = ManualClock()
    var ticks: [Double] = []
    let timer = clock.scheduledTimer(withTimeInterval: 0.25, repeats: true) { _ in
      ticks.append(clock.now)
    }
    clock.advance(by: 1)
    #expect(ticks == [0.25, 0.5, 0.75, 1.0])
    timer.invalidate()
    #expect(!timer.isValid)
    clock.advance(by: 1)
    #expect(ticks.count == 4)
    var once = 0
    let single = clock.scheduledTimer(withTimeInterval: 0.1, repeats: false) { _ in once += 1 }
    clock.advance(by: 1)
    #expect(once == 1 && !single.isValid)
  }

  @Test func completionNeverRunsInsideAnimate() {
    let clock = ManualClock()
    let window = makeWindow(clock: clock)
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    window.addSubview(view)
    var done: [Bool] = []
    UIView.animate(withDuration: 0) {
      view.alpha = 0.5
    } completion: {
      done.append($0)
    }
    #expect(done.isEmpty)
    clock.advance(by: 0)
    #expect(done == [true])
  }

  @Test func frameAnimationInterpolatesWithTheCurveAndDelay() {
    let clock = ManualClock()
    let window = makeWindow(clock: clock)
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 10))
    window.addSubview(view)
    var finished = false
    UIView.animate(withDuration: 1, delay: 0.5, options: [.curveLinear]) {
      view.frame = CGRect(x: 100, y: 0, width: 200, height: 10)
    } completion: { _ in
      finished = true
    }
    #expect(view.frame.minX == 100)
    #expect(view.layer.presentation()?.frame.short == "0,0,100,10")
    clock.advance(by: 0.5)
    #expect(view.layer.presentation()?.frame.short == "0,0,100,10")
    clock.advance(by: 0.25)
    #expect(view.layer.presentation()?.frame.short == "25,0,125,10")
    #expect(view.layer.animationKeys() == ["frame"])
    clock.advance(by: 0.75)
    #expect(view.layer.presentation()?.frame.short == "100,0,200,10")
    #expect(finished)
  }

  @Test func easeInOutIsSymmetric() {
    let curve = UIView.AnimationCurve.easeInOut
    #expect(abs(curve.progress(0.5) - 0.5) < 1e-6)
    #expect(abs(curve.progress(0.25) + curve.progress(0.75) - 1) < 1e-6)
    #expect(curve.progress(0.1) < 0.1)
    #expect(UIView.AnimationCurve.easeOut.progress(0.1) > 0.1)
  }

  @Test func newAnimationStartsFromWhatIsOnScreen() {
    let clock = ManualClock()
    let window = makeWindow(clock: clock)
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    window.addSubview(view)
    UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
      view.frame.origin.x = 100
    }
    clock.advance(by: 0.5)
    let before = view.layer.presentation()!.frame.minX
    UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
      view.frame.origin.x = 0
    }
    let after = view.layer.presentation()!.frame.minX
    #expect(before == 50)
    #expect(after == 50)
    clock.advance(by: 2)
    #expect(view.layer.presentation()!.frame.minX == 0)
  }

  @Test func alphaAnimatesAndPerformWithoutAnimationDoesNot() {
    let clock = ManualClock()
    let window = makeWindow(clock: clock)
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    window.addSubview(view)
    UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
      view.alpha = 0
      UIView.performWithoutAnimation { view.frame.origin.y = 40 }
    }
    #expect(view.alpha == 0)
    clock.advance(by: 0.25)
    #expect(view.layer.presentation()?.opacity == 0.75)
    #expect(view.layer.presentation()?.frame.minY == 40)
  }

  @Test func springSettlesAtTheTarget() {
    let clock = ManualClock()
    let window = makeWindow(clock: clock)
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    window.addSubview(view)
    UIView.animate(
      withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0,
      animations: { view.frame.origin.x = 100 })
    clock.advance(by: 0.25)
    let midway = view.layer.presentation()!.frame.minX
    #expect(midway > 50)
    clock.advance(by: 0.25)
    #expect(view.layer.presentation()!.frame.minX == 100)
  }

  @Test func advancingTheClockLaysOutPendingChanges() {
    let clock = ManualClock()
    let window = makeWindow(clock: clock)
    let view = makeView("box")
    window.addSubview(view)
    let width = view.widthAnchor.constraint(equalToConstant: 10)
    NSLayoutConstraint.activate([
      width, view.heightAnchor.constraint(equalToConstant: 10),
      view.leadingAnchor.constraint(equalTo: window.leadingAnchor),
      view.topAnchor.constraint(equalTo: window.topAnchor),
    ])
    clock.advance(by: 1.0 / 60)
    #expect(view.frame.width == 10)
    width.constant = 30
    clock.advance(by: 1.0 / 60)
    #expect(view.frame.width == 30)
  }
}

import Testing
import ViewKit

@MainActor
@Suite struct KeyframeAndRepeatTests {
  let clock = ManualClock()

  func setUp() -> (UIWindow, UIView) {
    let window = makeWindow(clock: clock)
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 10))
    window.addSubview(view)
    return (window, view)
  }

  func x(_ view: UIView) -> CGFloat { view.layer.presentation()?.frame.minX ?? .nan }

  @Test func autoreverseGoesThereAndBackThenShowsTheModelValue() {
    let (_, view) = setUp()
    var done: [Double] = []
    UIView.animate(
      withDuration: 1, delay: 0, options: [.autoreverse, .curveLinear],
      animations: { view.frame.origin.x = 100 }, completion: { _ in done.append(clock.now) })
    #expect(view.frame.minX == 100)
    clock.advance(by: 0.5)
    #expect(abs(x(view) - 50) < 1e-9)
    clock.advance(by: 0.5)
    #expect(abs(x(view) - 100) < 1e-9)
    clock.advance(by: 0.25)
    #expect(abs(x(view) - 75) < 1e-9)
    #expect(done.isEmpty)
    clock.advance(by: 0.75)
    #expect(done == [2])
    // After the reverse leg UIKit shows the model value.
    clock.advance(by: 0.01)
    #expect(x(view) == 100)
    #expect(view.layer.animationKeys() == nil)
  }

  @Test func repeatRunsForeverWithoutCompletionUntilRemoved() {
    let (_, view) = setUp()
    var completed = false
    UIView.animate(
      withDuration: 0.4, delay: 0, options: [.repeat, .curveLinear],
      animations: { view.alpha = 0 }, completion: { _ in completed = true })
    for cycle in 0..<5 {
      clock.advance(by: 0.1)
      let opacity = view.layer.presentation()?.opacity ?? -1
      #expect(abs(opacity - 0.75) < 1e-6, "cycle \(cycle)")
      clock.advance(by: 0.3)
    }
    #expect(!completed)
    #expect(view.layer.animationKeys() == ["opacity"])
    view.layer.removeAllAnimations()
    #expect(view.layer.presentation()?.opacity == 0)
  }

  @Test func repeatWithAutoreversePingPongs() {
    let (_, view) = setUp()
    UIView.animate(
      withDuration: 1, delay: 0, options: [.repeat, .autoreverse, .curveLinear],
      animations: { view.frame.origin.x = 100 })
    var samples: [CGFloat] = []
    for _ in 0..<8 {
      clock.advance(by: 0.5)
      samples.append((x(view) * 100).rounded() / 100)
    }
    #expect(samples == [50, 100, 50, 0, 50, 100, 50, 0])
  }

  @Test func modifyAnimationsSetsAFiniteRepeatCount() {
    let (_, view) = setUp()
    var done: [Double] = []
    UIView.animate(
      withDuration: 1, delay: 0, options: [.curveLinear],
      animations: {
        UIView.modifyAnimations(withRepeatCount: 2, autoreverses: false) {
          view.frame.origin.x = 100
        }
      }, completion: { _ in done.append(clock.now) })
    clock.advance(by: 1.5)
    #expect(abs(x(view) - 50) < 1e-9)
    clock.advance(by: 0.6)
    #expect(x(view) == 100)
    // The outer block's completion is at its own end.
    #expect(done == [1])
  }

  @Test func keyframesChainFromEachOthersValues() {
    let (_, view) = setUp()
    var done: [Double] = []
    UIView.animateKeyframes(
      withDuration: 1, delay: 0.5,
      animations: {
        UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
          view.frame.origin.x = 100
        }
        UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.25) {
          view.frame.origin.y = 40
        }
        UIView.addKeyframe(withRelativeStartTime: 0.75, relativeDuration: 0.25) {
          view.frame.origin.x = 0
        }
      }, completion: { _ in done.append(clock.now) })
    #expect(view.frame.origin == CGPoint(x: 0, y: 40))
    var trace: [String] = []
    for _ in 0..<7 {
      let frame = view.layer.presentation()?.frame ?? .null
      trace.append(String(format: "%g,%g", frame.minX, frame.minY))
      clock.advance(by: 0.25)
    }
    #expect(trace == ["0,0", "0,0", "0,0", "50,0", "100,0", "100,40", "0,40"])
    #expect(done == [1.5])
  }

  @Test func discreteKeyframesJump() {
    let (_, view) = setUp()
    UIView.animateKeyframes(
      withDuration: 1, delay: 0, options: [.calculationModeDiscrete],
      animations: {
        UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.alpha = 0.2 }
      })
    clock.advance(by: 0.49)
    #expect(abs((view.layer.presentation()?.opacity ?? 0) - 1) < 1e-6)
    clock.advance(by: 0.02)
    #expect(abs((view.layer.presentation()?.opacity ?? 0) - 0.2) < 1e-6)
  }

  @Test func addKeyframeOutsideAKeyframeAnimationIsNotAnimated() {
    let (_, view) = setUp()
    UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.alpha = 0.5 }
    UIView.animate(withDuration: 1) {
      UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) {
        view.frame.origin.x = 50
      }
    }
    #expect(view.alpha == 0.5)
    #expect(view.layer.animationKeys() == nil)
  }
}

import Testing
import ViewKit

/// The graph of Guides/Spec.md §13.2, every frame checked in both states, a prompt sliding in and
/// out on a manual clock.
@MainActor
@Suite struct SampleGraphTests {
  let clock = ManualClock()
  let window: UIWindow
  let navMap: UIView
  let sample: SampleGraph

  init() {
    window = makeWindow(clock: clock)
    navMap = UIView(frame: window.bounds)
    navMap.accessibilityIdentifier = "navMap"
    window.addSubview(navMap)
    sample = SampleGraph(navMap: navMap)
  }

  func makePrompt(_ name: String) -> UIView {
    let prompt = makeView(name, intrinsic: CGSize(width: 390, height: 120))
    prompt.frame = CGRect(x: 0, y: 0, width: 390, height: 120)
    return prompt
  }

  func frames() -> [String: String] {
    var result: [String: String] = [:]
    for view in [sample.stack, sample.logo, sample.viewport, sample.turnCard, sample.etaCard]
    where view.superview != nil {
      result[view.accessibilityIdentifier!] = view.frame.short
    }
    return result
  }

  @Test func navigationReadyFrames() {
    sample.enableNavigationUI()
    window.layoutIfNeeded()
    #expect(
      frames() == [
        "stack": "334,47,56,763", "logo": "0,786,80,24", "viewport": "0,47,390,763",
      ])
    #expect(sample.mapContentsBottomGuide.layoutFrame.minY == 810)
    #expect(window.layoutIssues.isEmpty)
    // G has no horizontal constraints: ambiguous, harmlessly (V6).
    #expect(sample.mapContentsBottomGuide.hasAmbiguousLayout)
    #expect(!sample.viewport.hasAmbiguousLayout)
    #expect(!sample.logo.hasAmbiguousLayout)
  }

  @Test func activeGuidanceFramesAndBackToReady() {
    sample.enableNavigationUI()
    window.layoutIfNeeded()
    sample.startGuidance()
    window.layoutIfNeeded()
    #expect(
      frames() == [
        "turnCard": "0,0,390,150", "etaCard": "0,744,390,100", "stack": "334,150,56,594",
        "logo": "0,720,80,24", "viewport": "0,150,390,594",
      ])
    sample.stopGuidance()
    window.layoutIfNeeded()
    #expect(
      frames() == [
        "stack": "334,47,56,763", "logo": "0,786,80,24", "viewport": "0,47,390,763",
      ])
    sample.disableNavigationUI()
    window.layoutIfNeeded()
    #expect(navMap.subviews.isEmpty)
    #expect(navMap.layoutGuides.isEmpty)
    #expect(window.layoutIssues.isEmpty)
  }

  @Test func promptSlidesInAndOut() {
    sample.enableNavigationUI()
    sample.startGuidance()
    window.layoutIfNeeded()
    let prompt = makePrompt("prompt")
    sample.showPrompt(prompt)
    // Model values are final at once; the presentation starts off screen.
    #expect(prompt.frame.short == "0,724,390,120")
    #expect(sample.logo.frame.short == "0,700,80,24")
    #expect(prompt.layer.presentation()?.frame.short == "0,844,390,120")
    #expect(sample.logo.layer.presentation()?.frame.short == "0,720,80,24")
    clock.advance(by: 0.2)
    #expect(prompt.layer.presentation()?.frame.short == "0,784,390,120")
    #expect(sample.logo.layer.presentation()?.frame.short == "0,710,80,24")
    #expect(sample.viewport.layer.presentation()?.frame.short == "0,150,390,584")
    #expect(sample.log.isEmpty)
    clock.advance(by: 0.2)
    #expect(prompt.layer.presentation()?.frame.short == "0,724,390,120")
    #expect(sample.log == ["shown prompt"])
    #expect(prompt.layer.animationKeys() == nil)

    sample.hidePrompt(prompt)
    #expect(prompt.frame.short == "0,844,390,120")
    #expect(sample.logo.frame.short == "0,720,80,24")
    #expect(prompt.superview === navMap)
    clock.advance(by: 0.2)
    #expect(prompt.layer.presentation()?.frame.short == "0,784,390,120")
    #expect(prompt.superview === navMap)
    clock.advance(by: 0.2)
    #expect(sample.log == ["shown prompt", "removed prompt"])
    #expect(prompt.superview == nil)
    // Removing the prompt deactivated its constraints (V2).
    #expect(prompt.constraints.isEmpty)
    window.layoutIfNeeded()
    #expect(sample.logo.frame.short == "0,720,80,24")
    #expect(window.layoutIssues.isEmpty)
  }

  @Test func changePromptRunsBothAnimationsAndKeepsTheOldGuideConstraintUntilRemoval() {
    sample.enableNavigationUI()
    sample.startGuidance()
    window.layoutIfNeeded()
    let first = makePrompt("first")
    sample.showPrompt(first)
    clock.advance(by: 0.4)
    let second = makePrompt("second")
    second.frame = CGRect(x: 0, y: 0, width: 390, height: 60)
    (second as! FixedSizeView).size = CGSize(width: 390, height: 60)
    sample.changePrompt(from: first, to: second)
    // The old prompt is on its way out but still bounds G from above.
    #expect(first.frame.short == "0,844,390,120")
    #expect(second.frame.short == "0,784,390,60")
    #expect(sample.logo.frame.short == "0,720,80,24")
    clock.advance(by: 0.2)
    #expect(first.layer.presentation()?.frame.short == "0,784,390,120")
    #expect(second.layer.presentation()?.frame.short == "0,814,390,60")
    clock.advance(by: 0.2)
    #expect(sample.log == ["shown first", "removed first", "shown second"])
    window.layoutIfNeeded()
    #expect(sample.logo.frame.short == "0,720,80,24")
    #expect(second.frame.short == "0,784,390,60")
  }

  @Test func disableWithPromptOnScreenAndLateHideAreHarmless() {
    sample.enableNavigationUI()
    window.layoutIfNeeded()
    let prompt = makePrompt("prompt")
    sample.showPrompt(prompt)
    sample.disableNavigationUI()
    sample.hidePrompt(prompt)
    clock.advance(by: 1)
    #expect(navMap.subviews.isEmpty)
    #expect(sample.log == ["shown prompt"])
    #expect(window.layoutIssues.isEmpty)
  }
}

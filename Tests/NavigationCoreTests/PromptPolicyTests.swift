import Testing

@testable import NavigationCore

@Suite struct PromptPolicyTests {
  let policy = PromptPolicy()

  func titles(_ events: [PromptEvent]) -> [String] {
    events.map {
      switch $0 {
      case .show(let p): return "show \(p.title)"
      case .change(let a, let b): return "change \(a.title)->\(b.title)"
      case .hide(let p): return "hide \(p.title)"
      }
    }
  }

  @Test func showsThenAutoDismissesThenRespectsGap() {
    var s = PromptQueueState()
    var e: [PromptEvent]
    (s, e) = policy.raise(s, kind: .incident, title: "Accident", now: 0)
    #expect(titles(e) == ["show Accident"])
    (s, e) = policy.raise(s, kind: .betterRoute, title: "Faster", now: 1)
    #expect(e.isEmpty)
    (s, e) = policy.update(s, now: 10)
    #expect(titles(e) == ["hide Accident"])
    (s, e) = policy.update(s, now: 30)
    #expect(e.isEmpty)
    (s, e) = policy.update(s, now: 40)
    #expect(titles(e) == ["show Faster"])
  }

  @Test func higherPriorityReplacesThroughChange() {
    var s = PromptQueueState()
    var e: [PromptEvent]
    (s, _) = policy.raise(s, kind: .traffic, title: "Slow", now: 0)
    (s, e) = policy.raise(s, kind: .incident, title: "Crash", now: 2)
    #expect(titles(e) == ["change Slow->Crash"])
    (s, e) = policy.raise(s, kind: .betterRoute, title: "Faster", now: 3)
    #expect(e.isEmpty)
    #expect(s.pending.map(\.title) == ["Faster"])
  }

  @Test func noneNearAManeuver() {
    var s = PromptQueueState()
    var e: [PromptEvent]
    (s, e) = policy.raise(s, kind: .incident, title: "Crash", now: 0, distanceToManeuver: 50)
    #expect(e.isEmpty)
    (s, e) = policy.update(s, now: 5, distanceToManeuver: 150)
    #expect(e.isEmpty)
    (s, e) = policy.update(s, now: 6, distanceToManeuver: 900)
    #expect(titles(e) == ["show Crash"])
  }

  @Test func suppressionFlagHidesSDKPromptsButNotAppPrompts() {
    var p = policy
    var s = PromptQueueState()
    var e: [PromptEvent]
    (s, _) = p.raise(s, kind: .incident, title: "Crash", now: 0)
    p.shouldDisplayPrompts = false
    (s, e) = p.update(s, now: 1)
    #expect(titles(e) == ["hide Crash"])
    (s, e) = p.raise(s, kind: .traffic, title: "Jam", now: 2)
    #expect(e.isEmpty && s.pending.isEmpty)
    (s, e) = p.raise(s, kind: .app, title: "Accident ahead", now: 3)
    #expect(titles(e) == ["show Accident ahead"])
    (s, e) = p.update(s, now: 500)
    #expect(e.isEmpty)
    (s, e) = p.dismiss(s, now: 501)
    #expect(titles(e) == ["hide Accident ahead"])
  }

  @Test func appPromptsAlwaysReplaceAndIgnoreGapAndManeuver() {
    var s = PromptQueueState()
    var e: [PromptEvent]
    (s, _) = policy.raise(s, kind: .incident, title: "Crash", now: 0)
    (s, e) = policy.raise(s, kind: .app, title: "Mine", now: 1, distanceToManeuver: 10)
    #expect(titles(e) == ["change Crash->Mine"])
    (s, e) = policy.raise(s, kind: .app, title: "Mine 2", now: 2)
    #expect(titles(e) == ["change Mine->Mine 2"])
    (s, e) = policy.raise(s, kind: .incident, title: "Crash 2", now: 3)
    #expect(e.isEmpty)
  }

  @Test func duplicatesAndStalePromptsAreDropped() {
    var s = PromptQueueState()
    (s, _) = policy.raise(s, kind: .incident, title: "Crash", now: 0)
    (s, _) = policy.raise(s, kind: .incident, title: "Crash", now: 1)
    #expect(s.pending.isEmpty)
    (s, _) = policy.raise(s, kind: .traffic, title: "Jam", now: 2)
    (s, _) = policy.raise(s, kind: .traffic, title: "Jam", now: 3)
    #expect(s.pending.count == 1)
    var e: [PromptEvent]
    (s, e) = policy.update(s, now: 500, distanceToManeuver: 50)
    #expect(titles(e) == ["hide Crash"])
    #expect(s.pending.isEmpty)
  }
}

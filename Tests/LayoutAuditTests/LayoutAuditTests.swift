import Foundation
import LayoutAudit
import NavigationUI
import Testing
import ViewKit

@MainActor
struct LayoutAuditTests {
  func audit(_ make: () -> any NavigationLayoutDelegate) -> [LayoutFinding] {
    LayoutAudit(matrix: .quick).run(makeDelegate: make)
  }

  func rules(_ findings: [LayoutFinding]) -> Set<LayoutRule> { Set(findings.map(\.rule)) }

  @Test func sampleDelegatePasses() {
    let findings = audit { BasicLayoutDelegate() }
    #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
  }

  @Test func wideModeDelegatePasses() {
    let findings = audit { WideModeDelegate() }
    #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
  }

  @Test func bottomSheetDelegatePasses() {
    let findings = audit { BottomSheetDelegate() }
    #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
  }

  @Test func unbrokenCopyPasses() {
    let findings = audit { BrokenDelegate(.none) }
    #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
  }

  @Test(arguments: [
    (BrokenDelegate.Breakage.noLogoInGuidance, LayoutRule.d3),
    (.logoOutsideMap, .d5),
    (.turnCardLeftBehind, .d7),
    (.leftAnchor, .d8),
    (.conflict, .conflict),
    (.widthOnLogo, .d4),
    (.viewportUnderSafeTop, .d13),
    (.trailingCardsWhenWide, .d15),
    (.tinyButton, .touchTarget),
    (.opaqueCover, .opaqueViewport),
    (.ambiguousView, .ambiguous),
    (.hideStackedButton, .d12),
    (.promptOverViewport, .d14),
    (.logoOutsideSafeArea, .safeArea),
    (.badgeOverTurnCard, .overlap),
    (.legacyGuide, .d9),
    (.legacySetting, .d9),
    (.viewInsideTurnCard, .d10),
    (.constraintToTurnCardInsides, .d10),
    (.buttonByIndex, .d11),
    (.speedWidgetNeighbourByConstant, .d16),
  ])
  func brokenDelegateIsCaught(breakage: BrokenDelegate.Breakage, rule: LayoutRule) {
    let findings = audit { BrokenDelegate(breakage) }
    #expect(
      rules(findings).contains(rule),
      "\(breakage): \(findings.map(\.description).joined(separator: "\n"))")
    let hit = findings.first { $0.rule == rule }
    #expect(hit?.views.isEmpty == false)
    #expect(hit?.state.isEmpty == false)
    #expect((hit?.size.width ?? 0) > 0)
  }

  /// Every rule of the audit is caught: for each case of `LayoutRule` a delegate that breaks
  /// it gets a finding of exactly that rule, with views, a state and a size.
  @Test(arguments: LayoutRule.allCases)
  func everyRuleHasADelegateThatBreaksIt(rule: LayoutRule) {
    let breakage = BrokenDelegate.Breakage.breaking(rule)
    let findings = audit { BrokenDelegate(breakage) }
    let hit = findings.first { $0.rule == rule }
    #expect(
      hit != nil, "\(rule) (\(breakage)): \(findings.map(\.description).joined(separator: "\n"))")
    #expect(hit?.views.isEmpty == false)
    #expect(hit?.state.isEmpty == false)
    #expect((hit?.size.width ?? 0) > 0)
    #expect(hit?.description.hasPrefix("[\(rule.id)] ") == true)
  }

  /// Findings print the rules' spellings of Guides/LayoutAudit.md, and read back from them.
  @Test func ruleSpellings() {
    #expect(
      LayoutRule.allCases.map(\.id) == [
        "D3", "D4", "D5", "D7", "D8", "D9", "D10", "D11", "D12", "D13", "D14", "D15", "D16",
        "overlap", "opaque-viewport", "conflict", "constraint-misuse", "ambiguous",
        "touch-target", "safe-area", "setup",
      ])
    for rule in LayoutRule.allCases { #expect(LayoutRule(rawValue: rule.id) == rule) }
    #expect(LayoutRule(rawValue: "D6") == nil)
  }

  @Test func declaredOverlapsPass() {
    let broken = audit { BrokenDelegate(.badgeOverTurnCard) }
    #expect(broken.contains { $0.rule == .overlap && Set($0.views) == ["badge", "turnCard"] })
    let allowed = LayoutAudit(
      matrix: .quick, allowedOverlaps: [AllowedOverlap("turnCard", "badge")]
    )
    .run { BrokenDelegate(.badgeOverTurnCard) }
    #expect(allowed.isEmpty, "\(allowed.map(\.description).joined(separator: "\n"))")
    let declared = audit { DeclaringBadgeDelegate() }
    #expect(declared.isEmpty, "\(declared.map(\.description).joined(separator: "\n"))")
    let elsewhere = LayoutAudit(
      matrix: .quick,
      allowedOverlaps: [AllowedOverlap("turnCard", "badge", inStatesStartingWith: "ready")]
    ).run { BrokenDelegate(.badgeOverTurnCard) }
    #expect(elsewhere.contains { $0.rule == .overlap })
  }

  @Test func builtInLayoutPassesOnTheDefaultMatrix() {
    let findings = LayoutAudit(matrix: .default).runBuiltInLayout()
    #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
  }

  /// The built-in trip progress bar keeps its legacy geometry (Guides/Spec.md §12.6: 210 pt above
  /// bottom, drawn beneath the other views where it overlaps them): its overlaps are declared,
  /// and declared is all they may be.
  @Test func builtInLayoutWithTripProgressBar() {
    let beneath = ["turnCard", "etaCard", "speedWidget", "prompt", "googleLogo", "reportButton"]
    let undeclared = LayoutAudit(matrix: .default).runBuiltInLayout {
      $0.settings.isNavigationTripProgressBarEnabled = true
    }
    #expect(undeclared.contains { $0.rule == .overlap && $0.views.contains("tripProgressBar") })
    #expect(undeclared.allSatisfy { $0.rule == .overlap && $0.views.contains("tripProgressBar") })
    let declared = LayoutAudit(
      matrix: .default, allowedOverlaps: beneath.map { AllowedOverlap("tripProgressBar", $0) }
    ).runBuiltInLayout { $0.settings.isNavigationTripProgressBarEnabled = true }
    #expect(declared.isEmpty, "\(declared.map(\.description).joined(separator: "\n"))")
  }

  @Test func builtInLayoutIsActuallyChecked() {
    var frames = 0
    var audit = LayoutAudit(matrix: .quick)
    audit.onFailingFrame = { _ in frames += 1 }
    #expect(audit.runBuiltInLayout().isEmpty)
    #expect(frames == 0)
    // The same run sees the built-in components: a broken delegate's frames do get reported.
    _ = audit.run { BrokenDelegate(.badgeOverTurnCard) }
    #expect(frames > 0)
  }

  @Test func quickMatrixIsSmallAndDefaultCoversTheSpace() {
    #expect(AuditMatrix.quick.configurations.count == 2)
    let d = AuditMatrix.default.configurations
    #expect(d.contains { $0.rightToLeft } && d.contains { !$0.rightToLeft })
    #expect(d.contains { $0.size.width > $0.size.height })
    #expect(d.allSatisfy { $0.resize != nil })
  }

  @Test func deterministic() {
    let a = audit { BrokenDelegate(.leftAnchor) }
    let b = audit { BrokenDelegate(.leftAnchor) }
    #expect(a == b)
  }
}

/// The badge breakage, with the overlap declared by the delegate itself.
@MainActor
final class DeclaringBadgeDelegate: NavigationLayoutDelegate, LayoutAuditDeclaring {
  let inner = BrokenDelegate(.badgeOverTurnCard)
  var allowedOverlaps: [AllowedOverlap] { [AllowedOverlap("badge", "turnCard")] }
  func enableNavigationUI(navMap: GMSMapView, newState: any NavigationReadyUIState) {
    inner.enableNavigationUI(navMap: navMap, newState: newState)
  }
  func disableNavigationUI(navMap: GMSMapView, oldState: any NavigationReadyUIState) {
    inner.disableNavigationUI(navMap: navMap, oldState: oldState)
  }
  func startGuidance(
    navMap: GMSMapView, newState: any ActiveGuidanceUIState, oldState: any NavigationReadyUIState
  ) {
    inner.startGuidance(navMap: navMap, newState: newState, oldState: oldState)
  }
  func stopGuidance(
    navMap: GMSMapView, newState: any NavigationReadyUIState, oldState: any ActiveGuidanceUIState
  ) {
    inner.stopGuidance(navMap: navMap, newState: newState, oldState: oldState)
  }
  func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {
    inner.showPrompt(navMap: navMap, newPrompt: newPrompt)
  }
  func hidePrompt(navMap: GMSMapView, oldPrompt: NavigationPromptView) {
    inner.hidePrompt(navMap: navMap, oldPrompt: oldPrompt)
  }
  func changePrompt(
    navMap: GMSMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView
  ) {
    inner.changePrompt(navMap: navMap, newPrompt: newPrompt, oldPrompt: oldPrompt)
  }
}

/// A delegate that does nothing at all (every callback is the protocol's no-op default).
@MainActor
final class EmptyDelegate: NavigationLayoutDelegate {}

/// The sample delegate, but prompts are never removed and a layout guide leaks on disable.
@MainActor
final class LeakyDelegate: NavigationLayoutDelegate {
  let inner = BasicLayoutDelegate()
  func enableNavigationUI(navMap: GMSMapView, newState: any NavigationReadyUIState) {
    inner.enableNavigationUI(navMap: navMap, newState: newState)
  }
  func disableNavigationUI(navMap: GMSMapView, oldState: any NavigationReadyUIState) {
    inner.disableNavigationUI(navMap: navMap, oldState: oldState)
    navMap.addLayoutGuide(UILayoutGuide())
  }
  func startGuidance(
    navMap: GMSMapView, newState: any ActiveGuidanceUIState, oldState: any NavigationReadyUIState
  ) {
    inner.startGuidance(navMap: navMap, newState: newState, oldState: oldState)
  }
  func stopGuidance(
    navMap: GMSMapView, newState: any NavigationReadyUIState, oldState: any ActiveGuidanceUIState
  ) {
    inner.stopGuidance(navMap: navMap, newState: newState, oldState: oldState)
  }
  func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {
    navMap.addSubview(newPrompt)
    NSLayoutConstraint.activate([
      newPrompt.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor),
      newPrompt.topAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.topAnchor),
    ])
  }
  func changePrompt(
    navMap: GMSMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView
  ) {
    showPrompt(navMap: navMap, newPrompt: newPrompt)
  }
}

@MainActor
struct LayoutAuditRobustnessTests {
  @Test func emptyDelegateIsReportedNotCrashed() {
    let findings = LayoutAudit(matrix: .quick).run { EmptyDelegate() }
    let d3 = findings.filter { $0.rule == .d3 }
    #expect(d3.contains { $0.state == "ready" && $0.views == ["googleLogo"] })
    #expect(d3.contains { $0.state == "guidance" && $0.views == ["viewport"] })
  }

  @Test func leakedPromptsAndGuidesAreD7() {
    let findings = LayoutAudit(matrix: .quick).run { LeakyDelegate() }
    let d7 = findings.filter { $0.rule == .d7 }
    #expect(d7.contains { $0.state.hasPrefix("ready") && $0.views.contains("prompt") })
    #expect(d7.contains { $0.state.hasPrefix("non-navigation") && $0.message.contains("guide") })
    #expect(d7.contains { $0.state.hasPrefix("non-navigation") && $0.views.contains("prompt") })
  }

  @Test func sampleDelegateIsCleanOnTheDefaultMatrix() {
    let findings = LayoutAudit(matrix: .default).run { BasicLayoutDelegate() }
    #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
    #expect(AuditMatrix.default.configurations.count == 12)
  }

  @Test func wideAndSheetDelegatesAreCleanOnTheDefaultMatrix() {
    for make in [
      { WideModeDelegate() } as () -> any NavigationLayoutDelegate, { BottomSheetDelegate() },
    ] {
      let findings = LayoutAudit(matrix: .default).run(makeDelegate: make)
      #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
    }
  }
}

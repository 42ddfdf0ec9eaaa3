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

  func rules(_ findings: [LayoutFinding]) -> Set<String> { Set(findings.map(\.rule)) }

  @Test func sampleDelegatePasses() {
    let findings = audit { BasicLayoutDelegate() }
    #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
  }

  /// The wide-mode example is clean but for D14: in standard (portrait) mode its prompt sits
  /// on the safe-area bottom, over the bottom-aligned report button, and after a rotation to
  /// wide mode the 360 pt prompt from the safe leading edge reaches into the viewport.
  @Test func wideModeDelegatePassesButForItsPromptOverTheReportButton() {
    let findings = audit { WideModeDelegate() }
    #expect(findings.contains { $0.views == ["prompt", "reportButton"] })
    #expect(
      findings.allSatisfy { $0.rule == "D14" && $0.views.first == "prompt" },
      "\(findings.map(\.description).joined(separator: "\n"))")
  }

  /// The bottom-sheet example is portrait-only: it passes in portrait, both directions.
  @Test func bottomSheetDelegatePassesInPortrait() {
    let portrait = AuditMatrix(
      configurations: [false, true].map { rtl in
        AuditConfiguration(
          name: "phone portrait", size: CGSize(width: 390, height: 844),
          safeArea: UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0), rightToLeft: rtl)
      })
    let findings = LayoutAudit(matrix: portrait).run { BottomSheetDelegate() }
    #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
  }

  /// In landscape, its 220 pt sheet, a prompt and the turn card leave the viewport no room:
  /// the audit reports the turn card over the vehicle.
  @Test func bottomSheetDelegateInLandscapeHasTheTurnCardOverTheViewport() {
    let findings = audit { BottomSheetDelegate() }
    #expect(!findings.isEmpty)
    #expect(findings.allSatisfy { $0.rule == "opaque-viewport" && $0.size.width == 844 })
    print(findings.map(\.description).joined(separator: "\n"))
  }

  @Test func unbrokenCopyPasses() {
    let findings = audit { BrokenDelegate(.none) }
    #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
  }

  @Test(arguments: [
    (BrokenDelegate.Breakage.noLogoInGuidance, "D3"),
    (.logoOutsideMap, "D5"),
    (.turnCardLeftBehind, "D7"),
    (.leftAnchor, "D8"),
    (.conflict, "conflict"),
    (.widthOnLogo, "D4"),
    (.viewportUnderSafeTop, "D13"),
    (.trailingCardsWhenWide, "D15"),
    (.tinyButton, "touch-target"),
    (.opaqueCover, "opaque-viewport"),
    (.ambiguousView, "ambiguous"),
    (.hideStackedButton, "D12"),
    (.promptOverViewport, "D14"),
    (.logoOutsideSafeArea, "safe-area"),
  ])
  func brokenDelegateIsCaught(breakage: BrokenDelegate.Breakage, rule: String) {
    let findings = audit { BrokenDelegate(breakage) }
    #expect(
      rules(findings).contains(rule),
      "\(breakage): \(findings.map(\.description).joined(separator: "\n"))")
    let hit = findings.first { $0.rule == rule }
    #expect(hit?.views.isEmpty == false)
    #expect(hit?.state.isEmpty == false)
    #expect((hit?.size.width ?? 0) > 0)
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
    let d3 = findings.filter { $0.rule == "D3" }
    #expect(d3.contains { $0.state == "ready" && $0.views == ["googleLogo"] })
    #expect(d3.contains { $0.state == "guidance" && $0.views == ["viewport"] })
  }

  @Test func leakedPromptsAndGuidesAreD7() {
    let findings = LayoutAudit(matrix: .quick).run { LeakyDelegate() }
    let d7 = findings.filter { $0.rule == "D7" }
    #expect(d7.contains { $0.state.hasPrefix("ready") && $0.views.contains("prompt") })
    #expect(d7.contains { $0.state.hasPrefix("non-navigation") && $0.message.contains("guide") })
    #expect(d7.contains { $0.state.hasPrefix("non-navigation") && $0.views.contains("prompt") })
  }

  @Test func sampleDelegateIsCleanOnTheDefaultMatrix() {
    let findings = LayoutAudit(matrix: .default).run { BasicLayoutDelegate() }
    #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
    #expect(AuditMatrix.default.configurations.count == 12)
  }
}

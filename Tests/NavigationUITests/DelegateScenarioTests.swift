import Foundation
import NavigationCore
import NavigationUI
import Testing
import ViewKit

@testable import Demo

/// Drives a delegate through every transition and prompt show/change/hide, checking the
/// callback order, that required components are present in every state and that nothing
/// from one state is left in the next.
@MainActor
func driveEveryTransition(
  _ h: Harness, _ recorder: RecordingDelegate, resizeTo: CGRect? = nil,
  duringGuidance: (any ActiveGuidanceUIState) -> Void = { _ in }
) throws {
  let guidesBefore = h.mapView.layoutGuides.count
  #expect(h.enableAndRoute() == .OK)
  let ready = try #require(recorder.ready)
  #expect(ready.googleLogo.isDescendant(of: h.mapView))
  #expect(ready.viewport.isDescendant(of: h.mapView))
  let readyViews = h.onMap
  h.navigator.isGuidanceActive = true
  let g = try #require(recorder.guidance)
  #expect(g.googleLogo.isDescendant(of: h.mapView))
  #expect(g.viewport.isDescendant(of: h.mapView))
  h.mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
  h.clock.advance(by: 5)
  duringGuidance(g)
  let promptsBefore = recorder.prompts.count
  #expect(h.navigator.showPrompt(.incident(title: "Accident ahead")))
  h.clock.advance(by: 1)
  #expect(h.navigator.showPrompt(.betterRoute(title: "2 min faster", savings: 120)))
  h.clock.advance(by: 1)
  h.navigator.dismissPrompt()
  h.clock.advance(by: 1)
  #expect(recorder.prompts.count == promptsBefore + 2)
  #expect(recorder.prompts.allSatisfy { $0.superview == nil })
  if let resizeTo {
    h.window.frame = resizeTo
    h.mapView.frame = CGRect(origin: .zero, size: resizeTo.size)
    h.window.layoutIfNeeded()
    #expect(g.googleLogo.isDescendant(of: h.mapView))
    #expect(g.viewport.isDescendant(of: h.mapView))
  }
  h.navigator.showPrompt(.traffic(title: "Heavy traffic", distance: 900))
  h.clock.advance(by: 1)
  h.navigator.isGuidanceActive = false
  h.clock.advance(by: 1)
  #expect(g.turnCard.superview == nil)
  #expect(g.etaCard.superview == nil)
  #expect(g.speedWidget.superview == nil)
  #expect(g.tripProgressBar.superview == nil)
  #expect(recorder.prompts.allSatisfy { $0.superview == nil })
  if resizeTo == nil { #expect(h.onMap == readyViews) }
  #expect(g.googleLogo.isDescendant(of: h.mapView))
  h.mapView.isNavigationEnabled = false
  h.clock.advance(by: 1)
  #expect(h.navigationSubviews.isEmpty)
  // The built-in layout's four guides, the alternate buttons guide among them (made once: it
  // also places the plain map's compass).
  #expect(h.mapView.layoutGuides.count <= guidesBefore + 4)
  #expect(h.mapView.layoutIssues.isEmpty)
}

@MainActor
struct DelegateScenarioTests {
  static let landscape = CGRect(x: 0, y: 0, width: 844, height: 390)
  static let landscapeSafe = UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47)

  @Test func sampleDelegateEveryTransition() throws {
    let recorder = RecordingDelegate(BasicLayoutDelegate())
    let h = try Harness(delegate: recorder)
    try driveEveryTransition(h, recorder)
    #expect(
      recorder.log == [
        "enable wide=false", "start wide=false", "show", "change", "hide", "show", "hide", "stop",
        "disable",
      ])
  }

  @Test func wideModeDelegateInLandscape() throws {
    let delegate = WideModeDelegate()
    let recorder = RecordingDelegate(delegate)
    let h = try Harness(frame: Self.landscape, safeArea: Self.landscapeSafe, delegate: recorder)
    h.mapView.shouldDisplaySpeedometer = true
    h.mapView.shouldDisplaySpeedLimit = true
    try driveEveryTransition(h, recorder, resizeTo: Harness.portrait) { g in
      #expect(g.wideMode)
      #expect(delegate.variant == "wide")
      let turn = h.frame(g.turnCard)
      let eta = h.frame(g.etaCard)
      #expect(approx(turn, CGRect(x: 0, y: 0, width: 360, height: 120)))
      #expect(approx(eta.width, 360) && approx(eta.maxY, 390) && eta.minX == 0)
      #expect(approx(h.frame(g.viewport).minX, 360))
      #expect(approx(h.frame(g.viewport).maxX, 844 - 47))
      // Trip progress bar, speed widget and logo on the trailing side of the cards.
      let bar = h.frame(g.tripProgressBar)
      #expect(approx(bar.width, 12))
      #expect(approx(bar.minX, 360 + 8))
      #expect(bar.height > 50)
      let speed = h.frame(g.speedWidget)
      #expect(speed.width > 0)
      #expect(approx(speed.minX, bar.maxX + 8))
      #expect(approx(speed.maxY, 390 - 21 - 8))
      #expect(h.frame(g.googleLogo).minX >= speed.maxX)
    }
    #expect(recorder.log.contains("size wide=false"))
    #expect(recorder.log.first == "enable wide=true")
    #expect(recorder.log[1] == "start wide=true")
  }

  @Test func wideModeToggleOnResizeReshapesCards() throws {
    let delegate = WideModeDelegate()
    let recorder = RecordingDelegate(delegate)
    let h = try Harness(delegate: recorder)
    h.enableAndRoute()
    h.navigator.isGuidanceActive = true
    let g = try #require(recorder.guidance)
    #expect(delegate.variant == "portrait")
    #expect(approx(h.frame(g.turnCard).width, 390))
    h.window.frame = Self.landscape
    h.window.setSafeAreaInsets(Self.landscapeSafe)
    h.mapView.frame = h.window.bounds
    h.window.layoutIfNeeded()
    #expect(recorder.log.last == "size wide=true")
    #expect(delegate.variant == "wide")
    #expect(approx(h.frame(g.turnCard).width, 360))
    #expect(approx(h.frame(g.viewport).minX, 360))
  }

  @Test func bottomSheetPromptsRoundedOnAllCorners() throws {
    let delegate = BottomSheetDelegate()
    let recorder = RecordingDelegate(delegate)
    let h = try Harness(delegate: recorder)
    try driveEveryTransition(h, recorder) { g in
      #expect(h.navigator.showPrompt(.incident(title: "Road closed")))
      let prompt = recorder.prompts.last!
      #expect(
        prompt.roundedCorners == [
          .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
        ])
      let sheetTop = 844 - delegate.sheetHeight
      #expect(approx(prompt.layer.presentation()!.frame.minY, sheetTop))
      h.clock.advance(by: 0.5)
      let frame = h.frame(prompt)
      #expect(approx(frame.maxY, sheetTop - 8))
      #expect(h.frame(g.viewport).maxY <= frame.minY + 0.001)
      #expect(h.frame(g.googleLogo).maxY <= frame.minY)
      #expect(g.etaCard.isDescendant(of: delegate.sheet))
      h.navigator.dismissPrompt()
      h.clock.advance(by: 0.5)
      #expect(approx(h.frame(g.viewport).maxY, sheetTop))
    }
    #expect(delegate.sheet.superview == nil)
  }

  @Test func rightToLeftMirrorsLeadingAndTrailing() throws {
    let delegate = WideModeDelegate()
    let recorder = RecordingDelegate(delegate)
    let h = try Harness(delegate: recorder)
    h.mapView.semanticContentAttribute = .forceRightToLeft
    h.mapView.navigationLocale = Locale(identifier: "ar")
    try driveEveryTransition(h, recorder) { g in
      let logo = h.frame(g.googleLogo)
      let report = h.frame(g.buttons.first { $0.type == .reporting }!.view)
      #expect(approx(report.minX, 0))  // in the hiding stack on the safe trailing edge
      #expect(logo.minX > report.maxX)
      let turn = g.turnCard
      let arrow = try! #require(
        turn.subviews.first { $0.accessibilityIdentifier == "turnCard.arrow" })
      #expect(arrow.frame.midX > turn.bounds.midX)
      #expect(turn.effectiveUserInterfaceLayoutDirection == .rightToLeft)
      let text =
        (turn.subviews.first { $0.accessibilityIdentifier == "turnCard.road" } as? UILabel)?.text
      #expect(text?.isEmpty == false)
    }
  }
}

import Foundation
import NavigationCore
import NavigationUI
import Testing
import ViewKit

@MainActor
struct SampleDelegateTests {
  @Test func readyStateFramesAndComponents() throws {
    let recorder = RecordingDelegate(BasicLayoutDelegate())
    let h = try Harness(delegate: recorder)
    h.mapView.isNavigationEnabled = true
    #expect(h.mapView.layoutCallbackLog == ["enableNavigationUI"])
    let ready = try #require(recorder.ready)
    #expect(!ready.wideMode)
    #expect(ready.buttons.contains { $0.type == .compass })
    #expect(ready.googleLogo.superview === h.mapView)
    #expect(ready.viewport.superview === h.mapView)
    #expect(!ready.googleLogo.translatesAutoresizingMaskIntoConstraints)
    let logo = h.frame(ready.googleLogo)
    #expect(logo.minX == 0)
    #expect(approx(logo.maxY, 844 - 34))
    let viewport = h.frame(ready.viewport)
    #expect(approx(viewport, CGRect(x: 0, y: 47, width: 390, height: 844 - 47 - 34)))
    let compass = h.frame(ready.buttons[0].view)
    #expect(compass.maxX == 390)
    #expect(approx(compass.maxY, 844 - 34))
    #expect(h.mapView.layoutIssues.isEmpty)
  }

  @Test func guidanceFramesCallbacksAndCleanup() throws {
    let recorder = RecordingDelegate(BasicLayoutDelegate())
    let h = try Harness(delegate: recorder)
    #expect(h.enableAndRoute() == .OK)
    let readyViews = h.onMap
    h.navigator.isGuidanceActive = true
    #expect(h.mapView.layoutCallbackLog == ["enableNavigationUI", "startGuidance"])
    let g = try #require(recorder.guidance)
    #expect(g.googleLogo === recorder.ready?.googleLogo)
    #expect(g.viewport === recorder.ready?.viewport)
    #expect(g.buttons.contains { $0.type == .reporting })
    let turn = h.frame(g.turnCard)
    #expect(approx(turn, CGRect(x: 0, y: 0, width: 390, height: 120 + 47)))
    let eta = h.frame(g.etaCard)
    #expect(approx(eta, CGRect(x: 0, y: 844 - 106, width: 390, height: 106)))
    let viewport = h.frame(g.viewport)
    #expect(approx(viewport.minY, turn.maxY))
    #expect(approx(viewport.maxY, eta.minY))
    #expect(approx(h.frame(g.googleLogo).maxY, eta.minY))
    #expect(h.mapView.layoutIssues.isEmpty)

    h.navigator.isGuidanceActive = false
    #expect(h.mapView.layoutCallbackLog.last == "stopGuidance")
    #expect(g.turnCard.superview == nil)
    #expect(g.etaCard.superview == nil)
    #expect(h.onMap == readyViews)
    h.mapView.isNavigationEnabled = false
    #expect(h.mapView.layoutCallbackLog.last == "disableNavigationUI")
    #expect(h.navigationSubviews.isEmpty)
  }

  @Test func promptsShowChangeHide() throws {
    let recorder = RecordingDelegate(BasicLayoutDelegate())
    let h = try Harness(delegate: recorder)
    h.enableAndRoute()
    h.navigator.isGuidanceActive = true
    let g = try #require(recorder.guidance)
    #expect(h.navigator.showPrompt(.incident(title: "Accident ahead")))
    let first = try #require(recorder.prompts.last)
    #expect(first.roundedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner])
    #expect(first.bounds.size == CGSize(width: 390, height: 88))
    // Starts just behind the ETA card (its top edge on the card's), slides up to rest on it.
    let etaTop = h.frame(g.etaCard).minY
    #expect(approx(etaTop, 844 - 106))
    #expect(first.layer.presentation()?.frame.minY == etaTop)
    #expect(first.superview === h.mapView)
    #expect(
      h.mapView.subviews.firstIndex { $0 === first }! < h.mapView.subviews.firstIndex {
        $0 === g.etaCard
      }!)
    h.clock.advance(by: 0.2)
    let mid = try #require(first.layer.presentation()?.frame)
    #expect(mid.minY < etaTop && mid.minY > etaTop - 88)
    h.clock.advance(by: 0.3)
    #expect(approx(h.frame(first).maxY, etaTop))
    #expect(h.frame(g.viewport).maxY <= h.frame(first).minY)
    #expect(h.frame(g.googleLogo).maxY <= h.frame(first).minY)

    h.navigator.showPrompt(.traffic(title: "Slow traffic", distance: 800))
    let second = try #require(recorder.prompts.last)
    #expect(second !== first)
    #expect(first.superview != nil)
    h.clock.advance(by: 0.5)
    #expect(first.superview == nil)
    #expect(approx(h.frame(second).maxY, etaTop))

    h.navigator.dismissPrompt()
    h.clock.advance(by: 0.5)
    #expect(second.superview == nil)
    #expect(approx(h.frame(g.viewport).maxY, h.frame(g.etaCard).minY))
    #expect(
      h.mapView.layoutCallbackLog == [
        "enableNavigationUI", "startGuidance", "showPrompt", "changePrompt", "hidePrompt",
      ])
  }

  @Test func promptOnScreenIsHiddenBeforeStopGuidance() throws {
    let recorder = RecordingDelegate(BasicLayoutDelegate())
    let h = try Harness(delegate: recorder)
    h.enableAndRoute()
    h.navigator.isGuidanceActive = true
    h.navigator.showPrompt(.incident(title: "Crash"))
    h.clock.advance(by: 1)
    h.mapView.isNavigationEnabled = false
    #expect(
      h.mapView.layoutCallbackLog == [
        "enableNavigationUI", "startGuidance", "showPrompt", "hidePrompt", "stopGuidance",
        "disableNavigationUI",
      ])
    h.clock.advance(by: 1)
    #expect(h.navigationSubviews.isEmpty)
  }
}

import Foundation
import NavigationCore
import NavigationUI
import Testing
import ViewKit

/// A header accessory that asks for 50 pt.
@MainActor
final class Accessory: UIView, GMSNavigationAccessoryView {
  var height: CGFloat = 50
  func heightForAccessoryViewConstrained(to size: CGSize, on mapView: GMSMapView) -> CGFloat {
    height
  }
}

@MainActor
func builtIn(_ configure: (Harness) -> Void = { _ in }) throws -> Harness {
  let h = try Harness(delegate: nil)
  configure(h)
  h.enableAndRoute()
  return h
}

@MainActor
func onMap(_ h: Harness, _ id: String) -> UIView? {
  // Direct subviews, or the buttons and speed widget in the built-in layout's hiding stacks.
  func find(_ view: UIView) -> UIView? {
    for sub in view.subviews {
      if sub.accessibilityIdentifier == id { return sub }
      if sub is GMSNavigationHidingStackView, let found = find(sub) { return found }
    }
    return nil
  }
  return find(h.mapView)
}

@MainActor
struct BuiltInLayoutTests {
  @Test func readyStateSlots() throws {
    let h = try builtIn()
    h.window.layoutIfNeeded()
    let logo = try #require(onMap(h, "googleLogo"))
    #expect(approx(h.frame(logo).minX, 12))
    #expect(approx(h.frame(logo).maxY, 844 - 34 - 12))
    let compass = try #require(onMap(h, "compassButton"))
    #expect(approx(h.frame(compass).maxX, 390 - 12))
    #expect(approx(h.frame(compass).minY, 47 + 12))
    #expect(onMap(h, "turnCard") == nil)
    #expect(h.mapView.layoutCallbackLog.isEmpty)
    h.mapView.settings.compassButton = false
    #expect(onMap(h, "compassButton") == nil)
  }

  @Test func guidanceHeaderFooterGuidesAndTripProgressBar() throws {
    let h = try builtIn()
    h.navigator.isGuidanceActive = true
    let turn = try #require(onMap(h, "turnCard"))
    let eta = try #require(onMap(h, "etaCard"))
    h.window.layoutIfNeeded()
    #expect(approx(h.frame(turn), CGRect(x: 0, y: 0, width: 390, height: 167)))
    #expect(approx(h.frame(eta), CGRect(x: 0, y: 844 - 106, width: 390, height: 106)))
    #expect(approx(h.mapView.navigationHeaderLayoutGuide.layoutFrame, h.frame(turn)))
    #expect(approx(h.mapView.navigationFooterLayoutGuide.layoutFrame, h.frame(eta)))
    #expect(onMap(h, "reportButton") != nil)
    #expect(onMap(h, "tripProgressBar") == nil)
    #expect(approx(h.mapView.cameraFrame.minY, 167))
    #expect(approx(h.mapView.cameraFrame.maxY, 844 - 106))

    h.mapView.settings.isNavigationTripProgressBarEnabled = true
    let bar = try #require(onMap(h, "tripProgressBar"))
    let frame = h.frame(bar)
    #expect(approx(frame.width, 12))
    #expect(approx(frame.maxY, 844 - 210))
    #expect(frame.minY >= 170 - 0.001)
    #expect(frame.height <= 400.001)
    #expect(approx(frame.minX, h.frame(onMap(h, "googleLogo")!).minX))
    #expect(
      h.mapView.subviews.firstIndex { $0 === bar }! < h.mapView.subviews.firstIndex { $0 === turn }!
    )

    h.mapView.settings.isNavigationHeaderEnabled = false
    h.mapView.settings.isNavigationFooterEnabled = false
    #expect(onMap(h, "turnCard") == nil)
    #expect(onMap(h, "etaCard") == nil)
    h.window.layoutIfNeeded()
    #expect(approx(h.mapView.navigationHeaderLayoutGuide.layoutFrame.height, 0))
    #expect(approx(h.mapView.navigationFooterLayoutGuide.layoutFrame.height, 0))
  }

  @Test func accessoryViewPaddingAndPrompt() throws {
    let h = try builtIn()
    let accessory = Accessory()
    h.mapView.setHeaderAccessory(accessory)
    #expect(accessory.superview == nil)  // no-op while guidance is inactive
    h.navigator.isGuidanceActive = true
    #expect(accessory.superview === h.mapView)
    h.window.layoutIfNeeded()
    // In place of the turn card's 26 pt secondary row.
    #expect(approx(h.frame(accessory), CGRect(x: 0, y: 141, width: 390, height: 50)))
    #expect(approx(h.mapView.navigationHeaderLayoutGuide.layoutFrame.maxY, 191))
    accessory.height = 80
    h.mapView.invalidateLayout(forAccessoryView: accessory)
    #expect(approx(h.frame(accessory).height, 80))
    h.mapView.setHeaderAccessory(nil)
    h.clock.advance(by: 1)  // it fades out
    #expect(accessory.superview == nil)

    h.mapView.padding = UIEdgeInsets(top: 10, left: 20, bottom: 30, right: 40)
    h.window.layoutIfNeeded()
    #expect(
      approx(h.mapView.cameraFrame, CGRect(x: 20, y: 177, width: 330, height: 844 - 106 - 30 - 177))
    )

    h.navigator.showPrompt(.incident(title: "Crash"))
    let prompt = try #require(h.mapView.currentPromptView)
    #expect(approx(h.frame(prompt).maxY, 844 - 106))
    h.navigator.dismissPrompt()
    #expect(prompt.superview == nil)
    #expect(h.mapView.layoutCallbackLog.isEmpty)
  }

  @Test func legacyLayoutApisHaveNoEffectWithDelegate() throws {
    let recorder = RecordingDelegate(BasicLayoutDelegate())
    let h = try Harness(delegate: recorder)
    h.enableAndRoute()
    let accessory = Accessory()
    h.mapView.setHeaderAccessory(accessory)
    h.mapView.settings.isNavigationHeaderEnabled = false
    h.mapView.settings.isNavigationTripProgressBarEnabled = true
    h.mapView.padding = UIEdgeInsets(top: 100, left: 0, bottom: 0, right: 0)
    h.navigator.isGuidanceActive = true
    let g = try #require(recorder.guidance)
    h.window.layoutIfNeeded()
    #expect(accessory.superview == nil)
    #expect(g.turnCard.superview === h.mapView)  // the delegate decides
    #expect(g.tripProgressBar.superview == nil)
    #expect(approx(h.mapView.navigationHeaderLayoutGuide.layoutFrame.height, 0))
    #expect(approx(h.mapView.cameraFrame, h.frame(g.viewport)))
    // The compass rule: with a delegate, the compass is always offered in `buttons`.
    h.mapView.settings.compassButton = false
    h.navigator.isGuidanceActive = false
    #expect(recorder.ready?.buttons.contains { $0.type == .compass } == true)
  }
}

@MainActor
struct MyLocationButtonTests {
  @Test func myLocationButtonOnlyInBuiltInLayoutWhenEnabled() throws {
    let h = try builtIn()
    #expect(onMap(h, "myLocationButton") == nil)
    h.mapView.settings.myLocationButton = true
    let button = try #require(onMap(h, "myLocationButton"))
    #expect(approx(h.frame(button).maxX, 390 - 12))
    #expect(approx(h.frame(button).maxY, 844 - 34 - 12))
    h.navigator.isGuidanceActive = true
    let report = try #require(onMap(h, "reportButton"))
    let moved = try #require(onMap(h, "myLocationButton"))
    #expect(approx(h.frame(moved).maxY, h.frame(report).minY - 12))
    h.mapView.simulateGesture(.scroll(dx: 0, dy: 300))
    h.mapView.simulateTap(moved)
    h.clock.advance(by: 1)  // the camera animates there
    #expect(
      approx(h.mapView.camera.target.latitude, h.navigator.lastLocation!.coordinate.latitude))
    #expect(moved.accessibilityLabel == "My location")
  }
}

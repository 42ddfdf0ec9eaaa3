import Foundation
import Rendering
import Testing
import ViewKit

/// The debug overlay outlines frames, names views and outlines the viewport.
@MainActor
@Suite struct DebugOverlayTests {
  @Test func outlinesFramesAndTheViewport() throws {
    let (window, _) = Fixtures.cardWindow()
    let plain = try Renderer(scale: 2).raster(window: window)
    let viewport = CGRect(x: 20, y: 110, width: 30, height: 40)
    let debug = try Renderer(scale: 2, debugOverlay: DebugOverlay(viewport: viewport))
      .raster(window: window)
    #expect(plain != debug)
    // The viewport's dashed magenta outline, 1 pt inside its left edge.
    #expect(debug.matches(x: 42, y: 2 * 130, RGBA(hex: 0xFF00FF), tolerance: 40))
    #expect(plain.matches(x: 42, y: 2 * 130, RGBA(hex: 0xFFFFFF)))
    // A name plate in the red square's top-left corner ("square").
    #expect(!debug.matches(x: 2 * 12, y: 2 * 13, RGBA(hex: 0xFF0000), tolerance: 30))
  }

  @Test func namesOnlyOverlayLeavesFramesOut() throws {
    let (window, _) = Fixtures.cardWindow()
    let overlay = DebugOverlay(showsFrames: false, showsNames: false)
    let image = try Renderer(debugOverlay: overlay).raster(window: window)
    #expect(image == (try Renderer().raster(window: window)))
  }
}

/// The debug overlay's tapped point: the view under it and the constraints that place it.
@MainActor
@Suite struct TapInspectionTests {
  /// A 200 × 200 window with a card placed by constraints and a label inside it placed by
  /// its frame.
  private func screen() -> (UIWindow, UIView, UILabel) {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200), clock: ManualClock())
    window.backgroundColor = .white
    window.accessibilityIdentifier = "window"
    let card = UIView()
    card.accessibilityIdentifier = "card"
    card.backgroundColor = UIColor(rgb: 0xDDDDDD)
    card.translatesAutoresizingMaskIntoConstraints = false
    window.addSubview(card)
    NSLayoutConstraint.activate([
      card.topAnchor.constraint(equalTo: window.topAnchor, constant: 20),
      card.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10),
      card.widthAnchor.constraint(equalToConstant: 120),
      card.heightAnchor.constraint(equalToConstant: 60),
    ])
    let label = UILabel(frame: CGRect(x: 4, y: 4, width: 80, height: 20))
    label.text = "Casino"
    label.accessibilityIdentifier = "title"
    card.addSubview(label)
    return (window, card, label)
  }

  @Test func findsTheViewsAndTheConstraintsUnderAPoint() {
    let (window, card, label) = screen()
    let tap = TapInspection(window: window, at: CGPoint(x: 20, y: 30))
    #expect(tap.views.map { TapInspection.name(of: $0) } == ["title", "card", "window"])
    #expect(tap.views.first === label)
    #expect(tap.constrainedView === card)
    let described = tap.constraints.map(TapInspection.describe)
    #expect(
      described == [
        "card.top == window.top + 20", "card.leading == window.leading + 10",
        "card.width == 120", "card.height == 60",
      ])
    #expect(tap.summary.contains("Tap at 20,30: title < card < window"))
    #expect(tap.summary.contains("1. card.top == window.top + 20"))
  }

  @Test func aPointOnlyOnTheWindowOrOutsideFindsNoConstraint() {
    let (window, _, _) = screen()
    let empty = TapInspection(window: window, at: CGPoint(x: 180, y: 180))
    #expect(empty.views.map { TapInspection.name(of: $0) } == ["window"])
    #expect(empty.constrainedView == nil)
    #expect(empty.summary.contains("No active constraint"))
    let outside = TapInspection(window: window, at: CGPoint(x: 500, y: 10))
    #expect(outside.views.isEmpty)
    #expect(outside.summary.contains("outside the window"))
  }

  @Test func overlayOutlinesTheConstrainedViewAndMarksThePoint() throws {
    let (window, _, _) = screen()
    let plain = try Renderer(scale: 2, debugOverlay: DebugOverlay(showsFrames: false))
      .raster(window: window)
    let tapped = try Renderer(
      scale: 2, debugOverlay: DebugOverlay(showsFrames: false, tap: CGPoint(x: 100, y: 60))
    ).raster(window: window)
    // The orange outline just inside the card's right edge (x = 130 pt), away from labels.
    #expect(tapped.matches(x: 2 * 129, y: 2 * 70, RGBA(hex: 0xFF6D00), tolerance: 60))
    #expect(!plain.matches(x: 2 * 129, y: 2 * 70, RGBA(hex: 0xFF6D00), tolerance: 60))
    // The ring around the tapped point.
    #expect(tapped.matches(x: 2 * 107, y: 2 * 60, RGBA(hex: 0xFF6D00), tolerance: 60))
  }
}

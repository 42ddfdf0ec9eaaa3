import Demo
import Foundation
import NavigationCore
import NavigationUI
import Rendering
import Testing
import ViewKit

/// The base map's night colours, drawn by the renderer (Guides/Spec.md §12).
@MainActor
@Suite struct NightMapRenderingTests {
  /// 22:00 UTC on 1 July 2026: night in Monaco.
  static let night = Date(timeIntervalSince1970: 1_782_900_000 + 12 * 3600)

  @Test func theDarkModeTraitDrawsTheNightMapUnlessTheAppChoosesDay() throws {
    let (window, mapView) = MapOverlayRenderingTests.screen()
    let day = try MapOverlayRenderingTests.draw(window, mapView)
    #expect(day.matches(x: 10, y: 10, MapOverlayRenderingTests.land))
    window.setTraitCollection(UITraitCollection(userInterfaceStyle: .dark))
    let dark = try MapOverlayRenderingTests.draw(window, mapView)
    MapOverlayRenderingTests.save(dark, "night-trait")
    #expect(dark.matches(x: 10, y: 10, MapStyle.night.land))
    mapView.lightingMode = .normal
    let chosen = try MapOverlayRenderingTests.draw(window, mapView)
    #expect(chosen.matches(x: 10, y: 10, MapOverlayRenderingTests.land))
  }

  @Test func navigationAtNightDrawsTheNightMapFromTheSuggestion() throws {
    let (window, mapView) = MapOverlayRenderingTests.screen()
    let clock = try #require(window.clock as? ManualClock)
    let navigator = try #require(mapView.navigator)
    navigator.referenceDate = Self.night
    mapView.isNavigationEnabled = true
    mapView.locationSimulator?.simulateLocation(at: MapOverlayRenderingTests.monaco)
    clock.advance(by: 1)
    #expect(navigator.suggestedLightingMode == .lowLight)
    let image = try MapOverlayRenderingTests.draw(window, mapView)
    MapOverlayRenderingTests.save(image, "night-suggested")
    #expect(image.matches(x: 150, y: 60, MapStyle.night.land))
  }
}

import Demo
import Foundation
import NavigationCore
import NavigationUI
import Rendering
import Testing
import ViewKit

/// A session on the default configuration: routes, drives, raises prompts, draws.
@MainActor
@Suite struct DemoSessionTests {
  @Test func routesAndStartsGuidance() throws {
    let session = try DemoSession(configuration: DemoConfiguration())
    #expect(session.route != nil)
    #expect(session.stateName == "active guidance")
    let names = session.events.map(\.name)
    #expect(names.contains("enableNavigationUI"))
    #expect(names.contains("startGuidance"))
  }
}

/// Prompts, right-to-left, other layouts and devices.
@MainActor
@Suite struct DemoSessionVariantTests {
  @Test func appPromptShowsAndHides() throws {
    let session = try DemoSession(configuration: DemoConfiguration())
    session.advance(to: 13)
    #expect(session.stateName == "active guidance with a prompt")
    session.advance(to: 21)
    #expect(session.stateName == "active guidance")
    let names = session.events.map(\.name)
    #expect(names.contains { $0.hasPrefix("showPrompt(incident: Accident ahead)") })
    #expect(names.contains("showPrompt"))
    #expect(names.contains("hidePrompt"))
    let times = session.events.map(\.time)
    #expect(times == times.sorted())
  }

  @Test(arguments: DemoConfiguration.Layout.allCases)
  func everyLayoutRendersOnEveryDevice(layout: DemoConfiguration.Layout) throws {
    for device in DemoConfiguration.Device.allCases {
      var configuration = DemoConfiguration()
      configuration.layout = layout
      configuration.size = device.size
      configuration.safeArea = device.safeArea
      configuration.locale = device == .tablet ? "ar" : "fr"
      let session = try DemoSession(configuration: configuration)
      session.advance(to: 2)
      let image = try RasterImage(png: try session.renderPNG().png)
      #expect(image.width == Int(device.size.width))
    }
  }

  @Test func rightToLeftLocaleFlipsTheLayout() throws {
    var configuration = DemoConfiguration()
    configuration.locale = "ar"
    let session = try DemoSession(configuration: configuration)
    #expect(session.mapView.effectiveUserInterfaceLayoutDirection == .rightToLeft)
  }

  @Test func offMapPointIsBadData() {
    var configuration = DemoConfiguration()
    configuration.destination = CLLocationCoordinate2D(latitude: 60.17, longitude: 24.94)
    #expect(throws: DemoError.self) { try DemoSession(configuration: configuration) }
  }
}

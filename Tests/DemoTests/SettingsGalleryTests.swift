import Demo
import Foundation
import NavigationUITesting
import Rendering
import Testing

/// The demo's settings gallery (`navui demo`): one screen per control, each showing its
/// setting.
@MainActor
@Suite struct SettingsGalleryTests {
  @Test func everyControlHasAScreenThatShowsItsSetting() throws {
    let shots = try DemoSession.settingsGallery(DemoConfiguration())
    let titles = shots.map(\.title)
    for wanted in [
      "Night mode", "Custom header colours", "Header accessory view", "Directions list",
      "Speedometer under the limit", "Speedometer, minor alert", "Speedometer, major alert",
      "Trip progress bar", "Compass (following)", "Compass off", "Recenter button",
      "Destination markers on", "Destination markers off", "Buildings on (tilted)",
      "Buildings off",
    ] {
      #expect(titles.contains(wanted), "\(wanted)")
    }
    var images: [String: RasterImage] = [:]
    for (i, shot) in shots.enumerated() {
      let image = try RasterImage(png: shot.png)
      #expect(image.width == 390 && image.height == 844)
      images[shot.title] = image
      try? shot.png.write(
        to: URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
          String(format: "controls19-gallery-%02d.png", i)))
    }
    func differ(_ a: String, _ b: String) throws -> Double {
      let x = try #require(images[a])
      let y = try #require(images[b])
      return try #require(ImageDifference(x, y, channelTolerance: 16)).differingFraction
    }
    // Pairs that differ only by their setting look different.
    #expect(try differ("Destination markers on", "Destination markers off") > 0.0005)
    #expect(try differ("Buildings on (tilted)", "Buildings off") > 0.05)
    #expect(try differ("Compass (following)", "Compass off") > 0.001)
    #expect(try differ("Night mode", "Compass (following)") > 0.3)
    // The header's custom primary colour (blue) fills the top.
    let header = try #require(images["Custom header colours"])
    #expect(header.matches(x: 200, y: 20, RGBA(hex: 0x0000FF), tolerance: 12))
  }
}

import Demo
import Foundation
import Rendering
import SharedTestData
import Testing
import ViewKit

/// Problems seen in demo frames, each checked on a rendered frame.
@MainActor
@Suite struct FrameContentTests {
  static func session(locale: String, at time: TimeInterval) throws -> DemoSession {
    var configuration = DemoConfiguration()
    configuration.locale = locale
    let session = try DemoSession(configuration: configuration)
    session.advance(to: time)
    return session
  }

  static func label(_ identifier: String, in view: UIView) -> UILabel? {
    if let label = view as? UILabel, label.accessibilityIdentifier == identifier { return label }
    for subview in view.subviews {
      if let found = label(identifier, in: subview) { return found }
    }
    return nil
  }

  /// The turn card's "then" line was English in Traditional Chinese (the locale's language
  /// code `zh` has no instruction catalogue; `zh-Hant` has).
  @Test func traditionalChineseThenLineIsChinese() throws {
    let session = try Self.session(locale: "zh-Hant", at: 2)
    let then = try #require(Self.label("turnCard.then", in: session.window)?.text)
    #expect(!then.contains("Enter") && !then.contains("roundabout"), "\(then)")
    #expect(then.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }, "\(then)")
    let english = try Self.session(locale: "en", at: 2)
    let englishThen = try #require(Self.label("turnCard.then", in: english.window)?.text)
    #expect(englishThen.contains("roundabout"), "\(englishThen)")
    #expect(then != englishThen)
  }

  /// In Arabic (right to left) a Latin street name is drawn against the right edge of its
  /// label, as natural alignment follows the layout direction.
  @Test func latinStreetNameIsRightAlignedInArabic() throws {
    for (locale, rightAligned) in [("ar", true), ("en", false)] {
      let session = try Self.session(locale: locale, at: 2)
      let road = try #require(Self.label("turnCard.road", in: session.window))
      #expect(road.text == "Avenue Albert II")
      let frame = road.convert(road.bounds, to: nil)
      let image = try RasterImage(
        png: try Renderer(scale: 1).png(window: session.window, at: session.clock.now))
      // White text on the green card: the columns with bright pixels in the label's rows.
      var columns: [Int] = []
      for x in Int(frame.minX)..<Int(frame.maxX) {
        for y in Int(frame.minY)..<Int(frame.maxY) {
          if let p = image.pixel(x: x, y: y), p.red > 200, p.green > 200, p.blue > 200 {
            columns.append(x)
            break
          }
        }
      }
      let first = try #require(columns.first)
      let last = try #require(columns.last)
      if rightAligned {
        #expect(
          Double(last) > Double(frame.maxX) - 6, "\(locale): ink \(first)…\(last) in \(frame)")
        #expect(
          Double(first) > Double(frame.minX) + 40, "\(locale): ink \(first)…\(last) in \(frame)")
      } else {
        #expect(
          Double(first) < Double(frame.minX) + 6, "\(locale): ink \(first)…\(last) in \(frame)")
        #expect(
          Double(last) < Double(frame.maxX) - 40, "\(locale): ink \(first)…\(last) in \(frame)")
      }
    }
  }
}

/// A recorded two-leg route with a U-turn (port → palace → Jardin Exotique): the drive goes
/// on past the intermediate waypoint, and the turn card moves to the left turn after the
/// U-turn once the vehicle has passed it.
@MainActor
@Suite struct UTurnDriveTests {
  @Test func turnCardFollowsTheUTurn() throws {
    let file = try SharedTestData.directory(
      "routes/generated/monaco-port-palais-jardinexotique-2legs.osrm.json")
    try #require(FileManager.default.fileExists(atPath: file.path), "shared route data missing")
    var configuration = DemoConfiguration()
    configuration.routeFile = file
    let session = try DemoSession(configuration: configuration)
    let route = try #require(session.route)
    let legs = route.legs
    try #require(legs.count == 2 && legs[1].steps[2].maneuver.modifier?.rawValue == "uturn")
    // The U-turn's point, in metres from the start of the route.
    let uTurnAt = legs[0].distance + legs[1].steps[0].distance + legs[1].steps[1].distance
    var time = 0.0
    var shownAfter: [String] = []
    while time < 400 {
      time += 1
      session.advance(to: time)
      guard let progress = session.navigator?.routeProgress else { continue }
      if progress.distanceTraveled > uTurnAt + 2 {
        shownAfter.append(FrameContentTests.label("turnCard.road", in: session.window)?.text ?? "")
        if shownAfter.count == 2 { break }
      }
    }
    #expect(session.arrivalTime == nil, "the drive ended at the intermediate waypoint")
    // The first update past the U-turn already shows the next maneuver's road.
    #expect(shownAfter.first == "Tunnel Rocher Nogues", "\(shownAfter)")
  }
}

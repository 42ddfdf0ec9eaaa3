import Demo
import Foundation
import SharedTestData
import Testing

@testable import NavCLI

/// `navui demo` and `navui render`: help, parsing, and every kind of bad input with its
/// message and exit status.
@MainActor
@Suite struct DemoCommandTests {
  @Test func demoHelpMatchesSnapshot() {
    let runner = CommandRunner()
    #expect(runner.run(["demo", "--help"]) == 0)
    #expect(runner.error.isEmpty)
    Snapshot.assertText(runner.output, named: "navui-demo-help", in: Goldens.folder)
  }

  @Test func renderHelpMatchesSnapshot() {
    let runner = CommandRunner()
    #expect(runner.run(["help", "render"]) == 0)
    Snapshot.assertText(runner.output, named: "navui-render-help", in: Goldens.folder)
  }

  @Test func parsesEveryOption() throws {
    let parsed = try DemoCommand.parse([
      "--layout", "wide", "--device", "tablet", "--locale", "ar", "--fps=4", "--max-frames", "3",
      "--from", "43.73,7.42", "--to", "43.74, 7.43", "--scale", "2", "--out", "x",
    ])
    guard case .run(let command) = parsed else {
      Issue.record("expected a command")
      return
    }
    let c = command.options.configuration
    #expect(c.layout == .wide)
    #expect(c.size == DemoConfiguration.Device.tablet.size)
    #expect(c.locale == "ar" && c.isRightToLeft)
    #expect(c.framesPerSecond == 4 && c.maxFrames == 3 && c.scale == 2)
    #expect(c.origin.latitude == 43.73 && c.destination.longitude == 7.43)
    #expect(command.options.out == "x")
  }

  @Test func parsesCustomScreen() throws {
    guard
      case .run(let command) = try RenderCommand.parse(
        ["--t", "12.5", "--size", "600x400", "--safe-area", "0,20,10,20", "--out", "a.svg"])
    else {
      Issue.record("expected a command")
      return
    }
    #expect(command.options.time == 12.5)
    #expect(command.options.configuration.size == CGSize(width: 600, height: 400))
    #expect(command.options.configuration.safeArea.left == 20)
  }

  @Test(arguments: [
    (["demo", "--bogus"], "Unknown option '--bogus'"),
    (["demo", "extra"], "Unexpected argument 'extra'"),
    (["demo", "--layout", "tiles"], "The value 'tiles' is invalid for '--layout'"),
    (["demo", "--layout"], "Missing value for '--layout'"),
    (["demo", "--device", "watch"], "invalid for '--device'"),
    (["demo", "--device", "phone", "--size", "400x800"], "give either --device or --size"),
    (["demo", "--safe-area", "1,2,3,4"], "needs --size"),
    (["demo", "--size", "12x9000"], "invalid for '--size'"),
    (["demo", "--safe-area", "1,2", "--size", "400x800"], "invalid for '--safe-area'"),
    (["demo", "--fps", "0"], "invalid for '--fps'"),
    (["demo", "--max-frames", "-3"], "invalid for '--max-frames'"),
    (["demo", "--from", "north"], "invalid for '--from'"),
    (["demo", "--locale", "e n"], "invalid for '--locale'"),
    (["render", "--t", "x"], "invalid for '--t'"),
    (["render", "--out", "frame.gif"], "invalid for '--out'"),
    (["render", "--max-frames", "3"], "Unknown option '--max-frames'"),
    (["render", "--tap", "x"], "invalid for '--tap'"),
    (["render", "--tap", "5000,10"], "off the 390x844 pt screen"),
    (["render", "--tap"], "Missing value for '--tap'"),
    (["demo", "--debug"], "Unknown option '--debug'"),
    (["demo", "--scale", "7"], "invalid for '--scale'"),
    (["demo", "--route"], "Missing value for '--route'"),
  ])
  func usageErrorsExit64(arguments: [String], message: String) {
    let runner = CommandRunner()
    #expect(runner.run(arguments) == 64)
    #expect(runner.output.isEmpty)
    #expect(runner.error.hasPrefix("Error: "))
    #expect(runner.error.contains(message), "\(runner.error)")
    #expect(runner.error.contains("Usage: navui \(arguments[0])"))
  }

  @Test func pointsOffTheMapExit65() {
    let runner = CommandRunner(currentDirectory: NSTemporaryDirectory())
    #expect(runner.run(["render", "--from", "48.8566,2.3522", "--out", "off.png"]) == 65)
    #expect(runner.error.contains("off the bundled Monaco map"), "\(runner.error)")
    #expect(runner.error.contains("Usage: navui render"))
    let folder = NSTemporaryDirectory() + "navui-offmap-\(UUID().uuidString)"
    let demo = CommandRunner(currentDirectory: NSTemporaryDirectory())
    #expect(demo.run(["demo", "--to", "48.8566,2.3522", "--out", folder]) == 65)
    #expect(demo.error.contains("off the bundled Monaco map"), "\(demo.error)")
    #expect(demo.error.contains("Usage: navui demo"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/report.html"))
  }

  @Test func corruptRouteFileExits65() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "navui-corrupt-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("{\"routes\": [ {\"geometry\": 12,".utf8).write(
      to: folder.appendingPathComponent("bad.json"))
    let runner = CommandRunner(currentDirectory: folder.path)
    #expect(runner.run(["demo", "--route", "bad.json", "--max-frames", "1"]) == 65)
    #expect(runner.error.contains("Cannot use route file"), "\(runner.error)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
  }

  @Test func missingRouteFileExits1() {
    let runner = CommandRunner(currentDirectory: NSTemporaryDirectory())
    #expect(runner.run(["render", "--route", "no-such-route.json"]) == 1)
    #expect(runner.error.contains("No such file: no-such-route.json"))
  }

  @Test func missingRouteFileForDemoExits1() {
    let folder = NSTemporaryDirectory() + "navui-missing-\(UUID().uuidString)"
    let runner = CommandRunner(currentDirectory: NSTemporaryDirectory())
    #expect(runner.run(["demo", "--route", "no-such-route.gpx", "--out", folder]) == 1)
    #expect(runner.error.contains("No such file: no-such-route.gpx"), "\(runner.error)")
    #expect(!FileManager.default.fileExists(atPath: folder))
  }

  @Test func corruptRouteFileForRenderExits65() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "navui-corrupt-render-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("<gpx><trk><trkseg><trkpt lat=\"north\"".utf8).write(
      to: folder.appendingPathComponent("bad.gpx"))
    let runner = CommandRunner(currentDirectory: folder.path)
    #expect(runner.run(["render", "--route", "bad.gpx", "--out", "f.png"]) == 65)
    #expect(runner.error.contains("Cannot use route file"), "\(runner.error)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("f.png").path))
  }

  @Test func tapInspectsTheScreenAndDrawsTheOverlay() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "navui-tap-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let tapped = CommandRunner(currentDirectory: folder.path)
    #expect(
      tapped.run(["render", "--t", "3", "--tap", "195,60", "--out", "tap.png"]) == 0,
      "\(tapped.error)")
    #expect(tapped.output.contains("Tap at 195,60: "), "\(tapped.output)")
    #expect(tapped.output.contains("Constraints on "), "\(tapped.output)")
    let plain = CommandRunner(currentDirectory: folder.path)
    #expect(plain.run(["render", "--t", "3", "--out", "plain.png"]) == 0)
    #expect(!plain.output.contains("Tap at"))
    let debug = CommandRunner(currentDirectory: folder.path)
    #expect(debug.run(["render", "--t", "3", "--debug", "--out", "debug.png"]) == 0)
    let pictures = try ["tap.png", "plain.png", "debug.png"].map {
      try Data(contentsOf: folder.appendingPathComponent($0))
    }
    #expect(pictures[0] != pictures[1])
    #expect(pictures[2] != pictures[1])
    #expect(pictures[0] != pictures[2])
  }

  @Test func rendersOneFrameInEachFormat() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "navui-render-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let magics: [(String, [UInt8])] = [
      ("f.png", [0x89, 0x50, 0x4E, 0x47]), ("f.svg", Array("<?xml".utf8)),
      ("f.pdf", Array("%PDF".utf8)),
    ]
    for (name, magic) in magics {
      let runner = CommandRunner(currentDirectory: folder.path)
      #expect(runner.run(["render", "--t", "3", "--out", name]) == 0, "\(runner.error)")
      #expect(runner.output.contains("Wrote"))
      let data = try Data(contentsOf: folder.appendingPathComponent(name))
      #expect(Array(data.prefix(magic.count)) == magic)
      #expect(data.count > 1000)
    }
  }

  /// The Helsinki extract of the shared data, and two points on it (Annankatu → Mikonkatu).
  static let helsinki = SharedTestData.path("osm/helsinki-center.osm.pbf").path
  static let helsinkiFrom = "60.1655,24.9380"
  static let helsinkiTo = "60.1712,24.9452"

  @Test func mapNeedsPointsOnIt() {
    let runner = CommandRunner(currentDirectory: NSTemporaryDirectory())
    #expect(runner.run(["render", "--map", Self.helsinki, "--out", "x.png"]) == 64)
    #expect(runner.error.contains("give --from and --to on that map"), "\(runner.error)")
    let off = CommandRunner(currentDirectory: NSTemporaryDirectory())
    #expect(
      off.run([
        "render", "--map", Self.helsinki, "--from", "43.7296,7.4168", "--to", Self.helsinkiTo,
        "--out", "off.png",
      ]) == 65)
    #expect(off.error.contains("off the map helsinki-center.osm.pbf"), "\(off.error)")
  }

  @Test func missingOrCorruptMapFile() throws {
    let missing = CommandRunner(currentDirectory: NSTemporaryDirectory())
    #expect(
      missing.run([
        "render", "--map", "no-such-map.osm.pbf", "--from", "1,1", "--to", "1,2", "--out",
        "x.png",
      ]) == 1)
    #expect(missing.error.contains("No such file: no-such-map.osm.pbf"), "\(missing.error)")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "navui-badmap-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data([0, 0, 0, 12, 1, 2, 3]).write(to: folder.appendingPathComponent("bad.osm.pbf"))
    let corrupt = CommandRunner(currentDirectory: folder.path)
    #expect(
      corrupt.run([
        "demo", "--map", "bad.osm.pbf", "--from", "1,1", "--to", "1,2", "--max-frames", "1",
      ]) == 65)
    #expect(corrupt.error.contains("Cannot use map file"), "\(corrupt.error)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
  }

  /// A drive on another extract: routed by the embedded router on it and drawn over it.
  @Test func drivesOnAnotherMap() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "navui-helsinki-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let runner = CommandRunner(currentDirectory: folder.path)
    #expect(
      runner.run([
        "demo", "--map", Self.helsinki, "--from", Self.helsinkiFrom, "--to", Self.helsinkiTo,
        "--max-frames", "6", "--out", "out",
      ]) == 0, "\(runner.error)")
    #expect(runner.output.contains("Wrote 6 frames"), "\(runner.output)")
    let report = try String(
      contentsOf: folder.appendingPathComponent("out/report.html"), encoding: .utf8)
    #expect(report.contains("Destination"))
    #expect(report.contains("OpenStreetMap"))
  }
}

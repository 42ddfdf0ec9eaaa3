import Foundation
import Rendering
import Testing
import ViewKit

@testable import Demo

/// A short demo run: frames and a self-contained report, then the report in headless
/// Chromium.
@MainActor
@Suite(.serialized) struct DemoRunTests {
  static let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "navui-demo-run-\(ProcessInfo.processInfo.processIdentifier)")

  /// Records four frames once per process.
  static func shortRun() throws -> DemoRun {
    if let run = cached { return run }
    var configuration = DemoConfiguration()
    configuration.maxFrames = 4
    var reported: [Int] = []
    let run = try DemoRun.record(configuration, into: folder) { done, _ in reported.append(done) }
    #expect(reported == [1, 2, 3, 4])
    cached = run
    return run
  }
  static var cached: DemoRun?

  @Test func writesFramesAndReport() throws {
    let run = try Self.shortRun()
    #expect(run.frames.count == 4)
    #expect(run.frames.map(\.time) == [0, 0.5, 1, 1.5])
    for frame in run.frames {
      let data = try Data(contentsOf: Self.folder.appendingPathComponent(frame.fileName))
      let image = try RasterImage(png: data)
      #expect(image.width == 390 && image.height == 844)
    }
    let html = try String(contentsOf: run.reportURL, encoding: .utf8)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(html.contains("<input id=\"scrub\" type=\"range\""))
    #expect(html.contains("data:image/png;base64,"))
    #expect(html.contains("data:image/svg+xml;base64,"))
    #expect(!html.contains("http://") && !html.contains("https://"))
    #expect(!html.contains("src=\"frames/"))
    for name in ["enableNavigationUI", "startGuidance", "didChangeRoute", "setDestinations"] {
      #expect(html.contains(name), "\(name) missing from the events")
    }
    #expect(html.contains("PNG encode per frame"))
  }

  @Test func framesAreDeterministic() throws {
    let first = try Self.shortRun()
    var configuration = DemoConfiguration()
    configuration.maxFrames = 2
    let again = FileManager.default.temporaryDirectory.appendingPathComponent(
      "navui-demo-again-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: again) }
    let second = try DemoRun.record(configuration, into: again)
    // The timeline's copies and the PNG sizes (only the first frame and the state
    // screenshots keep their PNG in memory; every PNG is on disk).
    #expect(second.frames.map(\.preview) == first.frames.prefix(2).map(\.preview))
    #expect(second.frames.map(\.byteCount) == first.frames.prefix(2).map(\.byteCount))
    #expect(second.frames[0].png == first.frames[0].png)
    #expect(second.events.map(\.name) == first.events.prefix(second.events.count).map(\.name))
  }

  @Test func reportOpensInHeadlessChromium() throws {
    let run = try Self.shortRun()
    guard
      let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else {
      Issue.record("chromium is not installed (make setup installs it)")
      return
    }
    let shot = Self.folder.appendingPathComponent("chromium.png")
    try? FileManager.default.removeItem(at: shot)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
    process.arguments = [
      "120", chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
      "--enable-logging=stderr", "--v=0", "--window-size=1000,1000",
      "--user-data-dir=\(Self.folder.appendingPathComponent("chromium-profile").path)",
      "--virtual-time-budget=3000", "--screenshot=\(shot.path)", run.reportURL.absoluteString,
    ]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(log)")
    let console = log.split(separator: "\n").filter {
      $0.contains("CONSOLE") || $0.contains("Uncaught")
    }
    #expect(console.isEmpty, "console messages: \(console)")
    let screenshot = try RasterImage(png: try Data(contentsOf: shot))
    let frame = try RasterImage(png: run.frames[0].png)
    // The first frame's turn card colour fills a large block of the screenshot.
    guard let card = frame.pixel(x: 20, y: 20) else {
      Issue.record("no pixel")
      return
    }
    var matching = 0
    var colours = Set<UInt32>()
    for y in stride(from: 0, to: screenshot.height, by: 2) {
      for x in stride(from: 0, to: screenshot.width, by: 2) {
        guard let p = screenshot.pixel(x: x, y: y) else { continue }
        colours.insert(UInt32(p.red) << 16 | UInt32(p.green) << 8 | UInt32(p.blue))
        if abs(Int(p.red) - Int(card.red)) + abs(Int(p.green) - Int(card.green))
          + abs(Int(p.blue) - Int(card.blue)) < 12
        {
          matching += 1
        }
      }
    }
    #expect(colours.count > 200, "the screenshot looks blank")
    #expect(matching > 5_000, "the first frame's turn card is not on screen (\(matching))")
  }
}

/// The report's HTML on its own.
@MainActor
@Suite struct DemoReportTests {
  @Test func largeRunsStaySelfContainedWithEveryNthFrame() throws {
    let run = try DemoRunTests.shortRun()
    let all = DemoReport(run: run).html
    #expect(DemoReport(run: run).embeddingStride == 1)
    // The timeline's pictures are 256-colour PNGs (colour type 3) well under the frames'.
    for frame in run.frames {
      #expect(frame.preview.count > 33 && frame.preview[25] == 3, "frame \(frame.index)")
      #expect(frame.preview.count * 2 < frame.byteCount, "frame \(frame.index)")
    }
    // Room for about half the frames: every second one is embedded.
    let sizes = run.frames.map(\.preview.count)
    let half = DemoReport(
      run: run,
      embeddingLimit: sizes.enumerated().filter { $0.offset % 2 == 0 }
        .map(\.element).reduce(0, +))
    #expect(half.embeddingStride == 2)
    #expect(half.shownFrames.prefix(4) == [0, 0, 2, 2])
    let html = half.html
    #expect(html.count < all.count)
    #expect(html.contains("(picture of frame 0)"))
    #expect(html.contains("embeds one frame in 2"))
    // No file references: the report opens on its own.
    #expect(!html.contains("frames/0"))
    #expect(html.contains("<img id=\"frame\" alt=\"frame\" src=\"data:image/png;base64,"))
    #expect(!html.contains("http://") && !html.contains("https://"))
    let none = DemoReport(run: run, embeddingLimit: 0)
    #expect(none.shownFrames.allSatisfy { $0 == 0 })
  }

  @Test func strideIsTheSmallestPowerOfTwoThatFits() {
    #expect(DemoReport.stride(for: [10, 10, 10, 10], limit: 40) == 1)
    #expect(DemoReport.stride(for: [10, 10, 10, 10], limit: 39) == 2)
    #expect(DemoReport.stride(for: [10, 10, 10, 10, 10], limit: 20) == 4)
    #expect(DemoReport.stride(for: [10, 10, 10, 10, 10], limit: 19) == 8)
    // A stride is usable only when the run kept every frame on it.
    #expect(DemoReport.stride(for: [10, nil, 10, nil], limit: 100) == 2)
    #expect(DemoReport.stride(for: [10, nil, nil, nil, 10], limit: 100) == 4)
    #expect(DemoReport.stride(for: [10, 10], limit: 0) == 2)
  }

  @Test func eventsAreInTheOrderTheyHappened() throws {
    let run = try DemoRunTests.shortRun()
    let names = run.events.map(\.name)
    let enable = try #require(names.firstIndex(of: "isNavigationEnabled = true"))
    let callback = try #require(names.firstIndex(of: "enableNavigationUI"))
    let guidance = try #require(names.firstIndex(of: "isGuidanceActive = true"))
    let start = try #require(names.firstIndex(of: "startGuidance"))
    #expect(enable < callback && callback < guidance && guidance < start)
    #expect(run.events.map(\.time) == run.events.map(\.time).sorted())
  }

  @Test func escapesText() {
    #expect(DemoReport.escape("<a & \"b\">") == "&lt;a &amp; &quot;b&quot;&gt;")
  }
}

/// A run past the embedding limit keeps only the frames its report shows.
@MainActor
@Suite struct DemoRunMemoryTests {
  @Test func letsGoOfFramesPastTheLimit() throws {
    var configuration = DemoConfiguration()
    configuration.maxFrames = 3
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "navui-demo-limit-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try DemoRun.record(configuration, into: folder, embeddingLimit: 1)
    #expect(run.frames.map { $0.png.isEmpty } == [false, true, false])  // 2: the screenshot
    #expect(run.frames.allSatisfy { $0.byteCount > 0 })
    let html = try String(contentsOf: run.reportURL, encoding: .utf8)
    #expect(html.contains("(picture of frame 0)"))
    #expect(!html.contains("frames/0"))
    #expect(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("frames/0002.png").path))
  }
}

/// Previews are made on another thread and taken back in frame order: the frames a limited
/// report keeps are those the stride rule picks from the previews' sizes, as if each
/// preview were made when its frame was drawn.
@MainActor
@Suite struct DemoRunPreviewTests {
  @Test func aLimitedRunKeepsThePreviewsTheStrideRulePicks() throws {
    var configuration = DemoConfiguration()
    configuration.maxFrames = 9
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "navui-demo-previews-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let all = try DemoRun.record(configuration, into: folder)
    let sizes = all.frames.map(\.preview.count)
    #expect(sizes.count == 9 && sizes.allSatisfy { $0 > 0 })
    // Room for about three previews: the rule (frame by frame, the stride doubling while
    // the kept bytes pass the limit) run on those sizes.
    let limit = sizes[0] + sizes[2] + sizes[4] - 1
    var stride = 1
    var kept = Array(repeating: false, count: sizes.count)
    var bytes = 0
    for index in sizes.indices where index % stride == 0 {
      kept[index] = true
      bytes += sizes[index]
      while bytes > limit, stride < sizes.count {
        stride *= 2
        bytes = 0
        for i in 0...index {
          if i % stride == 0, kept[i] { bytes += sizes[i] } else { kept[i] = false }
        }
      }
    }
    let limited = try DemoRun.record(configuration, into: folder, embeddingLimit: limit)
    #expect(limited.frames.map { !$0.preview.isEmpty } == kept)
    #expect(kept.filter { $0 }.count >= 2, "the limit keeps some previews")
    #expect(kept.contains(false), "and drops others")
    for (frame, full) in zip(limited.frames, all.frames) where !frame.preview.isEmpty {
      #expect(frame.preview == full.preview)
    }
  }
}

/// Previews are made only for frames still on the stride when their turn comes.
@MainActor
@Suite struct PreviewQueueTests {
  @Test func framesOffTheStrideGetNoPreview() throws {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 30))
    view.backgroundColor = UIColor(rgb: 0x0B8043)
    let png = try Renderer(scale: 1).png(window: view)
    let queue = DemoRun.PreviewQueue()
    queue.stride = 4
    for index in 0..<9 { queue.add(index: index, png: png) }
    let made = queue.take(waiting: true)
    #expect(made.map(\.0) == [0, 4, 8])
    #expect(made.allSatisfy { !$0.1.isEmpty })
    queue.stride = 2  // the stride never shrinks
    #expect(queue.stride == 4)
  }
}

/// One screenshot per state, taken once the state has settled.
@Suite struct StateScreenshotTests {
  @Test func picksTheFirstSettledFrameOfEachStatesFirstRun() {
    var shots = StateScreenshots()
    let states = ["a", "a", "a", "a", "b", "b", "a", "c"]
    var released: [Int] = []
    for (index, state) in states.enumerated() {
      if let r = shots.add(index: index, time: Double(index) * 0.5, state: state) {
        released.append(r)
      }
    }
    #expect(shots.chosen.map(\.state) == ["a", "b", "c"])
    #expect(shots.chosen.map(\.index) == [2, 5, 7])  // a settles at 1 s; b ends first
    #expect(released == [0, 1, 4])
  }
}

/// The map's own attribution line shows only when the logo component does not.
@MainActor
@Suite struct AttributionTests {
  @Test func logoComponentCarriesTheAttributionWhenVisible() throws {
    let session = try DemoSession(configuration: DemoConfiguration())
    session.advance(to: 2)
    #expect(session.logoIsVisible)
    #expect(try session.mapLayer().scene.attribution == nil)
    var builtin = DemoConfiguration()
    builtin.layout = .builtin
    let other = try DemoSession(configuration: builtin)
    other.mapView.subviews.first { $0.accessibilityIdentifier == "googleLogo" }?.isHidden = true
    #expect(!other.logoIsVisible)
    #expect(try other.mapLayer().scene.attribution != nil)
  }
}

/// How many frames a run plans for.
@Suite struct PlannedFrameCountTests {
  @Test func coversTheDriveWithAMarginAndHonoursMaxFrames() {
    var configuration = DemoConfiguration()
    #expect(
      DemoRun.plannedFrameCount(configuration, routeDuration: 189, routeDistance: 1814) == 504)
    // A route without times still gets the time its length takes at 36 km/h.
    #expect(DemoRun.plannedFrameCount(configuration, routeDuration: 0, routeDistance: 2000) == 531)
    configuration.maxFrames = 7
    #expect(DemoRun.plannedFrameCount(configuration, routeDuration: 189, routeDistance: 1814) == 7)
  }
}

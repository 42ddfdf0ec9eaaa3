import CSDL2
import Demo
import Foundation
import Location
import NavigationCore
import NavigationUI
import Rendering
import ViewKit

/// Why a live window could not open or go on.
public enum NavigationWindowError: Error, Equatable, CustomStringConvertible {
  /// SDL failed at `stage` (no display, no renderer, …).
  case sdl(stage: String, message: String)
  /// The navigation session could not start (no route, a bad route or map file).
  case demo(DemoError)
  /// The location input is unusable (a missing or bad replay file).
  case location(String)
  /// Drawing a frame failed.
  case render(String)

  /// A one-line message.
  public var description: String {
    switch self {
    case .sdl(let stage, let message): return "SDL failed \(stage): \(message)"
    case .demo(let error): return error.description
    case .location(let reason): return "Location input: \(reason)"
    case .render(let reason): return "Drawing a frame failed: \(reason)"
    }
  }
}

/// The live navigation screen in a real window (SDL2): a layout delegate's navigation UI
/// over the map, the route and the moving vehicle, drawn by the same ``Renderer`` (and its
/// kept map rasters and pooled buffers) as the PNG output, at the display's refresh rate.
/// Mouse and touch become touches of the window's touch path, keys drive the session
/// (Guides/LiveWindow.md lists them), resizing the window resizes the root view.
///
/// An app tunes its own layout delegate live from a small executable:
///
/// ```swift
/// import LiveWindow
///
/// let summary = try NavigationWindow.run(delegate: MyLayoutDelegate())
/// print("\(summary.frames) frames")
/// ```
@MainActor
public final class NavigationWindow {
  /// What to show and how long.
  public struct Options {
    /// The session: route, screen size in points (the window is `size × scale` pixels),
    /// safe area, scale, layout delegate (when ``run(delegate:)`` is given none), locale.
    /// The safe area is zero unless set: a desktop window has no notch.
    public var configuration: DemoConfiguration
    /// The window's title.
    public var title = "NavigationUIKit"
    /// Where the vehicle's fixes come from.
    public var location = LiveLocationInput.simulator
    /// Whether guidance is spoken (espeak-ng through the Speech module, played by SDL).
    public var speaksGuidance = false
    /// Close after this many frames (`nil`: run until closed).
    public var frameLimit: Int?
    /// Close after this many wall seconds (`nil`: run until closed).
    public var duration: TimeInterval?
    /// Simulated seconds per wall second (keys change it while running).
    public var timeScale = 1.0
    /// Whether the simulated drive starts again from the origin on arrival.
    public var repeatsDrive = false
    /// Seconds between `stats` events (frame rate, frame times, memory).
    public var statsInterval: TimeInterval = 1
    /// Whether the window can be resized (live `sizeChanged` and wide mode).
    public var isResizable = true
    /// Whether a map camera that only moved (a drag) shifts the last frame's map and draws
    /// the uncovered strips (``RenderSession/shiftsKeptMap``) instead of drawing the whole
    /// map again (`--no-map-shift` turns it off, for comparisons).
    public var shiftsKeptMap = true
    /// Whether a map that must be drawn again in full (the following camera turned, a
    /// pinch zoomed) is drawn over the next frames, a slice of each frame's time, while
    /// they show the kept map (``RenderSession/spreadsMapRedraws``; `--no-map-spread`
    /// turns it off, for comparisons): the camera's turn shows a few frames late instead of
    /// one frame taking the whole map's time.
    public var spreadsMapRedraws = true
    /// Receives every ``LiveEvent`` as it happens.
    public var onEvent: (@MainActor (LiveEvent) -> Void)?

    /// The defaults: the sample delegate on a 390 × 844 point window at scale 1, the
    /// simulated Monaco drive.
    public init() {
      configuration = DemoConfiguration()
      configuration.safeArea = .zero
    }
  }

  /// How a run went.
  public struct Summary: Sendable, Equatable {
    /// Frames presented.
    public var frames: Int
    /// Wall seconds the window was open.
    public var seconds: Double
    /// Simulated seconds driven.
    public var simulatedSeconds: Double
    /// Why it closed: `escape`, `window`, `frames`, `duration`.
    public var reason: String
    /// Milliseconds each frame took (advance, layout, draw, upload, present), sorted.
    public var frameMilliseconds: [Double]
    /// Milliseconds from each input event's arrival to the end of the present showing it,
    /// sorted.
    public var inputMilliseconds: [Double]
    /// Resident memory in bytes after the first frame and at the end.
    public var residentBytes: (start: Int, end: Int)

    /// Presented frames per wall second.
    public var framesPerSecond: Double { seconds > 0 ? Double(frames) / seconds : 0 }

    /// Same figures.
    public static func == (a: Summary, b: Summary) -> Bool {
      a.frames == b.frames && a.seconds == b.seconds && a.reason == b.reason
        && a.frameMilliseconds == b.frameMilliseconds && a.residentBytes == b.residentBytes
        && a.simulatedSeconds == b.simulatedSeconds && a.inputMilliseconds == b.inputMilliseconds
    }
  }

  /// The options.
  public let options: Options

  /// A window to run with `options`.
  public init(options: Options = Options()) {
    self.options = options
  }

  /// Opens the window on `delegate`'s layout (the options' layout when `nil`), runs until
  /// the window is closed (Escape, Q, the close button) or a limit is reached, and closes it.
  ///
  /// - Throws: ``NavigationWindowError`` when SDL, the session or the location input fails.
  public func run(delegate: (any NavigationLayoutDelegate)? = nil) throws(NavigationWindowError)
    -> Summary
  {
    let loop = try LiveLoop(options: options, delegate: delegate)
    return try loop.run()
  }

  /// Opens a window on `delegate` with `options` and runs it (see ``run(delegate:)``).
  public static func run(
    delegate: (any NavigationLayoutDelegate)?, options: Options = Options()
  ) throws(NavigationWindowError) -> Summary {
    try NavigationWindow(options: options).run(delegate: delegate)
  }

  /// The process's resident memory in bytes (Linux `/proc/self/statm`), 0 when unknown.
  public static var residentBytes: Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return 0
    }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}

/// Seconds of a monotonic wall clock.
func wallSeconds() -> Double {
  Double(DispatchTime.now().uptimeNanoseconds) / 1e9
}

/// CPU seconds the process has used, all its threads.
func processCPUSeconds() -> Double {
  var spec = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
  return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// One open window and its session: the frame loop, its input and what it reports.
@MainActor
final class LiveLoop {
  let options: Options
  typealias Options = NavigationWindow.Options
  let session: DemoSession
  let screen: SDLScreen
  var renderer: Renderer
  var voice: LiveVoice?
  /// The window's size in points.
  var size: CGSize
  let scale: Double
  var opened = wallSeconds()
  var simulatedTime = 0.0
  var timeScale: Double
  var paused = false
  var closeReason: String?
  var frames = 0
  var frameMilliseconds: [Double] = []
  var windowMilliseconds: [Double] = []
  var statsFrames = 0
  var lastStats = 0.0
  /// Input events polled this frame: when each was received (wall seconds).
  var pendingInput: [Double] = []
  var inputLatencies: [Double] = []
  var allInputLatencies: [Double] = []
  /// Frames not counted in the summary's times (a measurement's warm-up: tiles, caches).
  var warmupFrames = 0
  /// When the first counted frame started (wall seconds).
  var countedSince: Double?
  /// The process's CPU seconds when the first counted frame started and when the last one
  /// ended (all threads: the frame's workers included).
  var countedCPU: (start: Double, end: Double)?
  /// Close after this many seconds of counted frames.
  var countedDuration: Double?
  var observed = Observed()
  var promptIndex = 0
  let mouse = MouseFingers()

  init(options: Options, delegate: (any NavigationLayoutDelegate)?) throws(NavigationWindowError) {
    self.options = options
    var configuration = options.configuration
    let source = try options.location.makeSource()
    configuration.simulatesDrive = source == nil
    do {
      session = try DemoSession(configuration: configuration, layoutDelegate: delegate)
    } catch { throw .demo(error) }
    size = configuration.size
    scale = configuration.scale
    timeScale = max(0, options.timeScale)
    renderer = Renderer(scale: configuration.scale)
    // Tiles at a dragged map's leading edge are drawn between frames, not in the frame
    // that needs them (the pixels are the same).
    renderer.session.drawsMapTilesAhead = true
    // A dragged map moves the last frame's pixels by whole device pixels.
    renderer.session.shiftsKeptMap = options.shiftsKeptMap
    // A map drawn again in full is drawn a slice a frame.
    renderer.session.spreadsMapRedraws = options.spreadsMapRedraws
    try SDLScreen.start(audio: options.speaksGuidance)
    screen = try SDLScreen(
      title: options.title, width: Int((size.width * scale).rounded()),
      height: Int((size.height * scale).rounded()), resizable: options.isResizable)
    if let source {
      let failed: @MainActor (any Error) -> Void = { [weak self] error in
        self?.emit("location", [.init("error", "\(error)")])
      }
      session.mapView.navigationSession?.locationSource = SessionLocationSource(
        source: source, clock: session.clock, failed: failed)
      // The demo placed the vehicle at the origin with the simulator to route from there;
      // while it simulates, the session ignores the device (as the original does), so the
      // real source takes over now.
      session.mapView.locationSimulator?.stopSimulation()
    }
    if options.speaksGuidance {
      let voice = LiveVoice(locale: configuration.locale)
      self.voice = voice
      session.navigator?.voiceOutput = voice
    }
  }

  /// Sends an event to the options' handler.
  func emit(_ name: String, _ fields: [LiveEvent.Field]) {
    options.onEvent?(LiveEvent(time: wallSeconds() - opened, name: name, fields: fields))
  }

  func run() throws(NavigationWindowError) -> NavigationWindow.Summary {
    opened = wallSeconds()
    let refresh = screen.refreshRate
    let position = screen.position
    let pixels = screen.pixelSize
    emit(
      "opened",
      [
        .init("size", "\(Int(size.width))x\(Int(size.height))"),
        .init("pixels", "\(pixels.width)x\(pixels.height)"),
        .init("position", "\(position.x),\(position.y)"),
        .number("scale", scale, digits: 2), .number("refresh", refresh),
        .init("renderer", screen.rendererName), .init("vsync", "\(screen.waitsForVSync)"),
        .init("location", "\(options.location)"),
        .init("voice", voice.map { $0.plays ? "audio" : "no-audio-device" } ?? "off"),
      ])
    let period = 1 / refresh
    var deadline = wallSeconds()
    var lastWall = deadline
    var startResident = 0
    while closeReason == nil {
      let frameStart = wallSeconds()
      let frameCPU = processCPUSeconds()
      pollEvents(at: frameStart)
      if closeReason != nil { break }
      // A stall (the window dragged, the machine busy) does not jump the drive.
      let step = min(frameStart - lastWall, 0.25)
      lastWall = frameStart
      if !paused { simulatedTime += step * timeScale }
      session.advance(to: simulatedTime)
      if options.repeatsDrive, session.arrivalTime != nil {
        do { try session.restartDrive() } catch { throw .demo(error) }
        emit("drive", [.init("restarted", "true")])
      }
      observe()
      // A camera moved by the drive (no finger or button down, no input this frame) shows
      // its shifted map a frame late instead of making it in one frame; input shows at once.
      renderer.session.spreadsMapShifts =
        options.spreadsMapRedraws && pendingInput.isEmpty && !mouse.down
      try drawFrame()
      let frameEnd = wallSeconds()
      for received in pendingInput { inputLatencies.append((frameEnd - received) * 1000) }
      let counted = frames >= warmupFrames
      if counted {
        countedSince = countedSince ?? frameStart
        countedCPU = (countedCPU?.start ?? frameCPU, processCPUSeconds())
        allInputLatencies += inputLatencies.suffix(pendingInput.count)
      }
      pendingInput.removeAll(keepingCapacity: true)
      frames += 1
      let milliseconds = (frameEnd - frameStart) * 1000
      if counted { frameMilliseconds.append(milliseconds) }
      windowMilliseconds.append(milliseconds)
      if frames == 1 { startResident = NavigationWindow.residentBytes }
      reportStats(at: frameEnd)
      if let limit = options.frameLimit, frames >= limit { closeReason = "frames" }
      if let duration = options.duration, frameEnd - opened >= duration { closeReason = "duration" }
      if let duration = countedDuration, let since = countedSince, frameEnd - since >= duration {
        closeReason = "duration"
      }
      deadline += period
      let now = wallSeconds()
      if deadline > now {
        if !screen.waitsForVSync { sleepPrecisely(until: deadline) }
      } else {
        deadline = now
      }
    }
    let seconds = wallSeconds() - opened
    let summary = NavigationWindow.Summary(
      frames: frames, seconds: seconds, simulatedSeconds: simulatedTime,
      reason: closeReason ?? "window", frameMilliseconds: frameMilliseconds.sorted(),
      inputMilliseconds: allInputLatencies.sorted(),
      residentBytes: (startResident, NavigationWindow.residentBytes))
    emit(
      "closed",
      [
        .init("reason", summary.reason), .init("frames", "\(frames)"),
        .number("seconds", seconds, digits: 2), .number("fps", summary.framesPerSecond),
        .number("simulated", simulatedTime),
        .init("rss", "\(summary.residentBytes.start),\(summary.residentBytes.end)"),
      ])
    session.mapView.navigationSession?.locationSource = nil
    return summary
  }

  /// Draws the window and its map now, straight into the screen's pixels, and presents
  /// them.
  func drawFrame() throws(NavigationWindowError) {
    let layer: MapLayer
    do { layer = try session.mapLayer() } catch { throw .demo(error) }
    session.window.layoutIfNeeded()
    let points = session.window.bounds.size
    let width = Int((Double(points.width) * scale).rounded(.up))
    let height = Int((Double(points.height) * scale).rounded(.up))
    let renderer = renderer
    let window = session.window
    let now = session.clock.now
    try screen.present(width: width, height: height) {
      (pixels, stride) throws(NavigationWindowError) in
      do throws(RenderError) {
        try renderer.draw(
          window: window, at: now, map: layer, into: pixels, stride: stride, width: width,
          height: height)
      } catch { throw .render(error.description) }
    }
  }

  /// A `stats` event every ``Options/statsInterval`` seconds.
  private func reportStats(at now: Double) {
    statsFrames += 1
    guard now - opened - lastStats >= options.statsInterval else { return }
    let elapsed = now - opened - lastStats
    let sorted = windowMilliseconds.sorted()
    let latencies = inputLatencies.sorted()
    var fields: [LiveEvent.Field] = [
      .number("fps", Double(statsFrames) / elapsed),
      .number("frameMedianMs", sorted[sorted.count / 2], digits: 2),
      .number("frameMaxMs", sorted.last ?? 0, digits: 2),
      .number("simulated", simulatedTime), .number("timeScale", paused ? 0 : timeScale, digits: 2),
      .init("rss", "\(NavigationWindow.residentBytes)"),
    ]
    if !latencies.isEmpty {
      fields.append(.number("inputMaxMs", latencies.last ?? 0, digits: 2))
    }
    emit("stats", fields)
    lastStats = now - opened
    statsFrames = 0
    windowMilliseconds.removeAll(keepingCapacity: true)
    inputLatencies.removeAll(keepingCapacity: true)
  }

  /// Sleeps until `deadline` (wall seconds): coarse sleep, then a short spin.
  private func sleepPrecisely(until deadline: Double) {
    while true {
      let left = deadline - wallSeconds()
      if left <= 0 { return }
      if left > 0.002 {
        usleep(UInt32((left - 0.001) * 1e6))
      } else {
        sched_yield()
      }
    }
  }
}

import Demo
import Foundation
import LiveWindow

/// `navui run [options]`: the live navigation screen in a window (SDL2), driven by the
/// simulator, gpsd or a replayed log, with mouse, touch and keyboard input.
public struct RunCommand: HelpedCommand, Equatable, Sendable {
  /// `run`.
  public static let commandName = "run"
  /// Its line in `navui --help`.
  public static let abstract = "Show the live navigation screen in a window."
  /// The parsed session options.
  public var options: DemoOptions
  /// Where fixes come from.
  public var location = LiveLocationInput.simulator
  /// `--replay` as given (resolved against the working directory when run).
  public var replayFile: String?
  /// `--voice`.
  public var speaksGuidance = false
  /// `--frames`.
  public var frameLimit: Int?
  /// `--duration`.
  public var duration: Double?
  /// `--time-scale`.
  public var timeScale = 1.0
  /// `--loop`.
  public var repeatsDrive = false
  /// `--log-events`.
  public var logsEvents = false
  /// `--measure`.
  public var measures = false
  /// `--measure-seconds`.
  public var measureSeconds = 3.0
  /// Not `--no-map-shift`.
  public var shiftsKeptMap = true
  /// Not `--no-map-spread`.
  public var spreadsMapRedraws = true
  /// Not `--measure-without-drag`.
  public var measuresWithDrag = true

  /// The help screen.
  public static let help = CommandHelp(
    commandName: "navui run",
    overview: "Show the live navigation screen in a window.",
    discussion: """
      Opens a window (SDL2) showing the navigation UI laid out by a layout delegate over the \
      map, the route and the moving vehicle, drawn by the same renderer as `navui demo`'s \
      frames, at the display's refresh rate. The window is <size> × <scale> pixels. Mouse: \
      drag pans, the right button (or Shift) drags two fingers to pinch and rotate, the \
      wheel zooms, clicks tap buttons. Keys: Esc/Q close, N night mode, P prompt, X dismiss \
      it, Space pause, +/- simulation speed, 0 normal speed, R recenter, O overview.
      """,
    usage: "navui run [--layout <layout>] [--device <device>] [--size <WxH>] [--scale <s>] "
      + "[--gps gpsd[:host:port]] [--replay <file>] [--voice] [<options>]",
    options: DemoOptions.entries + [
      CommandHelp.Entry(
        "--gps <source>",
        "Fixes from gpsd: gpsd (127.0.0.1:2947) or gpsd:HOST:PORT. Default: the simulator."),
      CommandHelp.Entry("--replay <file>", "Replay an NMEA log or a GPX track (.gpx)."),
      CommandHelp.Entry("--voice", "Speak the guidance (espeak-ng)."),
      CommandHelp.Entry("--frames <n>", "Close after n frames."),
      CommandHelp.Entry("--duration <seconds>", "Close after this many seconds."),
      CommandHelp.Entry(
        "--time-scale <x>", "Simulated seconds per second, 0.25 to 64. Default: 1."),
      CommandHelp.Entry("--loop", "Drive the route again on arrival."),
      CommandHelp.Entry(
        "--log-events", "Print every event (touches, callbacks, camera) as a line."),
      CommandHelp.Entry(
        "--measure",
        "Measure frame times and input latency at 1×, 2×, 3× on phone and tablet, then exit."),
      CommandHelp.Entry("--measure-seconds <s>", "Seconds per --measure case. Default: 3."),
      CommandHelp.Entry(
        "--measure-without-drag",
        "Measure the simulated drive alone, the camera following the vehicle (no drag)."),
      CommandHelp.Entry(
        "--no-map-shift",
        "Draw a dragged map again on every frame instead of shifting the last frame's map."),
      CommandHelp.Entry(
        "--no-map-spread",
        "Draw a turned or zoomed map in one frame instead of a slice a frame while the last one shows."
      ),
    ])

  /// Parses the arguments after `navui run`.
  public static func parse(_ arguments: [String]) throws(CommandLineError) -> ParsedCommand<Self> {
    var command = RunCommand(options: DemoOptions())
    let parsed = try DemoOptions.parse(arguments) {
      (name, read, _) throws(CommandLineError) in
      switch name {
      case "--gps": command.location = try parseGPS(try read(), option: name)
      case "--replay": command.replayFile = try read()
      case "--voice": command.speaksGuidance = true
      case "--frames":
        let text = try read()
        guard let count = Int(text), count >= 1 else {
          throw .invalidValue(option: name, value: text, reason: "expected a whole number ≥ 1")
        }
        command.frameLimit = count
      case "--duration":
        command.duration = try DemoOptions.parseNumber(try read(), option: name, in: 0.01...86_400)
      case "--time-scale":
        command.timeScale = try DemoOptions.parseNumber(try read(), option: name, in: 0.25...64)
      case "--loop": command.repeatsDrive = true
      case "--log-events": command.logsEvents = true
      case "--measure": command.measures = true
      case "--measure-without-drag":
        command.measures = true
        command.measuresWithDrag = false
      case "--no-map-shift": command.shiftsKeptMap = false
      case "--no-map-spread": command.spreadsMapRedraws = false
      case "--measure-seconds":
        command.measureSeconds = try DemoOptions.parseNumber(try read(), option: name, in: 0.5...60)
      default: return false
      }
      return true
    }
    guard var options = parsed else { return .help }
    if command.replayFile != nil, command.location != .simulator {
      throw .invalidValue(
        option: "--replay", value: command.replayFile ?? "", reason: "give either --gps or --replay"
      )
    }
    // A desktop window has no notch: no safe area unless a device or insets were given.
    if !arguments.contains(where: { $0.hasPrefix("--device") || $0.hasPrefix("--safe-area") }) {
      options.configuration.safeArea = .zero
    }
    command.options = options
    return .run(command)
  }

  static func parseGPS(_ text: String, option: String) throws(CommandLineError)
    -> LiveLocationInput
  {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    guard parts.first == "gpsd", parts.count == 1 || parts.count == 3 else {
      throw .invalidValue(option: option, value: text, reason: "expected gpsd or gpsd:HOST:PORT")
    }
    if parts.count == 1 { return .gpsd(host: "127.0.0.1", port: "2947") }
    guard !parts[1].isEmpty, let port = Int(parts[2]), (1...65_535).contains(port) else {
      throw .invalidValue(option: option, value: text, reason: "expected gpsd:HOST:PORT")
    }
    return .gpsd(host: parts[1], port: parts[2])
  }

  /// Opens the window and runs until it is closed.
  @MainActor public func run(context: CommandContext) throws(CommandLineError) -> Int32 {
    var window = NavigationWindow.Options()
    window.configuration = options.configuration
    window.configuration.routeFile = try DemoCommand.routeURL(options.routeFile, context: context)
    window.configuration.mapFile = try DemoCommand.routeURL(options.mapFile, context: context)
    window.location = location
    if let replayFile {
      guard let url = try DemoCommand.routeURL(replayFile, context: context) else {
        throw .missingFile(replayFile)
      }
      window.location = .replay(url)
    }
    window.speaksGuidance = speaksGuidance
    window.frameLimit = frameLimit
    window.duration = duration
    window.timeScale = timeScale
    window.repeatsDrive = repeatsDrive
    window.shiftsKeptMap = shiftsKeptMap
    window.spreadsMapRedraws = spreadsMapRedraws
    if logsEvents { window.onEvent = { context.writeOutput($0.description + "\n") } }
    if measures {
      return try Self.measure(
        window, seconds: measureSeconds, drags: measuresWithDrag, context: context)
    }
    let summary: NavigationWindow.Summary
    do { summary = try NavigationWindow.run(delegate: nil, options: window) } catch {
      throw .liveWindow(error)
    }
    let sorted = summary.frameMilliseconds
    let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    context.writeError(
      String(
        format: "%d frames in %.1f s (%.1f fps), median frame %.2f ms, max %.2f ms\n",
        summary.frames, summary.seconds, summary.framesPerSecond, median, sorted.last ?? 0))
    return 0
  }
}

extension RunCommand {
  /// `--measure`: every ``LiveMeasurement/Case/standard`` case, then a table.
  @MainActor static func measure(
    _ options: NavigationWindow.Options, seconds: Double, drags: Bool = true,
    context: CommandContext
  ) throws(CommandLineError) -> Int32 {
    let results: [LiveMeasurement.Result]
    do {
      results = try LiveMeasurement.run(seconds: seconds, options: options, drags: drags)
    } catch {
      throw .liveWindow(error)
    }
    context.print(
      "| window | pixels | fps | frame median / p99 / max (ms) | frames ≤ 16.7 ms "
        + "| CPU per frame (ms) | input→screen median / p95 (ms) "
        + "| peer: PNG of the screen, median (ms) |")
    context.print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for result in results {
      let c = result.measured
      let q = LiveMeasurement.Result.quantile
      let frames = result.frameMilliseconds
      let within =
        frames.isEmpty ? 0 : Double(frames.filter { $0 <= 16.7 }.count) / Double(frames.count)
      let input = result.inputMilliseconds
      // Without the drag there is no input to time.
      let latency =
        input.isEmpty
        ? "–" : String(format: "%.1f / %.1f", q(input, 0.5), q(input, 0.95))
      context.print(
        String(
          format:
            "| %@ %.0f× | %d×%d | %.1f of %.0f Hz | %.2f / %.2f / %.2f | %.1f %% | %.2f "
            + "| %@ | %.2f |",
          c.device, c.scale, Int(c.size.width * c.scale), Int(c.size.height * c.scale),
          result.framesPerSecond, result.refreshRate, q(frames, 0.5), q(frames, 0.99),
          frames.last ?? 0, within * 100, result.cpuMillisecondsPerFrame, latency,
          q(result.pngMilliseconds, 0.5)))
    }
    return 0
  }
}

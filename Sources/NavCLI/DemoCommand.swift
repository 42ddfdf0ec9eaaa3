import Demo
import Foundation

/// `navui demo [options]`: drives a whole navigation session on the bundled Monaco map and
/// writes `report.html` and PNG frames under `--out` (default `out/`).
public struct DemoCommand: HelpedCommand, Equatable, Sendable {
  /// `demo`.
  public static let commandName = "demo"
  /// Its line in `navui --help`.
  public static let abstract =
    "Drive a navigation session and write an HTML report."
  /// The parsed options.
  public var options: DemoOptions

  /// The outcome of parsing arguments.
  public typealias Parsed = ParsedCommand<DemoCommand>

  /// The help screen.
  public static let help = CommandHelp(
    commandName: "navui demo",
    overview: "Drive a navigation session on the bundled Monaco map and write an HTML report.",
    discussion: """
      Routes Fontvieille → Casino with the embedded router (or --from → --to, on the \
      bundled map or on any OSM extract given with --map), drives the route with the \
      location simulator on a virtual clock, lays the UI out with a layout delegate, raises \
      prompts along the way, and renders PNG frames. Writes <out>/report.html (one \
      self-contained file: a timeline of frames, the layout callbacks and navigator events, \
      the route on the map, one screenshot per state, timings) and <out>/frames/NNNN.png.
      """,
    usage: "navui demo [--layout <layout>] [--device <device>] [--locale <locale>] "
      + "[--out <dir>] [<options>]",
    options: DemoOptions.entries + [
      CommandHelp.Entry("--fps <fps>", "Frames per simulated second, 0.1 to 30. Default: 2."),
      CommandHelp.Entry(
        "--max-frames <n>", "Render at most n frames (the drive is cut short). Default: all."),
      CommandHelp.Entry("--out <dir>", "The output folder. Default: out."),
    ])

  /// Parses the arguments after `navui demo`.
  public static func parse(_ arguments: [String]) throws(CommandLineError) -> Parsed {
    let parsed = try DemoOptions.parse(arguments) {
      (name, read, options) throws(CommandLineError) in
      switch name {
      case "--fps":
        options.configuration.framesPerSecond = try DemoOptions.parseNumber(
          try read(), option: name, in: 0.1...30)
      case "--max-frames":
        let text = try read()
        guard let count = Int(text), count >= 1, count <= 100_000 else {
          throw .invalidValue(option: name, value: text, reason: "expected a whole number ≥ 1")
        }
        options.configuration.maxFrames = count
      default: return false
      }
      return true
    }
    return parsed.map { .run(DemoCommand(options: $0)) } ?? .help
  }

  /// Runs the session and writes the report.
  @MainActor public func run(context: CommandContext) throws(CommandLineError) -> Int32 {
    var configuration = options.configuration
    configuration.routeFile = try Self.routeURL(options.routeFile, context: context)
    configuration.mapFile = try Self.routeURL(options.mapFile, context: context)
    let folder = context.url(for: options.out ?? "out")
    var bar = ProgressBar(context: context, label: "rendering frames")
    var last = (0, 0)
    let result = Result { () throws(DemoError) in
      try DemoRun.record(configuration, into: folder, settingsGallery: true) { done, total in
        last = (done, total)
        bar.update(done, of: total)
      }
    }
    bar.finish(last.0, of: last.1)
    let run: DemoRun
    switch result {
    case .success(let value): run = value
    case .failure(let error): throw .demo(error)
    }
    let seconds = String(format: "%.1f", run.totalSeconds)
    context.print(
      "Wrote \(run.frames.count) frames to \(folder.appendingPathComponent("frames").path)/")
    context.print("Report: \(run.reportURL.path)")
    if !run.settingsGallery.isEmpty {
      context.print(
        "Settings gallery: \(run.settingsGallery.count) screens in "
          + "\(folder.appendingPathComponent("gallery").path)/")
    }
    context.print(
      "Simulated \(String(format: "%.1f", run.frames.last?.time ?? 0)) s of driving, "
        + "\(run.events.count) events, in \(seconds) s")
    return 0
  }

  /// The URL of a route or map file, checked to exist.
  static func routeURL(_ path: String?, context: CommandContext) throws(CommandLineError) -> URL? {
    guard let path else { return nil }
    let url = context.url(for: path)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
      !isDirectory.boolValue
    else { throw .missingFile(path) }
    return url
  }
}

import Demo
import Foundation
import Rendering
import ViewKit

/// `navui render --t <seconds> [options] [--out <file>]`: one frame of the demo session at
/// clock time t, as PNG, SVG or PDF (by the file's extension).
public struct RenderCommand: HelpedCommand, Equatable, Sendable {
  /// `render`.
  public static let commandName = "render"
  /// Its line in `navui --help`.
  public static let abstract =
    "Render one frame of the demo session at a time t."
  /// The parsed options.
  public var options: DemoOptions

  /// The outcome of parsing arguments.
  public typealias Parsed = ParsedCommand<RenderCommand>

  /// The help screen.
  public static let help = CommandHelp(
    commandName: "navui render",
    overview: "Render one frame of the demo session at a time of its clock.",
    discussion: """
      Runs the same session as 'navui demo' (same options) up to --t seconds after guidance \
      starts and writes the screen as PNG, SVG or PDF, chosen by the extension of --out.
      """,
    usage: "navui render --t <seconds> [--layout <layout>] [--device <device>] "
      + "[--out <file>] [<options>]",
    options: [
      CommandHelp.Entry("--t <seconds>", "The clock time of the frame, 0 to 3600. Default: 0."),
      CommandHelp.Entry(
        "--debug", "Draw the debug overlay: every view's frame and name, the viewport outlined."),
      CommandHelp.Entry(
        "--tap <X,Y>",
        "Inspect a point of the screen (points): outline the view under it, draw and list the "
          + "constraints that place it (implies --debug)."),
    ]
      + DemoOptions.entries + [
        CommandHelp.Entry(
          "--out <file>", "The picture to write: .png, .svg or .pdf. Default: frame.png.")
      ])

  /// Parses the arguments after `navui render`.
  public static func parse(_ arguments: [String]) throws(CommandLineError) -> Parsed {
    let parsed = try DemoOptions.parse(arguments) {
      (name, read, options) throws(CommandLineError) in
      switch name {
      case "--t":
        options.time = try DemoOptions.parseNumber(try read(), option: name, in: 0...3600)
      case "--debug": options.debug = true
      case "--tap": options.tap = try DemoOptions.parsePoint(try read(), option: name)
      default: return false
      }
      return true
    }
    guard let parsed else { return .help }
    if let tap = parsed.tap {
      let size = parsed.configuration.size
      guard tap.x >= 0, tap.y >= 0, tap.x <= size.width, tap.y <= size.height else {
        throw .invalidValue(
          option: "--tap",
          value: "\(DemoOptions.formatted(Double(tap.x))),\(DemoOptions.formatted(Double(tap.y)))",
          reason:
            "the point is off the \(Int(size.width))x\(Int(size.height)) pt screen")
      }
    }
    let out = parsed.out ?? "frame.png"
    guard format(of: out) != nil else {
      throw .invalidValue(
        option: "--out", value: out, reason: "expected a file ending in .png, .svg or .pdf")
    }
    return .run(RenderCommand(options: parsed))
  }

  static func format(of path: String) -> DemoSession.Format? {
    DemoSession.Format(rawValue: URL(fileURLWithPath: path).pathExtension.lowercased())
  }

  /// Runs the session to t and writes the frame.
  @MainActor public func run(context: CommandContext) throws(CommandLineError) -> Int32 {
    var configuration = options.configuration
    configuration.routeFile = try DemoCommand.routeURL(options.routeFile, context: context)
    configuration.mapFile = try DemoCommand.routeURL(options.mapFile, context: context)
    let path = options.out ?? "frame.png"
    let url = context.url(for: path)
    let format = Self.format(of: path) ?? .png
    let time = options.time ?? 0
    var inspection: String?
    let result = Result { () throws(DemoError) in
      let session = try DemoSession(configuration: configuration)
      session.advance(to: time)
      var overlay: DebugOverlay?
      if options.debug || options.tap != nil {
        overlay = session.debugOverlay(tap: options.tap)
        if let tap = options.tap { inspection = session.inspect(at: tap).summary }
      }
      let data = try session.render(format, debugOverlay: overlay)
      do { try data.write(to: url) } catch {
        throw .write(path: url.path, reason: error.localizedDescription)
      }
      return session.stateName
    }
    switch result {
    case .success(let state):
      if let inspection { context.print(inspection) }
      context.print("Wrote \(url.path) (t = \(String(format: "%.2f", time)) s, \(state))")
      return 0
    case .failure(let error): throw .demo(error)
    }
  }
}

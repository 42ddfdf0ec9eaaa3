import Demo
import Foundation

/// `navui render --t <seconds> [options] [--out <file>]`: one frame of the demo session at
/// clock time t, as PNG, SVG or PDF (by the file's extension).
public struct RenderCommand: Equatable, Sendable {
  /// The parsed options.
  public var options: DemoOptions

  /// The outcome of parsing arguments.
  public enum Parsed: Equatable, Sendable {
    /// `--help` was asked for.
    case help
    /// A command ready to run.
    case run(RenderCommand)
  }

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
      CommandHelp.Entry("--t <seconds>", "The clock time of the frame, 0 to 3600. Default: 0.")
    ]
      + DemoOptions.entries + [
        CommandHelp.Entry(
          "--out <file>", "The picture to write: .png, .svg or .pdf. Default: frame.png.")
      ])

  /// Parses the arguments after `navui render`.
  public static func parse(_ arguments: [String]) throws(CommandLineError) -> Parsed {
    let parsed = try DemoOptions.parse(arguments) {
      (name, read, options) throws(CommandLineError) in
      guard name == "--t" else { return false }
      options.time = try DemoOptions.parseNumber(try read(), option: name, in: 0...3600)
      return true
    }
    guard let parsed else { return .help }
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
    let path = options.out ?? "frame.png"
    let url = context.url(for: path)
    let format = Self.format(of: path) ?? .png
    let time = options.time ?? 0
    let result = Result { () throws(DemoError) in
      let session = try DemoSession(configuration: configuration)
      session.advance(to: time)
      let data = try session.render(format)
      do { try data.write(to: url) } catch {
        throw .write(path: url.path, reason: error.localizedDescription)
      }
      return session.stateName
    }
    switch result {
    case .success(let state):
      context.print("Wrote \(url.path) (t = \(String(format: "%.2f", time)) s, \(state))")
      return 0
    case .failure(let error): throw .demo(error)
    }
  }
}

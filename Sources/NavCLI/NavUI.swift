import Routing

/// The `navui` command-line tool: every command's logic, callable without a process.
///
/// ```swift
/// var output = ""
/// let status = NavUI.run(
///   ["instructions", "check", "fixtures/v5", "--languages", "en"],
///   context: CommandContext(currentDirectory: "/work", writeOutput: { output += $0 },
///                           writeError: { _ in }))
/// ```
public enum NavUI {
  /// The help of `navui` itself.
  public static let help = CommandHelp(
    commandName: "navui",
    overview: "Command-line tools of the NavigationUIKit navigation SDK.",
    usage: "navui <subcommand>",
    subcommands: [
      CommandHelp.Entry("demo", "Drive a navigation session and write an HTML report."),
      CommandHelp.Entry("render", "Render one frame of the demo session at a time t."),
      CommandHelp.Entry("audit", "Check a layout against the layout rules; write an HTML page."),
      CommandHelp.Entry("instructions", "Work with turn-instruction text."),
      CommandHelp.Entry("route", "Route between points on the embedded map or a routing server."),
    ])

  /// The help of the `navui instructions` group.
  public static let instructionsHelp = CommandHelp(
    commandName: "navui instructions",
    overview: "Work with turn-instruction text.",
    usage: "navui instructions <subcommand>",
    subcommands: [
      CommandHelp.Entry(
        "check", "Run the osrm-text-instructions fixture suite against the compiler.")
    ])

  /// Runs `navui` with `arguments` (without the program name) and returns the exit status.
  ///
  /// Errors go to standard error as `Error: …` followed by the command's usage line. Runs on
  /// the main actor: `demo` and `render` drive the navigation UI.
  @MainActor public static func run(_ arguments: [String], context: CommandContext) -> Int32 {
    var help = Self.help
    do throws(CommandLineError) {
      var rest = arguments[...]
      if rest.first == "help" {
        rest = rest.dropFirst()
        rest.append("--help")
      }
      guard let first = rest.first else {
        context.writeOutput(help.rendered)
        return 0
      }
      if isHelpFlag(first) {
        context.writeOutput(help.rendered)
        return 0
      }
      if first == "route" {
        return runRouteCommand(
          arguments: Array(rest.dropFirst()), stdout: context.writeOutput,
          stderr: context.writeError)
      }
      if first == "demo" {
        help = DemoCommand.help
        switch try DemoCommand.parse(Array(rest.dropFirst())) {
        case .help:
          context.writeOutput(help.rendered)
          return 0
        case .run(let command): return try command.run(context: context)
        }
      }
      if first == "audit" {
        help = AuditCommand.help
        switch try AuditCommand.parse(Array(rest.dropFirst())) {
        case .help:
          context.writeOutput(help.rendered)
          return 0
        case .run(let command): return try command.run(context: context)
        }
      }
      if first == "render" {
        help = RenderCommand.help
        switch try RenderCommand.parse(Array(rest.dropFirst())) {
        case .help:
          context.writeOutput(help.rendered)
          return 0
        case .run(let command): return try command.run(context: context)
        }
      }
      guard first == "instructions" else {
        throw first.hasPrefix("-") ? .unknownOption(first) : .unknownSubcommand(first)
      }
      help = instructionsHelp
      rest = rest.dropFirst()
      guard let second = rest.first else { throw .missingSubcommand }
      if isHelpFlag(second) {
        context.writeOutput(help.rendered)
        return 0
      }
      guard second == "check" else {
        throw second.hasPrefix("-") ? .unknownOption(second) : .unknownSubcommand(second)
      }
      help = InstructionsCheckCommand.help
      switch try InstructionsCheckCommand.parse(Array(rest.dropFirst())) {
      case .help:
        context.writeOutput(help.rendered)
        return 0
      case .run(let command):
        return try command.run(context: context)
      }
    } catch {
      context.writeError("Error: \(error.description)\n" + help.errorFooter)
      return error.exitCode
    }
  }

  static func isHelpFlag(_ argument: String) -> Bool {
    argument == "-h" || argument == "--help"
  }
}

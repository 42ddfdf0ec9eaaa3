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
  /// `navui instructions`: its subcommands.
  static let instructions = CommandGroup(
    name: "instructions", commandName: "navui instructions",
    overview: "Work with turn-instruction text.",
    members: [.command(InstructionsCheckCommand.self)])

  /// Every command of `navui`, in the order its help lists them.
  static let commands = CommandGroup(
    name: "navui", commandName: "navui",
    overview: "Command-line tools of the NavigationUIKit navigation SDK.",
    members: [
      .command(DemoCommand.self), .command(RunCommand.self), .command(RenderCommand.self),
      .command(AuditCommand.self),
      .group(instructions), .command(RouteCommand.self),
    ])

  /// The help of `navui` itself.
  public static let help = commands.help

  /// The help of the `navui instructions` group.
  public static let instructionsHelp = instructions.help

  /// Runs `navui` with `arguments` (without the program name) and returns the exit status.
  ///
  /// `navui help <command>` is `navui <command> --help`; `navui` alone prints its help.
  /// Errors go to standard error as `Error: …` followed by the usage of the command being
  /// read. Runs on the main actor: `demo` and `render` drive the navigation UI.
  @MainActor public static func run(_ arguments: [String], context: CommandContext) -> Int32 {
    var footer = help.errorFooter
    do throws(CommandLineError) {
      var rest = arguments[...]
      if rest.first == "help" {
        rest = rest.dropFirst()
        rest.append("--help")
      }
      guard !rest.isEmpty else {
        context.writeOutput(help.rendered)
        return 0
      }
      return try commands.dispatch(rest, context: context, footer: &footer)
    } catch {
      context.writeError("Error: \(error.description)\n" + footer)
      return error.exitCode
    }
  }

  static func isHelpFlag(_ argument: String) -> Bool {
    argument == "-h" || argument == "--help"
  }
}

/// One `navui` command, structured as swift-argument-parser structures a command: its name
/// and one-line abstract (for its group's list), its help screen (overview, usage, arguments
/// and options), parsing its arguments, and running.
///
/// ``NavUI/run(_:context:)`` dispatches every command the same way: `-h`/`--help` (and
/// `navui help <command>`) prints ``helpText`` with status 0; a ``CommandLineError`` prints
/// `Error: …` and ``errorFooter`` and exits with the error's code.
public protocol NavUICommand: Sendable, Equatable {
  /// The word that selects the command after its group, e.g. `demo` or `check`.
  static var commandName: String { get }
  /// One sentence for the group's `SUBCOMMANDS` list.
  static var abstract: String { get }
  /// The help screen `--help` prints.
  static var helpText: String { get }
  /// What follows an error message: the usage line and where to find help.
  static var errorFooter: String { get }
  /// Parses the arguments after the command's name (its options and arguments).
  static func parse(_ arguments: [String]) throws(CommandLineError) -> ParsedCommand<Self>
  /// Runs the command and returns the exit status.
  @MainActor func run(context: CommandContext) throws(CommandLineError) -> Int32
}

/// A command whose help screen is a ``CommandHelp`` (every command but `route`, whose help is
/// the routing module's text).
public protocol HelpedCommand: NavUICommand {
  /// The help screen.
  static var help: CommandHelp { get }
}

extension HelpedCommand {
  /// ``help``, rendered.
  public static var helpText: String { help.rendered }
  /// ``help``'s usage footer.
  public static var errorFooter: String { help.errorFooter }
}

/// The outcome of parsing a command's arguments.
public enum ParsedCommand<Command: Sendable & Equatable>: Sendable, Equatable {
  /// `--help` was asked for.
  case help
  /// A command ready to run.
  case run(Command)
}

/// A word of `navui` that groups commands (`navui` itself, `navui instructions`): it has no
/// options of its own; its help lists its subcommands.
struct CommandGroup: Sendable {
  /// A subcommand: a command or a group.
  enum Member: Sendable {
    case command(any NavUICommand.Type)
    case group(CommandGroup)

    var name: String {
      switch self {
      case .command(let type): type.commandName
      case .group(let group): group.name
      }
    }

    var abstract: String {
      switch self {
      case .command(let type): type.abstract
      case .group(let group): group.overview
      }
    }
  }

  /// The word that selects the group (`navui` for the tool itself).
  let name: String
  /// The group's words as typed, e.g. `navui instructions`.
  let commandName: String
  /// One sentence on what the group holds (its abstract in its parent's list).
  let overview: String
  /// The subcommands, in the order the help lists them.
  let members: [Member]

  /// The group's help screen: overview, usage and its subcommands.
  var help: CommandHelp {
    CommandHelp(
      commandName: commandName, overview: overview, usage: "\(commandName) <subcommand>",
      subcommands: members.map { CommandHelp.Entry($0.name, $0.abstract) })
  }

  /// Runs the subcommand `arguments` name. `footer` follows the command being parsed, for the
  /// error message.
  @MainActor func dispatch(
    _ arguments: ArraySlice<String>, context: CommandContext, footer: inout String
  ) throws(CommandLineError) -> Int32 {
    footer = help.errorFooter
    guard let first = arguments.first else { throw .missingSubcommand }
    if NavUI.isHelpFlag(first) {
      context.writeOutput(help.rendered)
      return 0
    }
    guard let member = members.first(where: { $0.name == first }) else {
      throw first.hasPrefix("-") ? .unknownOption(first) : .unknownSubcommand(first)
    }
    let rest = arguments.dropFirst()
    switch member {
    case .group(let group): return try group.dispatch(rest, context: context, footer: &footer)
    case .command(let type):
      return try Self.run(type, Array(rest), context: context, footer: &footer)
    }
  }

  @MainActor private static func run<C: NavUICommand>(
    _ type: C.Type, _ arguments: [String], context: CommandContext, footer: inout String
  ) throws(CommandLineError) -> Int32 {
    footer = C.errorFooter
    switch try C.parse(arguments) {
    case .help:
      context.writeOutput(C.helpText)
      return 0
    case .run(let command): return try command.run(context: context)
    }
  }
}

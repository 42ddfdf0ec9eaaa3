import Routing

/// `navui route …`: the routing module's command (`runRouteCommand`), which reads its own
/// options and writes its own help and usage errors.
public struct RouteCommand: NavUICommand, Equatable {
  /// `route`.
  public static let commandName = "route"
  /// Its line in `navui --help`.
  public static let abstract = "Route between points on the embedded map or a routing server."
  /// The routing module's help text.
  public static var helpText: String { routeCommandHelp }
  /// Empty: the route command writes its own usage after its errors and throws none.
  public static var errorFooter: String { "" }

  /// The arguments after `route`, read by `runRouteCommand`.
  public var arguments: [String]

  /// Keeps the arguments; the route command reads them (and `--help`) itself.
  public static func parse(_ arguments: [String]) -> ParsedCommand<RouteCommand> {
    .run(RouteCommand(arguments: arguments))
  }

  /// Runs `runRouteCommand` and returns its exit code.
  public func run(context: CommandContext) -> Int32 {
    runRouteCommand(
      arguments: arguments, stdout: context.writeOutput, stderr: context.writeError)
  }
}

import Foundation
import NavigationCore

/// `navui instructions check <fixtures-dir> [--languages a,b,…] [--instructions-dir <dir>]`.
///
/// Runs the osrm-text-instructions fixture suite, prints one line per failure and one count
/// line per language, and ends with `N passed, M failed`. Exit status 0 when all pass, 1
/// otherwise.
public struct InstructionsCheckCommand: HelpedCommand, Equatable, Sendable {
  /// `check`.
  public static let commandName = "check"
  /// Its line in `navui instructions --help`.
  public static let abstract =
    "Run the osrm-text-instructions fixture suite against the compiler."
  /// The fixtures folder as given.
  public var fixturesDirectory: String
  /// The languages to check; `nil` checks every language a fixture lists.
  public var languages: [String]?
  /// The instruction data folder as given; `nil` searches for it.
  public var instructionsDirectory: String?

  /// The outcome of parsing arguments.
  public typealias Parsed = ParsedCommand<InstructionsCheckCommand>

  /// The help screen.
  public static let help = CommandHelp(
    commandName: "navui instructions check",
    overview: "Run the osrm-text-instructions fixture suite against the instruction compiler.",
    discussion: """
      Compiles every fixture's step in every language the fixture lists and compares the \
      result with the expected text. Prints one line per failure and a count per language, \
      and ends with the line 'N passed, M failed'. Exits with status 1 when any check fails.
      """,
    usage: "navui instructions check <fixtures-dir> [--languages <languages>] "
      + "[--instructions-dir <instructions-dir>]",
    arguments: [
      CommandHelp.Entry(
        "<fixtures-dir>", "The fixtures folder (osrm-text-instructions' test/fixtures/v5).")
    ],
    options: [
      CommandHelp.Entry(
        "--languages <languages>",
        "Comma-separated language codes to check (default: every language a fixture lists)."),
      CommandHelp.Entry(
        "--instructions-dir <instructions-dir>",
        "The folder holding translations/, grammar/ and abbreviations/ (default: the nearest "
          + "folder above the fixtures that has translations/, then $NAVUI_INSTRUCTIONS_DIR, "
          + "then the translations shipped with navui)."),
    ])

  /// Creates a command.
  public init(
    fixturesDirectory: String, languages: [String]? = nil, instructionsDirectory: String? = nil
  ) {
    self.fixturesDirectory = fixturesDirectory
    self.languages = languages
    self.instructionsDirectory = instructionsDirectory
  }

  /// Parses the arguments after `navui instructions check`.
  public static func parse(_ arguments: [String]) throws(CommandLineError) -> Parsed {
    var positional: [String] = []
    var languages: [String]?
    var instructionsDirectory: String?
    var index = 0
    var optionsEnded = false
    func value(for option: String, inline: String?) throws(CommandLineError) -> String {
      if let inline { return inline }
      index += 1
      guard index < arguments.count, !arguments[index].hasPrefix("-") else {
        throw .missingValue(option: option)
      }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      defer { index += 1 }
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        positional.append(argument)
        continue
      }
      let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
      let name = parts[0]
      let inline = parts.count > 1 ? parts[1] : nil
      switch name {
      case "-h", "--help": return .help
      case "--": optionsEnded = true
      case "--languages":
        let list = try value(for: name, inline: inline)
        let codes = list.split(separator: ",", omittingEmptySubsequences: false)
          .map { $0.trimmingCharacters(in: .whitespaces) }
        guard !codes.contains(where: \.isEmpty) else {
          throw .invalidValue(option: name, value: list, reason: "empty language code")
        }
        languages = (languages ?? []) + codes
      case "--instructions-dir":
        instructionsDirectory = try value(for: name, inline: inline)
      default:
        throw .unknownOption(argument)
      }
    }
    guard let fixtures = positional.first else { throw .missingArgument("<fixtures-dir>") }
    if positional.count > 1 { throw .unexpectedArgument(positional[1]) }
    return .run(
      InstructionsCheckCommand(
        fixturesDirectory: fixtures, languages: languages,
        instructionsDirectory: instructionsDirectory))
  }

  /// Runs the suite and writes the report; returns 0 when every check passed, else 1.
  public func run(context: CommandContext) throws(CommandLineError) -> Int32 {
    let fixturesURL = context.url(for: fixturesDirectory)
    guard InstructionCatalog.isDirectoryPath(fixturesURL) else {
      throw .missingDirectory(fixturesURL.path)
    }
    let catalog: InstructionCatalog
    let fixtures: [InstructionFixture]
    do throws(InstructionError) {
      catalog = try InstructionCatalog(directory: try dataDirectory(fixturesURL, context))
      fixtures = try InstructionFixtureSuite.load(directory: fixturesURL)
    } catch {
      throw .instructionData(error)
    }
    for code in languages ?? [] where catalog.languages[code] == nil {
      throw .unknownLanguage(code, available: catalog.languageCodes)
    }
    let report = InstructionFixtureSuite.run(
      fixtures, compiler: InstructionCompiler(catalog: catalog), languages: languages)
    for failure in report.failures {
      context.print("FAIL " + failure.failureDescription)
    }
    let counts = report.languageCounts
    for count in counts {
      context.print("\(count.language): \(count.passed) passed, \(count.failed) failed")
    }
    let checked = Set(counts.map(\.language))
    for code in languages ?? [] where !checked.contains(code) {
      context.print("\(code): no fixture lists this language")
    }
    context.print(report.summaryLine)
    return report.failedCount == 0 ? 0 : 1
  }

  /// The instruction data folder: the option, else the nearest ancestor of the fixtures with
  /// `translations/`, else the catalog's default search.
  private func dataDirectory(_ fixturesURL: URL, _ context: CommandContext)
    throws(InstructionError) -> URL
  {
    if let instructionsDirectory {
      let url = context.url(for: instructionsDirectory)
      guard InstructionCatalog.isDirectoryPath(url) else {
        throw .directoryNotFound(searched: [url.path])
      }
      return url
    }
    var candidate = fixturesURL
    for _ in 0..<4 {
      if InstructionCatalog.isDirectoryPath(candidate.appendingPathComponent("translations")) {
        return candidate
      }
      candidate = candidate.deletingLastPathComponent()
    }
    return try InstructionCatalog.defaultDirectory(
      environment: context.environment, currentDirectory: context.currentDirectory)
  }
}

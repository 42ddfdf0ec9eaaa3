import Foundation
import Testing

@testable import NavCLI

@MainActor
@Suite struct InstructionsCheckCommandTests {
  static let fixtures = CommandRunner.dataDirectory.appendingPathComponent("fixtures/v5").path

  @Test func parsesArgumentsAndOptions() throws {
    let parsed = try InstructionsCheckCommand.parse([
      "fx", "--languages", "en,fr", "--instructions-dir=data",
    ])
    #expect(
      parsed
        == .run(
          InstructionsCheckCommand(
            fixturesDirectory: "fx", languages: ["en", "fr"], instructionsDirectory: "data")))
    #expect(
      try InstructionsCheckCommand.parse(["--languages=de", "fx"])
        == .run(InstructionsCheckCommand(fixturesDirectory: "fx", languages: ["de"])))
  }

  @Test(arguments: [
    ([String](), CommandLineError.missingArgument("<fixtures-dir>")),
    (["a", "b"], .unexpectedArgument("b")),
    (["a", "--languages"], .missingValue(option: "--languages")),
    (
      ["a", "--languages", "en,,fr"],
      .invalidValue(
        option: "--languages", value: "en,,fr", reason: "empty language code")
    ),
    (["a", "--verbose"], .unknownOption("--verbose")),
  ])
  func rejectsBadArguments(arguments: [String], expected: CommandLineError) {
    #expect(throws: expected) { try InstructionsCheckCommand.parse(arguments) }
  }

  @Test func runsWholeSuiteAndEndsWithSummary() {
    let runner = CommandRunner()
    let status = runner.run(["instructions", "check", Self.fixtures])
    let lines = runner.output.split(separator: "\n")
    #expect(status == 0)
    #expect(lines.last == "21407 passed, 0 failed")
    #expect(lines.contains("en: 764 passed, 0 failed"))
    #expect(lines.contains("he: 5 passed, 0 failed"))
    #expect(!runner.output.contains("FAIL"))
    #expect(runner.error.isEmpty)
  }

  @Test func runsSelectedLanguagesOnly() {
    let runner = CommandRunner()
    let status = runner.run(["instructions", "check", Self.fixtures, "--languages", "de,th"])
    #expect(status == 0)
    #expect(
      runner.output
        == "de: 764 passed, 0 failed\nth: no fixture lists this language\n764 passed, 0 failed\n")
  }

  /// A copy of the fixtures somewhere with no translations above it, run from `/` with no
  /// environment: the translations shipped in the package's resources are found.
  @Test func aCopyOfTheFixturesElsewhereUsesTheBundledTranslations() throws {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("fixtures-copy-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let copy = scratch.appendingPathComponent("v5")
    try FileManager.default.copyItem(at: URL(fileURLWithPath: Self.fixtures), to: copy)
    let runner = CommandRunner(currentDirectory: "/")
    let status = runner.run(["instructions", "check", copy.path, "--languages", "fr,de,ja,th"])
    let last = runner.output.split(separator: "\n").last.map(String.init) ?? ""
    #expect(status == 0, "\(runner.error)")
    #expect(last.hasSuffix(" passed, 0 failed"), "\(last)")
    #expect((Int(last.prefix { $0.isNumber }) ?? 0) > 2000, "\(last)")
    #expect(runner.output.contains("fr: 764 passed, 0 failed"))
  }

  @Test func reportsFailuresAndExitsNonZero() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("navui-check-\(UUID().uuidString)/turn")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    let fixture = """
      {"step": {"maneuver": {"type": "turn", "modifier": "left"}, "name": "Way Name"},
       "instructions": {"en": "Turn left onto Way Name", "de": "Wrong"}}
      """
    try Data(fixture.utf8).write(to: folder.appendingPathComponent("left.json"))
    let runner = CommandRunner()
    let status = runner.run([
      "instructions", "check", folder.deletingLastPathComponent().path,
      "--instructions-dir", CommandRunner.dataDirectory.path,
    ])
    #expect(status == 1)
    #expect(
      runner.output == """
        FAIL turn/left.json [de]: expected "Wrong", got "Links abbiegen auf Way Name"
        de: 0 passed, 1 failed
        en: 1 passed, 0 failed
        1 passed, 1 failed

        """)
  }

  @Test func missingDirectoryIsAnErrorWithUsage() {
    let runner = CommandRunner(currentDirectory: "/nonexistent-root")
    let status = runner.run(["instructions", "check", "no/such/dir"])
    #expect(status == 1)
    #expect(runner.output.isEmpty)
    #expect(
      runner.error == """
        Error: No such directory: /nonexistent-root/no/such/dir
        \(InstructionsCheckCommand.help.errorFooter)
        """)
  }

  @Test func unknownLanguageIsAnError() {
    let runner = CommandRunner()
    let status = runner.run(["instructions", "check", Self.fixtures, "--languages", "en,xx"])
    #expect(status == 64)
    #expect(runner.output.isEmpty)
    #expect(runner.error.hasPrefix("Error: Unknown language 'xx' (available: ar, ca,"))
    #expect(runner.error.contains("Usage: navui instructions check <fixtures-dir>"))
  }

  @Test func unknownSubcommandShowsParentUsage() {
    let runner = CommandRunner()
    #expect(runner.run(["instructions", "fix"]) == 64)
    #expect(
      runner.error
        == "Error: Unknown subcommand 'fix'\n" + NavUI.instructionsHelp.errorFooter)
    let root = CommandRunner()
    #expect(root.run(["--frobnicate"]) == 64)
    #expect(root.error == "Error: Unknown option '--frobnicate'\n" + NavUI.help.errorFooter)
  }

  @Test func missingSubcommandIsAnError() {
    let runner = CommandRunner()
    #expect(runner.run(["instructions"]) == 64)
    #expect(runner.error.hasPrefix("Error: Missing subcommand\nUsage: navui instructions"))
  }
}

import SharedTestData
import Testing

@testable import NavCLI

@MainActor
@Suite struct NavUIHelpTests {
  @Test func rootHelpMatchesSnapshot() {
    let runner = CommandRunner()
    #expect(runner.run(["--help"]) == 0)
    #expect(runner.error.isEmpty)
    Snapshot.assertText(runner.output, named: "navui-help", in: Goldens.folder)
  }

  @Test func instructionsHelpMatchesSnapshot() {
    let runner = CommandRunner()
    #expect(runner.run(["instructions", "--help"]) == 0)
    Snapshot.assertText(runner.output, named: "navui-instructions-help", in: Goldens.folder)
  }

  @Test func checkHelpMatchesSnapshot() {
    let runner = CommandRunner()
    #expect(runner.run(["instructions", "check", "--help"]) == 0)
    Snapshot.assertText(runner.output, named: "navui-instructions-check-help", in: Goldens.folder)
  }

  @Test(arguments: [
    ["help"], ["-h"], [],
  ])
  func rootHelpSpellings(arguments: [String]) {
    let runner = CommandRunner()
    #expect(runner.run(arguments) == 0)
    #expect(runner.output == NavUI.help.rendered)
  }

  @Test func helpSubcommandShowsSubcommandHelp() {
    let runner = CommandRunner()
    #expect(runner.run(["help", "instructions", "check"]) == 0)
    #expect(runner.output == InstructionsCheckCommand.help.rendered)
  }

  @Test func helpFlagWinsOverOtherArguments() {
    let runner = CommandRunner()
    #expect(runner.run(["instructions", "check", "missing-dir", "-h"]) == 0)
    #expect(runner.output == InstructionsCheckCommand.help.rendered)
  }

  @Test func wrapKeepsLinesWithinWidth() {
    let lines = CommandHelp.wrap(
      String(repeating: "word ", count: 40), indent: 26, width: 80)
    #expect(lines.count > 1)
    #expect(lines.allSatisfy { $0.count <= 80 && $0.hasPrefix(String(repeating: " ", count: 26)) })
  }
}

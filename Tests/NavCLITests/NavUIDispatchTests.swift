import Routing
import SharedTestData
import Testing

@testable import NavCLI

/// How `navui` picks a command: what each spelling of help, each unknown word and each
/// usage error prints and returns, byte for byte (a golden file recorded before the commands
/// shared one dispatcher).
@MainActor
@Suite struct NavUIDispatchTests {
  static let cases: [[String]] = [
    [], ["help"], ["-h"], ["--help"], ["--frobnicate"], ["frob"], ["help", "frob"],
    ["demo", "--help"], ["help", "demo"], ["demo", "--bogus"], ["demo", "--fps"],
    ["render", "-h"], ["help", "render"], ["render", "--bogus"],
    ["audit", "--help"], ["help", "audit"], ["audit", "--layout"], ["audit", "--format", "xml"],
    ["audit", "stray"],
    ["instructions"], ["instructions", "-h"], ["help", "instructions"], ["instructions", "fix"],
    ["instructions", "--x"], ["instructions", "check", "-h"], ["help", "instructions", "check"],
    ["instructions", "check"], ["instructions", "check", "--languages"],
  ]

  /// Every case's command line, exit status, standard output and standard error.
  @Test func dispatchMatchesSnapshot() {
    var transcript = ""
    for arguments in Self.cases {
      let runner = CommandRunner()
      let status = runner.run(arguments)
      transcript += "$ navui \(arguments.joined(separator: " "))\nstatus: \(status)\n"
      transcript += "stdout:\n\(runner.output)\nstderr:\n\(runner.error)\n"
    }
    Snapshot.assertText(transcript, named: "navui-dispatch", in: Goldens.folder)
  }

  /// `route` is dispatched like the others; its help and usage errors are its own.
  @Test func routeHelpAndUsage() {
    for arguments in [["route", "--help"], ["help", "route"], ["route", "-h"]] {
      let runner = CommandRunner()
      #expect(runner.run(arguments) == 0)
      #expect(runner.output == routeCommandHelp)
      #expect(runner.error.isEmpty)
    }
    let runner = CommandRunner()
    #expect(runner.run(["route"]) == 64)
    #expect(runner.output.isEmpty)
    #expect(runner.error.hasPrefix("Error: "))
  }
}

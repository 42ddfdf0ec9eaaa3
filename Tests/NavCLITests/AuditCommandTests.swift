import Demo
import Foundation
import NavigationUI
import SharedTestData
import Testing
import ViewKit

@testable import NavCLI

/// The sample delegate, but the logo goes transparent in guidance (a D3 finding in every
/// guidance moment).
@MainActor
final class FadedLogoDelegate: NavigationLayoutDelegate {
  let inner = SampleLayoutDelegate()
  func enableNavigationUI(navMap: GMSMapView, newState: any NavigationReadyUIState) {
    newState.googleLogo.alpha = 1
    inner.enableNavigationUI(navMap: navMap, newState: newState)
  }
  func disableNavigationUI(navMap: GMSMapView, oldState: any NavigationReadyUIState) {
    inner.disableNavigationUI(navMap: navMap, oldState: oldState)
  }
  func startGuidance(
    navMap: GMSMapView, newState: any ActiveGuidanceUIState, oldState: any NavigationReadyUIState
  ) {
    inner.startGuidance(navMap: navMap, newState: newState, oldState: oldState)
    newState.googleLogo.alpha = 0
  }
  func stopGuidance(
    navMap: GMSMapView, newState: any NavigationReadyUIState, oldState: any ActiveGuidanceUIState
  ) {
    inner.stopGuidance(navMap: navMap, newState: newState, oldState: oldState)
    newState.googleLogo.alpha = 1
  }
  func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {
    inner.showPrompt(navMap: navMap, newPrompt: newPrompt)
  }
  func hidePrompt(navMap: GMSMapView, oldPrompt: NavigationPromptView) {
    inner.hidePrompt(navMap: navMap, oldPrompt: oldPrompt)
  }
  func changePrompt(
    navMap: GMSMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView
  ) {
    inner.changePrompt(navMap: navMap, newPrompt: newPrompt, oldPrompt: oldPrompt)
  }
}

/// `navui audit`: help, parsing, usage errors, text and JSON output, exit status, the page.
@MainActor
@Suite struct AuditCommandTests {
  func temporaryFolder() -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("navui-audit-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func helpMatchesSnapshot() {
    let runner = CommandRunner()
    #expect(runner.run(["audit", "--help"]) == 0)
    #expect(runner.error.isEmpty)
    let words = runner.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains("Exit status: 0 when the layout is clean, 1 when there are findings"))
    Snapshot.assertText(runner.output, named: "navui-audit-help", in: Goldens.folder)
  }

  @Test func parsesEveryOption() throws {
    let parsed = try AuditCommand.parse([
      "--layout", "sheet", "--format=json", "--matrix", "quick", "--out", "x",
    ])
    #expect(
      parsed == .run(AuditCommand(layout: .sheet, format: .json, quick: true, out: "x")))
    #expect(try AuditCommand.parse([]) == .run(AuditCommand()))
  }

  @Test(arguments: [
    (["--layout", "fancy"], "The value 'fancy' is invalid for '--layout'"),
    (["--format", "xml"], "The value 'xml' is invalid for '--format': expected text or json"),
    (["--matrix", "huge"], "expected default or quick"),
    (["--layout"], "Missing value for '--layout'"),
    (["--colour", "red"], "Unknown option '--colour'"),
    (["sample"], "Unexpected argument 'sample'"),
  ])
  func usageErrorsExit64(arguments: [String], message: String) {
    let runner = CommandRunner()
    #expect(runner.run(["audit"] + arguments) == 64)
    #expect(runner.error.contains(message), "\(runner.error)")
    #expect(runner.error.contains("Usage: navui audit"))
    #expect(runner.output.isEmpty)
  }

  @Test(arguments: ["sample", "wide", "sheet", "builtin"])
  func cleanLayoutPrintsASummaryAndExitsZero(layout: String) throws {
    let folder = temporaryFolder()
    let runner = CommandRunner(currentDirectory: folder.path)
    let status = runner.run(["audit", "--layout", layout, "--matrix", "quick", "--out", "o"])
    #expect(status == 0, "\(runner.output)\(runner.error)")
    let lines = runner.output.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix("\(layout): clean, no findings; report: ") == true)
    let html = try String(
      contentsOf: folder.appendingPathComponent("o/audit.html"), encoding: .utf8)
    #expect(html.contains("Clean: no findings."))
    #expect(!html.contains("<img"))
  }

  @Test func findingsPrintOneLineEachAndExitOne() throws {
    let folder = temporaryFolder()
    var command = AuditCommand()
    command.quick = true
    command.out = folder.path
    var output = ""
    let context = CommandContext(
      currentDirectory: folder.path, writeOutput: { output += $0 }, writeError: { _ in })
    let status = try command.run(context: context, makeDelegate: { FadedLogoDelegate() })
    #expect(status == 1)
    let lines = output.split(separator: "\n").map(String.init)
    #expect(lines.count >= 2)
    #expect(
      lines.dropLast().allSatisfy { $0.hasPrefix("[D3] phone ") && $0.contains("googleLogo") })
    #expect(
      lines.last?.hasPrefix(
        "sample: \(lines.count - 1) findings (D3 ×\(lines.count - 1)); report: ") == true)

    let html = try String(contentsOf: folder.appendingPathComponent("audit.html"), encoding: .utf8)
    #expect(html.contains("<td class=\"rule\">D3</td>"))
    #expect(!html.contains("src=\"http"))
    // The faded logo is outlined over each picture.
    #expect(html.contains("<svg viewBox=\"0 0 390 844\""))
    #expect(html.contains("<rect x=\""))
    // Each failing frame is a PNG data URI that decodes to a picture of the whole window.
    let marker = "src=\"data:image/png;base64,"
    let pictures = html.components(separatedBy: marker).dropFirst()
    #expect(pictures.count >= 2)
    for picture in pictures {
      let base64 = picture.prefix { $0 != "\"" }
      let png = try #require(Data(base64Encoded: String(base64)))
      #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
      let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
      #expect(width == 390 || width == 844)
    }
    let first = try #require(pictures.first)
    try Data(try #require(Data(base64Encoded: String(first.prefix { $0 != "\"" }))))
      .write(to: URL(fileURLWithPath: "/tmp/navui-audit-frame.png"))
  }

  @Test func jsonIsAnArrayOfFindings() throws {
    let folder = temporaryFolder()
    var command = AuditCommand()
    command.quick = true
    command.format = .json
    command.out = folder.path
    var output = ""
    var error = ""
    let context = CommandContext(
      currentDirectory: folder.path, writeOutput: { output += $0 },
      writeError: { error += $0 })
    #expect(try command.run(context: context, makeDelegate: { FadedLogoDelegate() }) == 1)
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
    #expect(!array.isEmpty)
    let first = try #require(array.first)
    #expect(Set(first.keys) == ["rule", "state", "configuration", "size", "views", "message"])
    #expect(first["rule"] as? String == "D3")
    #expect(first["views"] as? [String] == ["googleLogo"])
    let size = try #require(first["size"] as? [String: Double])
    #expect(size["width"] == 390 && size["height"] == 844)
    #expect(error.contains("findings"))

    let clean = CommandRunner(currentDirectory: folder.path)
    #expect(
      clean.run(["audit", "--layout", "builtin", "--matrix", "quick", "--format", "json"]) == 0)
    #expect(clean.output == "[\n\n]\n" || clean.output == "[]\n", "\(clean.output)")
  }
}

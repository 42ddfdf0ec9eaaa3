import Testing

@testable import NavCLI

/// The progress bar redraws in place on a terminal and prints plain lines elsewhere.
@Suite struct ProgressBarTests {
  func draw(terminal: Bool, total: Int) -> String {
    var text = ""
    var context = CommandContext(
      currentDirectory: "/", writeOutput: { _ in }, writeError: { text += $0 })
    context.errorIsTerminal = terminal
    var bar = ProgressBar(context: context, label: "frames")
    for done in 1...total { bar.update(done, of: total) }
    return text
  }

  @Test func redrawsInPlaceOnATerminal() {
    let text = draw(terminal: true, total: 4)
    #expect(text.hasPrefix("\rframes [#######"))
    #expect(text.hasSuffix("] 4/4\n"))
    #expect(text.filter { $0 == "\n" }.count == 1)
  }

  @Test func printsATenthAtATimeElsewhere() {
    let text = draw(terminal: false, total: 100)
    let lines = text.split(separator: "\n")
    #expect(!text.contains("\r"))
    #expect(lines.count == 11)
    #expect(lines.last == "frames: 100/100")
  }
}

/// Progress on standard error: a bar redrawn in place on a terminal, else a plain line at
/// every tenth of the work.
struct ProgressBar {
  let context: CommandContext
  let label: String
  private var lastTenth = -1

  init(context: CommandContext, label: String) {
    self.context = context
    self.label = label
  }

  /// Reports `done` of `total`.
  mutating func update(_ done: Int, of total: Int) {
    let total = max(1, total)
    if context.errorIsTerminal {
      let width = 30
      let filled = min(width, done * width / total)
      let bar =
        String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
      context.writeError("\r\(label) [\(bar)] \(done)/\(total)" + (done >= total ? "\n" : ""))
      return
    }
    let tenth = done * 10 / total
    if tenth != lastTenth || done == total {
      lastTenth = tenth
      context.writeError("\(label): \(done)/\(total)\n")
    }
  }

  /// Ends the bar's line on a terminal when the work stopped short of the total.
  func finish(_ done: Int, of total: Int) {
    if context.errorIsTerminal, done < total { context.writeError("\n") }
  }
}

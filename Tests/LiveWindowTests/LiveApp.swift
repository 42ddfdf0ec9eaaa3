import Foundation

/// One event line of `navui run --log-events`: `live t=… name key=value …`.
struct EventLine {
  let name: String
  let fields: [String: String]

  init?(_ line: Substring) {
    let words = line.split(separator: " ")
    guard words.count >= 3, words[0] == "live" else { return nil }
    name = String(words[2])
    var fields: [String: String] = [:]
    for word in words.dropFirst(3) {
      let parts = word.split(separator: "=", maxSplits: 1)
      if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
    }
    self.fields = fields
  }

  subscript(key: String) -> String? { fields[key] }

  /// A field `a,b,…` as numbers.
  func numbers(_ key: String) -> [Double] {
    (fields[key] ?? "").split(separator: ",").compactMap { Double($0) }
  }
}

/// The built `navui` running `run --log-events` on an X display, its events read as they come.
final class LiveApp {
  let process = Process()
  /// Where navui's standard output goes (read as it grows).
  let logFile: URL

  /// The `navui` next to the test bundle (swift build puts every product in one folder), or
  /// `NAVUI_BINARY`.
  static var binary: URL? {
    if let path = ProcessInfo.processInfo.environment["NAVUI_BINARY"] {
      return URL(fileURLWithPath: path)
    }
    let candidates = [
      Bundle.main.executableURL?.deletingLastPathComponent(),
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      Bundle.main.bundleURL.deletingLastPathComponent(),
    ].compactMap { $0?.appendingPathComponent("navui") }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  init(display: XDisplay, arguments: [String], environment extra: [String: String] = [:]) throws {
    guard let binary = Self.binary else {
      throw TestFailure("no navui binary beside the tests: run swift build first")
    }
    process.executableURL = binary
    process.arguments = ["run", "--log-events"] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display.name
    // Deterministic and light on a shared machine: SDL's software renderer.
    environment["SDL_RENDER_DRIVER"] = "software"
    environment["SDL_AUDIODRIVER"] = "dummy"
    for (key, value) in extra { environment[key] = value }
    process.environment = environment
    logFile = FileManager.default.temporaryDirectory.appendingPathComponent(
      "navui-run-\(UUID().uuidString).log")
    FileManager.default.createFile(atPath: logFile.path, contents: nil)
    let handle = try FileHandle(forWritingTo: logFile)
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
  }

  deinit {
    // Children of the test runner may ignore SIGTERM: end it for sure.
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: logFile)
  }

  /// Every line of the log so far.
  private var lines: [Substring] {
    let text = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
    return text.split(separator: "\n")
  }

  /// Every event so far.
  var events: [EventLine] { lines.compactMap(EventLine.init) }

  /// The end of the log, for failure messages.
  var log: String { lines.suffix(40).joined(separator: "\n") }

  /// Waits for an event named `name` after the first `after` events that satisfies `test`.
  func wait(
    for name: String, after: Int = 0, timeout: TimeInterval = 60,
    where test: (EventLine) -> Bool = { _ in true }
  ) throws -> EventLine {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      let all = events
      if all.count > after,
        let found = all[after...].first(where: { $0.name == name && test($0) })
      {
        return found
      }
      if !process.isRunning, events.count == all.count {
        throw TestFailure("navui exited (\(process.terminationStatus)) before \(name):\n\(log)")
      }
      usleep(20_000)
    }
    throw TestFailure("no \(name) event within \(timeout) s:\n\(log)")
  }

  /// Waits for the process to exit; its status.
  func waitForExit(timeout: TimeInterval = 20) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning, Date() < deadline { usleep(20_000) }
    return process.isRunning ? nil : process.terminationStatus
  }
}

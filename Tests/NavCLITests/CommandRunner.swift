import Foundation
import SharedTestData

@testable import NavCLI

/// Runs `navui` in-process and keeps what it wrote.
@MainActor
final class CommandRunner {
  var output = ""
  var error = ""
  var environment: [String: String] = [:]
  var currentDirectory: String

  /// The package root, found from this file.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The shared instruction data.
  static let dataDirectory = SharedTestData.path("instructions")

  init(currentDirectory: String = CommandRunner.packageRoot.path) {
    self.currentDirectory = currentDirectory
  }

  /// Runs `arguments` and returns the exit status.
  func run(_ arguments: [String]) -> Int32 {
    let context = CommandContext(
      environment: environment, currentDirectory: currentDirectory,
      writeOutput: { self.output += $0 }, writeError: { self.error += $0 })
    return NavUI.run(arguments, context: context)
  }
}

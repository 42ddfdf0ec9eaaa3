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

  /// The package root (the tests' working directory).
  static let packageRoot = SharedTestData.packageRoot

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

/// This target's golden files (`Snapshots/`, built into the test bundle).
enum Goldens {
  static let folder = SnapshotFolder(bundle: .module, target: "NavCLITests")
}

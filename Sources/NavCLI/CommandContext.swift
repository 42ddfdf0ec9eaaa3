import Foundation

/// What a command reads from and writes to: arguments aside, its whole environment.
///
/// Tests build one with closures that collect text; `navui` builds one over the real
/// standard streams, environment and working directory.
public struct CommandContext {
  /// Writes to standard output.
  public var writeOutput: (String) -> Void
  /// Writes to standard error.
  public var writeError: (String) -> Void
  /// The environment variables.
  public var environment: [String: String]
  /// The working directory that relative paths resolve against.
  public var currentDirectory: String
  /// Whether standard error is a terminal (progress bars redraw in place only then).
  public var errorIsTerminal = false

  /// Creates a context.
  public init(
    environment: [String: String] = [:], currentDirectory: String,
    writeOutput: @escaping (String) -> Void, writeError: @escaping (String) -> Void
  ) {
    self.environment = environment
    self.currentDirectory = currentDirectory
    self.writeOutput = writeOutput
    self.writeError = writeError
  }

  /// The process's own standard streams, environment and working directory.
  public static func standard() -> CommandContext {
    var context = CommandContext(
      environment: ProcessInfo.processInfo.environment,
      currentDirectory: FileManager.default.currentDirectoryPath,
      writeOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
      writeError: { FileHandle.standardError.write(Data($0.utf8)) })
    context.errorIsTerminal = isatty(STDERR_FILENO) != 0
    return context
  }

  /// Writes `line` and a line break to standard output.
  func print(_ line: String) {
    writeOutput(line + "\n")
  }

  /// Resolves `path` against ``currentDirectory`` unless it is absolute.
  func url(for path: String) -> URL {
    URL(
      fileURLWithPath: path, relativeTo: URL(fileURLWithPath: currentDirectory, isDirectory: true)
    )
    .standardizedFileURL
  }
}

import Foundation

/// Why the test data folder was not found.
public struct SharedTestDataError: Error, CustomStringConvertible {
  /// The folders that were tried, in order.
  public let searched: [String]

  /// What to do about it.
  public var description: String {
    "test data not found (set \(SharedTestData.environmentVariable) to a folder laid out as"
      + " Tests/SharedTestData/Fixtures; searched: \(searched.joined(separator: ", ")))"
  }
}

/// Finds the test data kept in the repo (`Tests/SharedTestData/Fixtures`: map extracts, route
/// responses, traces, instruction data; origins and licences in its `README.md`) for the test
/// targets: the `NAVUI_SHARED_DATA` environment variable when set, else the copy SwiftPM
/// places in this target's resource bundle. Nothing outside the checkout is read.
public enum SharedTestData {
  /// The environment variable that names another data folder.
  public static let environmentVariable = "NAVUI_SHARED_DATA"

  /// The folder, or why it was not found (looked up once).
  public static let located: Result<URL, SharedTestDataError> = locate(
    environment: ProcessInfo.processInfo.environment,
    bundled: Bundle.module.resourceURL?.appendingPathComponent("Fixtures"))

  /// The data folder, or `relative` inside it.
  public static func directory(_ relative: String = "") throws -> URL {
    let root = try located.get()
    return relative.isEmpty ? root : root.appendingPathComponent(relative)
  }

  /// The file or folder `relative` inside the data folder; when the folder is missing, a path
  /// under a folder that does not exist, so reads fail with a file-not-found error instead of
  /// crashing.
  public static func path(_ relative: String) -> URL {
    ((try? located.get()) ?? URL(fileURLWithPath: "/nonexistent/test-data"))
      .appendingPathComponent(relative)
  }

  /// The lookup itself, for tests of it: the environment's folder when named (and an error
  /// when it is not a folder), else `bundled` when it is a folder.
  public static func locate(environment: [String: String], bundled: URL?) -> Result<
    URL, SharedTestDataError
  > {
    if let named = environment[environmentVariable], !named.isEmpty {
      let url = URL(fileURLWithPath: named).standardizedFileURL
      if isDirectory(url) { return .success(url) }
      return .failure(SharedTestDataError(searched: [url.path]))
    }
    guard let bundled else { return .failure(SharedTestDataError(searched: [])) }
    let url = bundled.standardizedFileURL
    return isDirectory(url) ? .success(url) : .failure(SharedTestDataError(searched: [url.path]))
  }

  /// The package's root folder for the tests that run its scripts (`scripts/*.py`) or keep
  /// caches under `.build`: `NAVUI_PACKAGE_ROOT` when set, else the nearest folder from the
  /// working directory up that holds a `Package.swift` naming `NavigationUIKit` (`swift test`
  /// runs the tests in the package's folder).
  public static var packageRoot: URL {
    let environment = ProcessInfo.processInfo.environment
    if let named = environment["NAVUI_PACKAGE_ROOT"], !named.isEmpty {
      return URL(fileURLWithPath: named).standardizedFileURL
    }
    let start = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    var folder = start
    for _ in 0..<8 {
      let manifest = folder.appendingPathComponent("Package.swift")
      if let text = try? String(contentsOf: manifest, encoding: .utf8),
        text.contains("name: \"NavigationUIKit\"")
      {
        return folder
      }
      if folder.path == "/" { break }
      folder.deleteLastPathComponent()
    }
    return start
  }

  /// The Python interpreter of the test peers: `NAVUI_PYTHON` when it names an executable, else
  /// the package's `.venv`, else `nil` (the caller says what it skipped).
  public static var python: String? {
    if let named = ProcessInfo.processInfo.environment["NAVUI_PYTHON"],
      FileManager.default.isExecutableFile(atPath: named)
    {
      return named
    }
    let venv = packageRoot.appendingPathComponent(".venv/bin/python").path
    return FileManager.default.isExecutableFile(atPath: venv) ? venv : nil
  }

  static func isDirectory(_ url: URL) -> Bool {
    var flag: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &flag) && flag.boolValue
  }
}

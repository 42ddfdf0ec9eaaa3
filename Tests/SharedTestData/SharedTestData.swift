import Foundation

/// Why the shared data folder was not found.
public struct SharedTestDataError: Error, CustomStringConvertible {
  /// The folders that were tried, in order.
  public let searched: [String]

  /// What to do about it.
  public var description: String {
    "shared test data not found (set \(SharedTestData.environmentVariable) to the shared/data"
      + " folder; searched: \(searched.joined(separator: ", ")))"
  }
}

/// Finds `shared/data` (map extracts, routes, traces, instruction data) for the test targets:
/// the `NAVUI_SHARED_DATA` environment variable when set, else a `shared/data` folder beside
/// or inside one of the package's ancestor folders (a clone sits beside `shared/`).
public enum SharedTestData {
  /// The environment variable that names the data folder.
  public static let environmentVariable = "NAVUI_SHARED_DATA"

  /// The folder, or why it was not found (looked up once).
  public static let located: Result<URL, SharedTestDataError> = locate(
    environment: ProcessInfo.processInfo.environment, from: URL(fileURLWithPath: #filePath))

  /// The data folder, or `relative` inside it.
  public static func directory(_ relative: String = "") throws -> URL {
    let root = try located.get()
    return relative.isEmpty ? root : root.appendingPathComponent(relative)
  }

  /// The folder for `relative` when the data is there; otherwise a path under a folder that
  /// does not exist, so reads fail with a file-not-found error instead of crashing.
  public static func path(_ relative: String) -> URL {
    ((try? located.get()) ?? URL(fileURLWithPath: "/nonexistent/shared/data"))
      .appendingPathComponent(relative)
  }

  /// The lookup itself, for tests of it.
  public static func locate(environment: [String: String], from file: URL) -> Result<
    URL, SharedTestDataError
  > {
    var searched: [String] = []
    let fileManager = FileManager.default
    func isDirectory(_ url: URL) -> Bool {
      var flag: ObjCBool = false
      return fileManager.fileExists(atPath: url.path, isDirectory: &flag) && flag.boolValue
    }
    if let named = environment[environmentVariable], !named.isEmpty {
      let url = URL(fileURLWithPath: named).standardizedFileURL
      if isDirectory(url) { return .success(url) }
      return .failure(SharedTestDataError(searched: [url.path]))
    }
    var folder = file.deletingLastPathComponent()
    for _ in 0..<8 {
      for candidate in [
        folder.appendingPathComponent("shared/data"),
        folder.deletingLastPathComponent().appendingPathComponent("shared/data"),
      ] {
        let url = candidate.standardizedFileURL
        if searched.contains(url.path) { continue }
        searched.append(url.path)
        if isDirectory(url) { return .success(url) }
      }
      folder.deleteLastPathComponent()
    }
    return .failure(SharedTestDataError(searched: searched))
  }
}

import Foundation
import SharedTestData
import Testing

/// The test targets' locator of `shared/data`: a clone beside `shared/`, a clone with
/// `shared/` inside, the environment variable, and a clear error otherwise.
@Suite struct SharedTestDataTests {
  /// A scratch tree: `root/clone/Tests/X/File.swift`, with `shared/data` where asked.
  func scratch(sharedAt place: String?) throws -> (root: URL, file: URL) {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("shared-data-\(UUID().uuidString)")
    let file = root.appendingPathComponent("clone/Tests/X/File.swift")
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    if let place {
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent(place).appendingPathComponent("shared/data"),
        withIntermediateDirectories: true)
    }
    return (root, file)
  }

  @Test func findsTheFolderBesideTheClone() throws {
    let (root, file) = try scratch(sharedAt: ".")
    defer { try? FileManager.default.removeItem(at: root) }
    let found = try SharedTestData.locate(environment: [:], from: file).get()
    #expect(found.path.hasSuffix("/shared/data"))
    #expect(!found.path.contains("/clone/"))
  }

  @Test func findsTheFolderInsideTheClone() throws {
    let (root, file) = try scratch(sharedAt: "clone")
    defer { try? FileManager.default.removeItem(at: root) }
    let found = try SharedTestData.locate(environment: [:], from: file).get()
    #expect(found.path.hasSuffix("/clone/shared/data"))
  }

  @Test func theEnvironmentVariableWins() throws {
    let (root, file) = try scratch(sharedAt: ".")
    defer { try? FileManager.default.removeItem(at: root) }
    let elsewhere = root.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    let found = try SharedTestData.locate(
      environment: [SharedTestData.environmentVariable: elsewhere.path], from: file
    ).get()
    #expect(found.lastPathComponent == "elsewhere")
  }

  @Test func aMissingFolderIsAnErrorThatSaysWhereItLooked() throws {
    let (root, file) = try scratch(sharedAt: nil)
    defer { try? FileManager.default.removeItem(at: root) }
    // Only the scratch tree's own ancestors may hold shared/data: look from a copy of the
    // tree placed where nothing above has it.
    let result = SharedTestData.locate(
      environment: [SharedTestData.environmentVariable: root.appendingPathComponent("no").path],
      from: file)
    guard case .failure(let error) = result else {
      Issue.record("expected a failure")
      return
    }
    #expect(error.searched == [root.appendingPathComponent("no").standardizedFileURL.path])
    #expect(error.description.contains(SharedTestData.environmentVariable))
    let search = SharedTestData.locate(environment: [:], from: file)
    if case .failure(let error) = search {
      #expect(error.searched.contains { $0.hasPrefix(root.path) })
    }
  }
}

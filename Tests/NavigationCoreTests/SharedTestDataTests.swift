import Foundation
import SharedTestData
import Testing

/// The test targets' locator of the test data: the copy in the test bundle, the environment
/// variable, and a clear error otherwise; never a folder outside the checkout.
@Suite struct SharedTestDataTests {
  func scratchFolder() throws -> URL {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("test-data-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    return root
  }

  @Test func theBundledCopyIsFoundAndHoldsTheData() throws {
    let root = try SharedTestData.located.get()
    #expect(root.path.hasSuffix(".resources/Fixtures"), "\(root.path)")
    for file in [
      "osm/monaco.osm.pbf", "osm/helsinki-center.osm.pbf", "osm/monaco-center-roads.osm",
      "routes/generated/monaco-fontvieille-casino.osrm.json", "gpx/graphhopper-leipzig-test1.gpx",
      "instructions/translations/fr.json", "instructions/fixtures/v5/turn/left_default.json",
      "README.md",
    ] {
      #expect(
        FileManager.default.fileExists(atPath: root.appendingPathComponent(file).path), "\(file)")
    }
  }

  @Test func theBundledFolderIsUsedWithoutTheVariable() throws {
    let bundled = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: bundled) }
    let found = try SharedTestData.locate(environment: [:], bundled: bundled).get()
    #expect(found.standardizedFileURL.path == bundled.standardizedFileURL.path)
  }

  @Test func theEnvironmentVariableWins() throws {
    let bundled = try scratchFolder()
    let elsewhere = try scratchFolder()
    defer {
      try? FileManager.default.removeItem(at: bundled)
      try? FileManager.default.removeItem(at: elsewhere)
    }
    let found = try SharedTestData.locate(
      environment: [SharedTestData.environmentVariable: elsewhere.path], bundled: bundled
    ).get()
    #expect(found.standardizedFileURL.path == elsewhere.standardizedFileURL.path)
  }

  @Test func aMissingFolderIsAnErrorThatSaysWhereItLooked() throws {
    let root = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let missing = root.appendingPathComponent("no")
    let named = SharedTestData.locate(
      environment: [SharedTestData.environmentVariable: missing.path], bundled: root)
    guard case .failure(let error) = named else {
      Issue.record("expected a failure")
      return
    }
    #expect(error.searched == [missing.standardizedFileURL.path])
    #expect(error.description.contains(SharedTestData.environmentVariable))
    let unbundled = SharedTestData.locate(environment: [:], bundled: missing)
    guard case .failure(let second) = unbundled else {
      Issue.record("expected a failure")
      return
    }
    #expect(second.searched == [missing.standardizedFileURL.path])
  }
}

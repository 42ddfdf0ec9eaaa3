import Foundation
import NavigationCore

/// Shared data for the instruction tests: the catalog and the fixture suite, loaded once.
enum InstructionTestSupport {
  /// `../shared/data/instructions`, found relative to this test file.
  static let dataDirectory: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Instructions
    .deletingLastPathComponent()  // NavigationCoreTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // package root
    .appendingPathComponent("../shared/data/instructions").standardizedFileURL

  /// The fixtures folder of the shared suite.
  static let fixturesDirectory = dataDirectory.appendingPathComponent("fixtures/v5")

  /// Every language of the shared data plus the built-in ones.
  static let catalog: InstructionCatalog = try! InstructionCatalog(directory: dataDirectory)

  /// A compiler over ``catalog``.
  static let compiler = InstructionCompiler(catalog: catalog)

  /// Every fixture of the shared suite.
  static let fixtures: [InstructionFixture] = try! InstructionFixtureSuite.load(
    directory: fixturesDirectory)

  /// The languages the fixtures list, sorted.
  static let fixtureLanguages: [String] = Set(fixtures.flatMap { $0.expected.keys }).sorted()
}

import Foundation
import NavigationCore
import SharedTestData
import Testing

/// Shared data for the instruction tests: the catalog and the fixture suite, loaded once.
enum InstructionTestSupport {
  /// the test data's `instructions/` (see ``SharedTestData``).
  static let dataDirectory: URL = SharedTestData.path("instructions")

  /// The fixtures folder of the shared suite.
  static let fixturesDirectory = dataDirectory.appendingPathComponent("fixtures/v5")

  /// Every language of the shared data plus the built-in ones; only the built-in ones when
  /// the shared data is missing (``SharedInstructionDataTests`` then fails and says why,
  /// instead of the whole test process crashing).
  static let catalog: InstructionCatalog =
    (try? InstructionCatalog(directory: dataDirectory)) ?? .builtIn

  /// A compiler over ``catalog``.
  static let compiler = InstructionCompiler(catalog: catalog)

  /// Every fixture of the shared suite (none when the data is missing).
  static let fixtures: [InstructionFixture] =
    (try? InstructionFixtureSuite.load(directory: fixturesDirectory)) ?? []

  /// The languages the fixtures list, sorted.
  static let fixtureLanguages: [String] = Set(fixtures.flatMap { $0.expected.keys }).sorted()
}

/// The instruction tests need the shared data: say so clearly when it is not there.
@Suite struct SharedInstructionDataTests {
  @Test func sharedInstructionDataIsPresent() throws {
    let directory = try SharedTestData.directory("instructions")
    _ = try InstructionCatalog(directory: directory)
    #expect(!InstructionTestSupport.fixtures.isEmpty)
  }
}

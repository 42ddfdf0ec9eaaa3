import Foundation
import NavigationCore
import Testing

@Suite struct InstructionFixtureSuiteTests {
  @Test func suiteHasEveryFixtureFile() {
    #expect(InstructionTestSupport.fixtures.count == 764)
  }

  @Test(arguments: InstructionTestSupport.fixtureLanguages)
  func everyFixturePasses(language: String) {
    let report = InstructionFixtureSuite.run(
      InstructionTestSupport.fixtures, compiler: InstructionTestSupport.compiler,
      languages: [language])
    #expect(report.passedCount > 0)
    for failure in report.failures {
      Issue.record(Comment(rawValue: failure.failureDescription))
    }
  }
}

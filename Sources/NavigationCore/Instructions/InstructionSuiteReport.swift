/// The outcome of one fixture in one language.
public struct InstructionSuiteResult: Sendable, Equatable {
  /// The fixture's path relative to the fixtures folder.
  public let path: String
  /// The language code.
  public let language: String
  /// The string the fixture expects.
  public let expected: String
  /// The string produced, or `nil` when compiling threw.
  public let actual: String?
  /// The error's message when compiling threw.
  public let error: String?

  /// Creates a result.
  public init(path: String, language: String, expected: String, actual: String?, error: String?) {
    self.path = path
    self.language = language
    self.expected = expected
    self.actual = actual
    self.error = error
  }

  /// Whether the produced string is exactly the expected one.
  public var passed: Bool { actual == expected }

  /// One line describing a failure: `path [lang]: expected "…", got "…"`.
  public var failureDescription: String {
    let got = actual.map { "got \"\($0)\"" } ?? "error: \(error ?? "unknown")"
    return "\(path) [\(language)]: expected \"\(expected)\", \(got)"
  }
}

/// The outcome of a fixture-suite run: every result, and counts overall and per language.
public struct InstructionSuiteReport: Sendable, Equatable {
  /// Counts for one language.
  public struct LanguageCount: Sendable, Equatable {
    /// The language code.
    public let language: String
    /// Checks that passed.
    public let passed: Int
    /// Checks that failed.
    public let failed: Int
  }

  /// Every result, in fixture-path then language order.
  public let results: [InstructionSuiteResult]

  /// Creates a report.
  public init(results: [InstructionSuiteResult]) {
    self.results = results
  }

  /// The results that failed.
  public var failures: [InstructionSuiteResult] { results.filter { !$0.passed } }
  /// How many checks passed.
  public var passedCount: Int { results.count(where: \.passed) }
  /// How many checks failed.
  public var failedCount: Int { results.count - passedCount }

  /// Counts per language, sorted by code.
  public var languageCounts: [LanguageCount] {
    var passed: [String: Int] = [:]
    var failed: [String: Int] = [:]
    for result in results {
      if result.passed {
        passed[result.language, default: 0] += 1
      } else {
        failed[result.language, default: 0] += 1
      }
    }
    return Set(passed.keys).union(failed.keys).sorted().map {
      LanguageCount(language: $0, passed: passed[$0] ?? 0, failed: failed[$0] ?? 0)
    }
  }

  /// The closing line of a run: `N passed, M failed`.
  public var summaryLine: String { "\(passedCount) passed, \(failedCount) failed" }
}

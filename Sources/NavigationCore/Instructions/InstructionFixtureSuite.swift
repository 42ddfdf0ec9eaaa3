import Foundation

/// Runs the osrm-text-instructions fixture suite against an ``InstructionCompiler``.
///
/// ```swift
/// let fixtures = try InstructionFixtureSuite.load(directory: fixturesURL)
/// let report = InstructionFixtureSuite.run(fixtures, compiler: compiler)
/// print("\(report.passedCount) passed, \(report.failedCount) failed")
/// ```
public enum InstructionFixtureSuite {
  /// Reads every `.json` file under `directory`, in path order.
  ///
  /// - Throws: ``InstructionError/directoryNotFound(searched:)`` for a missing folder,
  ///   ``InstructionError/unreadableFile(path:reason:)`` or
  ///   ``InstructionError/invalidFixture(path:reason:)`` for a bad file.
  public static func load(directory: URL) throws(InstructionError) -> [InstructionFixture] {
    guard InstructionCatalog.isDirectory(directory) else {
      throw .directoryNotFound(searched: [directory.path])
    }
    let paths: [String]
    do {
      paths = try FileManager.default.subpathsOfDirectory(atPath: directory.path)
    } catch {
      throw .unreadableFile(path: directory.path, reason: "\(error)")
    }
    var fixtures: [InstructionFixture] = []
    for path in paths.sorted() where path.hasSuffix(".json") {
      if path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
      let url = directory.appendingPathComponent(path)
      let data: Data
      do {
        data = try Data(contentsOf: url)
      } catch {
        throw .unreadableFile(path: url.path, reason: "\(error)")
      }
      fixtures.append(try InstructionFixture.parse(data, path: path))
    }
    return fixtures
  }

  /// Checks every fixture in every language it lists (or only `languages`, when given).
  ///
  /// A language a fixture lists but the catalog lacks fails with "unknown language".
  public static func run(
    _ fixtures: [InstructionFixture], compiler: InstructionCompiler, languages: [String]? = nil
  ) -> InstructionSuiteReport {
    let wanted = languages.map(Set.init)
    var results: [InstructionSuiteResult] = []
    for fixture in fixtures {
      for code in fixture.expected.keys.sorted() where wanted?.contains(code) ?? true {
        let expected = fixture.expected[code]!
        let outcome = Result { () throws(InstructionError) -> String in
          try evaluate(fixture.check, language: code, compiler: compiler)
        }
        switch outcome {
        case .success(let actual):
          results.append(
            InstructionSuiteResult(
              path: fixture.path, language: code, expected: expected, actual: actual, error: nil))
        case .failure(let error):
          results.append(
            InstructionSuiteResult(
              path: fixture.path, language: code, expected: expected, actual: nil,
              error: error.description))
        }
      }
    }
    return InstructionSuiteReport(results: results)
  }

  /// The string a check produces in one language.
  static func evaluate(
    _ check: InstructionFixture.Check, language code: String, compiler: InstructionCompiler
  ) throws(InstructionError) -> String {
    switch check {
    case .step(let step, let options):
      return try compiler.compile(step, language: code, options: options)
    case .phrase(let name, let tokens):
      let language = try compiler.catalog.language(code)
      guard let template = language.phrase(name) else {
        throw .missingTemplate(language: code, key: "phrase." + name)
      }
      return InstructionTokenizer.tokenize(template, tokens: tokens, language: language)
    case .template(let keyPath):
      let language = try compiler.catalog.language(code)
      guard let text = language.templates.node(at: keyPath)?.text else {
        throw .missingTemplate(language: code, key: keyPath.joined(separator: "."))
      }
      return text
    case .invalid(let reason):
      throw .invalidStep(field: "(fixture)", reason: reason)
    }
  }
}

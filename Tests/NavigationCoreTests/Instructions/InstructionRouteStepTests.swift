import Foundation
import NavigationCore
import Testing

/// Compiles every step of the real route responses in the test data's `routes/`.
@Suite struct InstructionRouteStepTests {
  static let routesDirectory = InstructionTestSupport.dataDirectory
    .appendingPathComponent("../routes").standardizedFileURL

  /// Route files with OSRM-shaped steps, relative to the routes folder.
  static let routeFiles: [String] = {
    let paths = (try? FileManager.default.subpathsOfDirectory(atPath: routesDirectory.path)) ?? []
    return paths.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".valhalla.json") }.sorted()
  }()

  static func steps(in file: String) throws -> [(leg: Int, legCount: Int, step: Any)] {
    let data = try Data(contentsOf: routesDirectory.appendingPathComponent(file))
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let routes = root["routes"] as? [[String: Any]] ?? []
    var steps: [(Int, Int, Any)] = []
    for route in routes.prefix(1) {
      let legs = route["legs"] as? [[String: Any]] ?? []
      for (index, leg) in legs.enumerated() {
        for step in leg["steps"] as? [Any] ?? [] { steps.append((index, legs.count, step)) }
      }
    }
    return steps
  }

  @Test func findsRouteFiles() {
    #expect(Self.routeFiles.count >= 10)
  }

  @Test(arguments: routeFiles)
  func everyStepCompilesInEveryLanguage(file: String) throws {
    let compiler = InstructionTestSupport.compiler
    for (leg, legCount, json) in try Self.steps(in: file) {
      let data = try JSONSerialization.data(withJSONObject: json)
      let step = try InstructionStep.decode(from: data)
      let options = InstructionOptions(legIndex: leg, legCount: legCount)
      for code in compiler.catalog.languageCodes {
        let text = try compiler.compile(step, language: code, options: options)
        #expect(!text.isEmpty, "\(file) [\(code)] \(step.maneuver.type)")
        #expect(!text.contains("{"), "\(file) [\(code)]: \(text)")
      }
    }
  }

  @Test func monacoRouteReadsWell() throws {
    let file = "generated/monaco-fontvieille-casino.osrm.json"
    let compiler = InstructionTestSupport.compiler
    let texts = try Self.steps(in: file).map { leg, count, json in
      try compiler.compile(
        try InstructionStep.decode(from: try JSONSerialization.data(withJSONObject: json)),
        language: "en", options: InstructionOptions(legIndex: leg, legCount: count))
    }
    #expect(texts.first?.hasPrefix("Head ") == true)
    #expect(texts.last?.hasPrefix("You have arrived at your destination") == true)
  }
}

import Foundation
import Testing

@testable import NavigationCore

@Suite struct InstructionCatalogTests {
  /// A fresh folder with a `translations/en.json` copied from the shared data.
  static func makeDataFolder() throws -> URL {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("navui-catalog-\(UUID().uuidString)")
    for sub in ["translations", "grammar", "abbreviations"] {
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent(sub), withIntermediateDirectories: true)
    }
    try FileManager.default.copyItem(
      at: InstructionTestSupport.dataDirectory.appendingPathComponent("translations/en.json"),
      to: root.appendingPathComponent("translations/en.json"))
    return root
  }

  static func write(_ text: String, to file: String, in root: URL) throws {
    try Data(text.utf8).write(to: root.appendingPathComponent(file))
  }

  @Test func loadsAllSharedLanguagesPlusOurOwn() {
    let codes = InstructionTestSupport.catalog.languageCodes
    #expect(codes.count == 33)
    #expect(codes.first == "ar")
    #expect(codes.contains("zh-Hans") && codes.contains("zh-Hant") && codes.contains("th"))
  }

  @Test func loadsASubset() throws {
    let catalog = try InstructionCatalog(
      directory: InstructionTestSupport.dataDirectory, languages: ["fr", "th"])
    #expect(catalog.languageCodes == ["fr", "th"])
    #expect(catalog.languages["fr"]?.grammar != nil)
    #expect(throws: InstructionError.unknownLanguage("xx")) {
      try InstructionCatalog(directory: InstructionTestSupport.dataDirectory, languages: ["xx"])
    }
  }

  @Test func missingFolderIsTyped() {
    #expect(throws: InstructionError.directoryNotFound(searched: ["/no/such/place/translations"])) {
      try InstructionCatalog(directory: URL(fileURLWithPath: "/no/such/place"))
    }
  }

  @Test func badJSONNamesTheFile() throws {
    let root = try Self.makeDataFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    try Self.write("{ not json", to: "translations/xx.json", in: root)
    let path = root.appendingPathComponent("translations/xx.json").path
    #expect {
      try InstructionCatalog(directory: root, languages: ["xx"])
    } throws: { error in
      guard case .invalidJSON(let file, _) = error as? InstructionError else { return false }
      return file == path
    }
  }

  @Test(arguments: [
    (#"{"v5": {}}"#, InstructionError.missingKey(path: "P", key: "meta")),
    (#"{"meta": {}, "v5": {}}"#, .missingKey(path: "P", key: "meta.capitalizeFirstLetter")),
    (
      #"{"meta": {"capitalizeFirstLetter": "yes"}, "v5": {}}"#,
      .wrongType(path: "P", key: "meta.capitalizeFirstLetter", expected: "a boolean")
    ),
    (#"{"meta": {"capitalizeFirstLetter": true}}"#, .missingKey(path: "P", key: "v5")),
    (
      #"{"meta": {"capitalizeFirstLetter": true}, "v5": {"constants": {}}}"#,
      .missingKey(path: "P", key: "v5.constants.ordinalize")
    ),
    (
      #"{"meta": {"capitalizeFirstLetter": true}, "v5": {"turn": {"left": 3}}}"#,
      .wrongType(path: "P", key: "v5.turn.left", expected: "a string or an object")
    ),
  ])
  func badTranslationNamesFileAndKey(json: String, expected: InstructionError) throws {
    let root = try Self.makeDataFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    try Self.write(json, to: "translations/xx.json", in: root)
    let path = root.appendingPathComponent("translations/xx.json").path
    let want: InstructionError
    switch expected {
    case .missingKey(_, let key): want = .missingKey(path: path, key: key)
    case .wrongType(_, let key, let type): want = .wrongType(path: path, key: key, expected: type)
    default: want = expected
    }
    #expect(throws: want) { try InstructionCatalog(directory: root, languages: ["xx"]) }
  }

  @Test func badGrammarRegexNamesRule() throws {
    let root = try Self.makeDataFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    try Self.write(#"{"v5": {"article": [["^ (open", "x"]]}}"#, to: "grammar/en.json", in: root)
    let path = root.appendingPathComponent("grammar/en.json").path
    #expect {
      try InstructionCatalog(directory: root, languages: ["en"])
    } throws: { error in
      guard case .invalidRegex(let file, let key, let pattern, _) = error as? InstructionError
      else { return false }
      return file == path && key == "v5.article[0]" && pattern == "^ (open"
    }
  }

  @Test func folderTranslationReplacesBuiltIn() throws {
    let root = try Self.makeDataFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.copyItem(
      at: root.appendingPathComponent("translations/en.json"),
      to: root.appendingPathComponent("translations/th.json"))
    let catalog = try InstructionCatalog(directory: root)
    #expect(catalog.languageCodes == ["en", "th", "zh-Hant"])
    #expect(catalog.languages["th"]?.capitalizeFirstLetter == true)
  }

  @Test func defaultSearchOrder() throws {
    let root = try Self.makeDataFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let fromEnvironment = try InstructionCatalog.defaultDirectory(
      environment: ["NAVUI_INSTRUCTIONS_DIR": root.path], currentDirectory: "/")
    #expect(fromEnvironment.standardizedFileURL.path == root.standardizedFileURL.path)
    let bundled = InstructionCatalog.bundledDirectory.standardizedFileURL.path
    // Wherever the process runs, the bundled data is found (no folder beside the checkout).
    let fromAnywhere = try InstructionCatalog.defaultDirectory(
      environment: [:], currentDirectory: "/")
    #expect(fromAnywhere.path == bundled)
    let pastAMissingFolder = try InstructionCatalog.defaultDirectory(
      environment: ["NAVUI_INSTRUCTIONS_DIR": "/no/such/dir"], currentDirectory: "/")
    #expect(pastAMissingFolder.path == bundled)
    let paths = InstructionCatalog.searchPaths(
      environment: ["NAVUI_INSTRUCTIONS_DIR": "data"], currentDirectory: "/tmp/work")
    #expect(paths.map(\.path) == ["/tmp/work/data", bundled])
    #expect(!bundled.contains("shared"))
  }

  @Test func builtInCatalogNeedsNoFiles() throws {
    #expect(InstructionCatalog.builtIn.languageCodes == ["th", "zh-Hant"])
    #expect(try InstructionCatalog.builtIn.language("th").ordinal(2) == "ที่สอง")
    #expect(try InstructionCatalog.builtIn.language("zh-Hant").ordinal(11) == "")
  }

  /// The fuzzer's first instruction-data input: an empty translation file is bad JSON named
  /// by its path, not a crash (the fuzz target skips it because Foundation leaks reading it).
  @Test func emptyTranslationFileIsInvalidJSON() throws {
    let root = try Self.makeDataFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    try Self.write("", to: "translations/xx.json", in: root)
    do {
      _ = try InstructionCatalog(directory: root, languages: ["xx"], includeBuiltIn: false)
      Issue.record("an empty translation file loaded")
    } catch {
      guard case .invalidJSON(let path, _) = error else {
        Issue.record("expected invalidJSON, got \(error)")
        return
      }
      #expect(path.hasSuffix("translations/xx.json"))
      #expect(error.description.contains("xx.json"))
    }
  }
}

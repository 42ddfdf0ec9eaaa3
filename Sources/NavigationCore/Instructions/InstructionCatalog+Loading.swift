import Foundation

extension InstructionCatalog {
  /// The name of the environment variable that points at the instruction data folder.
  public static let directoryEnvironmentVariable = "NAVUI_INSTRUCTIONS_DIR"

  /// Loads every language in `directory` (`translations/`, `grammar/`, `abbreviations/`).
  ///
  /// - Parameters:
  ///   - directory: a folder with a `translations` subfolder of `<lang>.json` files.
  ///   - languages: load only these codes; `nil` loads all. Unknown codes throw.
  ///   - includeBuiltIn: add the package's own `th` and `zh-Hant` when the folder lacks them.
  /// - Throws: ``InstructionError`` naming the file and key of any missing or bad data.
  public init(directory: URL, languages: [String]? = nil, includeBuiltIn: Bool = true)
    throws(InstructionError)
  {
    let translations = directory.appendingPathComponent("translations")
    let available = try Self.jsonFiles(in: translations)
    var builtIn: [String: InstructionLanguage] = [:]
    if includeBuiltIn {
      for language in InstructionBuiltInTranslations.languages where available[language.code] == nil
      {
        builtIn[language.code] = language
      }
    }
    let wanted = languages ?? (Array(available.keys) + Array(builtIn.keys)).sorted()
    var loaded: [InstructionLanguage] = []
    for code in wanted {
      if let language = builtIn[code] {
        loaded.append(language)
        continue
      }
      guard let file = available[code] else { throw .unknownLanguage(code) }
      let json = try Self.readObject(file)
      var language = try InstructionLanguage.make(code: code, json: json, file: file.path)
      let grammarFile = directory.appendingPathComponent("grammar/\(code).json")
      let abbreviationsFile = directory.appendingPathComponent("abbreviations/\(code).json")
      var grammar: InstructionGrammar?
      var abbreviations: InstructionAbbreviations?
      if FileManager.default.fileExists(atPath: grammarFile.path) {
        grammar = try InstructionGrammar.make(
          json: try Self.readObject(grammarFile), file: grammarFile.path)
      }
      if FileManager.default.fileExists(atPath: abbreviationsFile.path) {
        abbreviations = try InstructionAbbreviations.make(
          json: try Self.readObject(abbreviationsFile), file: abbreviationsFile.path)
      }
      language = language.with(grammar: grammar, abbreviations: abbreviations)
      loaded.append(language)
    }
    self.init(languages: loaded)
  }

  /// Loads from ``defaultDirectory(environment:currentDirectory:)``.
  public static func loadDefault(
    languages: [String]? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    currentDirectory: String = FileManager.default.currentDirectoryPath
  ) throws(InstructionError) -> InstructionCatalog {
    let directory = try defaultDirectory(
      environment: environment, currentDirectory: currentDirectory)
    return try InstructionCatalog(directory: directory, languages: languages)
  }

  /// The places searched for instruction data, in order: `$NAVUI_INSTRUCTIONS_DIR` (relative
  /// to `currentDirectory` when not absolute), then the data shipped in this module's resource
  /// bundle (``bundledDirectory``).
  public static func searchPaths(environment: [String: String], currentDirectory: String)
    -> [URL]
  {
    var paths: [URL] = []
    if let value = environment[directoryEnvironmentVariable], !value.isEmpty {
      paths.append(
        URL(
          fileURLWithPath: value,
          relativeTo: URL(fileURLWithPath: currentDirectory, isDirectory: true)))
    }
    paths.append(bundledDirectory)
    return paths.map { $0.standardizedFileURL }
  }

  /// The instruction data shipped with the package (osrm-text-instructions' `translations/`,
  /// `grammar/` and `abbreviations/`, BSD-2-Clause, its licence beside them), found through
  /// the module's resource bundle: from `swift run`, from an installed binary with its
  /// `NavigationUIKit_NavigationCore.resources` folder beside it, and from a package that
  /// depends on this one.
  public static var bundledDirectory: URL {
    (Bundle.module.resourceURL ?? Bundle.module.bundleURL).appendingPathComponent("instructions")
  }

  /// The first of ``searchPaths(environment:currentDirectory:)`` holding a `translations`
  /// folder.
  ///
  /// - Throws: ``InstructionError/directoryNotFound(searched:)`` listing every place tried.
  public static func defaultDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    currentDirectory: String = FileManager.default.currentDirectoryPath
  ) throws(InstructionError) -> URL {
    let paths = searchPaths(environment: environment, currentDirectory: currentDirectory)
    for path in paths where isDirectory(path.appendingPathComponent("translations")) {
      return path
    }
    throw .directoryNotFound(searched: paths.map(\.path))
  }

  /// Whether `url` names an existing folder.
  public static func isDirectoryPath(_ url: URL) -> Bool {
    isDirectory(url)
  }

  static func isDirectory(_ url: URL) -> Bool {
    var flag: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &flag) && flag.boolValue
  }

  /// `<code>.json` files of a folder by code.
  static func jsonFiles(in folder: URL) throws(InstructionError) -> [String: URL] {
    guard isDirectory(folder) else { throw .directoryNotFound(searched: [folder.path]) }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    } catch {
      throw .unreadableFile(path: folder.path, reason: "\(error)")
    }
    var files: [String: URL] = [:]
    for name in names.sorted() where name.hasSuffix(".json") {
      files[String(name.dropLast(5))] = folder.appendingPathComponent(name)
    }
    return files
  }

  /// Reads a JSON file whose top level is an object.
  static func readObject(_ file: URL) throws(InstructionError) -> [String: Any] {
    let data: Data
    do {
      data = try Data(contentsOf: file)
    } catch {
      throw .unreadableFile(path: file.path, reason: "\(error)")
    }
    let value: Any
    do {
      value = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw .invalidJSON(path: file.path, reason: "\(error)")
    }
    guard let object = value as? [String: Any] else {
      throw .wrongType(path: file.path, key: "(top level)", expected: "an object")
    }
    return object
  }
}

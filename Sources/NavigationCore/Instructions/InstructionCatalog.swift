import Foundation

/// The loaded instruction data of every available language: immutable and `Sendable`.
///
/// Load it once — the data shipped in the package's resources, or a folder laid out as
/// osrm-text-instructions' `languages/` — then compile instructions from it:
///
/// ```swift
/// let catalog = try InstructionCatalog.loadDefault()
/// let compiler = InstructionCompiler(catalog: catalog)
/// let text = try compiler.compile(step, language: "en")   // "Turn left onto Main Street"
/// ```
///
/// Thai (`th`) and Traditional Chinese (`zh-Hant`) ship inside the package and are added to
/// every catalog unless the folder has its own.
public struct InstructionCatalog: Sendable {
  /// Languages by code.
  public let languages: [String: InstructionLanguage]

  /// Creates a catalog from languages already built.
  public init(languages: [InstructionLanguage]) {
    var table: [String: InstructionLanguage] = [:]
    for language in languages { table[language.code] = language }
    self.languages = table
  }

  /// The language codes, sorted.
  public var languageCodes: [String] { languages.keys.sorted() }

  /// The language with `code`, or ``InstructionError/unknownLanguage(_:)``.
  public func language(_ code: String) throws(InstructionError) -> InstructionLanguage {
    guard let language = languages[code] else { throw .unknownLanguage(code) }
    return language
  }

  /// A catalog of the languages that ship inside the package (`th`, `zh-Hant`).
  public static var builtIn: InstructionCatalog {
    InstructionCatalog(languages: InstructionBuiltInTranslations.languages)
  }
}

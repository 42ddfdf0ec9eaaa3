import Foundation

/// Short forms of street-name words for one language, from `abbreviations/<lang>.json`.
///
/// Three tables as upstream: plain `abbreviations` (`"saint": "St"`), road `classifications`
/// (`"street": "St"`) and compass `directions` (`"north": "N"`). Keys are lower case.
public struct InstructionAbbreviations: Sendable, Equatable {
  /// Word → short form, e.g. `"junction": "Jct"`.
  public let abbreviations: [String: String]
  /// Road class word → short form, e.g. `"avenue": "Ave"`.
  public let classifications: [String: String]
  /// Compass word → short form, e.g. `"north": "N"`.
  public let directions: [String: String]

  /// Creates the tables.
  public init(
    abbreviations: [String: String], classifications: [String: String],
    directions: [String: String]
  ) {
    self.abbreviations = abbreviations
    self.classifications = classifications
    self.directions = directions
  }

  /// Replaces every whole word of `name` found in any table by its short form.
  ///
  /// Words are split on spaces; matching ignores case. `"Saint John Street"` → `"St John St"`.
  public func abbreviate(_ name: String) -> String {
    name.split(separator: " ", omittingEmptySubsequences: false).map { word in
      let key = word.lowercased()
      return classifications[key] ?? directions[key] ?? abbreviations[key] ?? String(word)
    }.joined(separator: " ")
  }

  /// Parses an abbreviations file's JSON object; absent tables are empty.
  static func make(json: [String: Any], file: String) throws(InstructionError)
    -> InstructionAbbreviations
  {
    func table(_ key: String) throws(InstructionError) -> [String: String] {
      guard let value = json[key] else { return [:] }
      guard let map = value as? [String: String] else {
        throw .wrongType(path: file, key: key, expected: "an object of strings")
      }
      var lowered: [String: String] = [:]
      for word in map.keys.sorted() { lowered[word.lowercased()] = map[word] }
      return lowered
    }
    return InstructionAbbreviations(
      abbreviations: try table("abbreviations"), classifications: try table("classifications"),
      directions: try table("directions"))
  }
}

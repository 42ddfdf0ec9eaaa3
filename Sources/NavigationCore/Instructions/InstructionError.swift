import Foundation

/// Everything that can go wrong while loading instruction data or compiling an instruction.
///
/// Each case names the input and the place: the file and key path for bad data, the language
/// and template path for a missing template, the field for a bad step.
public enum InstructionError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No instruction data folder was found; `searched` lists the places tried, in order.
  case directoryNotFound(searched: [String])
  /// A file that should exist could not be read.
  case unreadableFile(path: String, reason: String)
  /// A file is not valid JSON.
  case invalidJSON(path: String, reason: String)
  /// A required key is absent from a data file.
  case missingKey(path: String, key: String)
  /// A key holds a value of the wrong kind.
  case wrongType(path: String, key: String, expected: String)
  /// A grammar rule's regular expression could not be compiled.
  case invalidRegex(path: String, key: String, pattern: String, reason: String)
  /// The language code is not in the catalog.
  case unknownLanguage(String)
  /// The step has no maneuver type.
  case missingManeuverType
  /// The maneuver needs a modifier and has none.
  case missingModifier(type: String)
  /// No template exists at `key` for `language`.
  case missingTemplate(language: String, key: String)
  /// A `use lane` step has no lanes on its first intersection.
  case missingLanes
  /// A bearing lies outside 0...360.
  case invalidBearing(Double)
  /// A step could not be decoded; `field` is the coding path.
  case invalidStep(field: String, reason: String)
  /// A fixture file is malformed.
  case invalidFixture(path: String, reason: String)

  /// A one-line message naming what went wrong and where.
  public var description: String {
    switch self {
    case .directoryNotFound(let searched):
      return "no instruction data folder found (searched: \(searched.joined(separator: ", ")))"
    case .unreadableFile(let path, let reason):
      return "\(path): cannot read file: \(reason)"
    case .invalidJSON(let path, let reason):
      return "\(path): invalid JSON: \(reason)"
    case .missingKey(let path, let key):
      return "\(path): missing key '\(key)'"
    case .wrongType(let path, let key, let expected):
      return "\(path): key '\(key)' must be \(expected)"
    case .invalidRegex(let path, let key, let pattern, let reason):
      return "\(path): key '\(key)': bad regular expression '\(pattern)': \(reason)"
    case .unknownLanguage(let code):
      return "unknown language '\(code)'"
    case .missingManeuverType:
      return "step: missing maneuver type"
    case .missingModifier(let type):
      return "step: maneuver of type '\(type)' has no modifier"
    case .missingTemplate(let language, let key):
      return "\(language): missing template '\(key)'"
    case .missingLanes:
      return "step: 'use lane' maneuver without intersections[0].lanes"
    case .invalidBearing(let degrees):
      return "step: bearing \(degrees) is outside 0...360"
    case .invalidStep(let field, let reason):
      return "step: field '\(field)': \(reason)"
    case .invalidFixture(let path, let reason):
      return "\(path): invalid fixture: \(reason)"
    }
  }
}

import Foundation

/// One file of the osrm-text-instructions test suite (`fixtures/v5/<type>/<case>.json`).
///
/// Three shapes: a `step` with optional `options` and the expected `instructions` per
/// language; a named `phrase` (`phrase/<name>.json`) with token `options` and expected
/// `phrases`; and files without a step whose expected strings are the raw `arrive` templates
/// (`arrive_short/left.json` is `arrive.left.short`), which upstream skips and we compare
/// against the catalog.
public struct InstructionFixture: Sendable {
  /// What a fixture checks.
  public enum Check: Sendable {
    /// Compile this step with these options.
    case step(InstructionStep, InstructionOptions)
    /// Fill the named phrase with these tokens.
    case phrase(name: String, tokens: [String: String])
    /// The template at this key path must read exactly as expected.
    case template(keyPath: [String])
    /// The file could not be understood; every language fails with this reason.
    case invalid(String)
  }

  /// The path relative to the fixtures folder, e.g. `turn/left_name.json`.
  public let path: String
  /// What to check.
  public let check: Check
  /// The expected string per language code.
  public let expected: [String: String]

  /// Creates a fixture.
  public init(path: String, check: Check, expected: [String: String]) {
    self.path = path
    self.check = check
    self.expected = expected
  }

  /// Reads a fixture from its JSON data; `path` is relative to the fixtures folder.
  ///
  /// - Throws: ``InstructionError/invalidFixture(path:reason:)`` when the file is not a JSON
  ///   object with `instructions` or `phrases` strings.
  public static func parse(_ data: Data, path: String) throws(InstructionError)
    -> InstructionFixture
  {
    let object: [String: Any]
    do {
      guard let value = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
        throw InstructionError.invalidFixture(path: path, reason: "top level is not an object")
      }
      object = value
    } catch let error as InstructionError {
      throw error
    } catch {
      throw .invalidFixture(path: path, reason: "invalid JSON: \(error)")
    }
    let expectedKey = object["phrases"] != nil ? "phrases" : "instructions"
    guard let expected = object[expectedKey] as? [String: String] else {
      throw .invalidFixture(path: path, reason: "'\(expectedKey)' must be an object of strings")
    }
    let options = object["options"] as? [String: Any] ?? [:]
    let components = path.split(separator: "/").map(String.init)
    let folder = components.count > 1 ? components[components.count - 2] : ""
    let stem = String((components.last ?? "").prefix { $0 != "." })
    if expectedKey == "phrases" {
      let tokens = options.compactMapValues(Self.tokenText)
      let name = stem.replacingOccurrences(of: "_", with: " ")
      return InstructionFixture(
        path: path, check: .phrase(name: name, tokens: tokens), expected: expected)
    }
    guard let stepJSON = object["step"] else {
      let check: Check
      if folder.hasPrefix("arrive_") {
        let variant = folder.dropFirst("arrive_".count).replacingOccurrences(of: "_", with: "-")
        let modifier =
          stem == "no_modifier" ? "default" : stem.replacingOccurrences(of: "_", with: " ")
        check = .template(keyPath: ["arrive", modifier, variant])
      } else {
        check = .invalid("no 'step' and no known template for folder '\(folder)'")
      }
      return InstructionFixture(path: path, check: check, expected: expected)
    }
    do {
      let step = try InstructionStep.decode(json: stepJSON)
      return InstructionFixture(
        path: path, check: .step(step, compileOptions(options)), expected: expected)
    } catch {
      return InstructionFixture(path: path, check: .invalid(error.description), expected: expected)
    }
  }

  private static func compileOptions(_ options: [String: Any]) -> InstructionOptions {
    InstructionOptions(
      legIndex: options["legIndex"] as? Int, legCount: options["legCount"] as? Int,
      waypointName: options["waypointName"] as? String,
      classes: options["classes"] as? [String] ?? [])
  }

  /// A token value as JavaScript would print it: strings as they are, numbers without `.0`.
  private static func tokenText(_ value: Any) -> String? {
    if let text = value as? String { return text }
    if let number = value as? Int { return String(number) }
    if let number = value as? Double {
      return number == number.rounded() && abs(number) < 1e15
        ? String(Int(number)) : String(number)
    }
    return nil
  }
}

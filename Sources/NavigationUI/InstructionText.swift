import Foundation

/// Writes instruction text in the map's language: the route's own text for English when it
/// has some, else NavigationCore's ``InstructionCompiler`` (OSRM text instructions).
@MainActor
final class InstructionText {
  static let compiler: InstructionCompiler = {
    let catalog = (try? InstructionCatalog.loadDefault()) ?? InstructionCatalog.builtIn
    return InstructionCompiler(catalog: catalog)
  }()
  private var cache: [Int: String] = [:]
  private var cachedLanguage = ""

  /// The instruction for `step` (keyed by `key`, its index in the route) in `language`.
  func text(for step: RouteStep, key: Int, language: String, legCount: Int, legIndex: Int)
    -> String
  {
    if language != cachedLanguage {
      cache = [:]
      cachedLanguage = language
    }
    if let hit = cache[key] { return hit }
    var result = step.maneuver.instruction ?? ""
    if language != "en" || result.isEmpty {
      let input = InstructionStep(
        maneuver: InstructionManeuver(
          type: step.maneuver.type.rawValue, modifier: step.maneuver.modifier?.rawValue,
          exit: step.maneuver.exit, bearingAfter: step.maneuver.bearingAfter,
          bearingBefore: step.maneuver.bearingBefore),
        name: step.name, ref: step.ref, destinations: step.destinations, exits: step.exits,
        rotaryName: step.rotaryName, mode: nil, drivingSide: step.drivingSide)
      if let compiled = try? Self.compiler.compile(
        input, language: language,
        options: InstructionOptions(legIndex: legIndex, legCount: legCount))
      {
        result = compiled
      } else if result.isEmpty {
        result = step.name
      }
    }
    cache[key] = result
    return result
  }

  /// Forgets cached text (a new route).
  func reset() { cache = [:] }
}

/// The instruction language for `locale`: the most specific catalog language that fits —
/// `zh-Hant` for `zh-Hant`, `zh-TW` or `zh-HK`, `pt-BR` for `pt-BR` — else its language code
/// (`fr` for `fr-CA`). Without this, Traditional Chinese fell back to the route's English.
@MainActor
func instructionLanguage(for locale: Locale) -> String {
  let code = locale.language.languageCode?.identifier ?? "en"
  let known = InstructionText.compiler.catalog.languages
  var candidates: [String] = []
  if let script = locale.language.script?.identifier { candidates.append("\(code)-\(script)") }
  if let region = locale.region?.identifier {
    candidates.append("\(code)-\(region)")
    if code == "zh" {
      candidates.append(["TW", "HK", "MO"].contains(region) ? "zh-Hant" : "zh-Hans")
    }
  }
  candidates.append(code)
  return candidates.first { known[$0] != nil } ?? code
}

/// Whether a language writes right to left.
func isRightToLeft(language: String) -> Bool {
  ["ar", "he", "fa", "ur", "yi", "ps", "ckb", "dv", "ug", "iw"].contains(language)
}

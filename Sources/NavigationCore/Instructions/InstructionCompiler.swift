import Foundation

/// Turns route steps into instruction text in any catalog language, as osrm-text-instructions v5.
///
/// ```swift
/// let compiler = InstructionCompiler(catalog: try InstructionCatalog.loadDefault())
/// let step = InstructionStep(
///   maneuver: InstructionManeuver(type: "turn", modifier: "left"), name: "Rue de Rivoli")
/// try compiler.compile(step, language: "fr")   // "Tourner à gauche sur la rue de Rivoli"
/// ```
public struct InstructionCompiler: Sendable {
  /// The languages this compiler can write.
  public let catalog: InstructionCatalog

  /// Creates a compiler over a catalog.
  public init(catalog: InstructionCatalog) {
    self.catalog = catalog
  }

  /// The instruction for `step` in `language`.
  ///
  /// - Throws: ``InstructionError`` for an unknown language, a step without type or needed
  ///   modifier, a `use lane` step without lanes, a bearing outside 0...360, or a template
  ///   missing from the data.
  public func compile(
    _ step: InstructionStep, language code: String, options: InstructionOptions = .init()
  ) throws(InstructionError) -> String {
    let language = try catalog.language(code)
    var type = step.maneuver.type
    let modifier = step.maneuver.modifier
    guard !type.isEmpty else { throw .missingManeuverType }
    if type != "depart" && type != "arrive" && (modifier ?? "").isEmpty {
      throw .missingModifier(type: type)
    }
    // OSRM allows new types without a major version; clients treat them as `turn`.
    if language.templates[type] == nil { type = "turn" }

    var object = try instructionObject(type: type, step: step, language: language)
    var laneInstruction: String?
    switch type {
    case "use lane":
      let configuration = try Self.laneConfiguration(step)
      laneInstruction = language.templates.node(at: ["constants", "lanes", configuration])?.text
      if (laneInstruction ?? "").isEmpty {
        object = try required(language, ["use lane", "no_lanes"])
      }
    case "rotary", "roundabout":
      let hasName = !(step.rotaryName ?? "").isEmpty
      let hasExit = (step.maneuver.exit ?? 0) != 0
      if hasName && hasExit, let node = object["name_exit"] {
        object = node
      } else if hasName, let node = object["name"] {
        object = node
      } else if hasExit, let node = object["exit"] {
        object = node
      } else {
        guard let node = object["default"] else {
          throw .missingTemplate(language: language.code, key: "\(type).default.default")
        }
        object = node
      }
    default:
      break
    }

    let wayName = self.wayName(for: step, language: language, options: options)
    let template = try chooseTemplate(
      object, step: step, wayName: wayName, options: options, language: language, type: type)

    var tokens: [String: String] = [
      "way_name": wayName,
      "destination": Self.firstDestination(step.destinations),
      "exit": Self.firstPart(step.exits, separator: ";"),
      "exit_number": language.ordinal(step.maneuver.exit.flatMap { $0 == 0 ? nil : $0 } ?? 1),
      "direction": try Self.direction(forBearing: step.maneuver.bearingAfter, language: language),
      "nth": Self.nthWaypoint(options: options, language: language),
      "junction_name": Self.firstPart(step.junctionName, separator: ";"),
    ]
    tokens["rotary_name"] = step.rotaryName
    tokens["lane_instruction"] = laneInstruction
    tokens["modifier"] = modifier.flatMap {
      language.templates.node(at: ["constants", "modifier", $0])?.text
    }
    tokens["waypoint_name"] = options.waypointName
    return InstructionTokenizer.tokenize(
      template, tokens: tokens, language: language, formatToken: options.formatToken)
  }

  /// The template group for a type and modifier, or for the step's mode (e.g. ferry).
  private func instructionObject(
    type: String, step: InstructionStep, language: InstructionLanguage
  ) throws(InstructionError) -> InstructionTemplateNode {
    if let mode = step.mode, let node = language.templates.node(at: ["modes", mode]) {
      return node
    }
    let modifier = step.maneuver.modifier ?? ""
    // An off ramp on the side traffic drives on needs no side in the text.
    var omitSide = false
    if type == "off ramp", let side = step.drivingSide {
      omitSide = side.isEmpty || modifier.contains(side)
    }
    if !omitSide, let node = language.templates.node(at: [type, modifier]) {
      return node
    }
    return try required(language, [type, "default"])
  }

  /// Picks the template by precedence: exit + destination, destination, exit, junction name,
  /// way name, waypoint name, default.
  private func chooseTemplate(
    _ object: InstructionTemplateNode, step: InstructionStep, wayName: String,
    options: InstructionOptions, language: InstructionLanguage, type: String
  ) throws(InstructionError) -> String {
    let hasDestinations = !(step.destinations ?? "").isEmpty
    let hasExits = !(step.exits ?? "").isEmpty
    let candidates: [(Bool, String)] = [
      (hasDestinations && hasExits, "exit_destination"),
      (hasDestinations, "destination"),
      (hasExits, "exit"),
      (!(step.junctionName ?? "").isEmpty, "junction_name"),
      (!wayName.isEmpty, "name"),
      (!(options.waypointName ?? "").isEmpty, "named"),
    ]
    // As upstream, an empty template counts as absent.
    for (applies, key) in candidates where applies {
      if let text = object[key]?.text, !text.isEmpty { return text }
    }
    guard let text = object["default"]?.text else {
      throw .missingTemplate(language: language.code, key: "\(type).default")
    }
    return text
  }

  private func required(_ language: InstructionLanguage, _ path: [String])
    throws(InstructionError) -> InstructionTemplateNode
  {
    if let node = language.templates.node(at: path) { return node }
    throw .missingTemplate(language: language.code, key: path.joined(separator: "."))
  }
}

import Foundation

extension InstructionCompiler {
  /// The way name the instruction uses: the name, the ref, or "name (ref)", as upstream.
  ///
  /// A name equal to the ref, or containing " (ref)", is treated as a ref copied into the name.
  /// On a motorway (``InstructionOptions/classes``) a ref with a digit wins over the name.
  public func wayName(
    for step: InstructionStep, language: InstructionLanguage, options: InstructionOptions = .init()
  ) -> String {
    var name = step.name ?? ""
    let ref = Self.firstPart(step.ref, separator: ";")
    if let fullRef = step.ref, name == fullRef { name = "" }
    if let range = name.range(of: " (\(step.ref ?? "undefined"))") {
      name.removeSubrange(range)
    }
    let onMotorway = options.classes.contains("motorway")
    let format = options.formatToken
    if !name.isEmpty && !ref.isEmpty && name != ref && !onMotorway {
      let phrase =
        language.phrase("name and ref").flatMap { $0.isEmpty ? nil : $0 }
        ?? catalog.languages["en"]?.phrase("name and ref") ?? "{name} ({ref})"
      return InstructionTokenizer.tokenize(
        phrase, tokens: ["name": name, "ref": ref], language: language, formatToken: format)
    }
    if !name.isEmpty && !ref.isEmpty && onMotorway
      && ref.unicodeScalars.contains(where: { ("0"..."9").contains($0) })
    {
      return format?("ref", ref) ?? ref
    }
    if name.isEmpty && !ref.isEmpty { return format?("ref", ref) ?? ref }
    return format?("name", name) ?? name
  }

  /// The lane diagram of the step's first intersection: runs of valid (`o`) and invalid (`x`)
  /// lanes contracted to one letter each, e.g. `xxoo` → `"xo"`.
  ///
  /// - Throws: ``InstructionError/missingLanes`` when the first intersection has no lanes.
  public static func laneConfiguration(_ step: InstructionStep) throws(InstructionError) -> String {
    guard let lanes = step.intersections?.first?.lanes else { throw .missingLanes }
    var diagram = ""
    var previous: Bool?
    for lane in lanes where lane.valid != previous {
      diagram += lane.valid ? "o" : "x"
      previous = lane.valid
    }
    return diagram
  }

  /// The compass word for a bearing ("north", "southeast", …), or "" without a bearing.
  ///
  /// - Throws: ``InstructionError/invalidBearing(_:)`` outside 0...360.
  public static func direction(forBearing bearing: Double?, language: InstructionLanguage)
    throws(InstructionError) -> String
  {
    guard let degrees = bearing else { return "" }
    let name: String
    switch degrees {
    case 0...20, 340...360: name = "north"
    case 20..<70: name = "northeast"
    case 70...110: name = "east"
    case 110..<160: name = "southeast"
    case 160...200: name = "south"
    case 200..<250: name = "southwest"
    case 250...290: name = "west"
    case 290..<340: name = "northwest"
    default: throw .invalidBearing(degrees)
    }
    return language.templates.node(at: ["constants", "direction", name])?.text ?? ""
  }

  /// "your 2nd destination": the ordinal of the leg's waypoint, or "" on the last leg.
  static func nthWaypoint(options: InstructionOptions, language: InstructionLanguage) -> String {
    guard let index = options.legIndex, index >= 0 else { return "" }
    if let count = options.legCount, index == count - 1 { return "" }
    return language.ordinal(index + 1)
  }

  /// The first destination of a signage string: `"A1: Paris, Lille"` → `"A1: Paris"`.
  static func firstDestination(_ destinations: String?) -> String {
    guard let destinations, !destinations.isEmpty else { return "" }
    let parts = destinations.components(separatedBy: ": ")
    let ref = firstPart(parts[0], separator: ",")
    let place = parts.count > 1 ? firstPart(parts[1], separator: ",") : ""
    if !ref.isEmpty && !place.isEmpty { return ref + ": " + place }
    return ref.isEmpty ? place : ref
  }

  /// The text before the first `separator`, or "" for `nil`.
  static func firstPart(_ text: String?, separator: String) -> String {
    guard let text else { return "" }
    return text.components(separatedBy: separator)[0]
  }
}

/// The arrow the turn card draws for a maneuver: a symbol name (for renderers and tests)
/// and a text glyph, for every maneuver type and modifier, mirrored for left-hand traffic
/// where the shape depends on the driving side (roundabouts, U-turns).
public struct ManeuverSymbol: Sendable, Hashable, CustomStringConvertible {
  /// A stable name such as `turn-left`, `roundabout-right-exit`, `uturn-left`.
  public let name: String
  /// A glyph standing for the arrow.
  public let glyph: String
  /// Whether the arrow is drawn mirrored (left-hand traffic).
  public let isMirrored: Bool

  /// The symbol for a maneuver; `drivingSide` is `"left"` or `"right"`.
  public init(type: ManeuverType, modifier: ManeuverDirection?, drivingSide: String = "right") {
    let leftHand = drivingSide == "left"
    let direction = Self.directionName(modifier)
    switch type {
    case .depart:
      name = "depart"
      glyph = "⬆"
      isMirrored = false
    case .arrive:
      name = direction.isEmpty || direction == "straight" ? "arrive" : "arrive-\(direction)"
      glyph = "⚑"
      isMirrored = false
    case .roundabout, .rotary, .roundaboutTurn, .exitRoundabout, .exitRotary:
      name = "roundabout" + (direction.isEmpty ? "" : "-\(direction)")
      glyph = leftHand ? "↻" : "↺"
      isMirrored = leftHand
    case .merge:
      name = "merge" + (direction.isEmpty ? "" : "-\(direction)")
      glyph = Self.glyph(for: direction)
      isMirrored = false
    case .onRamp, .offRamp, .fork:
      name =
        "\(type.rawValue.replacingOccurrences(of: " ", with: "-"))-\(direction.isEmpty ? "straight" : direction)"
      glyph = Self.glyph(for: direction)
      isMirrored = false
    case .notification, .other:
      name = "turn-" + (direction.isEmpty ? "straight" : direction)
      glyph = Self.glyph(for: direction)
      isMirrored = false
    default:
      if modifier == .uTurn {
        name = leftHand ? "uturn-right" : "uturn-left"
        glyph = leftHand ? "↷" : "↶"
        isMirrored = leftHand
      } else {
        let base = type.rawValue.replacingOccurrences(of: " ", with: "-")
        name = "\(base)-\(direction.isEmpty ? "straight" : direction)"
        glyph = Self.glyph(for: direction)
        isMirrored = false
      }
    }
  }

  static func directionName(_ modifier: ManeuverDirection?) -> String {
    guard let modifier else { return "" }
    switch modifier {
    case .none: return ""
    case .uTurn: return "uturn"
    default: return modifier.rawValue.replacingOccurrences(of: " ", with: "-")
    }
  }

  static func glyph(for direction: String) -> String {
    switch direction {
    case "sharp-right": return "↘"
    case "right": return "➡"
    case "slight-right": return "↗"
    case "sharp-left": return "↙"
    case "left": return "⬅"
    case "slight-left": return "↖"
    case "uturn": return "↶"
    default: return "⬆"
    }
  }

  /// A glyph for one lane's indications (the first one).
  static func laneGlyph(_ lane: Lane) -> String {
    glyph(for: directionName(lane.validIndication ?? lane.indications.first))
  }

  /// The ``name``.
  public var description: String { name }
}

/// The maneuver of an ``InstructionStep``: the `maneuver` object of an OSRM v5 step.
public struct InstructionManeuver: Sendable, Equatable, Codable {
  /// The maneuver type: `turn`, `depart`, `arrive`, `roundabout`, `off ramp`, `use lane`, …
  public var type: String
  /// The direction of the maneuver: `left`, `slight right`, `uturn`, `straight`, …
  public var modifier: String?
  /// The exit to take on a roundabout or rotary, counting from 1.
  public var exit: Int?
  /// The bearing after the maneuver, in degrees clockwise from north (0...360).
  public var bearingAfter: Double?
  /// The bearing before the maneuver, in degrees clockwise from north (0...360).
  public var bearingBefore: Double?

  /// Creates a maneuver.
  public init(
    type: String, modifier: String? = nil, exit: Int? = nil, bearingAfter: Double? = nil,
    bearingBefore: Double? = nil
  ) {
    self.type = type
    self.modifier = modifier
    self.exit = exit
    self.bearingAfter = bearingAfter
    self.bearingBefore = bearingBefore
  }

  enum CodingKeys: String, CodingKey {
    case type, modifier, exit
    case bearingAfter = "bearing_after"
    case bearingBefore = "bearing_before"
  }
}

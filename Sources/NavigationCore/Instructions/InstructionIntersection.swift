/// An intersection of an ``InstructionStep``, reduced to what instructions use: its lanes.
public struct InstructionIntersection: Sendable, Equatable, Codable {
  /// The lanes at this intersection, left to right, if the source has them.
  public var lanes: [InstructionLane]?

  /// Creates an intersection.
  public init(lanes: [InstructionLane]? = nil) {
    self.lanes = lanes
  }
}

/// One lane at an intersection: its arrows and whether it leads along the route.
public struct InstructionLane: Sendable, Equatable, Codable {
  /// The lane's arrows: `left`, `straight`, `slight right`, …
  public var indications: [String]
  /// Whether the lane can be used to follow the route.
  public var valid: Bool
  /// Whether the lane is the preferred one (Mapbox and Valhalla responses).
  public var active: Bool?

  /// Creates a lane.
  public init(indications: [String] = [], valid: Bool, active: Bool? = nil) {
    self.indications = indications
    self.valid = valid
    self.active = active
  }

  enum CodingKeys: String, CodingKey {
    case indications, valid, active
  }

  /// Decodes a lane; a missing `indications` array reads as empty.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    indications = try container.decodeIfPresent([String].self, forKey: .indications) ?? []
    valid = try container.decode(Bool.self, forKey: .valid)
    active = try container.decodeIfPresent(Bool.self, forKey: .active)
  }
}

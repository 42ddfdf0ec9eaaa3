/// One piece of a banner line: text, a shield, a delimiter, an exit number or a lane.
public struct VisualInstructionComponent: Sendable, Hashable {
  /// `text`, `icon`, `delimiter`, `exit`, `exit-number`, `lane`, `guidance-view`, …
  public var type: String
  /// The text to show.
  public var text: String
  /// A shorter form of `text`, when given.
  public var abbreviation: String?
  /// For lanes: the lane's turn markings.
  public var directions: [ManeuverDirection]
  /// For lanes: whether the lane is usable for the maneuver.
  public var active: Bool?
  /// For lanes: which marking the route uses.
  public var activeDirection: ManeuverDirection?

  /// A component from its parts.
  public init(
    type: String, text: String, abbreviation: String? = nil, directions: [ManeuverDirection] = [],
    active: Bool? = nil, activeDirection: ManeuverDirection? = nil
  ) {
    self.type = type
    self.text = text
    self.abbreviation = abbreviation
    self.directions = directions
    self.active = active
    self.activeDirection = activeDirection
  }
}

/// One line of a banner (primary, secondary or sub).
public struct VisualInstructionLine: Sendable, Hashable {
  /// The whole line as text.
  public var text: String
  /// The maneuver type this line shows.
  public var maneuverType: ManeuverType?
  /// The maneuver direction this line shows.
  public var maneuverDirection: ManeuverDirection?
  /// For roundabouts: the exit's angle in degrees.
  public var degrees: Double?
  /// The pieces of the line.
  public var components: [VisualInstructionComponent]

  /// A line from its parts.
  public init(
    text: String, maneuverType: ManeuverType? = nil, maneuverDirection: ManeuverDirection? = nil,
    degrees: Double? = nil, components: [VisualInstructionComponent] = []
  ) {
    self.text = text
    self.maneuverType = maneuverType
    self.maneuverDirection = maneuverDirection
    self.degrees = degrees
    self.components = components
  }
}

/// A banner to show from a distance before the end of its step.
public struct VisualInstruction: Sendable, Hashable {
  /// Show the banner when this many meters of the step remain.
  public var distanceAlongStep: CLLocationDistance
  /// The main line.
  public var primary: VisualInstructionLine
  /// A second line, when given.
  public var secondary: VisualInstructionLine?
  /// The line below (often lanes or the next maneuver), when given.
  public var sub: VisualInstructionLine?

  /// A banner from its parts.
  public init(
    distanceAlongStep: CLLocationDistance, primary: VisualInstructionLine,
    secondary: VisualInstructionLine? = nil, sub: VisualInstructionLine? = nil
  ) {
    self.distanceAlongStep = distanceAlongStep
    self.primary = primary
    self.secondary = secondary
    self.sub = sub
  }
}

/// A voice announcement to speak when a given distance of its step remains.
public struct SpokenInstruction: Sendable, Hashable {
  /// Speak when this many meters of the step remain.
  public var distanceAlongStep: CLLocationDistance
  /// The plain text.
  public var text: String
  /// The SSML text, when given.
  public var ssmlText: String?

  /// An announcement from its parts.
  public init(distanceAlongStep: CLLocationDistance, text: String, ssmlText: String? = nil) {
    self.distanceAlongStep = distanceAlongStep
    self.text = text
    self.ssmlText = ssmlText
  }
}

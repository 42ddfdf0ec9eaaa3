/// Options for compiling one instruction: where the step lies in the route, and token styling.
public struct InstructionOptions: Sendable {
  /// The index of the step's leg; with ``legCount`` decides "your 2nd destination".
  public var legIndex: Int?
  /// The number of legs in the route.
  public var legCount: Int?
  /// The name of the waypoint an arrival reaches; replaces "your destination".
  public var waypointName: String?
  /// Road classes of the step (`motorway`, `ferry`, …); on a motorway the ref wins over the name.
  public var classes: [String]
  /// Rewrites each token's value before it is inserted, e.g. to add SSML or markup.
  ///
  /// Called with the token name (`way_name`, `destination`, …) and its value.
  public var formatToken: (@Sendable (_ token: String, _ value: String) -> String)?

  /// Creates options.
  public init(
    legIndex: Int? = nil, legCount: Int? = nil, waypointName: String? = nil,
    classes: [String] = [],
    formatToken: (@Sendable (_ token: String, _ value: String) -> String)? = nil
  ) {
    self.legIndex = legIndex
    self.legCount = legCount
    self.waypointName = waypointName
    self.classes = classes
    self.formatToken = formatToken
  }
}

import NavigationCore

/// What routes avoid and what they minimise: the navigator's avoidance options
/// (`avoidsHighways`, `avoidsTolls`, `avoidsFerries`) and its routing strategy (fastest, or
/// shorter), as edge-cost multipliers for the router.
///
/// Avoiding is a strong preference, as in the original: an avoided road costs
/// ``avoidancePenalty`` times its time, so it is used only when nothing else reaches the
/// destination (a start on a motorway, an island). The shorter strategy minimises length
/// (each edge costs one second per meter; turns keep their few seconds, now worth as many
/// meters), so it takes slower streets to save distance.
///
/// ```swift
/// var options = RouteCostOptions()
/// options.avoidsTolls = true
/// let route = try engine.route(through: [a, b], options: options)
/// ```
public struct RouteCostOptions: Sendable, Hashable {
  /// Whether `highway=motorway` and `highway=trunk` roads (not their links) are avoided.
  public var avoidsHighways = false
  /// Whether toll roads (`toll=yes`, or a toll for motor cars) are avoided.
  public var avoidsTolls = false
  /// Whether car ferries (`route=ferry`) are avoided.
  public var avoidsFerries = false
  /// Whether the route minimises distance instead of time.
  public var prefersShorter = false

  /// The multiplier on an avoided road's time.
  public static let avoidancePenalty: Float = 100

  /// The fastest route, avoiding nothing.
  public init() {}

  /// Options from their parts.
  public init(
    avoidsHighways: Bool = false, avoidsTolls: Bool = false, avoidsFerries: Bool = false,
    prefersShorter: Bool = false
  ) {
    self.avoidsHighways = avoidsHighways
    self.avoidsTolls = avoidsTolls
    self.avoidsFerries = avoidsFerries
    self.prefersShorter = prefersShorter
  }

  /// Whether the options change nothing (the plain fastest route).
  public var isFastest: Bool { self == RouteCostOptions() }

  /// Whether `road` is one these options avoid.
  public func avoids(_ road: RoadAttributes) -> Bool {
    (avoidsHighways && road.isHighway) || (avoidsTolls && road.isToll)
      || (avoidsFerries && road.isFerry)
  }
}

extension Router {
  /// Per edge, the multiplier on its time that `options` make (edges without one keep
  /// theirs); empty for the fastest route.
  public func costMultipliers(for options: RouteCostOptions) -> [Int: Float] {
    guard !options.isFastest else { return [:] }
    var out: [Int: Float] = [:]
    let avoided = graph.roads.map(options.avoids)
    for (e, edge) in graph.edges.enumerated() {
      var factor: Float = 1
      if options.prefersShorter, edge.duration > 0 {
        // One second per meter: the cost is the length, and a multiplier ≥ 1 (every road is
        // faster than 1 m/s), so the landmark and straight-line bounds stay lower bounds.
        factor = max(1, edge.length / edge.duration)
      }
      if avoided[Int(edge.road)] { factor *= RouteCostOptions.avoidancePenalty }
      if factor != 1 { out[e] = factor }
    }
    return out
  }
}

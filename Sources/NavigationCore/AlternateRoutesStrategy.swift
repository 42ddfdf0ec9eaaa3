/// Which alternate routes to offer (Guides/Spec.md §12.12); raw values as
/// `GMSNavigationAlternateRoutesStrategy`.
public enum AlternateRoutesStrategy: Int, Sendable, Hashable, CaseIterable {
  /// Up to two alternate routes (the default).
  case all = 0
  /// No alternate routes.
  case none = 1
  /// One alternate route if available.
  case one = 2

  /// How many alternates the strategy allows.
  public var maximumAlternates: Int {
    switch self {
    case .all: return 2
    case .none: return 0
    case .one: return 1
    }
  }

  /// Splits a provider's routes (best first) into the main route and the alternates to show.
  ///
  /// Alternates that repeat the main route's shape are dropped; order is kept.
  public func select(from routes: [Route]) -> (main: Route?, alternates: [Route]) {
    guard let main = routes.first else { return (nil, []) }
    var alternates: [Route] = []
    for r in routes.dropFirst() where alternates.count < maximumAlternates {
      if r.geometry != main.geometry { alternates.append(r) }
    }
    return (main, alternates)
  }
}

/// How routes are chosen; raw values as `GMSNavigationRoutingStrategy`.
public enum RoutingStrategy: Int, Sendable, Hashable, CaseIterable {
  /// The best route by time and other factors.
  case defaultBest = 0
  /// The shortest route.
  case shorter = 1
  /// The route closest to a target distance.
  case deltaToTargetDistance = 2
}

/// Routing options: strategy and alternates, as `GMSNavigationRoutingOptions`.
public struct RoutingOptions: Sendable, Hashable {
  /// How routes are chosen.
  public var routingStrategy: RoutingStrategy
  /// Which alternates to offer.
  public var alternateRoutesStrategy: AlternateRoutesStrategy
  /// Target distances in meters for ``RoutingStrategy/deltaToTargetDistance``, one per waypoint.
  public var targetDistancesMeters: [Double]

  /// Options; every argument is optional.
  public init(
    routingStrategy: RoutingStrategy = .defaultBest,
    alternateRoutesStrategy: AlternateRoutesStrategy = .all, targetDistancesMeters: [Double] = []
  ) {
    self.routingStrategy = routingStrategy
    self.alternateRoutesStrategy = alternateRoutesStrategy
    self.targetDistancesMeters = targetDistancesMeters
  }

  /// Whether the combination is one the spec warns about: alternates with the
  /// shortest-route preference can behave unexpectedly.
  public var hasIncompatibleCombination: Bool {
    routingStrategy == .shorter && alternateRoutesStrategy != .none
  }
}

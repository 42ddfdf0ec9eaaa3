/// How many alternate routes to fetch (`GMSNavigationAlternateRoutesStrategy`).
public typealias GMSNavigationAlternateRoutesStrategy = AlternateRoutesStrategy

/// The routing preference (`GMSNavigationRoutingStrategy`).
public typealias GMSNavigationRoutingStrategy = RoutingStrategy

/// Options for a route request (Guides/Spec.md §12.12). Set them before fetching routes.
///
/// ```swift
/// let options = GMSNavigationRoutingOptions(alternateRoutesStrategy: .none)
/// navigator.setDestinations(destinations, routingOptions: options) { status in … }
/// ```
public final class GMSNavigationRoutingOptions: Sendable, Hashable {
  /// The routing preference.
  public let routingStrategy: GMSNavigationRoutingStrategy
  /// How many alternates to offer.
  public let alternateRoutesStrategy: GMSNavigationAlternateRoutesStrategy
  /// Target distances per destination, for `deltaToTargetDistance`.
  public let targetDistancesMeters: [Double]

  /// The defaults: best route, all alternates.
  public convenience init() {
    self.init(routingStrategy: .defaultBest, alternateRoutesStrategy: .all)
  }

  /// Options with an alternate-routes strategy.
  public convenience init(alternateRoutesStrategy: GMSNavigationAlternateRoutesStrategy) {
    self.init(routingStrategy: .defaultBest, alternateRoutesStrategy: alternateRoutesStrategy)
  }

  /// Options with a routing strategy.
  public convenience init(routingStrategy: GMSNavigationRoutingStrategy) {
    self.init(routingStrategy: routingStrategy, alternateRoutesStrategy: .all)
  }

  /// Options with target distances (strategy `deltaToTargetDistance`).
  public convenience init(targetDistancesMeters: [Double]) {
    self.init(
      routingStrategy: .deltaToTargetDistance, alternateRoutesStrategy: .all,
      targetDistancesMeters: targetDistancesMeters)
  }

  /// Options with every field.
  public init(
    routingStrategy: GMSNavigationRoutingStrategy,
    alternateRoutesStrategy: GMSNavigationAlternateRoutesStrategy,
    targetDistancesMeters: [Double] = []
  ) {
    self.routingStrategy = routingStrategy
    self.alternateRoutesStrategy = alternateRoutesStrategy
    self.targetDistancesMeters = targetDistancesMeters
  }

  /// The options as NavigationCore's value.
  public var coreOptions: RoutingOptions {
    RoutingOptions(
      routingStrategy: routingStrategy, alternateRoutesStrategy: alternateRoutesStrategy,
      targetDistancesMeters: targetDistancesMeters)
  }

  /// Same fields.
  public static func == (a: GMSNavigationRoutingOptions, b: GMSNavigationRoutingOptions) -> Bool {
    a.coreOptions == b.coreOptions
  }

  /// Hashes the fields.
  public func hash(into hasher: inout Hasher) { hasher.combine(coreOptions) }
}

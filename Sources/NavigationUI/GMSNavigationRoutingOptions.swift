import Foundation

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
public class GMSNavigationRoutingOptions: @unchecked Sendable, Hashable {
  var values: RoutingOptions

  /// The routing preference.
  public var routingStrategy: GMSNavigationRoutingStrategy { values.routingStrategy }
  /// How many alternates to offer.
  public var alternateRoutesStrategy: GMSNavigationAlternateRoutesStrategy {
    values.alternateRoutesStrategy
  }
  /// Target distances per destination in meters, for `deltaToTargetDistance`.
  public var targetDistancesMeters: [NSNumber]? {
    values.targetDistancesMeters.isEmpty
      ? nil : values.targetDistancesMeters.map { NSNumber(value: $0) }
  }

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
  public convenience init(targetDistancesMeters: [NSNumber]) {
    self.init(
      routingStrategy: .deltaToTargetDistance, alternateRoutesStrategy: .all,
      targetDistancesMeters: targetDistancesMeters.map(\.doubleValue))
  }

  /// Options with every field.
  public init(
    routingStrategy: GMSNavigationRoutingStrategy,
    alternateRoutesStrategy: GMSNavigationAlternateRoutesStrategy,
    targetDistancesMeters: [Double] = []
  ) {
    values = RoutingOptions(
      routingStrategy: routingStrategy, alternateRoutesStrategy: alternateRoutesStrategy,
      targetDistancesMeters: targetDistancesMeters)
  }

  /// The options as NavigationCore's value.
  public var coreOptions: RoutingOptions { values }

  /// A copy.
  public func copy() -> GMSNavigationRoutingOptions {
    GMSNavigationRoutingOptions(
      routingStrategy: values.routingStrategy,
      alternateRoutesStrategy: values.alternateRoutesStrategy,
      targetDistancesMeters: values.targetDistancesMeters)
  }

  /// A mutable copy.
  public func mutableCopy() -> GMSNavigationMutableRoutingOptions {
    let copy = GMSNavigationMutableRoutingOptions()
    copy.values = values
    return copy
  }

  /// Same fields.
  public static func == (a: GMSNavigationRoutingOptions, b: GMSNavigationRoutingOptions) -> Bool {
    a.coreOptions == b.coreOptions
  }

  /// Hashes the fields.
  public func hash(into hasher: inout Hasher) { hasher.combine(coreOptions) }
}

/// Routing options whose fields can change (`GMSNavigationMutableRoutingOptions`).
public final class GMSNavigationMutableRoutingOptions: GMSNavigationRoutingOptions,
  @unchecked Sendable
{
  /// The routing preference.
  public override var routingStrategy: GMSNavigationRoutingStrategy {
    get { values.routingStrategy }
    set { values.routingStrategy = newValue }
  }
  /// How many alternates to offer.
  public override var alternateRoutesStrategy: GMSNavigationAlternateRoutesStrategy {
    get { values.alternateRoutesStrategy }
    set { values.alternateRoutesStrategy = newValue }
  }
  /// Target distances per destination in meters.
  public override var targetDistancesMeters: [NSNumber]? {
    get { super.targetDistancesMeters }
    set { values.targetDistancesMeters = (newValue ?? []).map(\.doubleValue) }
  }
}

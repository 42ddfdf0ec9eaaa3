import Routing

/// Where ``GMSNavigator`` gets routes: the embedded router by default, or a Valhalla/OSRM
/// server, or anything else that turns waypoints into routes.
public protocol NavigationRouteProvider: Sendable {
  /// The best route through `waypoints` (origin first), then up to `alternates` others.
  func routes(
    through waypoints: [CLLocationCoordinate2D], heading: CLLocationDirection?, alternates: Int
  ) throws -> [Route]
  /// Like ``routes(through:heading:alternates:)``, avoiding what `options` avoid and
  /// minimising what they minimise. The default ignores `options` (a provider whose routes
  /// come from elsewhere: recorded, or a server configured on its own).
  func routes(
    through waypoints: [CLLocationCoordinate2D], heading: CLLocationDirection?, alternates: Int,
    options: RouteCostOptions
  ) throws -> [Route]
}

extension NavigationRouteProvider {
  /// Ignores `options`.
  public func routes(
    through waypoints: [CLLocationCoordinate2D], heading: CLLocationDirection?, alternates: Int,
    options: RouteCostOptions
  ) throws -> [Route] {
    try routes(through: waypoints, heading: heading, alternates: alternates)
  }
}

/// Why a route provider failed, mapped to a ``GMSRouteStatus``.
public enum NavigationRouteProviderError: Error, Sendable, Equatable {
  /// The provider's data could not be loaded.
  case unavailable(String)
}

/// The embedded router over the bundled Monaco map (ODbL; see ``attribution``).
public struct EmbeddedRouteProvider: NavigationRouteProvider {
  /// The map-data attribution to show with routes from this provider.
  public static let attribution = openStreetMapAttribution

  /// The router, `nil` when the bundled map could not be loaded (its road network also serves
  /// map matching of device fixes).
  public let engine: RouteEngine?
  private let loadError: String?

  /// The shared provider over the bundled map, loaded once.
  public static let bundled = EmbeddedRouteProvider()

  /// A provider over the bundled map.
  public init() {
    do {
      engine = try RouteEngine.bundled()
      loadError = nil
    } catch {
      engine = nil
      loadError = "\(error)"
    }
  }

  /// A provider over an engine you built.
  public init(engine: RouteEngine) {
    self.engine = engine
    loadError = nil
  }

  /// The fastest routes through the waypoints with the embedded router.
  public func routes(
    through waypoints: [CLLocationCoordinate2D], heading: CLLocationDirection?, alternates: Int
  ) throws -> [Route] {
    try routes(
      through: waypoints, heading: heading, alternates: alternates, options: RouteCostOptions())
  }

  /// Routes through the waypoints with the embedded router, honouring `options` (roads to
  /// avoid, the shorter strategy).
  public func routes(
    through waypoints: [CLLocationCoordinate2D], heading: CLLocationDirection?, alternates: Int,
    options: RouteCostOptions
  ) throws -> [Route] {
    guard let engine else { throw NavigationRouteProviderError.unavailable(loadError ?? "") }
    if alternates > 0, waypoints.count == 2, heading == nil {
      return try engine.routes(
        from: waypoints[0], to: waypoints[1], alternatives: alternates, options: options)
    }
    return [try engine.route(through: waypoints, heading: heading, options: options)]
  }
}

/// A provider that always returns the routes it was given (recorded responses, tests).
public struct FixedRouteProvider: NavigationRouteProvider {
  /// The routes returned.
  public let routes: [Route]

  /// A provider returning `routes`.
  public init(routes: [Route]) { self.routes = routes }

  /// The stored routes.
  public func routes(
    through waypoints: [CLLocationCoordinate2D], heading: CLLocationDirection?, alternates: Int
  ) throws -> [Route] {
    routes
  }
}

/// A Valhalla or OSRM server (with the embedded router as fallback when configured).
public struct RemoteNavigationRouteProvider: NavigationRouteProvider {
  /// The Routing module's client.
  public let provider: RemoteRouteProvider

  /// A provider over a configured client.
  public init(provider: RemoteRouteProvider) { self.provider = provider }

  /// One route from the server.
  public func routes(
    through waypoints: [CLLocationCoordinate2D], heading: CLLocationDirection?, alternates: Int
  ) throws -> [Route] {
    [try provider.route(through: waypoints)]
  }
}

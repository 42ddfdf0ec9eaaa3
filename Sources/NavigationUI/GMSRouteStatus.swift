/// The outcome of ``GMSNavigator/setDestinations(_:routingOptions:callback:)``, with the
/// original's cases and raw values (`GMSNavigationTypes.h`: `internalError` 0, `OK` 1, …).
public enum GMSRouteStatus: Int, Sendable, Hashable, CustomStringConvertible {
  /// Something failed inside the SDK.
  case internalError = 0
  /// A route was found.
  case OK = 1
  /// No route joins the waypoints.
  case noRouteFound = 2
  /// The route provider could not be reached.
  case networkError = 3
  /// The quota was exceeded.
  case quotaExceeded = 4
  /// The API key is not authorized.
  case apiKeyNotAuthorized = 5
  /// A newer request or `clearDestinations` cancelled this one.
  case canceled = 6
  /// Two waypoints are the same.
  case duplicateWaypointsError = 7
  /// No waypoints were given.
  case noWaypointsError = 8
  /// The vehicle's location is unknown: simulate or receive a location first.
  case locationUnavailable = 9
  /// A waypoint is invalid or off the map.
  case waypointError = 10
  /// The travel mode is not supported for this route.
  case travelModeUnsupported = 11

  /// The case name.
  public var description: String {
    switch self {
    case .OK: return "OK"
    case .internalError: return "internalError"
    case .noRouteFound: return "noRouteFound"
    case .networkError: return "networkError"
    case .quotaExceeded: return "quotaExceeded"
    case .apiKeyNotAuthorized: return "apiKeyNotAuthorized"
    case .canceled: return "canceled"
    case .duplicateWaypointsError: return "duplicateWaypointsError"
    case .noWaypointsError: return "noWaypointsError"
    case .locationUnavailable: return "locationUnavailable"
    case .waypointError: return "waypointError"
    case .travelModeUnsupported: return "travelModeUnsupported"
    }
  }
}

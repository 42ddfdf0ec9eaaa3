import Foundation
import NavigationCore

/// Why a route server could not give a route.
public enum RouteProviderError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The connection failed or timed out after every retry.
  case connection(HTTPError, attempts: Int)
  /// The server answered with an error status (the body's start is kept).
  case httpStatus(Int, body: String)
  /// The body is not a route response this SDK can decode.
  case malformedBody(String)
  /// The server answered, but found no route (its `code` and message).
  case noRoute(code: String, message: String)
  /// The embedded fallback failed too.
  case fallbackFailed(RoutingError)

  /// A message that says what and where.
  public var description: String {
    switch self {
    case .connection(let e, let n): return "\(e) (after \(n) attempts)"
    case .httpStatus(let s, let body): return "HTTP \(s): \(body)"
    case .malformedBody(let m): return "malformed route response: \(m)"
    case .noRoute(let code, let message): return "no route (\(code)): \(message)"
    case .fallbackFailed(let e): return "embedded fallback failed: \(e)"
    }
  }
}

/// Routes from an OSRM or Valhalla server over HTTP, with timeouts, retries with exponential
/// backoff on connection failures and 5xx answers, and an optional embedded fallback.
///
/// ```swift
/// let provider = RemoteRouteProvider(engine: .osrm("http://127.0.0.1:5000"))
/// let route = try provider.route(through: [origin, destination])
/// ```
public struct RemoteRouteProvider: Sendable {
  /// Which server speaks which API.
  public enum Engine: Sendable, Hashable {
    /// An OSRM `osrm-routed` base URL (`/route/v1/driving/…` is appended).
    case osrm(String)
    /// A Valhalla `valhalla_service` base URL (`/route?json=…` is appended).
    case valhalla(String)
  }

  /// The server.
  public var engine: Engine
  /// Seconds allowed per attempt.
  public var timeout: Double
  /// Attempts after the first one.
  public var retries: Int
  /// Seconds before the first retry; doubled for each next one.
  public var backoff: Double
  /// An embedded engine to use when the server fails, if any.
  public var fallback: RouteEngine?

  /// A provider for a server.
  public init(
    engine: Engine, timeout: Double = 10, retries: Int = 2, backoff: Double = 0.2,
    fallback: RouteEngine? = nil
  ) {
    self.engine = engine
    self.timeout = timeout
    self.retries = retries
    self.backoff = backoff
    self.fallback = fallback
  }

  /// The request URL for a trip through the waypoints.
  public func requestURL(through waypoints: [CLLocationCoordinate2D]) -> String {
    switch engine {
    case .osrm(let base):
      let coords = waypoints.map { "\($0.longitude),\($0.latitude)" }.joined(separator: ";")
      return trimmed(base) + "/route/v1/driving/\(coords)?steps=true&overview=full"
        + "&geometries=polyline6&annotations=true&generate_hints=false"
    case .valhalla(let base):
      let locations = waypoints.map { "{\"lat\":\($0.latitude),\"lon\":\($0.longitude)}" }
      let json =
        "{\"locations\":[\(locations.joined(separator: ","))],\"costing\":\"auto\","
        + "\"units\":\"kilometers\",\"language\":\"en-US\",\"format\":\"osrm\","
        + "\"banner_instructions\":true,\"voice_instructions\":true}"
      let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
      return trimmed(base) + "/route?json="
        + (json.addingPercentEncoding(withAllowedCharacters: allowed) ?? json)
    }
  }

  private func trimmed(_ base: String) -> String {
    base.hasSuffix("/") ? String(base.dropLast()) : base
  }

  /// The server's raw response body for a trip, after retries.
  public func responseBody(
    through waypoints: [CLLocationCoordinate2D]
  ) throws(RouteProviderError) -> [UInt8] {
    let url = requestURL(through: waypoints)
    let client = HTTPClient(timeout: timeout)
    var lastError: RouteProviderError = .malformedBody("no attempt")
    for attempt in 0...max(0, retries) {
      if attempt > 0 { usleep(UInt32(min(backoff * pow(2, Double(attempt - 1)), 10) * 1e6)) }
      do {
        let (status, body) = try client.get(url)
        if status == 200 { return body }
        // Both engines answer 400 with a JSON body for "no route" and bad points.
        if status == 400, let code = errorCode(body) {
          throw RouteProviderError.noRoute(code: code.0, message: code.1)
        }
        lastError = .httpStatus(status, body: String(decoding: body.prefix(300), as: UTF8.self))
        if status < 500 { throw lastError }
      } catch let error as HTTPError {
        lastError = .connection(error, attempts: attempt + 1)
        if case .badURL = error { throw lastError }
      } catch let error as RouteProviderError {
        throw error
      } catch {
        lastError = .malformedBody("\(error)")
      }
    }
    throw lastError
  }

  func errorCode(_ body: [UInt8]) -> (String, String)? {
    guard let json = try? JSONValue.parse(body) else { return nil }
    if case .string(let code) = json["code"] {
      if case .string(let message) = json["message"] { return (code, message) }
      return (code, "")
    }
    if case .number(let code) = json["error_code"], case .string(let message) = json["error"] {
      return ("\(Int(code))", message)
    }
    return nil
  }

  /// A route through the waypoints from the server, or from the fallback when it fails.
  public func route(through waypoints: [CLLocationCoordinate2D]) throws(RouteProviderError) -> Route
  {
    let remote: Result<Route, RouteProviderError> = Result { () throws(RouteProviderError) in
      let body = try responseBody(through: waypoints)
      let routes: [Route]
      do { routes = try RouteDecoder.decodeOSRM(Data(body)) } catch {
        throw .malformedBody("\(error)")
      }
      guard let first = routes.first else {
        throw .noRoute(code: "NoRoute", message: "empty routes")
      }
      return first
    }
    switch remote {
    case .success(let route): return route
    case .failure(let error):
      guard let fallback else { throw error }
      do { return try fallback.route(through: waypoints) } catch { throw .fallbackFailed(error) }
    }
  }
}

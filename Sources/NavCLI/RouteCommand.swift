import Foundation
import NavigationCore
import Routing

/// The help text of `navui route`, in the swift-argument-parser layout.
public let routeCommandHelp = """
  OVERVIEW: Compute a driving route on OpenStreetMap data.

  Routes with the embedded router on the bundled Monaco map by default, or asks a Valhalla or
  OSRM server. Map data © OpenStreetMap contributors (ODbL 1.0).

  USAGE: navui route --from <lat,lon> --to <lat,lon> [--via <lat,lon> ...] [--engine <engine>] [--map <file>] [--snap-radius <meters>] [--format <format>]

  OPTIONS:
    --from <lat,lon>        The origin.
    --to <lat,lon>          The destination.
    --via <lat,lon>         A waypoint to pass through, in order (repeatable; one leg each).
    --engine <engine>       embedded, valhalla=URL or osrm=URL (default: embedded).
    --map <file>            An OSM PBF or XML file for the embedded router (default: the
                            bundled Monaco map).
    --snap-radius <meters>  How far a point may be from the nearest road and still be snapped
                            to it (embedded router; default: 35000, Valhalla's).
    --format <format>       summary, json (OSRM v5 route JSON) or geojson (default: summary).
    -h, --help              Show help information.

  EXIT CODES: 0 success, 64 usage error, 65 bad data or points off the map, 69 server
  unavailable.

  """

/// Runs `navui route` with its arguments (without the `route` word).
///
/// - Returns: The exit code: 0, 64 (usage), 65 (bad map data, points off the map, no route),
///   69 (the server could not be reached).
public func runRouteCommand(
  arguments: [String], stdout: (String) -> Void, stderr: (String) -> Void
) -> Int32 {
  let usage =
    "Usage: navui route --from <lat,lon> --to <lat,lon> [--via <lat,lon> ...] "
    + "[--engine embedded|valhalla=URL|osrm=URL] [--map <file>] [--snap-radius <meters>] "
    + "[--format summary|json|geojson]\n"
    + "  See 'navui route --help' for more information.\n"
  func usageError(_ message: String) -> Int32 {
    stderr("Error: \(message)\n\(usage)")
    return 64
  }
  var from: CLLocationCoordinate2D?
  var to: CLLocationCoordinate2D?
  var vias: [CLLocationCoordinate2D] = []
  var engine = "embedded"
  var map: String?
  var format = "summary"
  var snapRadius = Router.defaultSnapRadius
  var i = 0
  while i < arguments.count {
    let arg = arguments[i]
    if arg == "-h" || arg == "--help" {
      stdout(routeCommandHelp)
      return 0
    }
    var name = arg
    var value: String?
    if let eq = arg.firstIndex(of: "="), arg.hasPrefix("--") {
      name = String(arg[..<eq])
      value = String(arg[arg.index(after: eq)...])
    }
    guard
      [
        "--from", "--to", "--via", "--engine", "--map", "--snap-radius", "--format",
      ].contains(name)
    else {
      return usageError("Unknown option '\(arg)'")
    }
    if value == nil {
      guard i + 1 < arguments.count else { return usageError("Missing value for '\(name)'") }
      i += 1
      value = arguments[i]
    }
    let v = value ?? ""
    switch name {
    case "--from", "--to", "--via":
      guard let c = parseCoordinate(v) else {
        return usageError("Invalid coordinate '\(v)' for '\(name)' (expected LAT,LON)")
      }
      if name == "--from" { from = c } else if name == "--to" { to = c } else { vias.append(c) }
    case "--engine": engine = v
    case "--map": map = v
    case "--snap-radius":
      guard let r = Double(v), r.isFinite, r >= 0 else {
        return usageError("Invalid snap radius '\(v)' (expected meters, 0 or more)")
      }
      snapRadius = r
    default:
      guard ["summary", "json", "geojson"].contains(v) else {
        return usageError("Invalid format '\(v)' (expected summary, json or geojson)")
      }
      format = v
    }
    i += 1
  }
  guard let from else { return usageError("Missing expected argument '--from <lat,lon>'") }
  guard let to else { return usageError("Missing expected argument '--to <lat,lon>'") }
  let waypoints = [from] + vias + [to]
  let route: Route
  if engine == "embedded" {
    var built: RouteEngine
    do {
      if let map {
        built = try RouteEngine(mapPath: map)
      } else {
        built = try RouteEngine.bundled()
      }
    } catch {
      stderr("Error: \(error)\n")
      return 65
    }
    built.snapRadius = snapRadius
    do { route = try built.route(through: waypoints) } catch {
      stderr("Error: \(error)\n")
      return 65
    }
  } else if engine.hasPrefix("valhalla=") || engine.hasPrefix("osrm=") {
    let url = String(engine.drop { $0 != "=" }.dropFirst())
    let provider = RemoteRouteProvider(
      engine: engine.hasPrefix("osrm=") ? .osrm(url) : .valhalla(url))
    do { route = try provider.route(through: waypoints) } catch {
      stderr("Error: \(error)\n")
      switch error {
      case .connection(.badURL, _): return 64
      case .connection: return 69
      default: return 65
      }
    }
  } else {
    return usageError("Invalid engine '\(engine)' (expected embedded, valhalla=URL or osrm=URL)")
  }
  switch format {
  case "json": stdout(RouteFormatter.osrmJSON([route]) + "\n")
  case "geojson": stdout(RouteFormatter.geoJSON(route) + "\n")
  default: stdout(RouteFormatter.summary(route))
  }
  return 0
}

/// Parses `LAT,LON` with range checks.
func parseCoordinate(_ text: String) -> CLLocationCoordinate2D? {
  let parts = text.split(separator: ",", omittingEmptySubsequences: false)
  func trimmed(_ part: Substring) -> String {
    part.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
  }
  guard parts.count == 2, let lat = Double(trimmed(parts[0])),
    let lon = Double(trimmed(parts[1])), (-90...90).contains(lat),
    (-180...180).contains(lon)
  else { return nil }
  return CLLocationCoordinate2D(latitude: lat, longitude: lon)
}

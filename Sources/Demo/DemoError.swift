/// Why a demo session could not run.
public enum DemoError: Error, Equatable, CustomStringConvertible {
  /// No route between the points (off the map, or unreachable).
  case noRoute(status: String)
  /// The route file could not be read or decoded.
  case badRouteFile(path: String, reason: String)
  /// The map file (`--map`) could not be read, or holds no roads.
  case badMapFile(path: String, reason: String)
  /// Drawing or encoding a frame failed.
  case render(String)
  /// Writing the output failed.
  case write(path: String, reason: String)

  /// A one-line message naming the input.
  public var description: String {
    switch self {
    case .noRoute(let status): return "No route between the points (route status: \(status))"
    case .badRouteFile(let path, let reason): return "Cannot use route file \(path): \(reason)"
    case .badMapFile(let path, let reason): return "Cannot use map file \(path): \(reason)"
    case .render(let reason): return "Rendering failed: \(reason)"
    case .write(let path, let reason): return "Cannot write \(path): \(reason)"
    }
  }

  /// Whether the input data is at fault (exit status 65) rather than the environment (1).
  public var isBadData: Bool {
    switch self {
    case .noRoute, .badRouteFile, .badMapFile: return true
    case .render, .write: return false
    }
  }
}

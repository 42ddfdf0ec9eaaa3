/// Why a route, track or line could not be decoded, with the place in the input.
///
/// Paths are written as in the source document, e.g.
/// `routes[0].legs[1].steps[3].maneuver.location`.
public enum RouteDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The bytes are not well-formed JSON; `offset` is the byte where parsing stopped.
  case malformedJSON(offset: Int, reason: String)
  /// The bytes are not well-formed XML; `line` is 1-based.
  case malformedXML(line: Int, reason: String)
  /// A required field is absent.
  case missingField(path: String)
  /// A field has the wrong JSON type.
  case typeMismatch(path: String, expected: String, found: String)
  /// A field has the right type but an unusable value (out of range, empty, inconsistent).
  case invalidValue(path: String, reason: String)
  /// An encoded polyline in a field could not be decoded.
  case invalidPolyline(path: String, error: Polyline.DecodingError)
  /// The document decodes but holds no route (e.g. `code: NoRoute`).
  case noRoute(path: String, reason: String)

  /// The path or place of the error.
  public var path: String {
    switch self {
    case .malformedJSON(let offset, _): return "byte \(offset)"
    case .malformedXML(let line, _): return "line \(line)"
    case .missingField(let p), .typeMismatch(let p, _, _), .invalidValue(let p, _),
      .invalidPolyline(let p, _), .noRoute(let p, _):
      return p
    }
  }

  /// A one-line message naming what went wrong and where.
  public var description: String {
    switch self {
    case .malformedJSON(let offset, let reason):
      return "malformed JSON at byte \(offset): \(reason)"
    case .malformedXML(let line, let reason): return "malformed XML at line \(line): \(reason)"
    case .missingField(let p): return "missing field \(p)"
    case .typeMismatch(let p, let expected, let found):
      return "\(p): expected \(expected), found \(found)"
    case .invalidValue(let p, let reason): return "\(p): \(reason)"
    case .invalidPolyline(let p, let error): return "\(p): invalid polyline (\(error))"
    case .noRoute(let p, let reason): return "\(p): no route (\(reason))"
    }
  }
}

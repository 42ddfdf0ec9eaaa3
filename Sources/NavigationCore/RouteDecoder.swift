import Foundation

/// Entry points that turn route responses, tracks and lines into ``Route`` values.
///
/// Each decoder takes `Data` (no file or network access) and throws a
/// ``RouteDecodingError`` naming the field and its path on bad input.
///
/// ```swift
/// let routes = try RouteDecoder.decodeOSRM(data)            // OSRM, Valhalla-OSRM, Mapbox
/// let route = try RouteDecoder.decodeValhalla(nativeData)    // trip.legs[].maneuvers[]
/// let gpx = try RouteDecoder.decodeGPX(gpxData)
/// ```
public enum RouteDecoder {
  /// Decodes any supported route format by looking at its shape: OSRM-style `routes`,
  /// Valhalla native `trip`, GeoJSON, or GPX.
  public static func decode(_ data: Data) throws(RouteDecodingError) -> [Route] {
    let bytes = [UInt8](data)
    if let first = bytes.first(where: { $0 > 0x20 && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }),
      first == UInt8(ascii: "<")
    {
      let gpx = try decodeGPX(data)
      var out: [Route] = []
      // A route needs two points; an empty or one-point rte or trk is skipped, not turned
      // into a route that goes nowhere.
      for r in gpx.routes where r.points.count >= 2 { out.append(r.asRoute(source: .gpxRoute)) }
      for t in gpx.tracks where t.points.count >= 2 { out.append(t.asRoute()) }
      guard !out.isEmpty else {
        let reason =
          gpx.routes.isEmpty && gpx.tracks.isEmpty
          ? "no rte or trk" : "no rte or trk with at least two points"
        throw .noRoute(path: "gpx", reason: reason)
      }
      return out
    }
    let json = try JSONValue.parse(bytes)
    if json["trip"] != nil { return [try valhalla(JSONCursor(json, path: "")).sharingStorage()] }
    if json["routes"] != nil {
      let source = detectSource(json)
      return try osrm(JSONCursor(json, path: ""), source: source, precision: nil).map {
        $0.sharingStorage()
      }
    }
    if json["type"] != nil { return [try geoJSON(JSONCursor(json, path: ""))] }
    throw .missingField(path: "routes")
  }

  /// Reads a file and decodes it with ``decode(_:)``; the only file access in this module.
  public static func decodeFile(at url: URL) throws -> [Route] {
    try decode(try Data(contentsOf: url))
  }

  /// Decodes an OSRM v5, Valhalla OSRM-compatible or Mapbox Directions v5 response.
  ///
  /// - Parameters:
  ///   - source: Tag for the routes; by default guessed from the response.
  ///   - precision: Polyline precision (5 or 6); by default found by comparing the decoded
  ///     shape with the maneuver and waypoint locations.
  public static func decodeOSRM(
    _ data: Data, source: RouteSource? = nil, precision: Int? = nil
  ) throws(RouteDecodingError) -> [Route] {
    let json = try JSONValue.parse([UInt8](data))
    return try osrm(
      JSONCursor(json, path: ""), source: source ?? detectSource(json), precision: precision
    ).map { $0.sharingStorage() }
  }

  /// Decodes a Mapbox Directions API v5 response (same schema as OSRM, with extensions).
  public static func decodeMapbox(
    _ data: Data, precision: Int? = nil
  ) throws(RouteDecodingError) -> [Route] {
    try decodeOSRM(data, source: .mapbox, precision: precision)
  }

  /// Decodes Valhalla's OSRM-compatible output (`format: osrm`).
  public static func decodeValhallaOSRM(_ data: Data) throws(RouteDecodingError) -> [Route] {
    try decodeOSRM(data, source: .valhallaOSRM, precision: 6)
  }

  /// Decodes Valhalla's native JSON (`trip.legs[].maneuvers[]`, shapes as polyline6).
  public static func decodeValhalla(_ data: Data) throws(RouteDecodingError) -> Route {
    try valhalla(JSONCursor(try JSONValue.parse([UInt8](data)), path: "")).sharingStorage()
  }

  /// Decodes a GeoJSON `LineString` (bare, in a `Feature`, or the first in a
  /// `FeatureCollection`) into a one-leg, one-step route.
  public static func decodeGeoJSON(
    _ data: Data, speed: CLLocationSpeed = 13.9
  ) throws(RouteDecodingError) -> Route {
    try geoJSON(JSONCursor(try JSONValue.parse([UInt8](data)), path: ""), speed: speed)
  }

  static func detectSource(_ json: JSONValue) -> RouteSource {
    if json["uuid"] != nil { return .mapbox }
    if case .array(let routes)? = json["routes"], let r = routes.first {
      if r["voiceLocale"] != nil { return .valhallaOSRM }
      if case .array(let legs)? = r["legs"], let l = legs.first, l["via_waypoints"] != nil {
        return .valhallaOSRM
      }
    }
    return .osrm
  }
}

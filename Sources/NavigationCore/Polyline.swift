/// Encoded polylines (Google's algorithm) at precision 5 (1e-5°) or 6 (1e-6°).
///
/// ```swift
/// let line = try Polyline.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@", precision: 5)
/// let text = Polyline.encode(line, precision: 6)
/// ```
public enum Polyline {
  /// A decoding failure, with the byte offset where it happened.
  public enum DecodingError: Error, Equatable, Sendable {
    /// A character outside the encoding's range `?`…`~`.
    case invalidCharacter(offset: Int)
    /// The text ends in the middle of a value, or after a latitude without its longitude.
    case truncated(offset: Int)
    /// A value too large to be a coordinate.
    case overflow(offset: Int)
    /// A decoded point outside ±90° latitude or ±180° longitude.
    case outOfRange(pointIndex: Int)
  }

  /// Decodes `text` into coordinates; `precision` is the number of decimals (5 or 6).
  ///
  /// - Complexity: O(n) in the length of `text`.
  public static func decode(
    _ text: String, precision: Int = 6
  ) throws(DecodingError) -> [CLLocationCoordinate2D] {
    var factor = 1.0
    for _ in 0..<max(0, precision) { factor *= 10 }
    var result: [CLLocationCoordinate2D] = []
    result.reserveCapacity(text.utf8.count / 4)
    var lat: Int64 = 0
    var lon: Int64 = 0
    var offset = 0
    var value: Int64 = 0
    var shift: Int64 = 0
    var haveLat = false
    var pendingLat: Int64 = 0
    for byte in text.utf8 {
      guard byte >= 63, byte <= 126 else { throw .invalidCharacter(offset: offset) }
      let chunk = Int64(byte) - 63
      guard shift <= 55 else { throw .overflow(offset: offset) }
      value |= (chunk & 0x1f) << shift
      shift += 5
      if chunk < 0x20 {
        let delta = (value & 1) != 0 ? ~(value >> 1) : (value >> 1)
        value = 0
        shift = 0
        if haveLat {
          lat &+= pendingLat
          lon &+= delta
          haveLat = false
          let c = CLLocationCoordinate2D(
            latitude: Double(lat) / factor, longitude: Double(lon) / factor)
          guard c.isValid else { throw .outOfRange(pointIndex: result.count) }
          result.append(c)
        } else {
          pendingLat = delta
          haveLat = true
        }
      }
      offset += 1
    }
    guard shift == 0, !haveLat else { throw .truncated(offset: offset) }
    return result
  }

  /// Encodes coordinates with `precision` decimals (5 or 6).
  public static func encode(_ coordinates: [CLLocationCoordinate2D], precision: Int = 6) -> String {
    var factor = 1.0
    for _ in 0..<max(0, precision) { factor *= 10 }
    var out: [UInt8] = []
    out.reserveCapacity(coordinates.count * 8)
    var lastLat: Int64 = 0
    var lastLon: Int64 = 0
    for c in coordinates {
      let lat = Int64((c.latitude * factor).rounded())
      let lon = Int64((c.longitude * factor).rounded())
      append(lat - lastLat, to: &out)
      append(lon - lastLon, to: &out)
      lastLat = lat
      lastLon = lon
    }
    return String(decoding: out, as: UTF8.self)
  }

  private static func append(_ delta: Int64, to out: inout [UInt8]) {
    var v = UInt64(bitPattern: delta < 0 ? ~(delta << 1) : (delta << 1))
    while v >= 0x20 {
      out.append(UInt8((0x20 | (v & 0x1f)) + 63))
      v >>= 5
    }
    out.append(UInt8(v + 63))
  }
}

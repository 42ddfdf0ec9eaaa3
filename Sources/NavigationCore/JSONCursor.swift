/// A JSON value together with its path in the document, for decoders with precise errors.
struct JSONCursor {
  let value: JSONValue
  // The path is built only when asked for (errors, or a child that has children of its own):
  // most cursors are leaves, so most paths are never spelled out.
  private let prefix: String
  private let key: String?
  private let index: Int

  init(_ value: JSONValue, path: String) {
    self.value = value
    self.prefix = path
    self.key = nil
    self.index = -1
  }

  private init(_ value: JSONValue, prefix: String, key: String?, index: Int) {
    self.value = value
    self.prefix = prefix
    self.key = key
    self.index = index
  }

  /// The path of this value in the document, e.g. `routes[0].legs[1].distance`.
  var path: String {
    if let key { return prefix.isEmpty ? key : prefix + "." + key }
    if index >= 0 { return prefix + "[" + String(index) + "]" }
    return prefix
  }

  func childPath(_ key: String) -> String {
    let p = path
    return p.isEmpty ? key : p + "." + key
  }

  /// The member `key`; throws when it is absent or null.
  func required(_ key: String) throws(RouteDecodingError) -> JSONCursor {
    guard case .object = value else {
      throw .typeMismatch(
        path: path.isEmpty ? "$" : path, expected: "object", found: value.kindName)
    }
    guard let v = value[key], v != .null else { throw .missingField(path: childPath(key)) }
    return JSONCursor(v, prefix: path, key: key, index: -1)
  }

  /// The member `key`, or nil when absent or null.
  func optional(_ key: String) -> JSONCursor? {
    guard let v = value[key], v != .null else { return nil }
    return JSONCursor(v, prefix: path, key: key, index: -1)
  }

  func double() throws(RouteDecodingError) -> Double {
    guard case .number(let d) = value else { throw mismatch("number") }
    return d
  }

  /// A number that must be finite and within `range`.
  func double(in range: ClosedRange<Double>) throws(RouteDecodingError) -> Double {
    let d = try double()
    guard range.contains(d) else {
      throw .invalidValue(
        path: path, reason: "\(d) is outside \(range.lowerBound)…\(range.upperBound)")
    }
    return d
  }

  func int(in range: ClosedRange<Int> = 0...Int(Int32.max)) throws(RouteDecodingError) -> Int {
    let d = try double()
    guard d == d.rounded(), d >= Double(range.lowerBound), d <= Double(range.upperBound) else {
      throw .invalidValue(path: path, reason: "\(d) is not an integer in \(range)")
    }
    return Int(d)
  }

  func string() throws(RouteDecodingError) -> String {
    guard case .string(let s) = value else { throw mismatch("string") }
    return s
  }

  func bool() throws(RouteDecodingError) -> Bool {
    guard case .bool(let b) = value else { throw mismatch("boolean") }
    return b
  }

  func array() throws(RouteDecodingError) -> [JSONCursor] {
    guard case .array(let items) = value else { throw mismatch("array") }
    var out: [JSONCursor] = []
    out.reserveCapacity(items.count)
    let p = path
    for (n, item) in items.enumerated() {
      out.append(JSONCursor(item, prefix: p, key: nil, index: n))
    }
    return out
  }

  func strings() throws(RouteDecodingError) -> [String] {
    var out: [String] = []
    for c in try array() { out.append(try c.string()) }
    return out
  }

  /// A `[longitude, latitude]` pair.
  func lonLat() throws(RouteDecodingError) -> CLLocationCoordinate2D {
    let items = try array()
    guard items.count >= 2 else {
      throw .invalidValue(path: path, reason: "a coordinate needs [longitude, latitude]")
    }
    return CLLocationCoordinate2D(
      latitude: try items[1].double(in: -90...90), longitude: try items[0].double(in: -180...180))
  }

  func mismatch(_ expected: String) -> RouteDecodingError {
    .typeMismatch(path: path.isEmpty ? "$" : path, expected: expected, found: value.kindName)
  }

  // Optional-member conveniences.
  func optionalDouble(_ key: String) throws(RouteDecodingError) -> Double? {
    try optional(key)?.double()
  }
  func optionalString(_ key: String) throws(RouteDecodingError) -> String? {
    try optional(key)?.string()
  }
  func optionalInt(_ key: String) throws(RouteDecodingError) -> Int? {
    try optional(key)?.int()
  }
  func optionalBool(_ key: String) throws(RouteDecodingError) -> Bool? {
    try optional(key)?.bool()
  }
  /// A non-negative finite quantity such as a distance or duration.
  func quantity(_ key: String) throws(RouteDecodingError) -> Double {
    try required(key).double(in: 0...1e9)
  }
  func optionalQuantity(_ key: String) throws(RouteDecodingError) -> Double? {
    try optional(key)?.double(in: 0...1e9)
  }
}

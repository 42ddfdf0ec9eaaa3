/// A parsed JSON document: a small, strict RFC 8259 parser over bytes.
///
/// Objects keep their members in document order (no dictionary order reaches a result).
/// Numbers are `Double`; a number that overflows to infinity is rejected.
public indirect enum JSONValue: Sendable, Equatable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A finite number.
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object, members in document order.
  case object([(String, JSONValue)])

  /// Equality member by member, in order.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: return false
    }
  }

  /// The member named `key` of an object (the first one if repeated), or nil.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    for (k, v) in members where k == key { return v }
    return nil
  }

  /// A short name of the value's kind, for error messages.
  public var kindName: String {
    switch self {
    case .null: return "null"
    case .bool: return "boolean"
    case .number: return "number"
    case .string: return "string"
    case .array: return "array"
    case .object: return "object"
    }
  }

  /// Parses a UTF-8 JSON document.
  ///
  /// - Throws: ``RouteDecodingError/malformedJSON(offset:reason:)`` with the byte offset.
  public static func parse(_ bytes: [UInt8]) throws(RouteDecodingError) -> JSONValue {
    var parser = JSONParser(bytes: bytes)
    return try parser.parseDocument()
  }
}

/// The recursive-descent parser behind ``JSONValue/parse(_:)``.
struct JSONParser {
  let bytes: [UInt8]
  var i = 0
  var depth = 0
  static let maximumDepth = 512
  static let powersOfTen: [Double] = (0...22).map { n in
    var v = 1.0
    for _ in 0..<n { v *= 10 }
    return v
  }

  init(bytes: [UInt8]) { self.bytes = bytes }

  func fail(_ reason: String) -> RouteDecodingError {
    .malformedJSON(offset: i, reason: reason)
  }

  mutating func skipSpace() {
    while i < bytes.count {
      let b = bytes[i]
      guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
      i += 1
    }
  }

  mutating func parseDocument() throws(RouteDecodingError) -> JSONValue {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    let v = try parseValue()
    skipSpace()
    guard i == bytes.count else { throw fail("unexpected text after the document") }
    return v
  }

  mutating func parseValue() throws(RouteDecodingError) -> JSONValue {
    skipSpace()
    guard i < bytes.count else { throw fail("unexpected end of input") }
    switch bytes[i] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): try literal("true"); return .bool(true)
    case UInt8(ascii: "f"): try literal("false"); return .bool(false)
    case UInt8(ascii: "n"): try literal("null"); return .null
    default: return .number(try parseNumber())
    }
  }

  mutating func literal(_ word: String) throws(RouteDecodingError) {
    for b in word.utf8 {
      guard i < bytes.count else { throw fail("unexpected end of input") }
      guard bytes[i] == b else { throw fail("invalid literal") }
      i += 1
    }
  }

  mutating func enter() throws(RouteDecodingError) {
    depth += 1
    guard depth <= JSONParser.maximumDepth else { throw fail("nesting too deep") }
  }

  mutating func parseObject() throws(RouteDecodingError) -> JSONValue {
    try enter()
    i += 1
    var members: [(String, JSONValue)] = []
    skipSpace()
    if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
      i += 1
      depth -= 1
      return .object(members)
    }
    while true {
      skipSpace()
      guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
        throw fail("expected a member name")
      }
      let key = try parseString()
      skipSpace()
      guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':'") }
      i += 1
      members.append((key, try parseValue()))
      skipSpace()
      guard i < bytes.count else { throw fail("unexpected end of input") }
      if bytes[i] == UInt8(ascii: ",") {
        i += 1
      } else if bytes[i] == UInt8(ascii: "}") {
        i += 1
        depth -= 1
        return .object(members)
      } else {
        throw fail("expected ',' or '}'")
      }
    }
  }

  mutating func parseArray() throws(RouteDecodingError) -> JSONValue {
    try enter()
    i += 1
    var items: [JSONValue] = []
    skipSpace()
    if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
      i += 1
      depth -= 1
      return .array(items)
    }
    while true {
      items.append(try parseValue())
      skipSpace()
      guard i < bytes.count else { throw fail("unexpected end of input") }
      if bytes[i] == UInt8(ascii: ",") {
        i += 1
      } else if bytes[i] == UInt8(ascii: "]") {
        i += 1
        depth -= 1
        return .array(items)
      } else {
        throw fail("expected ',' or ']'")
      }
    }
  }

  mutating func parseNumber() throws(RouteDecodingError) -> Double {
    let start = i
    if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
    var digits = 0
    while i < bytes.count, (0x30...0x39).contains(bytes[i]) {
      i += 1
      digits += 1
    }
    guard digits > 0 else { throw fail("invalid value") }
    let firstDigit = bytes[start] == UInt8(ascii: "-") ? start + 1 : start
    guard digits == 1 || bytes[firstDigit] != UInt8(ascii: "0") else {
      throw fail("leading zero in a number")
    }
    if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
      i += 1
      var frac = 0
      while i < bytes.count, (0x30...0x39).contains(bytes[i]) {
        i += 1
        frac += 1
      }
      guard frac > 0 else { throw fail("digits expected after '.'") }
    }
    if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
      i += 1
      if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
        i += 1
      }
      var exp = 0
      while i < bytes.count, (0x30...0x39).contains(bytes[i]) {
        i += 1
        exp += 1
      }
      guard exp > 0 else { throw fail("digits expected in exponent") }
    }
    // Fast path (Clinger): up to 15 significant digits and a power of ten that is exact in
    // a Double give a correctly rounded quotient of two exact values.
    var mantissa: Int64 = 0
    var digitCount = 0
    var fractionDigits = 0
    var seenPoint = false
    var simple = true
    var k = start
    let negative = bytes[k] == UInt8(ascii: "-")
    if negative { k += 1 }
    while k < i {
      let b = bytes[k]
      if b == UInt8(ascii: ".") {
        seenPoint = true
      } else if b >= 0x30 && b <= 0x39 {
        if mantissa == 0 && b == 0x30 && !seenPoint {
          // A leading zero adds nothing.
        } else {
          mantissa = mantissa * 10 + Int64(b - 0x30)
          digitCount += 1
        }
        if seenPoint { fractionDigits += 1 }
        if digitCount > 15 {
          simple = false
          break
        }
      } else {
        simple = false
        break
      }
      k += 1
    }
    if simple && fractionDigits <= 22 {
      let magnitude = Double(mantissa) / JSONParser.powersOfTen[fractionDigits]
      return negative ? -magnitude : magnitude
    }
    let text = String(decoding: bytes[start..<i], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      i = start
      throw fail("number out of range")
    }
    return value
  }
}

extension JSONParser {
  /// Parses a string literal at `i` (which is at the opening quote), decoding escapes.
  mutating func parseString() throws(RouteDecodingError) -> String {
    i += 1
    let start = i
    // Fast path: no escapes.
    while i < bytes.count {
      let b = bytes[i]
      if b == UInt8(ascii: "\"") {
        let s = String(decoding: bytes[start..<i], as: UTF8.self)
        i += 1
        return s
      }
      if b == UInt8(ascii: "\\") { break }
      guard b >= 0x20 else { throw fail("control character in string") }
      i += 1
    }
    var out = Array(bytes[start..<i])
    while i < bytes.count {
      let b = bytes[i]
      if b == UInt8(ascii: "\"") {
        i += 1
        return String(decoding: out, as: UTF8.self)
      }
      guard b >= 0x20 else { throw fail("control character in string") }
      if b != UInt8(ascii: "\\") {
        out.append(b)
        i += 1
        continue
      }
      i += 1
      guard i < bytes.count else { break }
      let e = bytes[i]
      i += 1
      switch e {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = try hex4()
        if (0xD800..<0xDC00).contains(scalar) {
          guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"),
            bytes[i + 1] == UInt8(ascii: "u")
          else { throw fail("unpaired surrogate") }
          i += 2
          let low = try hex4()
          guard (0xDC00..<0xE000).contains(low) else { throw fail("unpaired surrogate") }
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let u = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape") }
        out.append(contentsOf: Array(String(Character(u)).utf8))
      default: throw fail("invalid escape")
      }
    }
    throw fail("unterminated string")
  }

  mutating func hex4() throws(RouteDecodingError) -> UInt32 {
    guard i + 4 <= bytes.count else { throw fail("unexpected end of input") }
    var v: UInt32 = 0
    for _ in 0..<4 {
      let b = bytes[i]
      let d: UInt32
      switch b {
      case 0x30...0x39: d = UInt32(b - 0x30)
      case 0x41...0x46: d = UInt32(b - 0x41 + 10)
      case 0x61...0x66: d = UInt32(b - 0x61 + 10)
      default: throw fail("invalid \\u escape")
      }
      v = v << 4 | d
      i += 1
    }
    return v
  }
}

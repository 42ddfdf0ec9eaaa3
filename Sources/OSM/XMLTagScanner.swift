/// One start or end tag read by ``XMLTagScanner``.
struct XMLTag {
  var name: String
  var attributes: [(String, String)]
  var isClosing: Bool
  var selfClosing: Bool

  subscript(key: String) -> String? { attributes.first { $0.0 == key }?.1 }
}

/// A minimal scanner over XML tags: skips text, comments, declarations and CDATA, decodes the
/// five predefined entities and numeric character references in attribute values.
struct XMLTagScanner {
  let bytes: [UInt8]
  var i = 0
  var line = 1

  init(bytes: [UInt8]) { self.bytes = bytes }

  func fail(_ reason: String) -> OSMReadError { .malformedXML(line: line, reason: reason) }

  mutating func advance() {
    if bytes[i] == 0x0A { line += 1 }
    i += 1
  }

  mutating func skip(past terminator: [UInt8]) throws(OSMReadError) {
    while i + terminator.count <= bytes.count {
      if bytes[i..<(i + terminator.count)].elementsEqual(terminator) {
        i += terminator.count
        return
      }
      advance()
    }
    throw fail("unterminated construct")
  }

  mutating func skipSpace() {
    while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { advance() }
  }

  mutating func name() throws(OSMReadError) -> String {
    let start = i
    while i < bytes.count,
      !([0x20, 0x09, 0x0A, 0x0D, 0x2F, 0x3E, 0x3D] as [UInt8]).contains(
        bytes[i])
    {
      i += 1
    }
    guard i > start else { throw fail("expected a name") }
    return String(decoding: bytes[start..<i], as: UTF8.self)
  }

  /// The next start or end tag, or nil at the end of the input.
  mutating func nextTag() throws(OSMReadError) -> XMLTag? {
    while i < bytes.count {
      guard bytes[i] == UInt8(ascii: "<") else {
        advance()
        continue
      }
      if bytes[i...].starts(with: Array("<!--".utf8)) {
        try skip(past: Array("-->".utf8))
      } else if bytes[i...].starts(with: Array("<![CDATA[".utf8)) {
        try skip(past: Array("]]>".utf8))
      } else if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "?") || bytes[i + 1] == 0x21 {
        try skip(past: [UInt8(ascii: ">")])
      } else {
        return try tag()
      }
    }
    return nil
  }

  mutating func tag() throws(OSMReadError) -> XMLTag {
    i += 1
    let closing = i < bytes.count && bytes[i] == UInt8(ascii: "/")
    if closing { i += 1 }
    var tag = XMLTag(name: try name(), attributes: [], isClosing: closing, selfClosing: false)
    while true {
      skipSpace()
      guard i < bytes.count else { throw fail("document ends inside <\(tag.name)>") }
      if bytes[i] == UInt8(ascii: ">") {
        i += 1
        return tag
      }
      if bytes[i] == UInt8(ascii: "/") {
        guard i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: ">") else {
          throw fail("stray / in <\(tag.name)>")
        }
        i += 2
        tag.selfClosing = true
        return tag
      }
      let key = try name()
      skipSpace()
      guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else {
        throw fail("attribute \(key) without value in <\(tag.name)>")
      }
      i += 1
      skipSpace()
      guard i < bytes.count, bytes[i] == 0x22 || bytes[i] == 0x27 else {
        throw fail("unquoted attribute \(key) in <\(tag.name)>")
      }
      let quote = bytes[i]
      i += 1
      let start = i
      while i < bytes.count, bytes[i] != quote { advance() }
      guard i < bytes.count else { throw fail("unterminated attribute \(key)") }
      tag.attributes.append((key, try decodeEntities(bytes[start..<i])))
      i += 1
    }
  }

  func decodeEntities(_ raw: ArraySlice<UInt8>) throws(OSMReadError) -> String {
    guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
    let s = String(decoding: raw, as: UTF8.self)
    var out = ""
    var rest = Substring(s)
    while let amp = rest.firstIndex(of: "&") {
      out += rest[..<amp]
      guard let semi = rest[amp...].firstIndex(of: ";") else { throw fail("unterminated entity") }
      let entity = rest[rest.index(after: amp)..<semi]
      switch entity {
      case "amp": out += "&"
      case "lt": out += "<"
      case "gt": out += ">"
      case "quot": out += "\""
      case "apos": out += "'"
      default:
        let hex = entity.hasPrefix("#x")
        let digits = entity.dropFirst(hex ? 2 : 1)
        guard entity.hasPrefix("#"), let v = UInt32(digits, radix: hex ? 16 : 10),
          let scalar = Unicode.Scalar(v)
        else { throw fail("unknown entity &\(entity);") }
        out.unicodeScalars.append(scalar)
      }
      rest = rest[rest.index(after: semi)...]
    }
    return out + rest
  }
}

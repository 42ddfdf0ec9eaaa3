/// A minimal XML element tree, enough for GPX: elements, attributes, text, entities,
/// comments, CDATA and processing instructions. No DTDs, no namespaces resolution.
struct XMLNode: Sendable {
  var name: String
  var attributes: [(String, String)] = []
  var children: [XMLNode] = []
  var text = ""
  var line = 1

  /// The local part of the name (after any `prefix:`).
  var localName: String {
    if let colon = name.lastIndex(of: ":") { return String(name[name.index(after: colon)...]) }
    return name
  }

  func attribute(_ key: String) -> String? { attributes.first { $0.0 == key }?.1 }

  func child(_ local: String) -> XMLNode? { children.first { $0.localName == local } }

  func children(_ local: String) -> [XMLNode] { children.filter { $0.localName == local } }

  /// Parses a document and returns its root element.
  static func parse(_ bytes: [UInt8]) throws(RouteDecodingError) -> XMLNode {
    var p = XMLScanner(bytes: bytes)
    return try p.document()
  }
}

/// One start or end tag read by ``XMLScanner/nextTag()``.
package struct XMLTag {
  /// The element's name.
  package var name: String
  /// The attributes in document order, entities decoded.
  package var attributes: [(String, String)]
  /// Whether this is an end tag (`</name>`).
  package var isClosing: Bool
  /// Whether the start tag closes itself (`<name/>`).
  package var selfClosing: Bool

  /// The value of the attribute `key`, if present.
  package subscript(key: String) -> String? { attributes.first { $0.0 == key }?.1 }
}

/// The XML scanner of GPX documents (``XMLNode/parse(_:)``, a tree) and OSM XML
/// (``nextTag()``, a stream of tags): skips comments, declarations, processing instructions
/// and CDATA where they do not matter; decodes the five predefined entities and numeric
/// character references. Errors name the line.
package struct XMLScanner {
  let bytes: [UInt8]
  var i = 0
  /// The line the scanner is on, from 1.
  package var line = 1

  /// A scanner at the start of `bytes`.
  package init(bytes: [UInt8]) { self.bytes = bytes }

  func fail(_ reason: String) -> RouteDecodingError { .malformedXML(line: line, reason: reason) }

  mutating func advance() {
    if bytes[i] == 0x0A { line += 1 }
    i += 1
  }

  func at(_ s: String) -> Bool {
    var k = i
    for b in s.utf8 {
      guard k < bytes.count, bytes[k] == b else { return false }
      k += 1
    }
    return true
  }

  mutating func skip(past terminator: String) throws(RouteDecodingError) {
    while i < bytes.count {
      if at(terminator) {
        i += terminator.utf8.count
        return
      }
      advance()
    }
    throw fail("unterminated construct, expected \(terminator)")
  }

  mutating func skipMisc() throws(RouteDecodingError) {
    while i < bytes.count {
      let b = bytes[i]
      if b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 || b == 0xEF || b == 0xBB || b == 0xBF {
        advance()
      } else if at("<?") {
        try skip(past: "?>")
      } else if at("<!--") {
        try skip(past: "-->")
      } else if at("<!") {
        try skip(past: ">")
      } else {
        return
      }
    }
  }

  mutating func document() throws(RouteDecodingError) -> XMLNode {
    try skipMisc()
    guard i < bytes.count, bytes[i] == UInt8(ascii: "<") else {
      throw fail("expected a root element")
    }
    let root = try element(depth: 0)
    try skipMisc()
    guard i == bytes.count else { throw fail("text after the root element") }
    return root
  }

  static func isNameByte(_ b: UInt8) -> Bool {
    b > 0x7F || (b >= 0x30 && b <= 0x3A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
      || b == UInt8(ascii: "_") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
  }

  mutating func name() throws(RouteDecodingError) -> String {
    let start = i
    while i < bytes.count, XMLScanner.isNameByte(bytes[i]) { i += 1 }
    guard i > start else { throw fail("expected a name") }
    return String(decoding: bytes[start..<i], as: UTF8.self)
  }

  mutating func skipSpace() {
    while i < bytes.count,
      bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09
    {
      advance()
    }
  }

  mutating func element(depth: Int) throws(RouteDecodingError) -> XMLNode {
    guard depth < 256 else { throw fail("nesting too deep") }
    i += 1  // "<"
    var node = XMLNode(name: try name(), line: line)
    let start = try attributes(of: node.name)
    node.attributes = start.list
    if start.selfClosing { return node }
    var text: [UInt8] = []
    while true {
      guard i < bytes.count else { throw fail("unclosed element <\(node.name)>") }
      if at("</") {
        i += 2
        let closing = try name()
        guard closing == node.name else { throw fail("</\(closing)> closes <\(node.name)>") }
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else { throw fail("expected '>'") }
        i += 1
        node.text = try decodeEntities(text[...]).trimmingSpace()
        return node
      } else if at("<!--") {
        try skip(past: "-->")
      } else if at("<![CDATA[") {
        i += 9
        let start = i
        try skip(past: "]]>")
        text.append(contentsOf: bytes[start..<(i - 3)])
      } else if at("<?") {
        try skip(past: "?>")
      } else if bytes[i] == UInt8(ascii: "<") {
        node.children.append(try element(depth: depth + 1))
      } else {
        text.append(bytes[i])
        advance()
      }
    }
  }

  /// The next start or end tag, or nil at the end of the input: a stream of tags for
  /// documents too large for a tree (OSM XML). Text, comments, CDATA, declarations and
  /// processing instructions between tags are skipped.
  package mutating func nextTag() throws(RouteDecodingError) -> XMLTag? {
    while i < bytes.count {
      if at("<!--") {
        try skip(past: "-->")
      } else if at("<![CDATA[") {
        try skip(past: "]]>")
      } else if at("<?") || at("<!") {
        try skip(past: ">")
      } else if bytes[i] == UInt8(ascii: "<") {
        i += 1
        let closing = at("/")
        if closing { i += 1 }
        let name = try name()
        if closing {
          skipSpace()
          guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else {
            throw fail("expected '>' after </\(name)")
          }
          i += 1
          return XMLTag(name: name, attributes: [], isClosing: true, selfClosing: false)
        }
        let start = try attributes(of: name)
        return XMLTag(
          name: name, attributes: start.list, isClosing: false, selfClosing: start.selfClosing)
      } else {
        advance()
      }
    }
    return nil
  }

  /// Reads the attributes of a start tag of `element`, after its name, through its `>` or
  /// `/>`; whether it closed itself.
  mutating func attributes(of element: String) throws(RouteDecodingError) -> (
    list: [(String, String)], selfClosing: Bool
  ) {
    var list: [(String, String)] = []
    while true {
      skipSpace()
      guard i < bytes.count else { throw fail("unexpected end in <\(element)>") }
      if at("/>") {
        i += 2
        return (list, true)
      }
      if bytes[i] == UInt8(ascii: ">") {
        i += 1
        return (list, false)
      }
      let key = try name()
      skipSpace()
      guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else {
        throw fail("expected '=' after \(key)")
      }
      i += 1
      skipSpace()
      guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
        throw fail("expected a quoted value for \(key)")
      }
      let quote = bytes[i]
      i += 1
      let start = i
      while i < bytes.count, bytes[i] != quote { advance() }
      guard i < bytes.count else { throw fail("unterminated attribute \(key)") }
      list.append((key, try decodeEntities(bytes[start..<i])))
      i += 1
    }
  }

  func decodeEntities(_ raw: ArraySlice<UInt8>) throws(RouteDecodingError) -> String {
    guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
    var out = ""
    let s = String(decoding: raw, as: UTF8.self)
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
        var code: UInt32?
        if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
          code = UInt32(entity.dropFirst(2), radix: 16)
        } else if entity.hasPrefix("#") {
          code = UInt32(entity.dropFirst())
        }
        guard let c = code, let scalar = Unicode.Scalar(c) else {
          throw fail("unknown entity &\(entity);")
        }
        out.unicodeScalars.append(scalar)
      }
      rest = rest[rest.index(after: semi)...]
    }
    out += rest
    return out
  }
}

extension String {
  func trimmingSpace() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}

import NavigationCore

/// OSM XML's tags, read by NavigationCore's ``XMLScanner`` (the scanner GPX is read with),
/// its errors as ``OSMReadError/malformedXML(line:reason:)``.
struct XMLTagScanner {
  private var scanner: XMLScanner

  init(bytes: [UInt8]) { scanner = XMLScanner(bytes: bytes) }

  func fail(_ reason: String) -> OSMReadError { .malformedXML(line: scanner.line, reason: reason) }

  /// The next start or end tag, or nil at the end of the input.
  mutating func nextTag() throws(OSMReadError) -> XMLTag? {
    do {
      return try scanner.nextTag()
    } catch .malformedXML(let line, let reason) {
      throw .malformedXML(line: line, reason: reason)
    } catch {
      throw fail("\(error)")
    }
  }
}

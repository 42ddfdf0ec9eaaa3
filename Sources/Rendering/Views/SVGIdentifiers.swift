import Foundation

/// Makes Cairo's SVG output deterministic: Cairo names group surfaces and images after
/// process-wide counters (`surface14`, `image7`), so the same picture drawn twice gets
/// different ids. This renumbers them in order of first appearance.
enum SVGIdentifiers {
  static let prefixes: [[UInt8]] = [Array("surface".utf8), Array("image".utf8)]

  static func renumber(_ data: Data) -> Data {
    let bytes = [UInt8](data)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var maps: [[String: Int]] = Array(repeating: [:], count: prefixes.count)
    var i = 0
    outer: while i < bytes.count {
      let previous = i > 0 ? bytes[i - 1] : 0
      if previous == UInt8(ascii: "\"") || previous == UInt8(ascii: "#") {
        for (k, prefix) in prefixes.enumerated() where matches(bytes, at: i, prefix) {
          var end = i + prefix.count
          while end < bytes.count, bytes[end] >= 0x30, bytes[end] <= 0x39 { end += 1 }
          guard end > i + prefix.count else { continue }
          let key = String(decoding: bytes[(i + prefix.count)..<end], as: UTF8.self)
          let number: Int
          if let known = maps[k][key] {
            number = known
          } else {
            number = maps[k].count + 1
            maps[k][key] = number
          }
          out += prefix
          out += Array(String(number).utf8)
          i = end
          continue outer
        }
      }
      out.append(bytes[i])
      i += 1
    }
    return Data(out)
  }

  private static func matches(_ bytes: [UInt8], at index: Int, _ prefix: [UInt8]) -> Bool {
    guard index + prefix.count <= bytes.count else { return false }
    for j in 0..<prefix.count where bytes[index + j] != prefix[j] { return false }
    return true
  }
}

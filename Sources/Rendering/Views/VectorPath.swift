import Foundation

/// A resolution-independent outline: moves, lines, cubic curves and closes, in the
/// coordinates of its image's ``VectorImage/size``.
///
/// ```swift
/// let arrow = try VectorPath(svg: "M12 2 L20 20 L12 16 L4 20 Z")
/// ```
public struct VectorPath: Sendable, Hashable {
  /// One drawing command.
  public enum Element: Sendable, Hashable {
    /// Starts a subpath at a point.
    case move(x: Double, y: Double)
    /// A straight line to a point.
    case line(x: Double, y: Double)
    /// A cubic Bézier curve through two control points to a point.
    case curve(x1: Double, y1: Double, x2: Double, y2: Double, x: Double, y: Double)
    /// Closes the subpath.
    case close
  }

  /// The commands, in order.
  public var elements: [Element]

  /// A path from its commands.
  public init(_ elements: [Element] = []) {
    self.elements = elements
  }

  /// A path from SVG path data with the commands `M L H V C Q Z` (and their relative,
  /// lower-case forms). Quadratic curves become cubic ones.
  ///
  /// - Throws: ``VectorPathError`` naming the offending character offset.
  public init(svg data: String) throws(VectorPathError) {
    var parser = SVGPathParser(Array(data.utf8))
    elements = try parser.parse()
  }

  /// A circle.
  public static func circle(centerX: Double, centerY: Double, radius: Double) -> VectorPath {
    let k = 0.5522847498 * radius
    let (cx, cy, r) = (centerX, centerY, radius)
    return VectorPath([
      .move(x: cx + r, y: cy),
      .curve(x1: cx + r, y1: cy + k, x2: cx + k, y2: cy + r, x: cx, y: cy + r),
      .curve(x1: cx - k, y1: cy + r, x2: cx - r, y2: cy + k, x: cx - r, y: cy),
      .curve(x1: cx - r, y1: cy - k, x2: cx - k, y2: cy - r, x: cx, y: cy - r),
      .curve(x1: cx + k, y1: cy - r, x2: cx + r, y2: cy - k, x: cx + r, y: cy),
      .close,
    ])
  }
}

/// Why SVG path data could not be read.
public enum VectorPathError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A character that is not a known command or number, at a UTF-8 offset.
  case unexpectedCharacter(offset: Int)
  /// A command ran out of numbers at a UTF-8 offset.
  case missingNumber(offset: Int)

  /// A message naming the place.
  public var description: String {
    switch self {
    case .unexpectedCharacter(let offset): return "unexpected character at offset \(offset)"
    case .missingNumber(let offset): return "command needs more numbers at offset \(offset)"
    }
  }
}

/// A small reader of SVG path data.
struct SVGPathParser {
  let bytes: [UInt8]
  var index = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  mutating func parse() throws(VectorPathError) -> [VectorPath.Element] {
    var out: [VectorPath.Element] = []
    var current = (x: 0.0, y: 0.0)
    var start = current
    var command: UInt8 = 0
    while true {
      skipSeparators()
      guard index < bytes.count else { break }
      let byte = bytes[index]
      if isCommand(byte) {
        command = byte
        index += 1
      } else if command == 0 || !isNumberStart(byte) {
        throw .unexpectedCharacter(offset: index)
      }
      let relative = command >= UInt8(ascii: "a")
      let dx = relative ? current.x : 0
      let dy = relative ? current.y : 0
      switch command | 0x20 {
      case UInt8(ascii: "m"), UInt8(ascii: "l"):
        let x = try number() + dx
        let y = try number() + dy
        out.append(isMove(command) ? .move(x: x, y: y) : .line(x: x, y: y))
        if isMove(command) {
          start = (x, y)
          command = relative ? UInt8(ascii: "l") : UInt8(ascii: "L")
        }
        current = (x, y)
      case UInt8(ascii: "h"):
        current.x = try number() + dx
        out.append(.line(x: current.x, y: current.y))
      case UInt8(ascii: "v"):
        current.y = try number() + dy
        out.append(.line(x: current.x, y: current.y))
      case UInt8(ascii: "c"):
        let v = try (
          number() + dx, number() + dy, number() + dx, number() + dy, number() + dx, number() + dy
        )
        out.append(.curve(x1: v.0, y1: v.1, x2: v.2, y2: v.3, x: v.4, y: v.5))
        current = (v.4, v.5)
      case UInt8(ascii: "q"):
        let v = try (number() + dx, number() + dy, number() + dx, number() + dy)
        out.append(
          .curve(
            x1: current.x + 2 / 3 * (v.0 - current.x), y1: current.y + 2 / 3 * (v.1 - current.y),
            x2: v.2 + 2 / 3 * (v.0 - v.2), y2: v.3 + 2 / 3 * (v.1 - v.3), x: v.2, y: v.3))
        current = (v.2, v.3)
      case UInt8(ascii: "z"):
        out.append(.close)
        current = start
        command = 0
      default:
        throw .unexpectedCharacter(offset: index)
      }
    }
    return out
  }

  private func isMove(_ c: UInt8) -> Bool { c == UInt8(ascii: "m") || c == UInt8(ascii: "M") }

  private func isCommand(_ c: UInt8) -> Bool {
    "MmLlHhVvCcQqZz".utf8.contains(c)
  }

  private func isNumberStart(_ c: UInt8) -> Bool {
    (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "-")
      || c == UInt8(ascii: "+") || c == UInt8(ascii: ".")
  }

  private mutating func skipSeparators() {
    while index < bytes.count,
      bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: ",")
        || bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\t")
    {
      index += 1
    }
  }

  private mutating func number() throws(VectorPathError) -> Double {
    skipSeparators()
    let begin = index
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
      index += 1
    }
    var sawDot = false
    while index < bytes.count {
      let c = bytes[index]
      if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
        index += 1
      } else if c == UInt8(ascii: "."), !sawDot {
        sawDot = true
        index += 1
      } else {
        break
      }
    }
    guard index > begin, let text = String(bytes: bytes[begin..<index], encoding: .utf8),
      let value = Double(text), value.isFinite
    else { throw .missingNumber(offset: begin) }
    return value
  }
}

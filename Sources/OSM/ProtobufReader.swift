/// A cursor over protobuf wire-format bytes, bounds-checked, reporting file offsets in errors.
///
/// `base` is the file offset of `bytes[0]`, so errors point into the original file even when
/// the bytes come from an inflated blob (then `base` is the blob's offset).
struct ProtobufReader {
  /// The wire types of protobuf.
  enum WireType: UInt64 {
    case varint = 0
    case fixed64 = 1
    case lengthDelimited = 2
    case fixed32 = 5
  }

  let bytes: [UInt8]
  var position: Int
  let end: Int
  let base: Int
  let element: String

  init(bytes: [UInt8], range: Range<Int>? = nil, base: Int = 0, element: String) {
    self.bytes = bytes
    self.position = range?.lowerBound ?? 0
    self.end = range?.upperBound ?? bytes.count
    self.base = base
    self.element = element
  }

  var isAtEnd: Bool { position >= end }

  /// The file offset of the cursor.
  var offset: Int { base + position }

  func truncated() -> OSMReadError { .truncated(offset: offset, element: element) }

  func malformed(_ reason: String) -> OSMReadError {
    .malformed(offset: offset, element: element, reason: reason)
  }

  mutating func varint() throws(OSMReadError) -> UInt64 {
    var result: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      guard position < end else { throw truncated() }
      let byte = bytes[position]
      position += 1
      result |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return result }
      shift += 7
      if shift >= 64 { throw malformed("varint longer than 10 bytes") }
    }
  }

  mutating func signedVarint() throws(OSMReadError) -> Int64 {
    let v = try varint()
    return Int64(bitPattern: (v >> 1) ^ (0 &- (v & 1)))
  }

  /// Reads a field key: the field number and wire type.
  mutating func key() throws(OSMReadError) -> (field: Int, wire: WireType) {
    let k = try varint()
    guard let wire = WireType(rawValue: k & 7) else {
      throw malformed("unknown wire type \(k & 7)")
    }
    guard k >> 3 > 0, k >> 3 < 1 << 29 else { throw malformed("bad field number \(k >> 3)") }
    return (Int(k >> 3), wire)
  }

  /// Reads a length prefix and returns the range of the bytes it covers.
  mutating func lengthDelimited() throws(OSMReadError) -> Range<Int> {
    let length = try varint()
    guard length <= UInt64(end - position) else { throw truncated() }
    let start = position
    position += Int(length)
    return start..<position
  }

  mutating func skip(_ wire: WireType) throws(OSMReadError) {
    switch wire {
    case .varint: _ = try varint()
    case .fixed64:
      guard end - position >= 8 else { throw truncated() }
      position += 8
    case .fixed32:
      guard end - position >= 4 else { throw truncated() }
      position += 4
    case .lengthDelimited: _ = try lengthDelimited()
    }
  }

  /// A reader over a sub-message's bytes.
  func sub(_ range: Range<Int>, element: String) -> ProtobufReader {
    ProtobufReader(bytes: bytes, range: range, base: base, element: element)
  }

  func string(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  /// Decodes a packed repeated varint field (or one unpacked value) into `out`.
  mutating func packedVarints(
    _ wire: WireType, into out: inout [UInt64]
  ) throws(OSMReadError) {
    if wire == .varint {
      out.append(try varint())
      return
    }
    guard wire == .lengthDelimited else { throw malformed("expected packed field") }
    let range = try lengthDelimited()
    var inner = sub(range, element: element)
    while !inner.isAtEnd { out.append(try inner.varint()) }
  }

  /// Decodes a packed repeated sint64 field, delta-coded, into absolute values.
  mutating func packedDeltaSigned(
    _ wire: WireType, into out: inout [Int64]
  ) throws(OSMReadError) {
    guard wire == .lengthDelimited else { throw malformed("expected packed field") }
    let range = try lengthDelimited()
    var inner = sub(range, element: element)
    var running: Int64 = 0
    while !inner.isAtEnd {
      running &+= try inner.signedVarint()
      out.append(running)
    }
  }
}

import Testing

@testable import Rendering

/// The vectorized Adler-32 the PNG writer uses gives RFC 1950's checksum.
@Suite struct Adler32Tests {
  /// The definition, a byte at a time.
  private func reference(_ bytes: [UInt8], initial: UInt32 = 1) -> UInt32 {
    var s1 = initial & 0xFFFF
    var s2 = initial >> 16
    for byte in bytes {
      s1 = (s1 + UInt32(byte)) % 65521
      s2 = (s2 + s1) % 65521
    }
    return s2 << 16 | s1
  }

  private func checksum(_ bytes: [UInt8], initial: UInt32 = 1) -> UInt32 {
    bytes.withUnsafeBufferPointer { buffer in
      Adler32.checksum(buffer.baseAddress!, count: buffer.count, initial: initial)
    }
  }

  @Test func knownValue() {
    #expect(checksum(Array("Wikipedia".utf8)) == 0x11E6_0398)
    #expect(checksum([0]) == reference([0]))
  }

  /// Lengths around the sixteen-byte chunks and the 64 KiB blocks, all-0xFF bytes (the
  /// largest sums) and pseudo-random ones, and a continued checksum.
  @Test(arguments: [1, 15, 16, 17, 255, 65_535, 65_536, 65_537, 200_003])
  func matchesTheDefinition(count: Int) {
    let ones = [UInt8](repeating: 0xFF, count: count)
    #expect(checksum(ones) == reference(ones))
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let mixed = (0..<count).map { _ -> UInt8 in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 56)
    }
    #expect(checksum(mixed) == reference(mixed))
    let start = reference(Array(mixed.prefix(37)))
    #expect(checksum(mixed, initial: start) == reference(mixed, initial: start))
  }
}

/// Adler-32 (RFC 1950) sixteen bytes at a time (zlib's `adler32` works a byte at a time).
/// Same results as zlib's. The ``PNGCompression/balanced`` writer uses it; the fast one
/// counts the checksum inside ``RunLengthDeflater`` as it deflates.
enum Adler32 {
  private static let modulus: UInt64 = 65521

  /// The checksum of `count` bytes at `bytes`, continuing from `initial` (1 for a new
  /// stream).
  static func checksum(_ bytes: UnsafePointer<UInt8>, count: Int, initial: UInt32 = 1) -> UInt32 {
    var s1 = UInt64(initial & 0xFFFF)
    var s2 = UInt64(initial >> 16)
    var offset = 0
    let raw = UnsafeRawPointer(bytes)
    while count - offset >= 16 {
      // Per lane i of k chunks: the byte sums, and the sums of the sums before each chunk.
      // 4,096 chunks keep the second under 2^32 (255 × 4096 × 4095 / 2).
      let chunks = min(4096, (count - offset) / 16)
      var sums = SIMD16<UInt32>()
      var prefixes = SIMD16<UInt32>()
      for k in 0..<chunks {
        let chunk = raw.loadUnaligned(fromByteOffset: offset + 16 * k, as: SIMD16<UInt8>.self)
        prefixes &+= sums
        sums &+= SIMD16<UInt32>(truncatingIfNeeded: chunk)
      }
      // Byte j of the block (lane i of chunk k) adds (n − j) times to s2, n = 16 × chunks:
      // 16 × (chunks − 1 − k) + (16 − i).
      var prefixTotal: UInt64 = 0
      var total: UInt64 = 0
      var weighted: UInt64 = 0
      for lane in 0..<16 {
        prefixTotal += UInt64(prefixes[lane])
        total += UInt64(sums[lane])
        weighted += UInt64(16 - lane) * UInt64(sums[lane])
      }
      s2 = (s2 + UInt64(16 * chunks) * s1 + 16 * prefixTotal + weighted) % modulus
      s1 = (s1 + total) % modulus
      offset += 16 * chunks
    }
    while offset < count {
      s1 = (s1 + UInt64(bytes[offset])) % modulus
      s2 = (s2 + s1) % modulus
      offset += 1
    }
    return UInt32(truncatingIfNeeded: s2 << 16 | s1)
  }
}

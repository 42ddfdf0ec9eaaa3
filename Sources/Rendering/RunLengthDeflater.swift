/// A very fast deflate encoder for filtered image rows: fixed Huffman codes, and matches
/// only at distance 1 (runs of one byte value, which the `Sub` filter makes out of flat
/// colour). It compresses less than zlib, at a fraction of the time.
///
/// Each call writes one or more fixed-code blocks; a stream that is not final ends with an
/// empty stored block, so it stops on a byte boundary and the next stream can follow it.
enum RunLengthDeflater {
  /// Fixed literal/length codes, bit-reversed for LSB-first output, with their lengths.
  static let literalCodes: [(code: UInt32, length: UInt32)] = (0..<288).map { symbol in
    let (base, length, first): (UInt32, UInt32, Int)
    switch symbol {
    case 0..<144: (base, length, first) = (0x30, 8, 0)
    case 144..<256: (base, length, first) = (0x190, 9, 144)
    case 256..<280: (base, length, first) = (0, 7, 256)
    default: (base, length, first) = (0xC0, 8, 280)
    }
    return (reverse(base + UInt32(symbol - first), length), length)
  }

  /// For each match length 3…258: the code and length of its symbol plus extra bits,
  /// combined into one value to write.
  static let lengthCodes: [(bits: UInt32, count: UInt32)] = (0...258).map { length in
    guard length >= 3 else { return (0, 0) }
    let bases = [
      3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
      131, 163, 195, 227, 258,
    ]
    let extras = [
      0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    var index = bases.count - 1
    while bases[index] > length { index -= 1 }
    let symbol = literalCodes[257 + index]
    let extra = UInt32(length - bases[index])
    // Symbol code, extra bits, then distance code 0 (five zero bits) for distance 1.
    let bits = symbol.code | extra << symbol.length
    return (bits, symbol.length + UInt32(extras[index]) + 5)
  }

  private static func reverse(_ code: UInt32, _ length: UInt32) -> UInt32 {
    var result: UInt32 = 0
    for i in 0..<length where code & (1 << i) != 0 { result |= 1 << (length - 1 - i) }
    return result
  }

  /// Bits written least significant first into a byte buffer (a local value, so the
  /// optimizer keeps it in registers without exclusivity checks).
  struct BitWriter {
    let out: UnsafeMutablePointer<UInt8>
    var written = 0
    var accumulator: UInt64 = 0
    var filled: UInt32 = 0

    @inline(__always)
    mutating func put(_ bits: UInt32, _ n: UInt32) {
      accumulator |= UInt64(bits) << UInt64(filled)
      filled += n
      if filled >= 32 {
        UnsafeMutableRawPointer(out + written).storeBytes(
          of: UInt32(truncatingIfNeeded: accumulator).littleEndian, as: UInt32.self)
        written += 4
        accumulator >>= 32
        filled -= 32
      }
    }

    /// Writes the bits left, padded to a byte.
    mutating func flush() {
      while filled > 0 {
        out[written] = UInt8(truncatingIfNeeded: accumulator)
        written += 1
        accumulator >>= 8
        filled = filled >= 8 ? filled - 8 : 0
      }
    }
  }

  /// Deflates `count` bytes at `input` into raw deflate data.
  static func deflate(_ input: UnsafePointer<UInt8>, count: Int, final: Bool) -> [UInt8] {
    // Uninitialized: every byte kept is written.
    return [UInt8](unsafeUninitializedCapacity: count + count / 8 + 64) { buffer, kept in
      var writer = BitWriter(out: buffer.baseAddress!)
      // Block header: BFINAL, BTYPE = 01 (fixed codes).
      writer.put(final ? 1 : 0, 1)
      writer.put(1, 2)
      literalCodes.withUnsafeBufferPointer { literals in
        lengthCodes.withUnsafeBufferPointer { lengths in
          var i = 0
          while i < count {
            let byte = input[i]
            let literal = literals[Int(byte)]
            // The common case in detailed areas: no run starts here; two literals in one
            // write when the next byte starts none either.
            if i + 2 < count, input[i + 1] != byte {
              let next = input[i + 1]
              if input[i + 2] != next {
                let second = literals[Int(next)]
                writer.put(
                  literal.code | second.code << literal.length, literal.length + second.length)
                i += 2
              } else {
                writer.put(literal.code, literal.length)
                i += 1
              }
              continue
            }
            writer.put(literal.code, literal.length)
            i += 1
            // The run of the same byte after it, eight bytes at a time where possible.
            var run = 0
            let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
            while i + run + 8 <= count,
              UnsafeRawPointer(input + i + run).loadUnaligned(as: UInt64.self) == pattern
            {
              run += 8
            }
            while i + run < count, input[i + run] == byte { run += 1 }
            while run >= 3 {
              let length = min(run, 258)
              let code = lengths[length]
              writer.put(code.bits, code.count)
              i += length
              run -= length
            }
            while run > 0 {
              writer.put(literal.code, literal.length)
              i += 1
              run -= 1
            }
          }
          writer.put(literals[256].code, literals[256].length)  // end of block
        }
      }
      if !final {
        // An empty stored block: BFINAL 0, BTYPE 00, pad to a byte, LEN 0, NLEN 0xFFFF.
        writer.put(0, 3)
        if writer.filled % 8 != 0 { writer.put(0, 8 - writer.filled % 8) }
        writer.put(0x0000, 16)
        writer.put(0xFFFF, 16)
      }
      writer.flush()
      kept = writer.written
    }
  }
}

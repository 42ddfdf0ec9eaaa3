/// A very fast deflate encoder for filtered image rows: fixed Huffman codes, and matches
/// only at distance 1 (runs of one byte value, which the `Sub` filter makes out of flat
/// colour). It compresses less than zlib, at a fraction of the time, and computes the
/// Adler-32 of what it reads on the way (a run costs one multiply-add, not one add a byte).
///
/// One value writes one fixed-code block into memory the caller provides: ``compress(_:count:)``
/// takes the input in as many pieces as the caller likes (a run goes on from one piece into
/// the next), ``finish()`` ends the block. A stream that is not final ends with
/// an empty stored block, so it stops on a byte boundary and the next stream can follow it.
///
/// The input is cut into tokens — a literal and the copies of it that follow — where a byte
/// differs from the one before it: a 64-bit mask a 64-byte block marks those places (eight
/// bytes at a time with integer arithmetic), and a block that equals the byte before it
/// throughout is passed over in eight comparisons. Each token goes out in one or a few writes
/// through a 64-bit bit buffer stored eight bytes at a time.
struct RunLengthDeflater {
  /// Fixed literal/length codes, bit-reversed for LSB-first output: symbol's code in the low
  /// 16 bits, its length above.
  nonisolated(unsafe) private static let literalTable: UnsafePointer<UInt32> = {
    let table = UnsafeMutablePointer<UInt32>.allocate(capacity: 288)
    for symbol in 0..<288 {
      let (base, length, first): (UInt32, UInt32, Int)
      switch symbol {
      case 0..<144: (base, length, first) = (0x30, 8, 0)
      case 144..<256: (base, length, first) = (0x190, 9, 144)
      case 256..<280: (base, length, first) = (0, 7, 256)
      default: (base, length, first) = (0xC0, 8, 280)
      }
      table[symbol] = reverse(base + UInt32(symbol - first), length) | length << 16
    }
    return UnsafePointer(table)
  }()

  /// For each match length 0…258 (3…258 used): the bits of its length symbol, extra bits
  /// and distance code 0 (distance 1) in the low 32 bits, how many bits above.
  nonisolated(unsafe) private static let lengthTable: UnsafePointer<UInt64> = {
    let table = UnsafeMutablePointer<UInt64>.allocate(capacity: 259)
    let bases = [
      3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
      131, 163, 195, 227, 258,
    ]
    let extras = [
      0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    for length in 0...258 {
      guard length >= 3 else {
        table[length] = 0
        continue
      }
      var index = bases.count - 1
      while bases[index] > length { index -= 1 }
      let symbol = literalTable[257 + index]
      let code = UInt64(symbol & 0xFFFF)
      let codeLength = UInt64(symbol >> 16)
      let extra = UInt64(length - bases[index])
      // Symbol code, extra bits, then distance code 0 (five zero bits) for distance 1.
      let bits = code | extra << codeLength
      table[length] = bits | (codeLength + UInt64(extras[index]) + 5) << 32
    }
    return UnsafePointer(table)
  }()

  private static func reverse(_ code: UInt32, _ length: UInt32) -> UInt32 {
    var result: UInt32 = 0
    for i in 0..<length where code & (1 << i) != 0 { result |= 1 << (length - 1 - i) }
    return result
  }

  /// The most bytes a block of `count` input bytes takes (nine bits a literal, the
  /// block header and end, the empty stored block) plus the eight the bit buffer stores past
  /// its end.
  static func capacity(forInput count: Int) -> Int { count + (count + 7) / 8 + 32 }

  private let out: UnsafeMutablePointer<UInt8>
  private let final: Bool
  /// Bytes written to `out`.
  private(set) var written = 0
  private var accumulator: UInt64 = 0
  private var filled: UInt64 = 0
  private var s1: UInt64 = 1
  private var s2: UInt64 = 0
  /// The last token, still open: its byte and length so far.
  private var pendingByte: UInt64 = 0
  private var pendingLength = 0

  /// Starts a block at `out`, which must hold ``capacity(forInput:)`` bytes for all the
  /// input to come; `final` marks the last block of the whole deflate stream.
  init(out: UnsafeMutablePointer<UInt8>, final: Bool) {
    self.out = out
    self.final = final
    // Block header: BFINAL, BTYPE = 01 (fixed codes).
    accumulator = final ? 0b011 : 0b010
    filled = 3
  }

  /// The Adler-32 of all the input, once ``finish()`` has written the last token.
  var adler: UInt32 { UInt32(s2 % 65521) << 16 | UInt32(s1 % 65521) }

  /// Deflates `count` (under 2^24) more bytes at `input`.
  mutating func compress(_ input: UnsafePointer<UInt8>, count: Int) {
    deflate(input, count: count, closing: false)
  }

  /// Deflates `count` more bytes at `input`, then, when `closing`, the token left open.
  private mutating func deflate(_ input: UnsafePointer<UInt8>, count: Int, closing: Bool) {
    // Runs and their Adler-32 sums stay far from overflowing below 2^24 bytes a piece.
    precondition(count < 1 << 24, "a piece of at most 16 MiB")
    // A local copy of the writing state, so the loop keeps it in registers.
    var tokens = Tokens(
      literals: Self.literalTable, lengths: Self.lengthTable, out: out, written: written,
      accumulator: accumulator, filled: filled, s1: s1, s2: s2)
    let raw = UnsafeRawPointer(input)
    // Tokens start where a byte differs from the one before it: bit p of a block's mask
    // marks byte base + p so. Blocks of 64 bytes all equal to the byte before them (inside
    // long runs) are passed over after a cheaper test. The token before byte 0 is the one
    // left open by the last piece, if any: it goes on while its byte does.
    let open = pendingLength > 0
    var tokenByte = open ? pendingByte : UInt64(count > 0 ? input[0] : 0)
    var start = -pendingLength
    var base = 0
    while base &+ 64 <= count {
      let mask =
        base == 0
        ? Self.firstBlockStarts(raw, before: open ? tokenByte : UInt64(input[0]))
        : Self.blockStarts(raw, at: base)
      var rest = mask
      while rest != 0 {
        let p = base &+ rest.trailingZeroBitCount
        rest &= rest &- 1
        tokens.token(tokenByte, p &- start)
        tokenByte = UInt64(input[p])
        start = p
      }
      // Up to 64 tokens of at most 2^25 bytes in all since the last check.
      if mask != 0 { tokens.reduce() }
      base &+= 64
    }
    // The last bytes, one at a time.
    var p = base
    while p < count {
      let byte = UInt64(input[p])
      if byte != tokenByte || (p == 0 && !open) {
        if p > start { tokens.token(tokenByte, p &- start) }
        tokenByte = byte
        start = p
      }
      p &+= 1
    }
    tokens.reduce()
    // The last token stays open for the next piece (or `finish`), unless it grew long.
    if count > start {
      if closing || count &- start >= 1 << 22 {
        tokens.token(tokenByte, count &- start)
        pendingLength = 0
      } else {
        pendingByte = tokenByte
        pendingLength = count &- start
      }
    }
    written = tokens.written
    accumulator = tokens.accumulator
    filled = tokens.filled
    s1 = tokens.s1 % 65521
    s2 = tokens.s2 % 65521
  }

  /// Bit k set where byte k of `word` is not zero.
  @inline(__always)
  private static func nonzeroBytes(_ word: UInt64) -> UInt64 {
    let highs: UInt64 = 0x8080_8080_8080_8080
    let high = (((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | word) & highs
    return ((high &>> 7) &* 0x0102_0408_1020_4080) &>> 56
  }

  /// The token starts among the first 64 bytes at `raw`: bit k set where byte k differs
  /// from the byte before it (`before` for byte 0).
  @inline(__always)
  private static func firstBlockStarts(_ raw: UnsafeRawPointer, before: UInt64) -> UInt64 {
    let word = raw.loadUnaligned(as: UInt64.self)
    var mask = nonzeroBytes(word ^ (word &<< 8 | before))
    for k in 1..<8 {
      let x =
        raw.loadUnaligned(fromByteOffset: 8 &* k, as: UInt64.self)
        ^ raw.loadUnaligned(fromByteOffset: 8 &* k &- 1, as: UInt64.self)
      mask |= nonzeroBytes(x) &<< UInt64(8 &* k)
    }
    return mask
  }

  /// The token starts among the 64 bytes from `base` (over 0): bit k set where byte
  /// `base + k` differs from the byte before it; 0 after eight comparisons when all equal
  /// the byte before `base`.
  @inline(__always)
  private static func blockStarts(_ raw: UnsafeRawPointer, at base: Int) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let pattern = UInt64(raw.load(fromByteOffset: base &- 1, as: UInt8.self)) &* ones
    var differs: UInt64 = 0
    for k in 0..<8 {
      differs |= raw.loadUnaligned(fromByteOffset: base &+ 8 &* k, as: UInt64.self) ^ pattern
    }
    guard differs != 0 else { return 0 }
    var mask: UInt64 = 0
    for k in 0..<8 {
      let offset = base &+ 8 &* k
      let x =
        raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        ^ raw.loadUnaligned(fromByteOffset: offset &- 1, as: UInt64.self)
      mask |= nonzeroBytes(x) &<< UInt64(8 &* k)
    }
    return mask
  }

  /// The tokens' writer: fixed codes into a 64-bit bit buffer stored eight bytes at a time,
  /// and the Adler-32 sums of the bytes the tokens stand for.
  private struct Tokens {
    let literals: UnsafePointer<UInt32>
    let lengths: UnsafePointer<UInt64>
    let out: UnsafeMutablePointer<UInt8>
    var written: Int
    var accumulator: UInt64
    var filled: UInt64
    var s1: UInt64
    var s2: UInt64

    @inline(__always) mutating func put(_ bits: UInt64, _ n: UInt64) {
      accumulator |= bits &<< filled
      filled &+= n
    }

    /// Stores the whole bytes of the buffer (at most 7 bits stay).
    @inline(__always) mutating func store() {
      UnsafeMutableRawPointer(out + written).storeBytes(
        of: accumulator.littleEndian, as: UInt64.self)
      written &+= Int(truncatingIfNeeded: filled &>> 3)
      accumulator = accumulator &>> (filled & 56)
      filled &= 7
    }

    @inline(__always) mutating func literal(_ byte: UInt64) {
      let entry = UInt64(literals[Int(truncatingIfNeeded: byte)])
      put(entry & 0xFFFF, entry &>> 16)
      s1 &+= byte
      s2 &+= s1
    }

    @inline(__always) mutating func match(_ length: Int) {
      let code = lengths[length]
      put(code & 0xFFFF_FFFF, code &>> 32)
      store()
    }

    /// Keeps s1 under 2^31 and s2 under 2^61, so that the tokens of one block (at most
    /// 2^25 bytes in all) add under 2^34 to s1 and 2^60 to s2 before the next check.
    @inline(__always) mutating func reduce() {
      if (s1 | s2 &>> 30) >= 1 << 31 {
        s1 %= 65521
        s2 %= 65521
      }
    }

    /// A token: the literal `byte` and its `length - 1` copies after it (none, one, two, or
    /// matches).
    @inline(__always) mutating func token(_ byte: UInt64, _ length: Int) {
      if length == 1 {
        // Most tokens in detailed areas: a lone literal.
        literal(byte)
        store()
        return
      }
      // Adler-32 of `length` bytes of value `byte`.
      let t = UInt64(truncatingIfNeeded: length)
      s2 &+= t &* s1 &+ byte &* ((t &* (t &+ 1)) &>> 1)
      s1 &+= byte &* t
      let entry = UInt64(literals[Int(truncatingIfNeeded: byte)])
      let code = entry & 0xFFFF
      let n = entry &>> 16
      if length &- 1 > 258 {
        longRun(code: code, n, copies: length &- 1)
      } else {
        // One write: the literal, then a match, or (fewer than three copies) its code once or
        // twice more.
        let run = length &- 1
        let matchEntry = lengths[run]
        let twice = code | code &<< n
        let literalLength = n &* UInt64(truncatingIfNeeded: run)
        let small = twice & ((1 &<< literalLength) &- 1)
        let long = run >= 3
        let extra = long ? matchEntry & 0xFFFF_FFFF : small
        let extraLength = long ? matchEntry &>> 32 : literalLength
        put(code | extra &<< n, n &+ extraLength)
        store()
      }
    }

    /// A literal (its `code` of `n` bits) and more than 258 copies: matches of 258, then
    /// what is left as one match or up to two literals (cheaper than splitting the last
    /// 258 in two matches).
    @inline(__always) mutating func longRun(code: UInt64, _ n: UInt64, copies: Int) {
      var run = copies
      put(code, n)
      store()
      while run >= 258 {
        match(258)
        run &-= 258
      }
      if run >= 3 {
        match(run)
      } else {
        for _ in 0..<run { put(code, n) }
        store()
      }
    }
  }

  /// Ends the block (and, for a stream that is not final, adds the empty stored block);
  /// returns the number of bytes written.
  mutating func finish() -> Int {
    var none: UInt8 = 0
    deflate(&none, count: 0, closing: true)
    let end = Self.literalTable[256]
    var bits = UInt64(end & 0xFFFF)
    var n = UInt64(end >> 16)
    if !final {
      // An empty stored block: BFINAL 0, BTYPE 00, pad to a byte, LEN 0, NLEN 0xFFFF.
      n += 3
      n += (8 - (filled + n) % 8) % 8
      bits |= 0xFFFF << (n + 16)
      n += 32
    }
    // At most 7 + 7 + 3 + 7 + 32 bits after the at most 7 left by `compress`.
    accumulator |= bits << filled
    filled += n
    flushWhole()
    if filled > 0 {
      out[written] = UInt8(truncatingIfNeeded: accumulator)
      written += 1
      accumulator = 0
      filled = 0
    }
    return written
  }

  private mutating func flushWhole() {
    while filled >= 8 {
      out[written] = UInt8(truncatingIfNeeded: accumulator)
      written += 1
      accumulator >>= 8
      filled -= 8
    }
  }
}

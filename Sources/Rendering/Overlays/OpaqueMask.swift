import CCairo

/// Which pixels of a marker's raster are fully opaque, a bit a pixel (rows of 64-pixel
/// words), to tell what the marker will hide once it is copied over what lies below it, and
/// which are painted at all (not fully transparent).
final class OpaqueRows: Sendable {
  let width: Int
  let height: Int
  let wordsPerRow: Int
  let words: [UInt64]
  let painted: [UInt64]
  /// The opaque pixels whose four neighbours are opaque too (a pixel in from the edge): what
  /// the marker surely covers wherever rounding puts it within a pixel.
  let inner: [UInt64]

  /// The opaque pixels of an ARGB32 image surface (`nil` for another format).
  init?(surface: OpaquePointer) {
    guard cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32 else { return nil }
    cairo_surface_flush(surface)
    let width = Int(cairo_image_surface_get_width(surface))
    let height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    guard width > 0, height > 0, let data = cairo_image_surface_get_data(surface) else {
      return nil
    }
    let perRow = (width + 63) / 64
    var words = [UInt64](repeating: 0, count: perRow * height)
    var painted = words
    for y in 0..<height {
      let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<width where row[x] >> 24 != 0 {
        painted[y * perRow + x / 64] |= 1 << UInt64(x % 64)
        if row[x] >> 24 == 255 { words[y * perRow + x / 64] |= 1 << UInt64(x % 64) }
      }
    }
    self.width = width
    self.height = height
    wordsPerRow = perRow
    self.words = words
    self.painted = painted
    var inner = words
    for y in 0..<height {
      for w in 0..<perRow {
        let at = y * perRow + w
        let row = words[at]
        // Left and right neighbours (across words), then the rows above and below.
        let left = row << 1 | (w > 0 ? words[at - 1] >> 63 : 0)
        let right = row >> 1 | (w + 1 < perRow ? words[at + 1] << 63 : 0)
        let above = y > 0 ? words[at - perRow] : 0
        let below = y + 1 < height ? words[at + perRow] : 0
        inner[at] = row & left & right & above & below
      }
    }
    self.inner = inner
  }
}

/// The pixels of a canvas that opaque pictures drawn later will cover (a bit a pixel): what
/// is drawn before them there is never seen, so the line rasterizer leaves it out. A view of
/// memory its owner allocates (``allocate(x0:y0:x1:y1:)``) and frees (``deallocate()``).
/// Several threads may read one mask at once (a map raster's bands); it is written by one.
struct OpaqueMask: @unchecked Sendable {
  /// The canvas's first column and row, and its size.
  let x0: Int
  let y0: Int
  let width: Int
  let height: Int
  let wordsPerRow: Int
  private let words: UnsafeMutablePointer<UInt64>
  /// Per group of ``groupRows`` rows (from `y0`), the pixels all its rows cover
  /// (``seal()``): one test for a group skips its rows at once.
  private let groups: UnsafeMutablePointer<UInt64>
  /// Rows a group.
  static let groupRows = 8

  /// An empty mask over columns `x0..<x1` and rows `y0..<y1`.
  static func allocate(x0: Int, y0: Int, x1: Int, y1: Int) -> OpaqueMask {
    OpaqueMask(x0: x0, y0: y0, x1: x1, y1: y1)
  }

  private init(x0: Int, y0: Int, x1: Int, y1: Int) {
    self.x0 = x0
    self.y0 = y0
    width = max(0, x1 - x0)
    height = max(0, y1 - y0)
    wordsPerRow = (width + 63) / 64 + 1
    let count = max(1, wordsPerRow * height)
    words = .allocate(capacity: count)
    words.initialize(repeating: 0, count: count)
    let groupCount = max(1, wordsPerRow * (height / Self.groupRows))
    groups = .allocate(capacity: groupCount)
    groups.initialize(repeating: 0, count: groupCount)
  }

  /// Works out the groups' pixels from the rows (after the last ``add(_:x:y:)``); a
  /// partial last group counts as covering nothing.
  func seal() {
    for g in 0..<(height / Self.groupRows) {
      let group = groups + g * wordsPerRow
      let first = words + g * Self.groupRows * wordsPerRow
      for w in 0..<wordsPerRow {
        var all = ~UInt64(0)
        for r in 0..<Self.groupRows { all &= first[r * wordsPerRow + w] }
        group[w] = all
      }
    }
  }

  /// Whether rows `y..<y + groupRows` (`y` - `y0` a multiple of ``groupRows``, the group
  /// whole on the canvas) are all covered over columns `from..<to`.
  @inline(__always)
  func groupCovers(y: Int, from: Int, to: Int) -> Bool {
    let g = (y - y0) / Self.groupRows
    guard g < height / Self.groupRows else { return false }
    return covers(row: groups + g * wordsPerRow, from: from, to: to)
  }

  /// A mask over the same canvas with the same pixels (groups included), which its caller
  /// owns.
  func copy() -> OpaqueMask {
    let copy = OpaqueMask(x0: x0, y0: y0, x1: x0 + width, y1: y0 + height)
    copy.words.update(from: words, count: max(1, wordsPerRow * height))
    copy.groups.update(from: groups, count: max(1, wordsPerRow * (height / Self.groupRows)))
    return copy
  }

  /// Frees the mask's memory (once, by its owner).
  func deallocate() {
    words.deallocate()
    groups.deallocate()
  }

  /// Marks the opaque pixels of `rows` (only its ``OpaqueRows/inner`` ones with `inner`)
  /// with its top-left pixel at column `x`, row `y`; `false` when none of them is on the
  /// canvas.
  @discardableResult
  func add(_ rows: OpaqueRows, x: Int, y: Int, inner: Bool = false) -> Bool {
    let left = x - x0
    let top = y - y0
    guard left < width, left + rows.width > 0, top < height, top + rows.height > 0 else {
      return false
    }
    let shift = UInt64(((left % 64) + 64) % 64)
    let firstWord = left >= 0 ? left / 64 : (left - 63) / 64
    let source = inner ? rows.inner : rows.words
    for r in max(0, -top)..<min(rows.height, height - top) {
      let line = words + (top + r) * wordsPerRow
      for w in 0..<rows.wordsPerRow {
        let bits = source[r * rows.wordsPerRow + w]
        guard bits != 0 else { continue }
        let at = firstWord + w
        if at >= 0, at < wordsPerRow { line[at] |= bits << shift }
        if shift != 0, at + 1 >= 0, at + 1 < wordsPerRow { line[at + 1] |= bits >> (64 - shift) }
      }
    }
    return true
  }

  /// Marks columns `from..<to` (from the canvas's left, on the canvas) of device row `y`.
  /// The groups are not redone (``seal()``): they still cover no more than the rows do.
  @inline(__always)
  func add(y: Int, from: Int, to: Int) {
    let row = words + (y - y0) * wordsPerRow
    var x = from
    while x < to {
      let s = x & 63
      let n = min(64 - s, to - x)
      row[x >> 6] |= Self.low(n) << UInt64(s)
      x += n
    }
  }

  /// The bits of row `y` (canvas rows) for columns `x..<x+64` (canvas columns, `x` ≥ 0).
  @inline(__always)
  private func bits(row: UnsafeMutablePointer<UInt64>, from x: Int) -> UInt64 {
    let w = x >> 6
    let s = UInt64(x & 63)
    let low = row[w] >> s
    return s == 0 ? low : low | (row[w + 1] << (64 - s))
  }

  /// A word with its lowest `count` bits set (0…64).
  @inline(__always)
  static func low(_ count: Int) -> UInt64 {
    count >= 64 ? ~0 : (1 << UInt64(count)) &- 1
  }

  /// The bits of columns `from..<from + 64` (from the canvas's left, any integer) of device
  /// row `y` (on the canvas): a pixel off the canvas counts as covered.
  @inline(__always)
  func coveredBits(y: Int, from: Int) -> UInt64 {
    let row = words + (y - y0) * wordsPerRow
    if from >= 0, from + 64 <= width { return bits(row: row, from: from) }
    return coveredBits(row: row, from: from)
  }

  /// ``coveredBits(y:from:)`` at the canvas's edges.
  private func coveredBits(row: UnsafeMutablePointer<UInt64>, from: Int) -> UInt64 {
    let lo = max(from, 0)
    let hi = min(from + 64, width)
    guard lo < hi else { return ~0 }
    // Columns lo..<hi lie on the canvas (and a row has a word to spare past its last).
    let on = Self.low(hi - lo) << UInt64(lo - from)
    return ~on | (bits(row: row, from: lo) << UInt64(lo - from)) & on
  }

  /// Whether every pixel of columns `from..<to` (from the canvas's left) of row `y` (a
  /// device row) is covered.
  @inline(__always)
  func covers(y: Int, from: Int, to: Int) -> Bool {
    covers(row: words + (y - y0) * wordsPerRow, from: from, to: to)
  }

  @inline(__always)
  private func covers(row: UnsafeMutablePointer<UInt64>, from: Int, to: Int) -> Bool {
    var x = from
    while x < to {
      let n = min(64, to - x)
      let want: UInt64 = n == 64 ? ~0 : (1 << UInt64(n)) - 1
      if bits(row: row, from: x) & want != want { return false }
      x += n
    }
    return true
  }

  /// Whether the pixel at column `x` (from the canvas's left) of device row `y` is covered.
  @inline(__always)
  func covers(y: Int, x: Int) -> Bool {
    (words[(y - y0) * wordsPerRow + x >> 6] >> UInt64(x & 63)) & 1 != 0
  }

  /// The first run of uncovered columns within `from..<to` of row `y`: its first column and
  /// the column after it (the run stops at a covered pixel or `to`), or `nil`.
  @inline(__always)
  func uncoveredRun(y: Int, from: Int, to: Int) -> (Int, Int)? {
    let row = words + (y - y0) * wordsPerRow
    var x = from
    var start = -1
    while x < to {
      let n = min(64, to - x)
      let want: UInt64 = n == 64 ? ~0 : (1 << UInt64(n)) - 1
      let covered = bits(row: row, from: x) & want
      if start < 0 {
        let free = ~covered & want
        if free != 0 {
          start = x + free.trailingZeroBitCount
          // Covered pixels after the start within this chunk end the run.
          let after = covered >> UInt64(start - x)
          if after != 0 { return (start, start + after.trailingZeroBitCount) }
        }
      } else if covered != 0 {
        return (start, x + covered.trailingZeroBitCount)
      }
      x += n
    }
    return start < 0 ? nil : (start, to)
  }
}

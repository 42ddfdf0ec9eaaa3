/// A growable array of trivial values in manually managed memory, for the tableau's hot
/// per-symbol and per-row tables.
///
/// Unlike `Array` it has no copy-on-write check and no exclusivity tracking: element access
/// writes through the pointer. The owner (the tableau, which is never copied) frees it.
struct Buffer<Element> {
  private(set) var base: UnsafeMutablePointer<Element>
  private(set) var count: Int
  private var capacity: Int

  init() {
    capacity = 32
    base = .allocate(capacity: capacity)
    count = 0
  }

  subscript(i: Int) -> Element {
    @inline(__always) unsafeAddress { UnsafePointer(base + i) }
    @inline(__always) nonmutating unsafeMutableAddress { base + i }
  }

  var indices: Range<Int> { 0..<count }

  var isEmpty: Bool { count == 0 }

  mutating func append(_ x: Element) {
    if count == capacity {
      let c = capacity * 2
      let p = UnsafeMutablePointer<Element>.allocate(capacity: c)
      p.moveInitialize(from: base, count: count)
      base.deallocate()
      base = p
      capacity = c
    }
    (base + count).initialize(to: x)
    count += 1
  }

  /// Drops the last `n` elements (trivial values need no deinitialisation).
  mutating func removeLast(_ n: Int) {
    count -= n
  }

  /// Drops every element, keeping the memory.
  mutating func removeAll() { count = 0 }

  /// Removes and returns the last element, or nil.
  mutating func popLast() -> Element? {
    guard count > 0 else { return nil }
    count -= 1
    return base[count]
  }

  /// The elements as an array (for dumps).
  var elements: [Element] { Array(UnsafeBufferPointer(start: base, count: count)) }

  /// Frees the memory; the buffer must not be used afterwards.
  func deallocate() {
    base.deallocate()
  }
}

/// A growable list of row slots in manually managed memory: one symbol's column.
struct SlotList {
  var base: UnsafeMutablePointer<Int32>?
  var count: Int
  var capacity: Int

  static var empty: SlotList { SlotList(base: nil, count: 0, capacity: 0) }

  @inline(__always)
  mutating func append(_ slot: Int32) {
    if count == capacity { grow() }
    base.unsafelyUnwrapped[count] = slot
    count += 1
  }

  /// Doubles the capacity, keeping the contents.
  mutating func grow() {
    let c = max(4, capacity * 2)
    let p = UnsafeMutablePointer<Int32>.allocate(capacity: c)
    if let old = base {
      p.update(from: old, count: count)
      old.deallocate()
    }
    base = p
    capacity = c
  }

  /// Frees the memory.
  mutating func release() {
    base?.deallocate()
    self = .empty
  }
}

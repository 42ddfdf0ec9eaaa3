#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Memory for `capacity` trivial values from `malloc`, whose 16-byte alignment covers every
/// element the tableau stores. (`UnsafeMutablePointer.allocate` goes through `posix_memalign`
/// on Linux, several times slower for the small blocks rows and columns use.) Free with
/// ``heapFree(_:)``.
@inline(__always)
func heapAllocate<T>(_: T.Type, capacity: Int) -> UnsafeMutablePointer<T> {
  assert(MemoryLayout<T>.alignment <= 16)
  guard let raw = malloc(max(1, capacity) * MemoryLayout<T>.stride) else {
    fatalError("Cassowary: out of memory allocating \(capacity) × \(T.self)")
  }
  return raw.bindMemory(to: T.self, capacity: capacity)
}

/// Memory for `capacity` values holding the first `count` of `old` (freed), or fresh memory
/// when there is none: how every table, row and column grows.
@inline(__always)
func heapGrow<T>(_ old: UnsafeMutablePointer<T>?, count: Int, to capacity: Int)
  -> UnsafeMutablePointer<T>
{
  let p = heapAllocate(T.self, capacity: capacity)
  if let old {
    p.moveInitialize(from: old, count: count)
    heapFree(old)
  }
  return p
}

/// Frees memory from ``heapAllocate(_:capacity:)``.
@inline(__always)
func heapFree<T>(_ pointer: UnsafeMutablePointer<T>) {
  free(pointer)
}

/// A growable array of trivial values in manually managed memory, for the tableau's hot
/// per-symbol and per-row tables (through ``Table``, which types their indices) and its lists.
///
/// Unlike `Array` it has no copy-on-write check and no exclusivity tracking: element access
/// writes through the pointer. The owner (the tableau, which is never copied) frees it.
/// Debug builds check every access: the index within the count, and the buffer not freed
/// (``deallocate()`` marks it); release builds compile the checks out.
struct Buffer<Element> {
  /// The memory, allocated on the first append (a solver made and dropped unused — a
  /// detached view tree's — costs no allocation).
  private(set) var base: UnsafeMutablePointer<Element>?
  private(set) var count: Int
  private var capacity: Int
  #if DEBUG
    /// Set by ``deallocate()``: any later access is a use after free.
    private var released = false
  #endif

  init() {
    base = nil
    capacity = 0
    count = 0
  }

  /// Whether the buffer may be used (debug builds: not freed; always true in release).
  @inline(__always) var isLive: Bool {
    #if DEBUG
      return !released
    #else
      return true
    #endif
  }

  /// The address of element `i` (bounds and liveness checked in debug builds only: `assert`
  /// costs nothing in release).
  @inline(__always) func address(_ i: Int) -> UnsafeMutablePointer<Element> {
    assert(isLive, "Buffer<\(Element.self)> used after deallocate()")
    assert(i >= 0 && i < count, "Buffer index \(i) out of 0..<\(count)")
    return base.unsafelyUnwrapped + i
  }

  /// Element `i`.
  subscript(i: Int) -> Element {
    @inline(__always) unsafeAddress { UnsafePointer(address(i)) }
    @inline(__always) nonmutating unsafeMutableAddress { address(i) }
  }

  var indices: Range<Int> { 0..<count }

  var isEmpty: Bool { count == 0 }

  mutating func append(_ x: Element) {
    assert(isLive, "Buffer<\(Element.self)> used after deallocate()")
    if count == capacity { grow() }
    (base.unsafelyUnwrapped + count).initialize(to: x)
    count += 1
  }

  /// Doubles the capacity, keeping the elements. The first block holds 256: a layout's
  /// solver reaches a few hundred symbols and rows at once, and each doubling on the way
  /// there copied the table (2.7 % of a cold navigation-screen build) for about 17 KB more
  /// per used solver.
  private mutating func grow() {
    let c = max(256, capacity * 2)
    base = heapGrow(base, count: count, to: c)
    capacity = c
  }

  /// Makes index `i` valid, growing the count (new elements are uninitialised: the caller
  /// writes an element before reading it).
  @inline(__always)
  mutating func extend(toInclude i: Int) {
    assert(isLive, "Buffer<\(Element.self)> used after deallocate()")
    while count <= i {
      if count == capacity { grow() }
      count += 1
    }
  }

  /// Drops the last `n` elements (trivial values need no deinitialisation).
  mutating func removeLast(_ n: Int) {
    assert(n >= 0 && n <= count, "removeLast(\(n)) of \(count)")
    count -= n
  }

  /// Drops every element, keeping the memory.
  mutating func removeAll() { count = 0 }

  /// Removes and returns the last element, or nil.
  mutating func popLast() -> Element? {
    guard count > 0 else { return nil }
    count -= 1
    return base.unsafelyUnwrapped[count]
  }

  /// The elements as an array (for dumps).
  var elements: [Element] { Array(UnsafeBufferPointer(start: base, count: count)) }

  /// Frees the memory and empties the buffer; it must not be used afterwards (debug builds
  /// trap on any use).
  mutating func deallocate() {
    if let base { heapFree(base) }
    base = nil
    count = 0
    capacity = 0
    #if DEBUG
      released = true
    #endif
  }
}

/// A growable list of row slots in manually managed memory: one symbol's column.
///
/// A column's first block (``firstCapacity`` slots) comes from the tableau's
/// ``ColumnArena``; larger blocks from `malloc`. The tableau grows and frees columns
/// (`addToColumn`, `releaseColumn`), since only it knows the arena.
struct SlotList {
  var base: UnsafeMutablePointer<RowSlot>?
  var count: Int
  var capacity: Int

  /// The capacity of a column's first block.
  static let firstCapacity = 4

  static var empty: SlotList { SlotList(base: nil, count: 0, capacity: 0) }

  /// Appends a slot; the caller made room.
  @inline(__always)
  mutating func append(_ slot: RowSlot) {
    assert(count < capacity, "column full: \(count) of \(capacity)")
    assert(slot.exists, "RowSlot.none appended to a column")
    base.unsafelyUnwrapped[count] = slot
    count += 1
  }
}

/// Fixed-size first blocks for columns, carved from 4 KB chunks and recycled through a free
/// list: most symbols sit in a row or two, and a `malloc` per symbol was a tenth of the cost
/// of adding a constraint. The tableau frees the chunks when it goes.
struct ColumnArena {
  private static let blockBytes = SlotList.firstCapacity * MemoryLayout<RowSlot>.stride
  private static let chunkBytes = 4096
  private var chunks: [UnsafeMutableRawPointer] = []
  private var next: UnsafeMutableRawPointer?
  private var remaining = 0
  private var freeList: UnsafeMutableRawPointer?

  /// A block of ``SlotList/firstCapacity`` slots.
  mutating func take() -> UnsafeMutablePointer<RowSlot> {
    if let block = freeList {
      freeList = block.load(as: UnsafeMutableRawPointer?.self)
      return block.bindMemory(to: RowSlot.self, capacity: SlotList.firstCapacity)
    }
    if remaining < Self.blockBytes {
      guard let chunk = malloc(Self.chunkBytes) else {
        fatalError("Cassowary: out of memory allocating a column block")
      }
      chunks.append(chunk)
      next = chunk
      remaining = Self.chunkBytes
    }
    let block = next.unsafelyUnwrapped
    next = block + Self.blockBytes
    remaining -= Self.blockBytes
    return block.bindMemory(to: RowSlot.self, capacity: SlotList.firstCapacity)
  }

  /// Returns a block from ``take()``.
  mutating func give(_ block: UnsafeMutablePointer<RowSlot>) {
    let raw = UnsafeMutableRawPointer(block)
    raw.storeBytes(of: freeList, as: UnsafeMutableRawPointer?.self)
    freeList = raw
  }

  /// Frees every chunk; the arena must not be used afterwards.
  mutating func deallocate() {
    for chunk in chunks { free(chunk) }
    chunks = []
    next = nil
    remaining = 0
    freeList = nil
  }
}

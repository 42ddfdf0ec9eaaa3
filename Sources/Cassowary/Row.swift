/// The kind of a tableau symbol, as in kiwi.
enum SymbolKind: UInt8 {
  /// A user variable (unrestricted in sign).
  case external
  /// The slack of an inequality (restricted to ≥ 0).
  case slack
  /// An error of a non-required constraint (restricted to ≥ 0).
  case error
  /// The marker of a required equality (fixed at 0, never pivoted in).
  case dummy
}

/// Everything the tableau keeps per symbol, in one record.
struct SymbolInfo {
  var kind: SymbolKind
  var inEnteringHeap = false
  var everUsed = false
  var dirty = false
  /// The slot of the row where the symbol is basic, or none.
  var basicRow = RowSlot.none
  /// The constraint tag whose marker or error the symbol is, or none.
  var symTag = TagIndex.none
  /// The definition of an external symbol defined outside the tableau, or none.
  var definitionOf = DefinitionIndex.none
  /// The edit variable of an external symbol, or none.
  var editOf = EditIndex.none
  /// How many constraints in the solver mention this (external) symbol.
  var useCount: Int32 = 0
  /// First link of the list of definitions that depend on this symbol, or none.
  var dependentHead = DependentLink.none
  var accStamp: UInt32 = 0
  var objectiveSaved: UInt32 = 0
  /// The symbol's coefficient in the objective.
  var objective: Double = 0
  var accValue: Double = 0
  /// The value last published to the variable (NaN before the first publish).
  var published: Double = .nan
  /// The rows that hold the symbol (with stale entries pruned on visits).
  var column = SlotList.empty
  /// The variable of an external symbol, retained by the tableau (`dropVariable` releases
  /// it).
  var symVariableRef: UnsafeMutableRawPointer?
  #if DEBUG
    /// On the free list (debug builds only): no row, objective or table may refer to it.
    var isFree = false
  #endif

  @inline(__always) init(kind: SymbolKind) { self.kind = kind }
}

/// One term of a row.
struct Cell {
  var sym: Symbol
  var coeff: Double
}

/// One tableau row: `basic = constant + Σ coeff·sym` over `cells`, sorted by symbol.
///
/// A row owns its buffer: whoever takes a row out of the tableau frees it or puts it back.
/// Copies of the struct are views, valid while the owner leaves the buffer alone.
struct Row {
  var cells: UnsafeMutablePointer<Cell>?
  var count: Int
  var capacity: Int
  var constant: Double
  /// The basic symbol, or none for a free slot.
  var basic: Symbol

  static var free: Row { Row(cells: nil, count: 0, capacity: 0, constant: 0, basic: .none) }

  /// An empty row with room for `capacity` cells.
  static func make(capacity: Int, constant: Double = 0, basic: Symbol = .none) -> Row {
    let c = max(capacity, 4)
    return Row(
      cells: heapAllocate(Cell.self, capacity: c), count: 0, capacity: c,
      constant: constant, basic: basic)
  }

  /// A deep copy with its own buffer.
  func copy() -> Row {
    var r = Row.make(capacity: count, constant: constant, basic: basic)
    if let src = cells, count > 0 { r.cells!.update(from: src, count: count) }
    r.count = count
    return r
  }

  /// Frees the buffer.
  mutating func release() {
    if let cells { heapFree(cells) }
    self = .free
  }

  /// Makes room for `n` cells, keeping the contents.
  mutating func reserve(_ n: Int) {
    guard n > capacity else { return }
    let c = max(n, capacity * 2)
    cells = heapGrow(cells, count: count, to: c)
    capacity = c
  }

  /// Inserts a cell for a symbol the row does not hold, keeping the order.
  mutating func append(_ sym: Symbol, _ coeff: Double) {
    reserve(count + 1)
    let p = cells!
    var i = count
    while i > 0 && p[i - 1].sym > sym {
      p[i] = p[i - 1]
      i -= 1
    }
    p[i] = Cell(sym: sym, coeff: coeff)
    count += 1
  }

  @inline(__always)
  func sym(_ i: Int) -> Symbol { cells.unsafelyUnwrapped[i].sym }

  @inline(__always)
  func coeff(_ i: Int) -> Double { cells.unsafelyUnwrapped[i].coeff }

  /// The symbols, in order (for dumps and certificates).
  var syms: [Symbol] { (0..<count).map { sym($0) } }

  /// The index of `sym` in the row, or nil.
  @inline(__always)
  func index(of sym: Symbol) -> Int? {
    guard let p = cells, count > 0 else { return nil }
    // Symbols made first (window-size edits, early views) sit at the front of many rows.
    if p[0].sym >= sym { return p[0].sym == sym ? 0 : nil }
    if count > 1 && p[1].sym >= sym { return p[1].sym == sym ? 1 : nil }
    var lo = 0
    var hi = count
    while lo < hi {
      let mid = (lo &+ hi) >> 1
      let v = p[mid].sym
      if v < sym {
        lo = mid &+ 1
      } else if v > sym {
        hi = mid
      } else {
        return mid
      }
    }
    return nil
  }

  /// The coefficient of `sym` (0 when absent).
  @inline(__always)
  func coefficient(of sym: Symbol) -> Double {
    if let i = index(of: sym) { return cells.unsafelyUnwrapped[i].coeff }
    return 0
  }

  /// Multiplies every coefficient and the constant by -1.
  func negated() -> Row {
    var r = self
    r.constant = -constant
    for i in 0..<count { cells.unsafelyUnwrapped[i].coeff = -cells.unsafelyUnwrapped[i].coeff }
    return r
  }

  /// Removes the cell at `i`.
  mutating func remove(at i: Int) {
    guard let p = cells else { return }
    if i + 1 < count { (p + i).update(from: p + i + 1, count: count - i - 1) }
    count -= 1
  }
}

/// kiwi's tolerance for treating a coefficient or constant as zero.
let nearZeroEpsilon = 1.0e-8

@inline(__always)
func nearZero(_ x: Double) -> Bool { abs(x) < nearZeroEpsilon }

/// The order of an ``IndexHeap``: which of two raw indices comes out first.
protocol HeapOrder {
  /// Whether `a` comes out before `b`.
  static func precedes(_ a: Int32, _ b: Int32) -> Bool
}

/// Lowest index first.
enum Ascending: HeapOrder {
  @inline(__always) static func precedes(_ a: Int32, _ b: Int32) -> Bool { a < b }
}

/// Highest index first.
enum Descending: HeapOrder {
  @inline(__always) static func precedes(_ a: Int32, _ b: Int32) -> Bool { a > b }
}

/// A binary heap of tableau indices (symbols, or definitions latest first), in `Order`.
///
/// The items are a ``Buffer`` (no uniqueness check per push and pop); the owner frees it
/// with ``deallocate()``.
struct IndexHeap<Index: TableauIndex, Order: HeapOrder> {
  private(set) var items = Buffer<Index>()

  var isEmpty: Bool { items.isEmpty }

  mutating func removeAll() { items.removeAll() }

  /// Frees the items; the heap must not be used afterwards.
  mutating func deallocate() { items.deallocate() }

  mutating func push(_ x: Index) {
    assert(x.exists, "\(Index.self).none pushed on a heap")
    items.append(x)
    var i = items.count - 1
    while i > 0 {
      let parent = (i - 1) >> 1
      if !Order.precedes(x.raw, items[parent].raw) { break }
      items[i] = items[parent]
      i = parent
    }
    items[i] = x
  }

  mutating func pop() -> Index? {
    guard let last = items.popLast() else { return nil }
    if items.isEmpty { return last }
    let top = items[0]
    var i = 0
    let n = items.count
    while true {
      var child = 2 * i + 1
      if child >= n { break }
      if child + 1 < n && Order.precedes(items[child + 1].raw, items[child].raw) { child += 1 }
      if !Order.precedes(items[child].raw, last.raw) { break }
      items[i] = items[child]
      i = child
    }
    items[i] = last
    return top
  }
}

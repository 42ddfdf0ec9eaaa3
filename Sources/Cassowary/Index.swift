/// An index into one of the tableau's tables, 32 bits wide, typed by what it indexes so a
/// row slot cannot index the symbol table. ``none`` stands for "no such index" in fields and
/// results that may hold none (kiwi's invalid symbol); indexing with it is a bug, caught by an
/// assertion in debug builds (compiled out in release, where these are plain integers).
protocol TableauIndex: Hashable, Comparable, CustomStringConvertible, Sendable {
  /// The index as stored; -1 for ``none``.
  var raw: Int32 { get }
  /// The index `raw` (-1: ``none``); each index type's memberwise initializer.
  init(raw: Int32)
}

extension TableauIndex {
  /// No index.
  @inline(__always) static var none: Self { Self(raw: -1) }

  /// The index at `offset` in its table.
  @inline(__always) init(_ offset: Int) {
    assert(offset >= 0 && offset <= Int(Int32.max), "\(Self.self) \(offset) out of range")
    self.init(raw: Int32(truncatingIfNeeded: offset))
  }

  /// Whether this is an index, not ``none``.
  @inline(__always) var exists: Bool { raw >= 0 }

  /// Whether this is ``none``.
  @inline(__always) var isNone: Bool { raw < 0 }

  /// The position in the table (debug builds check that this is not ``none``).
  @inline(__always) var offset: Int {
    assert(raw >= 0, "\(Self.self).none used as an index")
    return Int(raw)
  }

  @inline(__always) static func < (a: Self, b: Self) -> Bool { a.raw < b.raw }

  /// The number, as dumps and error messages print it.
  var description: String { "\(raw)" }
}

/// A tableau symbol: its entry in the per-symbol table (`Tableau.info`).
struct Symbol: TableauIndex {
  let raw: Int32
  /// Greater than every symbol (the end marker of a merge).
  static let end = Symbol(raw: .max)
}

/// A row slot: a row's entry in `Tableau.rows` (and its visit and journal stamps).
struct RowSlot: TableauIndex {
  let raw: Int32
}

/// A constraint's tag: its entry in `Tableau.tags` (and `inlineValues` for a value
/// constraint). A ``ConstraintHandle`` holds its raw value.
struct TagIndex: TableauIndex {
  let raw: Int32
}

/// A definition of a variable outside the tableau: its entry in `Tableau.definitions`.
struct DefinitionIndex: TableauIndex {
  let raw: Int32
}

/// An edit variable: its entry in `Tableau.edits`.
struct EditIndex: TableauIndex {
  let raw: Int32
}

/// A link of the lists of definitions that depend on a symbol (`Tableau.dependentNext`).
struct DependentLink: TableauIndex {
  let raw: Int32
}

/// A table of trivial values indexed by one kind of ``TableauIndex``: a ``Buffer`` whose
/// subscript takes only that kind, checked in debug builds for ``TableauIndex/none``, bounds
/// and use after ``deallocate()``.
struct Table<Index: TableauIndex, Element> {
  /// The storage, indexed by offset.
  var storage = Buffer<Element>()

  init() {}

  /// The element at `i`.
  @inline(__always) subscript(i: Index) -> Element {
    get { storage[i.offset] }
    nonmutating set { storage[i.offset] = newValue }
    nonmutating _modify { yield &storage[i.offset] }
  }

  /// The number of elements.
  @inline(__always) var count: Int { storage.count }

  /// Whether `i` indexes an element (is not ``TableauIndex/none`` and is below `count`).
  @inline(__always) func contains(_ i: Index) -> Bool { i.raw >= 0 && Int(i.raw) < count }

  /// Every index, in order.
  var indices: LazyMapSequence<Range<Int>, Index> { (0..<count).lazy.map { Index($0) } }

  /// The index the next appended element takes.
  @inline(__always) var endIndex: Index { Index(count) }

  /// Appends an element; returns its index.
  @inline(__always) @discardableResult
  mutating func append(_ x: Element) -> Index {
    storage.append(x)
    return Index(count - 1)
  }

  /// Makes `i` valid (new elements are uninitialised: write before reading).
  @inline(__always) mutating func extend(toInclude i: Index) { storage.extend(toInclude: i.offset) }

  /// Drops the last `n` elements.
  mutating func removeLast(_ n: Int) { storage.removeLast(n) }

  /// Drops every element, keeping the memory.
  mutating func removeAll() { storage.removeAll() }

  /// The elements as an array (for dumps).
  var elements: [Element] { storage.elements }

  /// Frees the memory; the table must not be used afterwards.
  mutating func deallocate() { storage.deallocate() }
}

extension Tableau {
  /// Debug builds: traps when `s` is not a symbol of the table or is on the free list (a use
  /// after free). Compiled out in release.
  @inline(__always) func assertLive(_ s: Symbol) {
    #if DEBUG
      assert(info.contains(s), "symbol \(s) is not in the table of \(info.count)")
      assert(!info[s].isFree, "symbol \(s) used after it was freed")
    #endif
  }

  /// Debug builds: marks `s` as on the free list (``assertLive(_:)`` traps on it until it is
  /// reused). Compiled out in release.
  @inline(__always) mutating func markFree(_ s: Symbol) {
    #if DEBUG
      info[s].isFree = true
    #endif
  }
}

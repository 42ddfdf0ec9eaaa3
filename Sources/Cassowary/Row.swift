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

/// One tableau row: `basic = constant + Σ coeffs[i]·syms[i]`, with `syms` sorted ascending.
struct Row {
  var syms: [Int32]
  var coeffs: [Double]
  var constant: Double
  /// The basic symbol, or -1 for a free slot.
  var basic: Int32

  static let free = Row(syms: [], coeffs: [], constant: 0, basic: -1)

  /// The index of `sym` in `syms`, or nil.
  @inline(__always)
  func index(of sym: Int32) -> Int? {
    syms.withUnsafeBufferPointer { p in
      var lo = 0
      var hi = p.count
      while lo < hi {
        let mid = (lo &+ hi) >> 1
        let v = p[mid]
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
  }

  /// The coefficient of `sym` (0 when absent).
  @inline(__always)
  func coefficient(of sym: Int32) -> Double {
    if let i = index(of: sym) { return coeffs[i] }
    return 0
  }
}

/// kiwi's tolerance for treating a coefficient or constant as zero.
let nearZeroEpsilon = 1.0e-8

@inline(__always)
func nearZero(_ x: Double) -> Bool { abs(x) < nearZeroEpsilon }

/// A binary min-heap of small integers (symbols or definition orders); a max-heap stores
/// negated keys.
struct IntHeap {
  private(set) var items: [Int32] = []

  var isEmpty: Bool { items.isEmpty }

  mutating func removeAll() { items.removeAll(keepingCapacity: true) }

  mutating func push(_ x: Int32) {
    items.append(x)
    var i = items.count - 1
    while i > 0 {
      let parent = (i - 1) >> 1
      if items[parent] <= x { break }
      items[i] = items[parent]
      i = parent
    }
    items[i] = x
  }

  mutating func pop() -> Int32? {
    guard let last = items.popLast() else { return nil }
    if items.isEmpty { return last }
    let top = items[0]
    var i = 0
    let n = items.count
    while true {
      var child = 2 * i + 1
      if child >= n { break }
      if child + 1 < n && items[child + 1] < items[child] { child += 1 }
      if items[child] >= last { break }
      items[i] = items[child]
      i = child
    }
    items[i] = last
    return top
  }
}

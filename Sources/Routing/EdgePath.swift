/// A path found by the router: a sequence of directed edges with the snapped ends.
public struct EdgePath: Sendable, Hashable {
  /// The edges in travel order (the first and last are partly travelled).
  public var edges: [Int]
  /// Meters into the first edge where the path starts.
  public var startOffset: Double
  /// Meters into the last edge where the path ends.
  public var endOffset: Double
  /// Total cost in seconds, turn costs included.
  public var cost: Double
}

/// A binary min-heap of (cost, edge) with lazy deletion.
struct EdgeHeap {
  private var costs: [Float] = []
  private var ties: [Float] = []
  private var items: [Int32] = []

  var isEmpty: Bool { items.isEmpty }
  var minCost: Float { costs.first ?? .infinity }

  /// Empties the heap, keeping its storage.
  mutating func removeAll() {
    costs.removeAll(keepingCapacity: true)
    ties.removeAll(keepingCapacity: true)
    items.removeAll(keepingCapacity: true)
  }

  /// Pushes an item; among equal costs the smaller `tie` (e.g. the remaining-cost bound, so
  /// deeper entries first) comes out first, then the smaller item.
  mutating func push(_ cost: Float, _ item: Int32, tie: Float = 0) {
    costs.append(cost)
    ties.append(tie)
    items.append(item)
    var i = costs.count - 1
    while i > 0 {
      let parent = (i - 1) / 2
      guard less(i, parent) else { break }
      swapAt(i, parent)
      i = parent
    }
  }

  mutating func pop() -> (Float, Int32)? {
    guard let cost = costs.first, let item = items.first else { return nil }
    let last = costs.count - 1
    swapAt(0, last)
    costs.removeLast()
    ties.removeLast()
    items.removeLast()
    var i = 0
    while true {
      let l = 2 * i + 1
      let r = l + 1
      var m = i
      if l < costs.count, less(l, m) { m = l }
      if r < costs.count, less(r, m) { m = r }
      if m == i { break }
      swapAt(i, m)
      i = m
    }
    return (cost, item)
  }

  /// Orders by cost, then item, so equal costs resolve deterministically.
  private func less(_ a: Int, _ b: Int) -> Bool {
    if costs[a] != costs[b] { return costs[a] < costs[b] }
    if ties[a] != ties[b] { return ties[a] < ties[b] }
    return items[a] < items[b]
  }

  private mutating func swapAt(_ a: Int, _ b: Int) {
    costs.swapAt(a, b)
    ties.swapAt(a, b)
    items.swapAt(a, b)
  }
}

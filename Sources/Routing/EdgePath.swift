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
  private struct Entry {
    var cost: Float
    var tie: Float
    var item: Int32
  }

  private var entries: [Entry] = []

  var isEmpty: Bool { entries.isEmpty }
  var minCost: Float { entries.first?.cost ?? .infinity }

  /// Empties the heap, keeping its storage.
  mutating func removeAll() { entries.removeAll(keepingCapacity: true) }

  /// Pushes an item; among equal costs the smaller `tie` (e.g. the remaining-cost bound, so
  /// deeper entries first) comes out first, then the smaller item.
  mutating func push(_ cost: Float, _ item: Int32, tie: Float = 0) {
    let entry = Entry(cost: cost, tie: tie, item: item)
    entries.append(entry)
    entries.withUnsafeMutableBufferPointer { heap in
      var i = heap.count - 1
      while i > 0 {
        let parent = (i - 1) / 2
        guard Self.less(entry, heap[parent]) else { break }
        heap[i] = heap[parent]
        i = parent
      }
      heap[i] = entry
    }
  }

  mutating func pop() -> (Float, Int32)? {
    guard let (cost, item, _) = popWithTie() else { return nil }
    return (cost, item)
  }

  /// Pops the least entry with its tie value.
  mutating func popWithTie() -> (Float, Int32, Float)? {
    guard let top = entries.first else { return nil }
    let last = entries.removeLast()
    if !entries.isEmpty {
      entries.withUnsafeMutableBufferPointer { heap in
        let n = heap.count
        var i = 0
        while true {
          let l = 2 * i + 1
          if l >= n { break }
          var m = l
          if l + 1 < n, Self.less(heap[l + 1], heap[l]) { m = l + 1 }
          guard Self.less(heap[m], last) else { break }
          heap[i] = heap[m]
          i = m
        }
        heap[i] = last
      }
    }
    return (top.cost, top.item, top.tie)
  }

  /// Orders by cost, then tie, then item, so equal costs resolve deterministically.
  @inline(__always)
  private static func less(_ a: Entry, _ b: Entry) -> Bool {
    if a.cost != b.cost { return a.cost < b.cost }
    if a.tie != b.tie { return a.tie < b.tie }
    return a.item < b.item
  }
}

/// An edge-based contraction hierarchy: the nodes are the graph's directed edges, an arc
/// `a → b` is an allowed turn from `a` into `b` costing the turn plus `b`'s travel time, so
/// turn costs, banned turns and U-turn rules stay exact. Nodes are contracted in order of
/// edge difference; a query is a bidirectional upward search; shortcuts unpack recursively.
///
/// - Complexity: queries settle a few hundred nodes on city graphs.
struct ContractionHierarchy: Sendable {
  struct Arc: Sendable {
    var head: Int32
    var weight: Float
    var middle: Int32  // -1 for an original arc
  }

  /// Upward arcs out of each node (to higher-ranked heads).
  var up: [[Arc]] = []
  /// Upward arcs into each node, stored at the lower node: `tail` in `head`.
  var down: [[Arc]] = []
  /// The middle node of each arc `(a << 32 | b)` that is a shortcut, for unpacking.
  var middles: [UInt64: Int32] = [:]

  init() {}

  /// Contracts the turn graph of `router`'s graph.
  init(router: Router) {
    let graph = router.graph
    let n = graph.edges.count
    var outs = [[Arc]](repeating: [], count: n)
    var ins = [[Arc]](repeating: [], count: n)
    for e in 0..<n {
      for o in graph.outgoing(Int(graph.edges[e].to)) {
        guard let turn = router.turnCost(from: e, to: o) else { continue }
        let w = turn + graph.edges[o].duration
        outs[e].append(Arc(head: Int32(o), weight: w, middle: -1))
        ins[o].append(Arc(head: Int32(e), weight: w, middle: -1))
      }
    }
    var contracted = [Bool](repeating: false, count: n)
    var rank = [Int32](repeating: 0, count: n)
    var allArcs: [(Int32, Arc)] = []
    for e in 0..<n { for a in outs[e] { allArcs.append((Int32(e), a)) } }
    var witness = WitnessSearch(count: n)

    func shortcuts(_ v: Int, _ apply: Bool) -> Int {
      var added = 0
      for inArc in ins[v] where !contracted[Int(inArc.head)] {
        let u = Int(inArc.head)
        let targets = outs[v].filter { !contracted[Int($0.head)] && Int($0.head) != u }
        guard !targets.isEmpty else { continue }
        let limit = inArc.weight + (targets.map(\.weight).max() ?? 0)
        witness.run(from: u, avoiding: v, limit: limit, outs: outs, contracted: contracted)
        for outArc in targets {
          let x = Int(outArc.head)
          let w = inArc.weight + outArc.weight
          if witness.distance(x) <= w { continue }
          added += 1
          guard apply else { continue }
          let arc = Arc(head: Int32(x), weight: w, middle: Int32(v))
          if let i = outs[u].firstIndex(where: { Int($0.head) == x }) {
            if outs[u][i].weight <= w { continue }
            outs[u][i] = arc
          } else {
            outs[u].append(arc)
          }
          if let i = ins[x].firstIndex(where: { Int($0.head) == u }) {
            ins[x][i] = Arc(head: Int32(u), weight: w, middle: Int32(v))
          } else {
            ins[x].append(Arc(head: Int32(u), weight: w, middle: Int32(v)))
          }
          allArcs.append((Int32(u), arc))
        }
      }
      return added
    }

    var neighbours = [Int32](repeating: 0, count: n)
    // Edge difference estimated without witness searches (live in × live out), plus the
    // number of contracted neighbours to spread contraction evenly.
    func priority(_ v: Int) -> Float {
      let liveIn = ins[v].reduce(0) { $0 + (contracted[Int($1.head)] ? 0 : 1) }
      let liveOut = outs[v].reduce(0) { $0 + (contracted[Int($1.head)] ? 0 : 1) }
      return Float(liveIn * liveOut - liveIn - liveOut) + 2 * Float(neighbours[v])
    }
    var heap = EdgeHeap()
    for v in 0..<n { heap.push(priority(v), Int32(v)) }
    var next: Int32 = 0
    while let (p, item) = heap.pop() {
      let v = Int(item)
      if contracted[v] { continue }
      let current = priority(v)
      if current > p, !heap.isEmpty, current > heap.minCost {
        heap.push(current, item)
        continue
      }
      _ = shortcuts(v, true)
      contracted[v] = true
      rank[v] = next
      next += 1
      for a in outs[v] where !contracted[Int(a.head)] { neighbours[Int(a.head)] += 1 }
      for a in ins[v] where !contracted[Int(a.head)] { neighbours[Int(a.head)] += 1 }
    }
    up = [[Arc]](repeating: [], count: n)
    down = [[Arc]](repeating: [], count: n)
    var best: [UInt64: (Float, Int32)] = [:]
    for (tail, arc) in allArcs {
      let key = UInt64(tail) << 32 | UInt64(arc.head)
      if let b = best[key], b.0 <= arc.weight { continue }
      best[key] = (arc.weight, arc.middle)
    }
    for (key, value) in best.sorted(by: { $0.key < $1.key }) {
      let tail = Int(key >> 32)
      let head = Int(key & 0xFFFF_FFFF)
      if value.1 >= 0 { middles[key] = value.1 }
      if rank[tail] < rank[head] {
        up[tail].append(Arc(head: Int32(head), weight: value.0, middle: value.1))
      } else {
        down[head].append(Arc(head: Int32(tail), weight: value.0, middle: value.1))
      }
    }
  }

  /// Expands the arc `a → b` into original nodes after `a`, ending with `b`.
  func unpack(_ a: Int, _ b: Int, into out: inout [Int]) {
    var stack = [(a, b)]
    while let (x, y) = stack.popLast() {
      if let m = middles[UInt64(x) << 32 | UInt64(y)] {
        stack.append((Int(m), y))
        stack.append((x, Int(m)))
      } else {
        out.append(y)
      }
    }
  }
}

/// A bounded Dijkstra for witness paths, with reusable arrays.
struct WitnessSearch {
  var dist: [Float]
  var touched: [Int] = []

  init(count: Int) { dist = [Float](repeating: .infinity, count: count) }

  func distance(_ v: Int) -> Float { dist[v] }

  mutating func run(
    from source: Int, avoiding skip: Int, limit: Float, outs: [[ContractionHierarchy.Arc]],
    contracted: [Bool]
  ) {
    for t in touched { dist[t] = .infinity }
    touched.removeAll(keepingCapacity: true)
    var heap = EdgeHeap()
    dist[source] = 0
    touched.append(source)
    heap.push(0, Int32(source))
    var settled = 0
    while let (d, item) = heap.pop(), settled < 60 {
      let v = Int(item)
      if d > dist[v] { continue }
      if d > limit { break }
      settled += 1
      for a in outs[v] where Int(a.head) != skip && !contracted[Int(a.head)] {
        let nd = d + a.weight
        if nd < dist[Int(a.head)] {
          if dist[Int(a.head)] == .infinity { touched.append(Int(a.head)) }
          dist[Int(a.head)] = nd
          heap.push(nd, a.head)
        }
      }
    }
  }
}

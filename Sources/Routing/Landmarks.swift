import NavigationCore

/// ALT lower bounds (A*, landmarks, triangle inequality) on the edge-based graph.
///
/// For each landmark edge `L`, `forward(L, e)` is the cheapest cost from the end of `L` to the
/// end of `e`, and `backward(L, e)` the cheapest from the end of `e` to the end of `L`, both
/// with turn costs and restrictions (stored interleaved per edge, so one bound reads one cache
/// line). Turn costs are never negative and restrictions
/// only remove turns, so these are exact edge-based distances and for any path from `e` to a
/// target point `t`, cost ≥ `forward[L][t] − forward[L][e]` and ≥ `backward[L][e] −
/// backward[L][t]` (with the target's partial edge taken into account). An edge a landmark
/// cannot reach (or that cannot reach it) stores infinity and gets no bound from it.
struct Landmarks: Sendable {
  /// No landmarks: the router falls back to the straight-line bound.
  init() {}

  /// The number of landmarks.
  private(set) var count = 0
  /// The landmark edges, in the order chosen.
  private(set) var edges: [Int] = []
  /// Per edge, per landmark: the cost from the landmark, then the cost to it.
  private(set) var table: [Float] = []

  /// The cost from landmark `l` to the end of edge `e` (infinity when unreachable).
  func forward(_ l: Int, _ e: Int) -> Float { table[2 * (e * count + l)] }
  /// The cost from the end of edge `e` to landmark `l` (infinity when unreachable).
  func backward(_ l: Int, _ e: Int) -> Float { table[2 * (e * count + l) + 1] }

  /// Whether there are no landmarks.
  var isEmpty: Bool { count == 0 }
  /// Bytes held by the two tables.
  var byteCount: Int { table.count * MemoryLayout<Float>.stride }

  /// Picks `count` landmarks and runs two searches from each.
  ///
  /// The first landmark is the vertex farthest (on the map) from the centre among those on the
  /// largest connected part of the network; each next one is the edge farthest by route (the
  /// largest sum of costs from and to the landmarks already chosen, over edges reachable both
  /// ways from all of them), so landmarks spread to the rim of the network, as "farthest"
  /// selection does. Deterministic: ties go to the lower edge index.
  ///
  /// - Complexity: 2 × `count` Dijkstra searches over the edges.
  init(router: Router, count wanted: Int) {
    let graph = router.graph
    let edgeCount = graph.edges.count
    guard edgeCount > 0, wanted > 0 else { return }
    let biggest = graph.componentEdges.max() ?? 0
    let c = CLLocationCoordinate2D(
      latitude: graph.latitudes.reduce(0, +) / Double(graph.vertexCount),
      longitude: graph.longitudes.reduce(0, +) / Double(graph.vertexCount))
    var first = -1
    var far = -1.0
    for v in 0..<graph.vertexCount
    where !graph.outgoing(v).isEmpty && graph.componentEdges[v] == biggest {
      let d = Geodesy.distance(c, graph.coordinate(ofVertex: v))
      if d > far {
        far = d
        first = graph.outgoing(v).lowerBound
      }
    }
    guard first >= 0 else { return }
    var fromTables: [[Float]] = []
    var toTables: [[Float]] = []
    // Per edge: the smallest (cost from + cost to) over the chosen landmarks.
    var spread = [Float](repeating: .infinity, count: edgeCount)
    var pick = first
    for _ in 0..<wanted {
      edges.append(pick)
      let f = Self.search(router, from: pick, reverse: false)
      let b = Self.search(router, from: pick, reverse: true)
      fromTables.append(f)
      toTables.append(b)
      var best: Float = 0
      var next = -1
      for e in 0..<edgeCount {
        let s = f[e] + b[e]
        if s.isFinite { spread[e] = min(spread[e], s) } else { spread[e] = -1 }
        if spread[e] > best {
          best = spread[e]
          next = e
        }
      }
      if next < 0 { break }
      pick = next
    }
    count = edges.count
    table = [Float](repeating: .infinity, count: 2 * edgeCount * count)
    for l in 0..<count {
      let f = fromTables[l]
      let b = toTables[l]
      for e in 0..<edgeCount {
        table[2 * (e * count + l)] = f[e]
        table[2 * (e * count + l) + 1] = b[e]
      }
    }
  }

  /// Costs from (or, reversed, to) the end of edge `start`.
  static func search(_ router: Router, from start: Int, reverse: Bool) -> [Float] {
    let graph = router.graph
    var dist = [Float](repeating: .infinity, count: graph.edges.count)
    var heap = EdgeHeap()
    dist[start] = 0
    heap.push(0, Int32(start))
    while let (cost, item) = heap.pop() {
      let e = Int(item)
      if cost > dist[e] { continue }
      if reverse {
        let first = graph.outgoing(Int(graph.edges[e].from)).lowerBound
        for p in graph.incomingEdges(Int(graph.edges[e].from)) {
          let turn = router.tableTurnCost(from: Int(p), to: e, firstOut: first)
          if turn == .infinity { continue }
          let next = cost + turn + graph.edges[e].duration
          if next < dist[Int(p)] {
            dist[Int(p)] = next
            heap.push(next, p)
          }
        }
      } else {
        let outs = graph.outgoing(Int(graph.edges[e].to))
        for out in outs {
          let turn = router.tableTurnCost(from: e, to: out, firstOut: outs.lowerBound)
          if turn == .infinity { continue }
          let next = cost + turn + graph.edges[out].duration
          if next < dist[out] {
            dist[out] = next
            heap.push(next, Int32(out))
          }
        }
      }
    }
    return dist
  }

  /// The per-query part of the bound: the chosen landmarks and, per target point and chosen
  /// landmark, `forward[L][t] − rest` and `backward[L][t] + rest` (infinity when unreachable).
  struct Query {
    var chosen: [Int] = []
    var terms: [Float] = []
  }

  /// Chooses up to `active` landmarks for a query, those giving the largest bound at the
  /// sources, and returns them with their target terms (one pair per target edge, entered and
  /// left `rest` seconds before its end).
  func query(sources: [Int], targets: [(edge: Int, rest: Float)], active: Int) -> Query {
    guard count > 0, !targets.isEmpty else { return Query() }
    func term(_ l: Int, _ e: Int, _ t: (edge: Int, rest: Float)) -> Float {
      max(
        finite(forward(l, t.edge) - t.rest - forward(l, e)),
        finite(backward(l, e) - backward(l, t.edge) - t.rest))
    }
    var scored: [(Float, Int)] = []
    for l in 0..<count {
      // The bound this landmark gives at the worst source and target.
      var score = Float.infinity
      for s in sources {
        for t in targets { score = min(score, term(l, s, t)) }
      }
      if sources.isEmpty { score = 0 }
      scored.append((score, l))
    }
    scored.sort { $0.0 != $1.0 ? $0.0 > $1.0 : $0.1 < $1.1 }
    var q = Query()
    q.chosen = scored.prefix(max(1, active)).map(\.1)
    for t in targets {
      for l in q.chosen {
        q.terms.append(forward(l, t.edge) - t.rest)
        q.terms.append(backward(l, t.edge) + t.rest)
      }
    }
    return q
  }

  /// The best lower bound from the end of `e` to the targets of `q` (the smallest over them);
  /// infinity when `e` cannot reach any of them.
  ///
  /// A landmark term is +infinity only when it proves that: `L` reaches `e` but not `t` (so
  /// `e` cannot reach `t`, else `L` would), or `t` reaches `L` but `e` does not (so `e` cannot
  /// reach `t`, else it would reach `L` through it).
  @inline(__always)
  func bound(_ e: Int, _ q: Query) -> Float {
    let base = 2 * e * count
    let k = q.chosen.count
    return table.withUnsafeBufferPointer { table in
      q.terms.withUnsafeBufferPointer { terms in
        q.chosen.withUnsafeBufferPointer { chosen in
          var least = Float.infinity
          var i = 0
          while i < terms.count {
            var best: Float = 0
            for j in 0..<k {
              let l = base + 2 * chosen[j]
              let f = terms[i + 2 * j] - table[l]
              let b = table[l + 1] - terms[i + 2 * j + 1]
              // +infinity means unreachable (see `bound`); NaN (both ends unreached) and
              // -infinity compare false and give no bound.
              if f > best { best = f }
              if b > best { best = b }
            }
            least = min(least, best)
            i += 2 * k
          }
          return least
        }
      }
    }
  }

  private func finite(_ x: Float) -> Float { x.isFinite ? x : 0 }
}

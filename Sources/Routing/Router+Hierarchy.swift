extension Router {
  /// The fastest path by the contraction hierarchy (same optimum as ``path(from:to:penalties:)``
  /// without penalties), or nil when there is none.
  public func hierarchyPath(from sources: [EdgeSnap], to targets: [EdgeSnap]) -> EdgePath? {
    let ch = hierarchy
    let n = graph.edges.count
    guard ch.up.count == n, n > 0 else { return nil }
    func rest(_ e: Int, _ offset: Double) -> Float {
      let length = graph.edges[e].length
      let f = length > 0 ? Float(offset) / length : 0
      return (1 - min(1, max(0, f))) * graph.edges[e].duration
    }
    var best: Float = .infinity
    var meet = -1
    var direct: (EdgeSnap, EdgeSnap)?
    for s in sources {
      for t in targets where t.edge == s.edge && t.offset >= s.offset {
        let c = rest(s.edge, s.offset) - rest(t.edge, t.offset)
        if c < best {
          best = c
          direct = (s, t)
        }
      }
    }
    var forward = [Float](repeating: .infinity, count: n)
    var backward = [Float](repeating: .infinity, count: n)
    var parentF = [Int32](repeating: -1, count: n)
    var parentB = [Int32](repeating: -1, count: n)
    var heapF = EdgeHeap()
    var heapB = EdgeHeap()
    for s in sources where rest(s.edge, s.offset) < forward[s.edge] {
      forward[s.edge] = rest(s.edge, s.offset)
      heapF.push(forward[s.edge], Int32(s.edge))
    }
    var shift: Float = 0
    for t in targets where -rest(t.edge, t.offset) < backward[t.edge] {
      backward[t.edge] = -rest(t.edge, t.offset)
      shift = max(shift, rest(t.edge, t.offset))
      heapB.push(backward[t.edge], Int32(t.edge))
    }
    func consider(_ v: Int) {
      // A node that is both a source and a target, reached by neither search, is not a path.
      if parentF[v] < 0, parentB[v] < 0, sources.contains(where: { $0.edge == v }),
        targets.contains(where: { $0.edge == v })
      {
        return
      }
      let total = forward[v] + backward[v]
      if total < best {
        best = total
        meet = v
        direct = nil
      }
    }
    while !heapF.isEmpty || !heapB.isEmpty {
      let fDone = heapF.isEmpty || heapF.minCost >= best + shift
      let bDone = heapB.isEmpty || heapB.minCost >= best
      if fDone && bDone { break }
      if !fDone, bDone || heapF.minCost <= heapB.minCost + shift, let (d, item) = heapF.pop() {
        let v = Int(item)
        if d > forward[v] { continue }
        consider(v)
        for arc in ch.up[v] where d + arc.weight < forward[Int(arc.head)] {
          forward[Int(arc.head)] = d + arc.weight
          parentF[Int(arc.head)] = Int32(v)
          heapF.push(d + arc.weight, arc.head)
        }
      } else if let (d, item) = heapB.pop() {
        let v = Int(item)
        if d > backward[v] { continue }
        consider(v)
        for arc in ch.down[v] where d + arc.weight < backward[Int(arc.head)] {
          backward[Int(arc.head)] = d + arc.weight
          parentB[Int(arc.head)] = Int32(v)
          heapB.push(d + arc.weight, arc.head)
        }
      }
    }
    if let (s, t) = direct {
      return EdgePath(
        edges: [s.edge], startOffset: s.offset, endOffset: t.offset, cost: Double(best))
    }
    guard meet >= 0 else { return nil }
    var chain = [meet]
    while parentF[chain[chain.count - 1]] >= 0 {
      chain.append(Int(parentF[chain[chain.count - 1]]))
    }
    chain.reverse()
    var edges = [chain[0]]
    for (a, b) in zip(chain, chain.dropFirst()) { ch.unpack(a, b, into: &edges) }
    var v = meet
    while parentB[v] >= 0 {
      ch.unpack(v, Int(parentB[v]), into: &edges)
      v = Int(parentB[v])
    }
    guard let s = sources.first(where: { $0.edge == edges[0] }),
      let t = targets.first(where: { $0.edge == edges[edges.count - 1] })
    else { return nil }
    return EdgePath(edges: edges, startOffset: s.offset, endOffset: t.offset, cost: Double(best))
  }
}

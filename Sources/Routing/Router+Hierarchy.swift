extension Router {
  /// The fastest path by the contraction hierarchy (same optimum as ``path(from:to:penalties:)``
  /// without penalties), or nil when there is none.
  public func hierarchyPath(from sources: [EdgeSnap], to targets: [EdgeSnap]) -> EdgePath? {
    let ch = hierarchy
    let n = graph.edges.count
    guard ch.nodeCount == n, n > 0 else { return nil }
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
    let ws = ch.workspaces.take(count: n)
    defer { ch.workspaces.give(ws) }
    var heapF = EdgeHeap()
    var heapB = EdgeHeap()
    for s in sources where rest(s.edge, s.offset) < ws.forward[s.edge] {
      ws.touch(s.edge)
      ws.forward[s.edge] = rest(s.edge, s.offset)
      heapF.push(ws.forward[s.edge], Int32(s.edge))
    }
    var shift: Float = 0
    for t in targets where -rest(t.edge, t.offset) < ws.backward[t.edge] {
      ws.touch(t.edge)
      ws.backward[t.edge] = -rest(t.edge, t.offset)
      shift = max(shift, rest(t.edge, t.offset))
      heapB.push(ws.backward[t.edge], Int32(t.edge))
    }
    func consider(_ v: Int, _ ws: WorkspacePool.Workspace) {
      // A node that is both a source and a target, reached by neither search, is not a path.
      if ws.parentF[v] < 0, ws.parentB[v] < 0, sources.contains(where: { $0.edge == v }),
        targets.contains(where: { $0.edge == v })
      {
        return
      }
      let total = ws.forward[v] + ws.backward[v]
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
        if d > ws.forward[v] { continue }
        consider(v, ws)
        // Stall on demand: a higher node reaches v more cheaply, so v is not on a shortest
        // upward path.
        var stalled = false
        for i in ch.down(v) where ws.forward[Int(ch.downArcs[i].head)] + ch.downArcs[i].weight < d {
          stalled = true
          break
        }
        if stalled { continue }
        for i in ch.up(v) {
          let arc = ch.upArcs[i]
          let h = Int(arc.head)
          guard d + arc.weight < ws.forward[h] else { continue }
          ws.touch(h)
          ws.forward[h] = d + arc.weight
          ws.parentF[h] = Int32(v)
          heapF.push(d + arc.weight, arc.head)
        }
      } else if let (d, item) = heapB.pop() {
        let v = Int(item)
        if d > ws.backward[v] { continue }
        consider(v, ws)
        var stalled = false
        for i in ch.up(v) where ws.backward[Int(ch.upArcs[i].head)] + ch.upArcs[i].weight < d {
          stalled = true
          break
        }
        if stalled { continue }
        for i in ch.down(v) {
          let arc = ch.downArcs[i]
          let h = Int(arc.head)
          guard d + arc.weight < ws.backward[h] else { continue }
          ws.touch(h)
          ws.backward[h] = d + arc.weight
          ws.parentB[h] = Int32(v)
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
    while ws.parentF[chain[chain.count - 1]] >= 0 {
      chain.append(Int(ws.parentF[chain[chain.count - 1]]))
    }
    chain.reverse()
    var edges = [chain[0]]
    for (a, b) in zip(chain, chain.dropFirst()) { ch.unpack(a, b, into: &edges) }
    var v = meet
    while ws.parentB[v] >= 0 {
      ch.unpack(v, Int(ws.parentB[v]), into: &edges)
      v = Int(ws.parentB[v])
    }
    guard let s = sources.first(where: { $0.edge == edges[0] }),
      let t = targets.first(where: { $0.edge == edges[edges.count - 1] })
    else { return nil }
    return EdgePath(edges: edges, startOffset: s.offset, endOffset: t.offset, cost: Double(best))
  }
}

/// The size of a router's contraction hierarchy.
public struct HierarchySize: Sendable, Hashable {
  /// Nodes (the graph's directed edges); 0 when the router has no hierarchy.
  public var nodes: Int
  /// Upward and downward arcs.
  public var arcs: Int
  /// Arcs that are shortcuts.
  public var shortcuts: Int
}

extension Router {
  /// The size of the contraction hierarchy.
  public var hierarchySize: HierarchySize {
    HierarchySize(
      nodes: hierarchy.nodeCount, arcs: hierarchy.upArcs.count + hierarchy.downArcs.count,
      shortcuts: hierarchy.shortcutCount)
  }
}

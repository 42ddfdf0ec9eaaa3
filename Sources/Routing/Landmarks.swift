import NavigationCore

/// ALT lower bounds (A*, landmarks, triangle inequality) on the edge-based graph.
///
/// For each landmark edge `L`, `forward[L][e]` is the cheapest cost from the end of `L` to the
/// end of `e`, and `backward[L][e]` the cheapest from the end of `e` to the end of `L`. Then for
/// any path from `e` to a target point `t`, cost ≥ `forward[L][t] − forward[L][e]` and
/// ≥ `backward[L][e] − backward[L][t]` (with the target's partial edge taken into account).
struct Landmarks: Sendable {
  init() {}

  var forward: [[Float]] = []
  var backward: [[Float]] = []

  /// Picks `count` landmarks far apart (farthest-first on the map) and runs two searches each.
  ///
  /// - Complexity: 2 × `count` Dijkstra searches over the edges.
  init(router: Router, count: Int) {
    let graph = router.graph
    guard graph.edges.count > 0, count > 0 else { return }
    var chosen: [Int] = []
    var nearest = [Double](repeating: .infinity, count: graph.vertexCount)
    var pick = 0
    let c = CLLocationCoordinate2D(
      latitude: graph.latitudes.reduce(0, +) / Double(graph.vertexCount),
      longitude: graph.longitudes.reduce(0, +) / Double(graph.vertexCount))
    var far = -1.0
    for v in 0..<graph.vertexCount where !graph.outgoing(v).isEmpty {
      let d = Geodesy.distance(c, graph.coordinate(ofVertex: v))
      if d > far {
        far = d
        pick = v
      }
    }
    for _ in 0..<count {
      chosen.append(pick)
      var best = -1.0
      for v in 0..<graph.vertexCount where !graph.outgoing(v).isEmpty {
        nearest[v] = min(
          nearest[v],
          Geodesy.distance(graph.coordinate(ofVertex: pick), graph.coordinate(ofVertex: v)))
        if nearest[v] > best {
          best = nearest[v]
          pick = v
        }
      }
    }
    for v in chosen {
      let e = graph.outgoing(v).lowerBound
      forward.append(Self.search(router, from: e, reverse: false))
      backward.append(Self.search(router, from: e, reverse: true))
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
        for p in graph.incomingEdges(Int(graph.edges[e].from)) {
          guard let turn = router.turnCost(from: Int(p), to: e) else { continue }
          let next = cost + turn + graph.edges[e].duration
          if next < dist[Int(p)] {
            dist[Int(p)] = next
            heap.push(next, p)
          }
        }
      } else {
        for out in graph.outgoing(Int(graph.edges[e].to)) {
          guard let turn = router.turnCost(from: e, to: out) else { continue }
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

  /// Per-landmark target terms for a target edge entered and left `rest` seconds before its end.
  func targetTerms(edge t: Int, rest: Float) -> [(Float, Float)] {
    (0..<forward.count).map { (forward[$0][t] - rest, backward[$0][t] + rest) }
  }

  /// The best lower bound from the end of `e` to a target given by `targetTerms`.
  @inline(__always)
  func bound(_ e: Int, _ terms: [(Float, Float)]) -> Float {
    var best: Float = 0
    for l in 0..<terms.count {
      let f = terms[l].0 - forward[l][e]
      let b = backward[l][e] - terms[l].1
      if f.isFinite, f > best { best = f }
      if b.isFinite, b > best { best = b }
    }
    return best
  }
}

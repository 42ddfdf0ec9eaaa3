import Foundation
import NavigationCore

/// Where a fix was matched on the road network.
public struct MatchedLocation: Sendable, Hashable {
  /// The directed edge the vehicle is on.
  public var edge: Int
  /// Meters from the edge's start (in travel direction) to the matched point.
  public var offset: Double
  /// The matched point on the road.
  public var coordinate: CLLocationCoordinate2D
  /// Travel bearing of the road at the matched point.
  public var bearing: CLLocationDirection
  /// Meters from the fix to the matched point.
  public var distance: CLLocationDistance
  /// The road's name ("" when unnamed).
  public var roadName: String
}

/// An online hidden-Markov map matcher over the road graph, in the manner of Newson and
/// Krumm (2009): candidate edges near each fix are scored by GPS noise (distance), heading
/// consistency (the fix's course against the edge's bearing, while moving) and a transition
/// term comparing the distance driven along the network with the distance between the fixes;
/// the best path so far is kept Viterbi-style, one step per fix.
///
/// ```swift
/// let matcher = MapMatcher(router: engine.router)
/// var state = MapMatcher.State()
/// for fix in fixes {
///   let (next, matched) = matcher.update(state, with: fix)
///   state = next
/// }
/// ```
public struct MapMatcher: Sendable {
  /// Tuning. Distances in meters.
  public struct Configuration: Sendable, Hashable {
    /// Standard deviation of GPS noise assumed when a fix reports no better accuracy.
    public var noise: Double = 10
    /// Candidate edges are searched this many noise deviations around a fix (at least 30 m).
    public var searchDeviations: Double = 4
    /// At most this many candidate edges per fix.
    public var maximumCandidates: Int = 10
    /// Scale of the transition term: meters of disagreement between network distance and
    /// straight distance per unit of log-probability.
    public var transitionScale: Double = 12
    /// Standard deviation in degrees of the course against the road's bearing.
    public var headingDeviation: Double = 35
    /// The course counts only at or above this speed (m/s).
    public var minimumHeadingSpeed: Double = 2

    /// The defaults.
    public init() {}
  }

  /// One candidate of the last fix with its path score.
  public struct Candidate: Sendable, Hashable {
    /// The match.
    public var match: MatchedLocation
    /// Log-probability of the best path ending here (0 for the best).
    public var score: Double
  }

  /// The matcher's state: the last fix's candidates. A value.
  public struct State: Sendable, Hashable {
    /// The last fix, if any.
    public var lastFix: CLLocation?
    /// The last fix's candidates, best first.
    public var candidates: [Candidate] = []

    /// An empty state.
    public init() {}
  }

  /// The road graph.
  public let graph: RoadGraph
  /// Its spatial index.
  public let index: SpatialIndex
  /// Tuning.
  public var configuration: Configuration

  /// A matcher over a router's graph and index.
  public init(router: Router, configuration: Configuration = Configuration()) {
    graph = router.graph
    index = router.index
    self.configuration = configuration
  }

  /// The next state after `fix`, and the fix's match (nil when no road is near it).
  public func update(_ state: State, with fix: CLLocation) -> (State, MatchedLocation?) {
    let (next, _) = step(state, with: fix)
    return (next, next.candidates.first?.match)
  }

  /// One Viterbi step: the new candidates, best first, and for each the index of its best
  /// predecessor among `state`'s candidates (-1 for none).
  func step(_ state: State, with fix: CLLocation) -> (State, [Int]) {
    guard fix.coordinate.isValid else { return (state, state.candidates.map { _ in -1 }) }
    // A reported accuracy is a 68 % radius: about 1.5 standard deviations of each axis.
    let sigma = max(
      3, fix.horizontalAccuracy > 0 ? fix.horizontalAccuracy / 1.5 : configuration.noise)
    let radius = max(30, configuration.searchDeviations * sigma)
    let snaps = index.nearest(fix.coordinate, in: graph, radius: radius)
      .prefix(configuration.maximumCandidates)
    guard !snaps.isEmpty else { return (State(), []) }
    let useHeading =
      fix.course >= 0 && fix.speed >= configuration.minimumHeadingSpeed && fix.course.isFinite
    let previous = state.lastFix
    let straight = previous.map { Geodesy.distance($0.coordinate, fix.coordinate) } ?? 0
    // How far the vehicle can have driven: the straight distance, generously, plus noise.
    let limit = min(600, 2 * straight + 4 * sigma + 30)
    let reaches =
      previous == nil
      ? []
      : state.candidates.map {
        reach(from: graph.edges[$0.match.edge].to, limit: limit)
      }
    var next = State()
    next.lastFix = fix
    next.candidates.reserveCapacity(snaps.count)
    var back: [Int] = []
    back.reserveCapacity(snaps.count)
    var best = -Double.infinity
    for s in snaps {
      let z = s.distance / sigma
      var emission = -0.5 * z * z
      if useHeading {
        let h = Geodesy.angleDifference(s.bearing, fix.course) / configuration.headingDeviation
        emission -= 0.5 * min(h * h, 16)
      }
      var score = emission
      var from = -1
      if previous != nil, !reaches.isEmpty {
        var bestTransition = -Double.infinity
        for (j, (p, reach)) in zip(state.candidates, reaches).enumerated() {
          let driven = networkDistance(from: p.match, to: s, reach: reach)
          let t = p.score + transition(driven: driven, straight: straight)
          if t > bestTransition {
            bestTransition = t
            from = j
          }
        }
        score += bestTransition
      }
      back.append(from)
      let road = graph.roads[Int(graph.edges[s.edge].road)]
      next.candidates.append(
        Candidate(
          match: MatchedLocation(
            edge: s.edge, offset: s.offset, coordinate: s.coordinate, bearing: s.bearing,
            distance: s.distance, roadName: road.name),
          score: score))
      best = max(best, score)
    }
    for k in next.candidates.indices { next.candidates[k].score -= best }
    let order = next.candidates.indices.sorted {
      let a = next.candidates[$0]
      let b = next.candidates[$1]
      return (a.score, -a.match.edge) > (b.score, -b.match.edge)
    }
    next.candidates = order.map { next.candidates[$0] }
    return (next, order.map { back[$0] })
  }

  /// Matches a whole trace, one match (or nil) per fix, with hindsight: the most likely path
  /// through every fix's candidates (Viterbi with back pointers), so a fix near two roads is
  /// put on the one the fixes after it continue on.
  public func match(_ fixes: [CLLocation]) -> [MatchedLocation?] {
    var layers: [(candidates: [Candidate], back: [Int])] = []
    layers.reserveCapacity(fixes.count)
    var state = State()
    for fix in fixes {
      let (next, back) = step(state, with: fix)
      state = next
      layers.append((next.candidates, back))
    }
    var out = [MatchedLocation?](repeating: nil, count: fixes.count)
    var k = -1
    for t in stride(from: fixes.count - 1, through: 0, by: -1) {
      let layer = layers[t]
      if layer.candidates.isEmpty {
        k = -1
        continue
      }
      if k < 0 || k >= layer.candidates.count { k = 0 }
      out[t] = layer.candidates[k].match
      k = layer.back[k]
    }
    return out
  }

  /// Log-probability of driving from `a` to `b` along the network (`driven` meters, nil when
  /// not reachable within the search) when the fixes are `straight` meters apart.
  func transition(driven: Double?, straight: Double) -> Double {
    guard let driven else { return -8 }
    return -abs(driven - straight) / configuration.transitionScale
  }

  /// Meters along the network from `a` to `b`, given the distances from the end of `a`'s
  /// edge to the nodes around it; nil when `b` is not among them (or behind `a` on its edge).
  func networkDistance(from a: MatchedLocation, to b: EdgeSnap, reach: [Int32: Double]) -> Double? {
    let ea = graph.edges[a.edge]
    let eb = graph.edges[b.edge]
    if a.edge == b.edge, b.offset >= a.offset - 2 * configuration.noise {
      return max(0, b.offset - a.offset)
    }
    // The other direction of the same stretch: a matching ambiguity or a U-turn, unlikely
    // while driving.
    if ea.from == eb.to && ea.to == eb.from && ea.road == eb.road {
      return abs(Double(eb.length) - b.offset - a.offset) + 40
    }
    guard let between = reach[eb.from] else { return nil }
    return max(0, Double(ea.length) - a.offset) + between + b.offset
  }

  /// Shortest distances from `node` to the nodes within `limit` meters (a small Dijkstra).
  func reach(from node: Int32, limit: Double) -> [Int32: Double] {
    var best: [Int32: Double] = [node: 0]
    var frontier: [(node: Int32, distance: Double)] = [(node, 0)]
    while !frontier.isEmpty {
      var k = 0
      for j in frontier.indices where frontier[j].distance < frontier[k].distance { k = j }
      frontier.swapAt(k, frontier.count - 1)
      let (v, d) = frontier.removeLast()
      if d > best[v] ?? .infinity { continue }
      for e in graph.outgoing(Int(v)) {
        let edge = graph.edges[e]
        let next = d + Double(edge.length)
        if next <= limit, next < best[edge.to] ?? .infinity {
          best[edge.to] = next
          frontier.append((edge.to, next))
        }
      }
    }
    return best
  }
}

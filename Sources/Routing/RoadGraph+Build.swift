import NavigationCore

extension RoadGraph {
  /// Builds the driving graph from OSM data: drivable ways split at shared nodes and barriers,
  /// oneways, durations as OSRM's car profile has them (``RoadTags/speeds(_:)`` per direction,
  /// plus ``RoadTags/nodeDelay(_:signals:)`` for signals, stops and gates along an edge), and
  /// `restriction` relations with a via node.
  ///
  /// - Complexity: O(n log n) in the number of way nodes.
  public static func build(from data: OSMData) -> RoadGraph {
    var graph = RoadGraph()
    let nodeIndex = data.nodeIndex()
    var drivable: [(way: OSMWay, oneway: Int)] = []
    for way in data.ways where RoadTags.isDrivable(way.tags) && way.nodeIDs.count >= 2 {
      guard let oneway = RoadTags.oneway(way.tags) else { continue }
      // A way an extract cut (nodes missing) keeps each run of nodes that is present, and
      // nodes with coordinates that are not on the globe are treated as missing.
      var run: [Int64] = []
      for id in way.nodeIDs + [Int64.min] {
        if let n = nodeIndex[id], data.latitudes[n].isFinite, data.longitudes[n].isFinite,
          abs(data.latitudes[n]) <= 90, abs(data.longitudes[n]) <= 180
        {
          run.append(id)
          continue
        }
        if run.count >= 2 {
          drivable.append((OSMWay(id: way.id, nodeIDs: run, tags: way.tags), oneway))
        }
        run.removeAll()
      }
    }
    // Delays at nodes (signals, stops, gates; infinity at barriers), by node id.
    var nodeDelays: [Int64: Float] = [:]
    for (n, tags) in data.nodeTags where n < data.nodeIDs.count {
      if let d = RoadTags.nodeDelay(tags) { nodeDelays[data.nodeIDs[n]] = d }
    }
    // Nodes used more than once, or at a way's end, or barriers, become vertices.
    var uses: [Int64: Int] = [:]
    for (way, _) in drivable {
      for (i, id) in way.nodeIDs.enumerated() {
        let end = i == 0 || i == way.nodeIDs.count - 1 || nodeDelays[id] == .infinity
        uses[id, default: 0] += end ? 2 : 1
      }
    }
    var vertexOf: [Int64: Int32] = [:]
    func vertex(_ id: Int64) -> Int32 {
      if let v = vertexOf[id] { return v }
      let v = Int32(graph.latitudes.count)
      let n = nodeIndex[id]!
      graph.latitudes.append(data.latitudes[n])
      graph.longitudes.append(data.longitudes[n])
      graph.nodeIDs.append(id)
      vertexOf[id] = v
      return v
    }
    var rawEdges: [RoadEdge] = []
    for (way, oneway) in drivable {
      let road = Int32(graph.roads.count)
      graph.roads.append(attributes(way.id, way.tags))
      let speeds = RoadTags.speeds(way.tags)
      var segmentStart = 0
      for i in 1..<way.nodeIDs.count where uses[way.nodeIDs[i], default: 0] > 1 {
        let ids = way.nodeIDs[segmentStart...i]
        segmentStart = i
        guard Set(ids).count > 1 else { continue }
        let shapeStart = Int32(graph.shapeLatitudes.count)
        var length = 0.0
        var previous: CLLocationCoordinate2D?
        // Signals, stops and gates between the edge's ends, by direction.
        var delay = (forward: Float(0), backward: Float(0))
        for id in ids.dropFirst().dropLast() {
          guard let d = nodeDelays[id], d.isFinite else { continue }
          let n = nodeIndex[id]!
          let direction =
            data.nodeTags[n]?["traffic_signals:direction"] ?? data.nodeTags[n]?["direction"]
          if direction != "backward" { delay.forward += d }
          if direction != "forward" { delay.backward += d }
        }
        for id in ids {
          let n = nodeIndex[id]!
          let c = CLLocationCoordinate2D(latitude: data.latitudes[n], longitude: data.longitudes[n])
          graph.shapeLatitudes.append(c.latitude)
          graph.shapeLongitudes.append(c.longitude)
          if let previous { length += Geodesy.distance(previous, c) }
          previous = c
        }
        let a = vertex(ids.first!)
        let b = vertex(ids.last!)
        let forward = RoadEdge(
          from: a, to: b, road: road, shapeStart: shapeStart, shapeCount: Int32(ids.count),
          reversed: false, length: Float(length),
          duration: Float(length / (speeds.forward / 3.6)) + delay.forward)
        if oneway >= 0 { rawEdges.append(forward) }
        if oneway <= 0 {
          var backward = forward
          backward.from = b
          backward.to = a
          backward.reversed = true
          backward.duration = Float(length / (speeds.backward / 3.6)) + delay.backward
          rawEdges.append(backward)
        }
      }
    }
    // Group by source vertex (stable, so the order is deterministic).
    let order = rawEdges.indices.sorted {
      (rawEdges[$0].from, $0) < (rawEdges[$1].from, $1)
    }
    graph.edges = order.map { rawEdges[$0] }
    graph.firstOut = [Int32](repeating: 0, count: graph.vertexCount + 1)
    for edge in graph.edges { graph.firstOut[Int(edge.from) + 1] += 1 }
    for v in 0..<graph.vertexCount { graph.firstOut[v + 1] += graph.firstOut[v] }
    graph.finalize()
    for (n, tags) in data.nodeTags where tags["highway"] == "traffic_signals" {
      if let v = vertexOf[data.nodeIDs[n]] { graph.trafficSignals.append(v) }
    }
    graph.trafficSignals.sort()
    var delays: [(Int32, Float)] = []
    for (n, tags) in data.nodeTags where n < data.nodeIDs.count {
      if let v = vertexOf[data.nodeIDs[n]], let d = RoadTags.nodeDelay(tags, signals: false) {
        delays.append((v, d))
      }
    }
    delays.sort { $0.0 < $1.0 }
    graph.delayVertices = delays.map(\.0)
    graph.delaySeconds = delays.map(\.1)
    graph.bannedTurns = restrictions(data, graph, vertexOf).sorted()
    return graph
  }

  static func attributes(_ id: Int64, _ tags: [String: String]) -> RoadAttributes {
    let isFerry = tags["route"] == "ferry"
    let highway = tags["highway"] ?? (isFerry ? "ferry" : "road")
    let maxspeed = RoadTags.maxspeed(tags["maxspeed"] ?? tags["maxspeed:forward"])
    let speed = RoadTags.speeds(tags).forward
    let yes: (String?) -> Bool = { v in v != nil && v != "no" }
    return RoadAttributes(
      wayID: id, highway: highway, name: tags["name"] ?? "", ref: tags["ref"],
      destinations: tags["destination"] ?? tags["destination:forward"], maxspeed: maxspeed,
      speed: max(speed, 5), lanes: tags["lanes"].flatMap { Int($0) },
      turnLanesForward: RoadTags.turnLanes(tags["turn:lanes"] ?? tags["turn:lanes:forward"]),
      turnLanesBackward: RoadTags.turnLanes(tags["turn:lanes:backward"]),
      isRoundabout: tags["junction"] == "roundabout" || tags["junction"] == "circular",
      isTunnel: yes(tags["tunnel"]), isBridge: yes(tags["bridge"]),
      isToll: RoadTags.isToll(tags), isFerry: isFerry)
  }

  /// Turn restrictions with a via node, as banned (in, out) edge pairs.
  static func restrictions(
    _ data: OSMData, _ graph: RoadGraph, _ vertexOf: [Int64: Int32]
  ) -> [UInt64] {
    var banned: [UInt64] = []
    for relation in data.relations where relation.tags["type"] == "restriction" {
      guard
        let kind = relation.tags["restriction:motorcar"] ?? relation.tags["restriction"],
        let from = relation.members.first(where: { $0.role == "from" && $0.type == .way }),
        let to = relation.members.first(where: { $0.role == "to" && $0.type == .way }),
        let via = relation.members.first(where: { $0.role == "via" }), via.type == .node,
        let v = vertexOf[via.ref]
      else { continue }
      if let except = relation.tags["except"], except.contains("motorcar") { continue }
      let ins = graph.incomingEdges(Int(v)).filter {
        graph.roads[Int(graph.edges[Int($0)].road)].wayID == from.ref
      }
      let outs = graph.outgoing(Int(v))
      for inEdge in ins {
        for out in outs {
          let onTo = graph.roads[Int(graph.edges[out].road)].wayID == to.ref
          if kind.hasPrefix("no_") ? onTo : (kind.hasPrefix("only_") && !onTo) {
            banned.append(UInt64(inEdge) << 32 | UInt64(out))
          }
        }
      }
    }
    return banned
  }
}

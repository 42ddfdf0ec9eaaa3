/// Decoding of `PrimitiveBlock`s: string table, dense nodes, nodes, ways and relations.
extension OSMPBFReader {
  struct BlockContext {
    var strings: [String] = []
    var granularity: Int64 = 100
    var latOffset: Int64 = 0
    var lonOffset: Int64 = 0

    // In floating point: a file's offset, granularity and delta-summed coordinate can each be
    // any 64-bit value, and their integer product would overflow (a trap). Coordinates off
    // the globe are refused later, with the node's id.
    func latitude(_ raw: Int64) -> Double {
      (Double(latOffset) + Double(granularity) * Double(raw)) * 1e-9
    }
    func longitude(_ raw: Int64) -> Double {
      (Double(lonOffset) + Double(granularity) * Double(raw)) * 1e-9
    }

    func string(_ index: UInt64, _ r: ProtobufReader) throws(OSMReadError) -> String {
      guard index < UInt64(strings.count) else {
        throw r.malformed("string index \(index) outside table of \(strings.count)")
      }
      return strings[Int(index)]
    }

    func tags(
      _ keys: [UInt64], _ values: [UInt64], _ r: ProtobufReader
    ) throws(OSMReadError) -> [String: String] {
      guard keys.count == values.count else {
        throw r.malformed("\(keys.count) keys but \(values.count) values")
      }
      var tags: [String: String] = [:]
      for (k, v) in zip(keys, values) { tags[try string(k, r)] = try string(v, r) }
      return tags
    }
  }

  static func primitiveBlock(
    _ block: [UInt8], base: Int, into data: inout OSMData
  ) throws(OSMReadError) {
    var r = ProtobufReader(bytes: block, base: base, element: "PrimitiveBlock")
    var context = BlockContext()
    var groups: [Range<Int>] = []
    while !r.isAtEnd {
      let (field, wire) = try r.key()
      switch (field, wire) {
      case (1, .lengthDelimited):
        var s = r.sub(try r.lengthDelimited(), element: "StringTable")
        while !s.isAtEnd {
          let (f, w) = try s.key()
          if f == 1, w == .lengthDelimited {
            context.strings.append(s.string(try s.lengthDelimited()))
          } else {
            try s.skip(w)
          }
        }
      case (2, .lengthDelimited): groups.append(try r.lengthDelimited())
      case (17, .varint): context.granularity = Int64(truncatingIfNeeded: try r.varint())
      case (19, .varint): context.latOffset = Int64(truncatingIfNeeded: try r.varint())
      case (20, .varint): context.lonOffset = Int64(truncatingIfNeeded: try r.varint())
      default: try r.skip(wire)
      }
    }
    for range in groups {
      var g = r.sub(range, element: "PrimitiveGroup")
      while !g.isAtEnd {
        let (field, wire) = try g.key()
        guard wire == .lengthDelimited else {
          try g.skip(wire)
          continue
        }
        let sub = try g.lengthDelimited()
        switch field {
        case 1: try node(g.sub(sub, element: "Node"), context, into: &data)
        case 2: try denseNodes(g.sub(sub, element: "DenseNodes"), context, into: &data)
        case 3: data.ways.append(try way(g.sub(sub, element: "Way"), context))
        case 4: data.relations.append(try relation(g.sub(sub, element: "Relation"), context))
        default: continue
        }
      }
    }
  }

  static func node(
    _ reader: ProtobufReader, _ context: BlockContext, into data: inout OSMData
  ) throws(OSMReadError) {
    var r = reader
    var id: Int64?
    var lat: Int64 = 0
    var lon: Int64 = 0
    var keys: [UInt64] = []
    var values: [UInt64] = []
    while !r.isAtEnd {
      let (field, wire) = try r.key()
      switch (field, wire) {
      case (1, .varint): id = try r.signedVarint()
      case (2, _): try r.packedVarints(wire, into: &keys)
      case (3, _): try r.packedVarints(wire, into: &values)
      case (8, .varint): lat = try r.signedVarint()
      case (9, .varint): lon = try r.signedVarint()
      default: try r.skip(wire)
      }
    }
    guard let id else { throw reader.malformed("node without id") }
    let tags = try context.tags(keys, values, reader)
    if !tags.isEmpty { data.nodeTags[data.nodeIDs.count] = tags }
    data.appendNode(id: id, latitude: context.latitude(lat), longitude: context.longitude(lon))
  }

  static func denseNodes(
    _ reader: ProtobufReader, _ context: BlockContext, into data: inout OSMData
  ) throws(OSMReadError) {
    var r = reader
    var ids: [Int64] = []
    var lats: [Int64] = []
    var lons: [Int64] = []
    var keysVals: [UInt64] = []
    while !r.isAtEnd {
      let (field, wire) = try r.key()
      switch field {
      case 1: try r.packedDeltaSigned(wire, into: &ids)
      case 8: try r.packedDeltaSigned(wire, into: &lats)
      case 9: try r.packedDeltaSigned(wire, into: &lons)
      case 10: try r.packedVarints(wire, into: &keysVals)
      default: try r.skip(wire)
      }
    }
    guard ids.count == lats.count, ids.count == lons.count else {
      throw reader.malformed("\(ids.count) ids, \(lats.count) lats, \(lons.count) lons")
    }
    var k = 0
    for i in 0..<ids.count {
      if !keysVals.isEmpty {
        var tags: [String: String] = [:]
        while k < keysVals.count, keysVals[k] != 0 {
          guard k + 1 < keysVals.count else { throw reader.malformed("odd keys_vals") }
          tags[try context.string(keysVals[k], reader)] = try context.string(
            keysVals[k + 1], reader)
          k += 2
        }
        k += 1
        if !tags.isEmpty { data.nodeTags[data.nodeIDs.count] = tags }
      }
      data.appendNode(
        id: ids[i], latitude: context.latitude(lats[i]), longitude: context.longitude(lons[i]))
    }
  }

  static func way(
    _ reader: ProtobufReader, _ context: BlockContext
  ) throws(OSMReadError) -> OSMWay {
    var r = reader
    var id: Int64?
    var keys: [UInt64] = []
    var values: [UInt64] = []
    var refs: [Int64] = []
    while !r.isAtEnd {
      let (field, wire) = try r.key()
      switch (field, wire) {
      case (1, .varint): id = Int64(bitPattern: try r.varint())
      case (2, _): try r.packedVarints(wire, into: &keys)
      case (3, _): try r.packedVarints(wire, into: &values)
      case (8, _): try r.packedDeltaSigned(wire, into: &refs)
      default: try r.skip(wire)
      }
    }
    guard let id else { throw reader.malformed("way without id") }
    return OSMWay(id: id, nodeIDs: refs, tags: try context.tags(keys, values, reader))
  }

  static func relation(
    _ reader: ProtobufReader, _ context: BlockContext
  ) throws(OSMReadError) -> OSMRelation {
    var r = reader
    var id: Int64?
    var keys: [UInt64] = []
    var values: [UInt64] = []
    var roles: [UInt64] = []
    var memberIDs: [Int64] = []
    var types: [UInt64] = []
    while !r.isAtEnd {
      let (field, wire) = try r.key()
      switch (field, wire) {
      case (1, .varint): id = Int64(bitPattern: try r.varint())
      case (2, _): try r.packedVarints(wire, into: &keys)
      case (3, _): try r.packedVarints(wire, into: &values)
      case (8, _): try r.packedVarints(wire, into: &roles)
      case (9, _): try r.packedDeltaSigned(wire, into: &memberIDs)
      case (10, _): try r.packedVarints(wire, into: &types)
      default: try r.skip(wire)
      }
    }
    guard let id else { throw reader.malformed("relation without id") }
    guard roles.count == memberIDs.count, types.count == memberIDs.count else {
      throw reader.malformed("relation \(id): member arrays differ in length")
    }
    var members: [OSMMember] = []
    members.reserveCapacity(memberIDs.count)
    for i in 0..<memberIDs.count {
      guard let type = OSMMemberType(rawValue: UInt8(truncatingIfNeeded: types[i])), types[i] < 3
      else { throw reader.malformed("relation \(id): member type \(types[i])") }
      members.append(
        OSMMember(type: type, ref: memberIDs[i], role: try context.string(roles[i], reader)))
    }
    return OSMRelation(id: id, members: members, tags: try context.tags(keys, values, reader))
  }
}

/// Reads OSM XML 0.6 (`<osm>` with `<bounds>`, `<node>`, `<way>`, `<relation>`).
///
/// A streaming scanner: elements are handled as their start tags are read; unknown elements
/// (`<changeset>`, `<note>`, …) are skipped. Errors name the line.
public enum OSMXMLReader {
  /// Decodes an OSM XML document.
  public static func read(_ bytes: [UInt8]) throws(OSMReadError) -> OSMData {
    var scanner = XMLTagScanner(bytes: bytes)
    var data = OSMData()
    enum Open {
      case none
      case node(Int)
      case way(OSMWay)
      case relation(OSMRelation)
    }
    var open = Open.none
    var sawRoot = false
    var closedRoot = false
    while let tag = try scanner.nextTag() {
      if tag.isClosing {
        switch (tag.name, open) {
        case ("way", .way(let w)): data.ways.append(w)
        case ("relation", .relation(let r)): data.relations.append(r)
        default: break
        }
        if ["node", "way", "relation"].contains(tag.name) { open = .none }
        if tag.name == "osm" { closedRoot = true }
        continue
      }
      switch tag.name {
      case "osm": sawRoot = true
      case "bounds":
        if let a = Double(tag["minlat"] ?? ""), let b = Double(tag["minlon"] ?? ""),
          let c = Double(tag["maxlat"] ?? ""), let d = Double(tag["maxlon"] ?? "")
        {
          data.bounds = (a, b, c, d)
        }
      case "node":
        guard let id = Int64(tag["id"] ?? ""), let lat = Double(tag["lat"] ?? ""),
          let lon = Double(tag["lon"] ?? "")
        else { throw scanner.fail("node without numeric id, lat and lon") }
        data.appendNode(id: id, latitude: lat, longitude: lon)
        if !tag.selfClosing { open = .node(data.nodeIDs.count - 1) }
      case "way":
        guard let id = Int64(tag["id"] ?? "") else { throw scanner.fail("way without id") }
        let way = OSMWay(id: id, nodeIDs: [], tags: [:])
        if tag.selfClosing { data.ways.append(way) } else { open = .way(way) }
      case "relation":
        guard let id = Int64(tag["id"] ?? "") else { throw scanner.fail("relation without id") }
        let relation = OSMRelation(id: id, members: [], tags: [:])
        if tag.selfClosing { data.relations.append(relation) } else { open = .relation(relation) }
      case "nd":
        guard case .way(var w) = open, let ref = Int64(tag["ref"] ?? "") else {
          throw scanner.fail("<nd> outside a way or without ref")
        }
        w.nodeIDs.append(ref)
        open = .way(w)
      case "member":
        guard case .relation(var r) = open, let ref = Int64(tag["ref"] ?? ""),
          let type = ["node": OSMMemberType.node, "way": .way, "relation": .relation][
            tag["type"] ?? ""]
        else { throw scanner.fail("<member> outside a relation or without type and ref") }
        r.members.append(OSMMember(type: type, ref: ref, role: tag["role"] ?? ""))
        open = .relation(r)
      case "tag":
        guard let k = tag["k"], let v = tag["v"] else { throw scanner.fail("<tag> without k, v") }
        switch open {
        case .node(let i): data.nodeTags[i, default: [:]][k] = v
        case .way(var w):
          w.tags[k] = v
          open = .way(w)
        case .relation(var r):
          r.tags[k] = v
          open = .relation(r)
        case .none: throw scanner.fail("<tag> outside an element")
        }
      default: continue
      }
    }
    guard sawRoot else { throw OSMReadError.malformedXML(line: 1, reason: "no <osm> element") }
    if case .none = open {} else { throw scanner.fail("document ends inside an element") }
    guard closedRoot else { throw scanner.fail("document ends before </osm>") }
    return data
  }
}

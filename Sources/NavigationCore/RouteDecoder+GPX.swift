import Foundation

extension RouteDecoder {
  /// Decodes a GPX 1.0/1.1 document: routes (`rte`), tracks (`trk`) and waypoints (`wpt`).
  public static func decodeGPX(_ data: Data) throws(RouteDecodingError) -> GPXDocument {
    let root = try XMLNode.parse([UInt8](data))
    guard root.localName == "gpx" else {
      throw .invalidValue(path: root.name, reason: "the root element is not <gpx>")
    }
    var doc = GPXDocument(routes: [], tracks: [], waypoints: [])
    for (n, w) in root.children("wpt").enumerated() {
      doc.waypoints.append(try gpxPoint(w, path: "gpx.wpt[\(n)]"))
    }
    for (r, rte) in root.children("rte").enumerated() {
      var route = GPXRoute(name: rte.child("name")?.text, points: [])
      for (n, p) in rte.children("rtept").enumerated() {
        route.points.append(try gpxPoint(p, path: "gpx.rte[\(r)].rtept[\(n)]"))
      }
      doc.routes.append(route)
    }
    for (t, trk) in root.children("trk").enumerated() {
      var track = GPXTrack(name: trk.child("name")?.text, segments: [])
      for (s, seg) in trk.children("trkseg").enumerated() {
        var points: [GPXPoint] = []
        for (n, p) in seg.children("trkpt").enumerated() {
          points.append(try gpxPoint(p, path: "gpx.trk[\(t)].trkseg[\(s)].trkpt[\(n)]"))
        }
        track.segments.append(points)
      }
      doc.tracks.append(track)
    }
    return doc
  }

  static func gpxPoint(_ node: XMLNode, path: String) throws(RouteDecodingError) -> GPXPoint {
    func number(_ key: String, _ range: ClosedRange<Double>) throws(RouteDecodingError) -> Double {
      guard let text = node.attribute(key) else { throw .missingField(path: "\(path).@\(key)") }
      guard let v = Double(text), range.contains(v) else {
        throw .invalidValue(
          path: "\(path).@\(key)", reason: "'\(text)' is not a number in \(range)")
      }
      return v
    }
    var point = GPXPoint(
      coordinate: CLLocationCoordinate2D(
        latitude: try number("lat", -90...90), longitude: try number("lon", -180...180)))
    if let e = node.child("ele") {
      guard let v = Double(e.text), v.isFinite else {
        throw .invalidValue(path: "\(path).ele", reason: "'\(e.text)' is not a number")
      }
      point.elevation = v
    }
    if let t = node.child("time") {
      guard let v = ISO8601.seconds(t.text) else {
        throw .invalidValue(path: "\(path).time", reason: "'\(t.text)' is not an ISO 8601 time")
      }
      point.time = v
    }
    point.name = node.child("name")?.text
    point.description = node.child("desc")?.text
    if let ext = node.child("extensions") {
      for c in ext.children where c.children.isEmpty { point.extensions[c.name] = c.text }
    }
    return point
  }
}

/// ISO 8601 date-time parsing without locale or calendar objects.
enum ISO8601 {
  /// Seconds since 1970 for `YYYY-MM-DDThh:mm:ss[.fff](Z|±hh:mm)`, or nil.
  static func seconds(_ text: String) -> Double? {
    let b = Array(text.utf8)
    func num(_ from: Int, _ count: Int) -> Int? {
      guard from + count <= b.count else { return nil }
      var v = 0
      for k in from..<(from + count) {
        guard b[k] >= 0x30, b[k] <= 0x39 else { return nil }
        v = v * 10 + Int(b[k] - 0x30)
      }
      return v
    }
    guard b.count >= 19, let y = num(0, 4), let mo = num(5, 2), let d = num(8, 2),
      let h = num(11, 2),
      let mi = num(14, 2), let s = num(17, 2), (1...12).contains(mo), (1...31).contains(d), h < 25,
      mi < 60, s < 61
    else { return nil }
    var i = 19
    var fraction = 0.0
    if i < b.count, b[i] == UInt8(ascii: ".") {
      i += 1
      var scale = 0.1
      while i < b.count, b[i] >= 0x30, b[i] <= 0x39 {
        fraction += Double(b[i] - 0x30) * scale
        scale /= 10
        i += 1
      }
    }
    var offset = 0
    if i < b.count {
      if b[i] == UInt8(ascii: "Z") {
        i += 1
      } else if b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
        guard let oh = num(i + 1, 2), let om = num(i + 4, 2) else { return nil }
        offset = (oh * 60 + om) * 60 * (b[i] == UInt8(ascii: "-") ? -1 : 1)
        i += 6
      }
    }
    guard i == b.count else { return nil }
    // Days from civil (Howard Hinnant's algorithm).
    let yy = mo <= 2 ? y - 1 : y
    let era = (yy >= 0 ? yy : yy - 399) / 400
    let yoe = yy - era * 400
    let doy = (153 * (mo + (mo > 2 ? -3 : 9)) + 2) / 5 + d - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    let days = era * 146097 + doe - 719468
    return Double(days * 86400 + h * 3600 + mi * 60 + s - offset) + fraction
  }
}

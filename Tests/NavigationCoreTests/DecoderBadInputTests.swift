import Foundation
import Testing

@testable import NavigationCore

@Suite struct DecoderBadInputTests {
  static let minimal = """
    {"code":"Ok","routes":[{"distance":100,"duration":10,"legs":[{"distance":100,"duration":10,
    "summary":"","steps":[{"distance":100,"duration":10,"name":"A","mode":"driving",
    "geometry":"_p~iF~ps|U_ulLnnqC","maneuver":{"type":"depart","location":[-120.2,38.5]}},
    {"distance":0,"duration":0,"name":"A","geometry":"_ulLnnqC","maneuver":{"type":"arrive",
    "location":[-120.95,40.7]}}]}]}]}
    """

  func osrmError(_ text: String) -> RouteDecodingError? {
    do {
      _ = try RouteDecoder.decodeOSRM(Data(text.utf8), precision: 5)
      return nil
    } catch { return error }
  }

  @Test func minimalDecodes() throws {
    let r = try RouteDecoder.decodeOSRM(Data(Self.minimal.utf8), precision: 5)
    #expect(r[0].legs[0].steps.count == 2)
  }

  @Test func truncatedInputAtEveryLength() {
    let bytes = Array(Self.minimal.utf8)
    for n in stride(from: 0, to: bytes.count - 1, by: 7) {
      let e = osrmError(String(decoding: bytes[0..<n], as: UTF8.self))
      #expect(e != nil, "prefix \(n)")
    }
  }

  @Test func wrongTypeNamesThePath() {
    let text = Self.minimal.replacingOccurrences(
      of: "\"location\":[-120.95,40.7]", with: "\"location\":\"x\"")
    #expect(
      osrmError(text)
        == .typeMismatch(
          path: "routes[0].legs[0].steps[1].maneuver.location", expected: "array", found: "string"))
    let d = Self.minimal.replacingOccurrences(
      of: "\"distance\":100,\"duration\":10,\"legs\"",
      with: "\"distance\":\"far\",\"duration\":10,\"legs\"")
    #expect(
      osrmError(d) == .typeMismatch(path: "routes[0].distance", expected: "number", found: "string")
    )
  }

  @Test func missingFieldNamesThePath() {
    let text = Self.minimal.replacingOccurrences(of: "\"type\":\"arrive\",", with: "")
    #expect(osrmError(text) == .missingField(path: "routes[0].legs[0].steps[1].maneuver.type"))
  }

  @Test func emptyLegsAndRoutes() {
    #expect(
      osrmError(#"{"code":"Ok","routes":[{"distance":1,"duration":1,"legs":[]}]}"#)
        == .invalidValue(path: "routes[0].legs", reason: "a route needs at least one leg"))
    #expect(
      osrmError(#"{"code":"Ok","routes":[]}"#)
        == .noRoute(path: "routes", reason: "empty routes array"))
    #expect(
      osrmError(#"{"code":"NoRoute","message":"Impossible route"}"#)
        == .noRoute(path: "code", reason: "Impossible route"))
    let noSteps =
      #"{"routes":[{"distance":1,"duration":1,"legs":[{"distance":1,"duration":1,"steps":[]}]}]}"#
    #expect(osrmError(noSteps) == .missingField(path: "routes[0].geometry"))
  }

  @Test func nanAndHugeNumbers() {
    let nan = Self.minimal.replacingOccurrences(of: "[-120.2,38.5]", with: "[NaN,38.5]")
    if case .malformedJSON = osrmError(nan) {} else { Issue.record("NaN accepted") }
    let inf = Self.minimal.replacingOccurrences(of: "[-120.2,38.5]", with: "[1e999,38.5]")
    if case .malformedJSON = osrmError(inf) {} else { Issue.record("1e999 accepted") }
    let far = Self.minimal.replacingOccurrences(of: "[-120.2,38.5]", with: "[-120.2,1e300]")
    #expect(osrmError(far)?.path == "routes[0].legs[0].steps[0].maneuver.location[1]")
    let long = Self.minimal.replacingOccurrences(
      of: "\"distance\":100,\"duration\":10,\"name\"",
      with: "\"distance\":1e12,\"duration\":10,\"name\"")
    #expect(osrmError(long)?.path == "routes[0].legs[0].steps[0].distance")
    let exit = Self.minimal.replacingOccurrences(
      of: "\"type\":\"depart\"", with: "\"type\":\"depart\",\"exit\":99999999999")
    #expect(osrmError(exit)?.path == "routes[0].legs[0].steps[0].maneuver.exit")
  }

  @Test func badPolylineNamesThePath() {
    let text = Self.minimal.replacingOccurrences(
      of: "\"_p~iF~ps|U_ulLnnqC\"", with: "\"_p~iF~ps|U_ulL\"")
    if case .invalidPolyline(let path, _)? = osrmError(text) {
      #expect(path == "routes[0].legs[0].steps[0].geometry")
    } else {
      Issue.record("bad polyline accepted")
    }
  }

  @Test func deepNestingIsRejected() {
    let deep = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
    if case .malformedJSON = osrmError(deep) {} else { Issue.record("deep nesting accepted") }
  }

  @Test func valhallaNativeBadInput() {
    func err(_ s: String) -> RouteDecodingError? {
      do { _ = try RouteDecoder.decodeValhalla(Data(s.utf8)); return nil } catch { return error }
    }
    #expect(
      err(#"{"trip":{"status":442,"status_message":"No path"}}"#)
        == .noRoute(path: "trip.status", reason: "No path"))
    #expect(err(#"{"trip":{"legs":[],"summary":{"length":1,"time":1}}}"#)?.path == "trip.legs")
    let shape = Polyline.encode([
      .init(latitude: 1, longitude: 1), .init(latitude: 1.01, longitude: 1),
    ])
    let badIndex = """
      {"trip":{"legs":[{"shape":"\(shape)","summary":{"length":1,"time":1},"maneuvers":[
      {"type":1,"begin_shape_index":0,"end_shape_index":7,"length":1,"time":1}]}],
      "summary":{"length":1,"time":1}}}
      """
    #expect(err(badIndex)?.path == "trip.legs[0].maneuvers[0].end_shape_index")
    #expect(err(#"{"trip":{"legs":[{"shape":12}]}}"#)?.path == "trip.legs[0].shape")
    if case .malformedJSON = err(#"{"trip":"#) {} else { Issue.record("truncated accepted") }
  }

  @Test func geoJSONBadInput() {
    func err(_ s: String) -> RouteDecodingError? {
      do { _ = try RouteDecoder.decodeGeoJSON(Data(s.utf8)); return nil } catch { return error }
    }
    #expect(err(#"{"type":"Point","coordinates":[1,2]}"#)?.path == "type")
    #expect(err(#"{"type":"LineString","coordinates":[[1,2]]}"#)?.path == "coordinates")
    #expect(err(#"{"type":"LineString","coordinates":[[1,"a"]]}"#)?.path == "coordinates[0][1]")
    #expect(err(#"{"type":"FeatureCollection","features":[]}"#)?.path == "features")
    #expect(
      err(#"{"type":"LineString","coordinates":[[1,2],[500,2]]}"#)?.path == "coordinates[1][0]")
  }

  @Test func gpxBadInput() {
    func err(_ s: String) -> RouteDecodingError? {
      do { _ = try RouteDecoder.decodeGPX(Data(s.utf8)); return nil } catch { return error }
    }
    #expect(
      err("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"></trkseg></trk></gpx>")
        == .malformedXML(line: 1, reason: "</trkseg> closes <trkpt>"))
    #expect(
      err("<gpx><rte><rtept lat=\"x\" lon=\"2\"/></rte></gpx>")?.path == "gpx.rte[0].rtept[0].@lat")
    #expect(
      err("<gpx><rte><rtept lon=\"2\"/></rte></gpx>")
        == .missingField(path: "gpx.rte[0].rtept[0].@lat"))
    #expect(
      err("<gpx><rte><rtept lat=\"1e400\" lon=\"2\"/></rte></gpx>")?.path
        == "gpx.rte[0].rtept[0].@lat")
    #expect(
      err(
        "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>yesterday</time></trkpt></trkseg></trk></gpx>"
      )?.path == "gpx.trk[0].trkseg[0].trkpt[0].time")
    #expect(err("<kml/>")?.path == "kml")
    #expect(err("<gpx>\n<rte>") == .malformedXML(line: 2, reason: "unclosed element <rte>"))
    #expect(err("") != nil)
    let ok = try? RouteDecoder.decodeGPX(
      Data(
        "<?xml version=\"1.0\"?><!-- c --><gpx><wpt lat=\"1\" lon=\"2\"><name>A &amp; B</name></wpt></gpx>"
          .utf8))
    #expect(ok?.waypoints.first?.name == "A & B")
  }

  @Test func iso8601() {
    #expect(ISO8601.seconds("1970-01-01T00:00:14+00:00") == 14)
    #expect(ISO8601.seconds("2000-03-01T00:00:00Z") == 951_868_800)
    #expect(ISO8601.seconds("1970-01-01T01:00:00+01:00") == 0)
    #expect(ISO8601.seconds("1970-01-01T00:00:00.5Z") == 0.5)
    #expect(ISO8601.seconds("1970-13-01T00:00:00Z") == nil)
  }
}

@Suite struct JSONNumberTests {
  @Test func fastPathMatchesFoundationParsing() throws {
    let texts = [
      "0", "-0", "7.4168", "43.729602", "0.05", "-122.584167", "1e3", "2.5E-3", "123456789012345",
      "1234567890123456789", "0.1", "0.30000000000000004", "9007199254740993",
      "1.7976931348623157e308",
      "100.000", "-0.000001",
    ]
    for t in texts {
      let v = try JSONValue.parse(Array(t.utf8))
      #expect(v == .number(Double(t) ?? .nan), "\(t)")
    }
    #expect(throws: RouteDecodingError.self) { try JSONValue.parse(Array("01".utf8)) }
    #expect(throws: RouteDecodingError.self) { try JSONValue.parse(Array("1.".utf8)) }
    #expect(throws: RouteDecodingError.self) { try JSONValue.parse(Array("-".utf8)) }
  }

  @Test func stringsAndEscapes() throws {
    let v = try JSONValue.parse(Array(#"["a\"b", "\u00e9\ud83d\ude00", "Rønne", "x\/y\n"]"#.utf8))
    #expect(v == .array([.string("a\"b"), .string("é😀"), .string("Rønne"), .string("x/y\n")]))
    #expect(throws: RouteDecodingError.self) { try JSONValue.parse(Array(#"["\ud83d"]"#.utf8)) }
    #expect(throws: RouteDecodingError.self) { try JSONValue.parse(Array("[\"a\u{01}\"]".utf8)) }
  }
}

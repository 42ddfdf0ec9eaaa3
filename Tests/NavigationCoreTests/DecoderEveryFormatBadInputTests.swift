import Foundation
import Testing

@testable import NavigationCore

/// The same kinds of bad input against every decoder: truncation at every length, NaN and
/// infinities, huge numbers, wrong types and empty legs. Each must give a typed error that
/// names the place, never a crash or a route.
@Suite struct DecoderEveryFormatBadInputTests {
  struct Format: Sendable, CustomStringConvertible {
    var name: String
    var document: String
    /// A number in the document to replace with NaN, infinities and huge values, and the
    /// path the error must name for a huge value (nil: the text does not parse at all).
    var number: String
    var hugePath: String?
    /// A replacement giving a field the wrong type, and the path the error must name.
    var wrongType: (String, String, String)
    /// A replacement leaving no leg or no points, and the path the error must name.
    var empty: (String, String, String)
    var decode: @Sendable (Data) throws -> Void
    var description: String { name }
  }

  static let shape = Polyline.encode(
    [.init(latitude: 43.73, longitude: 7.42), .init(latitude: 43.74, longitude: 7.43)],
    precision: 6)

  static let valhallaNative = """
    {"trip":{"locations":[{"lat":43.73,"lon":7.42},{"lat":43.74,"lon":7.43}],
    "legs":[{"shape":"\(shape)","summary":{"length":1.2,"time":100},"maneuvers":[
    {"type":1,"begin_shape_index":0,"end_shape_index":1,"length":1.2,"time":100,
    "bearing_after":33,"street_names":["A"]},
    {"type":4,"begin_shape_index":1,"end_shape_index":1,"length":0,"time":0}]}],
    "summary":{"length":1.2,"time":100}}}
    """

  static let formats: [Format] = [
    Format(
      name: "osrm", document: DecoderBadInputTests.minimal, number: "38.5",
      hugePath: "routes[0].legs[0].steps[0].maneuver.location[1]",
      wrongType: ("\"summary\":\"\"", "\"summary\":[]", "routes[0].legs[0].summary"),
      empty: ("\"steps\":[", "\"steps\":[],\"x\":[", "routes[0].geometry"),
      decode: { _ = try RouteDecoder.decodeOSRM($0, precision: 5) }),
    Format(
      name: "mapbox", document: DecoderDialectBadInputTests.document(), number: "90,",
      hugePath: "routes[0].legs[0].steps[0].voiceInstructions[0].distanceAlongGeometry",
      wrongType: (
        "\"announcement\":\"Go\"", "\"announcement\":7",
        "routes[0].legs[0].steps[0].voiceInstructions[0].announcement"
      ),
      empty: ("\"legs\":[{", "\"legs\":[],\"x\":[{", "routes[0].legs"),
      decode: { _ = try RouteDecoder.decodeMapbox($0, precision: 5) }),
    Format(
      name: "valhalla-osrm", document: DecoderDialectBadInputTests.document(), number: "90,",
      hugePath: "routes[0].legs[0].steps[0].voiceInstructions[0].distanceAlongGeometry",
      wrongType: (
        "\"valid\":true", "\"valid\":\"yes\"",
        "routes[0].legs[0].steps[0].intersections[0].lanes[0].valid"
      ),
      empty: ("\"legs\":[{", "\"legs\":[],\"x\":[{", "routes[0].legs"),
      decode: { _ = try RouteDecoder.decodeOSRM($0, source: .valhallaOSRM, precision: 5) }),
    Format(
      name: "valhalla", document: valhallaNative, number: "100,\n\"bearing_after\"",
      hugePath: "trip.legs[0].maneuvers[0].time",
      wrongType: (
        "\"street_names\":[\"A\"]", "\"street_names\":\"A\"",
        "trip.legs[0].maneuvers[0].street_names"
      ),
      empty: ("\"legs\":[{", "\"legs\":[],\"x\":[{", "trip.legs"),
      decode: { _ = try RouteDecoder.decodeValhalla($0) }),
    Format(
      name: "geojson",
      document: #"{"type":"LineString","coordinates":[[7.42,43.73],[7.43,43.74]]}"#,
      number: "43.74", hugePath: "coordinates[1][1]",
      wrongType: ("[7.42,43.73]", "{\"x\":1}", "coordinates[0]"),
      empty: ("[[7.42,43.73],[7.43,43.74]]", "[]", "coordinates"),
      decode: { _ = try RouteDecoder.decodeGeoJSON($0) }),
    Format(
      name: "gpx-rte",
      document:
        #"<gpx><rte><rtept lat="43.73" lon="7.42"/><rtept lat="43.74" lon="7.43"/></rte></gpx>"#,
      number: "43.74", hugePath: "gpx.rte[0].rtept[1].@lat",
      wrongType: ("lon=\"7.43\"", "lon=\"east\"", "gpx.rte[0].rtept[1].@lon"),
      empty: (
        "<rtept lat=\"43.73\" lon=\"7.42\"/><rtept lat=\"43.74\" lon=\"7.43\"/>", "", "gpx"
      ),
      decode: { _ = try RouteDecoder.decode($0) }),
    Format(
      name: "gpx-trk",
      document: """
        <gpx><trk><trkseg><trkpt lat="43.73" lon="7.42"><time>2024-01-01T00:00:00Z</time></trkpt>
        <trkpt lat="43.74" lon="7.43"><time>2024-01-01T00:01:00Z</time></trkpt></trkseg></trk></gpx>
        """,
      number: "43.74", hugePath: "gpx.trk[0].trkseg[0].trkpt[1].@lat",
      wrongType: (
        "<time>2024-01-01T00:01:00Z</time>", "<time>soon</time>",
        "gpx.trk[0].trkseg[0].trkpt[1].time"
      ),
      empty: (
        "<trkpt lat=\"43.74\" lon=\"7.43\"><time>2024-01-01T00:01:00Z</time></trkpt>", "", "gpx"
      ),
      decode: { _ = try RouteDecoder.decode($0) }),
  ]

  static func error(_ format: Format, _ text: String) -> RouteDecodingError? {
    do {
      try format.decode(Data(text.utf8))
      return nil
    } catch let e as RouteDecodingError {
      return e
    } catch {
      Issue.record("\(format.name): untyped error \(error)")
      return nil
    }
  }

  static func replacing(_ format: Format, _ old: String, _ new: String) -> String {
    #expect(format.document.contains(old), "\(format.name): \(old) not in the document")
    return format.document.replacingOccurrences(of: old, with: new)
  }

  @Test(arguments: formats)
  func goodDocumentDecodes(format: Format) {
    #expect(Self.error(format, format.document) == nil)
  }

  @Test(arguments: formats)
  func truncatedAtEveryLength(format: Format) {
    let bytes = Array(format.document.utf8)
    for n in 0..<(bytes.count - 1) {
      let text = String(decoding: bytes[0..<n], as: UTF8.self)
      let e = Self.error(format, text)
      #expect(e != nil, "\(format.name): prefix of \(n) bytes decoded")
      #expect(e.map { !$0.description.isEmpty } ?? true)
    }
  }

  @Test(arguments: formats)
  func nanAndInfinityAreRejected(format: Format) {
    for bad in ["NaN", "nan", "Infinity", "-Infinity", "1e999", "-1e999"] {
      let e = Self.error(
        format,
        Self.replacing(
          format, format.number, bad + String(format.number.drop { $0 != "," && $0 != "\n" })))
      #expect(e != nil, "\(format.name): \(bad) accepted")
    }
  }

  @Test(arguments: formats)
  func hugeNumbersNameTheirPath(format: Format) {
    let tail = String(format.number.drop { $0 != "," && $0 != "\n" })
    for huge in ["1e300", "-1e300", "1e15"] {
      let e = Self.error(format, Self.replacing(format, format.number, huge + tail))
      #expect(e?.path == format.hugePath, "\(format.name): \(huge) gave \(String(describing: e))")
    }
  }

  @Test(arguments: formats)
  func wrongTypesNameTheirPath(format: Format) {
    let (old, new, path) = format.wrongType
    let e = Self.error(format, Self.replacing(format, old, new))
    #expect(e?.path == path, "\(format.name): \(String(describing: e))")
  }

  @Test(arguments: formats)
  func emptyLegsNameTheirPath(format: Format) {
    let (old, new, path) = format.empty
    let e = Self.error(format, Self.replacing(format, old, new))
    #expect(e?.path == path, "\(format.name): \(String(describing: e))")
  }
}

import Foundation
import Testing

@testable import NavigationCore

/// Bad input in the parts only Valhalla-OSRM and Mapbox responses carry: banners, voice,
/// lanes, `maxspeed` and congestion annotations, incidents.
@Suite struct DecoderDialectBadInputTests {
  static let step = """
    {"distance":100,"duration":10,"name":"A","mode":"driving","geometry":"_p~iF~ps|U_ulLnnqC",
    "maneuver":{"type":"depart","location":[-120.2,38.5]},
    "intersections":[{"location":[-120.2,38.5],"bearings":[90],"entry":[true],"out":0,
    "lanes":[{"indications":["left","straight"],"valid":true,"active":true}]}],
    "bannerInstructions":[{"distanceAlongGeometry":100,"primary":{"text":"Go","components":
    [{"type":"text","text":"Go"}]}}],
    "voiceInstructions":[{"distanceAlongGeometry":90,"announcement":"Go"}]}
    """
  static let arrive = """
    {"distance":0,"duration":0,"name":"A","geometry":"_ulLnnqC","maneuver":{"type":"arrive",
    "location":[-120.95,40.7]}}
    """

  static func document(step: String = step, annotation: String = "") -> String {
    """
    {"code":"Ok","uuid":"x","routes":[{"distance":100,"duration":10,"legs":[{"distance":100,
    "duration":10,"summary":""\(annotation),"steps":[\(step),\(arrive)]}]}]}
    """
  }

  func mapboxError(_ text: String) -> RouteDecodingError? {
    do {
      _ = try RouteDecoder.decodeMapbox(Data(text.utf8), precision: 5)
      return nil
    } catch { return error }
  }

  func valhallaError(_ text: String) -> RouteDecodingError? {
    do {
      _ = try RouteDecoder.decodeOSRM(Data(text.utf8), source: .valhallaOSRM, precision: 5)
      return nil
    } catch { return error }
  }

  @Test func goodDocumentDecodesInBothDialects() throws {
    let doc = Self.document(
      annotation: #","annotation":{"maxspeed":[{"speed":50,"unit":"km/h"}],"congestion":["low"]}"#)
    #expect(mapboxError(doc) == nil)
    #expect(valhallaError(doc) == nil)
    let route = try RouteDecoder.decodeMapbox(Data(doc.utf8), precision: 5)[0]
    #expect(route.source == .mapbox)
    #expect(
      route.legs[0].steps[0].intersections[0].lanes?.first?.indications == [.left, .straight])
    #expect(route.legs[0].annotation?.congestion == [.low])
  }

  @Test func badBannerAndVoice() {
    let noPrimary = Self.step.replacingOccurrences(
      of: #""primary":{"text":"Go","components":"#, with: #""secondary":{"text":"Go","components":"#
    )
    #expect(
      mapboxError(Self.document(step: noPrimary))
        == .missingField(path: "routes[0].legs[0].steps[0].bannerInstructions[0].primary"))
    let badComponents = Self.step.replacingOccurrences(
      of: #"[{"type":"text","text":"Go"}]"#, with: #"{"type":"text"}"#)
    #expect(
      valhallaError(Self.document(step: badComponents))?.path
        == "routes[0].legs[0].steps[0].bannerInstructions[0].primary.components")
    let noAnnouncement = Self.step.replacingOccurrences(of: #","announcement":"Go""#, with: "")
    #expect(
      mapboxError(Self.document(step: noAnnouncement))
        == .missingField(path: "routes[0].legs[0].steps[0].voiceInstructions[0].announcement"))
    let negative = Self.step.replacingOccurrences(
      of: #""distanceAlongGeometry":90"#, with: #""distanceAlongGeometry":-5"#)
    #expect(
      mapboxError(Self.document(step: negative))?.path
        == "routes[0].legs[0].steps[0].voiceInstructions[0].distanceAlongGeometry")
  }

  @Test func badLanes() {
    let text = Self.step.replacingOccurrences(
      of: #""indications":["left","straight"]"#, with: #""indications":"left""#)
    #expect(
      valhallaError(Self.document(step: text))
        == .typeMismatch(
          path: "routes[0].legs[0].steps[0].intersections[0].lanes[0].indications",
          expected: "array", found: "string"))
    let bearing = Self.step.replacingOccurrences(
      of: #""bearings":[90]"#, with: #""bearings":[900]"#)
    #expect(
      mapboxError(Self.document(step: bearing))?.path
        == "routes[0].legs[0].steps[0].intersections[0].bearings[0]")
  }

  @Test func badAnnotations() {
    let unit = Self.document(
      annotation: #","annotation":{"maxspeed":[{"speed":50,"unit":"knots"}]}"#)
    #expect(
      valhallaError(unit)
        == .invalidValue(
          path: "routes[0].legs[0].annotation.maxspeed[0].unit", reason: "unknown speed unit knots")
    )
    let speed = Self.document(
      annotation: #","annotation":{"maxspeed":[{"speed":1e9,"unit":"km/h"}]}"#)
    #expect(mapboxError(speed)?.path == "routes[0].legs[0].annotation.maxspeed[0].speed")
    let congestion = Self.document(annotation: #","annotation":{"congestion":[3]}"#)
    #expect(mapboxError(congestion)?.path == "routes[0].legs[0].annotation.congestion[0]")
    let numeric = Self.document(annotation: #","annotation":{"congestion_numeric":[101]}"#)
    #expect(mapboxError(numeric)?.path == "routes[0].legs[0].annotation.congestion_numeric[0]")
    let incidents = Self.document(annotation: #","incidents":[{"id":7}]"#)
    #expect(
      mapboxError(incidents)
        == .typeMismatch(
          path: "routes[0].legs[0].incidents[0].id", expected: "string", found: "number"))
  }

  @Test func incidentsAndNotificationsDecode() throws {
    let doc = Self.document(
      annotation: #","incidents":[{"id":"9","type":"accident","description":"Crash","#
        + #""impact":"major","geometry_index_start":0,"geometry_index_end":1}],"#
        + #""notifications":[{"type":"violation","subtype":"maxHeight","#
        + #""details":{"message":"Too tall"},"geometry_index_start":1}]"#)
    let leg = try RouteDecoder.decodeMapbox(Data(doc.utf8), precision: 5)[0].legs[0]
    #expect(
      leg.incidents == [
        Incident(
          identifier: "9", type: "accident", description: "Crash", impact: "major",
          geometryIndexStart: 0, geometryIndexEnd: 1)
      ])
    #expect(leg.notifications.first?.details == "Too tall")
    #expect(leg.notifications.first?.subtype == "maxHeight")
  }
}

import Foundation
import Testing

@testable import NavigationCore

/// The route model stores its values compactly (fixed-point shapes, columns, boxes, shared
/// strings); every public property must still give back exactly what was put in.
@Suite struct CompactStorageTests {
  static let odd = CLLocationCoordinate2D(latitude: 43.123456789012, longitude: 7.000000000001)
  static let e7 = CLLocationCoordinate2D(latitude: 43.7384176, longitude: -7.4246158)

  @Test func shapesKeepEveryCoordinateExactly() {
    let exact = [Self.e7, CLLocationCoordinate2D(latitude: -90, longitude: 180)]
    var step = RouteStep(
      maneuver: Maneuver(type: .depart, location: Self.e7), geometry: exact, distance: 1,
      expectedTravelTime: 1)
    #expect(step.geometry == exact)
    guard case .e7 = step.shape else {
      Issue.record("7-decimal shape not stored in fixed point")
      return
    }
    let mixed = [Self.e7, Self.odd, CLLocationCoordinate2D(latitude: -0.0, longitude: 0)]
    step.geometry = mixed
    #expect(step.geometry == mixed)
    #expect(step.geometry[1].latitude == 43.123456789012)
    #expect(step.geometry[2].latitude.sign == .minus)
    let leg = RouteLeg(steps: [], geometry: mixed, distance: 1, expectedTravelTime: 1)
    #expect(leg.geometry == mixed)
    #expect(leg.geometry.map(\.latitude.bitPattern) == mixed.map(\.latitude.bitPattern))
  }

  @Test func annotationsKeepEveryValueExactly() {
    var a = RouteLegAnnotation()
    a.distances = [104.5, 68.1, 0, 1e9, 3.14159265358979, -0.0]
    a.durations = [1.234, 0.001, 65.535]
    a.speeds = [.infinity, 12]
    a.maxSpeeds = [
      .known(value: 50, unit: .kilometersPerHour), .known(value: 50, unit: .kilometersPerHour),
      .unknown, .none, .known(value: 30, unit: .milesPerHour),
    ]
    a.congestion = [.low, .low, .other("jammed"), .low, .unknown]
    a.congestionNumeric = [nil, nil, 5, 5, nil]
    var leg = RouteLeg(steps: [], geometry: [], distance: 0, expectedTravelTime: 0)
    leg.annotation = a
    let back = leg.annotation
    #expect(back == a)
    #expect(back?.distances.last?.sign == .minus)
    #expect(back?.distances[4] == 3.14159265358979)
    #expect(leg.annotationStorage?.maxSpeeds.count == 5)
    #expect(leg.annotationStorage?.congestion[2] == .other("jammed"))
    #expect(leg.annotationStorage?.congestion[4] == .unknown)
    guard case .u16? = leg.annotationStorage?.durations else {
      Issue.record("durations within 0…65.535 at 1/1000 not stored as 16 bits")
      return
    }
    a.durations.append(.nan)
    leg.annotation = a
    #expect(leg.annotation?.durations.last?.isNaN == true)
    #expect(leg.annotation?.durations.dropLast() == a.durations.dropLast())
    leg.annotation = nil
    #expect(leg.annotation == nil)
  }

  @Test func runLengthFindsEveryElement() {
    let values = [1, 1, 1, 2, 3, 3, 1, 1, 4]
    let runs = RunLength(values)
    #expect(runs.values == values)
    #expect(runs.count == values.count)
    for (n, v) in values.enumerated() { #expect(runs[n] == v, "index \(n)") }
    #expect(RunLength([Int]()).values.isEmpty)
  }

  @Test func intersectionsKeepRareParts() {
    var x = Intersection(
      location: Self.odd, bearings: [0, 45, 90, 180, 270, 360], entry: [true, false, true],
      inIndex: 3, outIndex: 0,
      lanes: [Lane(indications: [.left, .straight], valid: true, active: true)],
      classes: ["toll", "unpaved", "motorway"],
      tollCollection: TollCollection(type: "toll_gantry", name: "Øresund"), geometryIndex: 12)
    #expect(x.location == Self.odd)
    #expect(x.bearings == [0, 45, 90, 180, 270, 360])
    #expect(x.entry == [true, false, true, false, false, false])
    #expect(x.classes == ["toll", "motorway", "unpaved"])
    #expect(x.tollCollection?.name == "Øresund")
    #expect(x.lanes?.first?.indications == [.left, .straight])
    // Back to common values: the same storage as an intersection built with them.
    x.location = Self.e7
    x.bearings = [90, 270]
    x.entry = [true, false]
    x.lanes = nil
    x.classes = ["toll"]
    x.tollCollection = nil
    let plain = Intersection(
      location: Self.e7, bearings: [90, 270], entry: [true, false], inIndex: 3, outIndex: 0,
      classes: ["toll"], geometryIndex: 12)
    #expect(x == plain)
    #expect(x.hashValue == plain.hashValue)
  }

  @Test func ssmlIsKeptAroundTheText() {
    let ssml = "<speak><prosody rate=\"1.08\">Turn left.</prosody></speak>"
    var spoken = SpokenInstruction(distanceAlongStep: 10, text: "Turn left.", ssmlText: ssml)
    #expect(spoken.ssmlText == ssml)
    let wrapped = SpokenInstruction(distanceAlongStep: 10, text: "Turn.", ssmlText: "<s>Go</s>")
    #expect(wrapped.ssmlText == "<s>Go</s>")
    // Changing the text leaves the SSML as it was.
    spoken.text = "Turn right."
    #expect(spoken.ssmlText == ssml)
    let same = SpokenInstruction(distanceAlongStep: 10, text: "Turn right.", ssmlText: ssml)
    #expect(spoken == same)
    #expect(spoken.hashValue == same.hashValue)
    spoken.ssmlText = nil
    #expect(spoken.ssmlText == nil)
    #expect(
      SpokenInstruction(distanceAlongStep: 1, text: "", ssmlText: "<speak/>").ssmlText
        == "<speak/>")
  }

  @Test func bannersAndStepsKeepOptionalParts() {
    var line = VisualInstructionLine(text: "A 8", maneuverType: .turn)
    line.components = [
      VisualInstructionComponent(type: "text", text: "Avenue de la Costa", abbreviation: "Av."),
      VisualInstructionComponent(
        type: "lane", text: "", directions: [.left], active: true, activeDirection: .left),
    ]
    var banner = VisualInstruction(distanceAlongStep: 100, primary: line, sub: line)
    #expect(banner.sub == line && banner.secondary == nil)
    #expect(banner.primary.components[0].abbreviation == "Av.")
    #expect(banner.primary.components[1].directions == [.left])
    #expect(banner.primary.components[1].activeDirection == .left)
    banner.secondary = line
    banner.sub = nil
    #expect(banner.secondary == line && banner.sub == nil)

    var step = RouteStep(
      maneuver: Maneuver(type: .depart, location: Self.e7), geometry: [Self.e7, Self.e7],
      distance: 1, expectedTravelTime: 1, mode: .ferry)
    #expect(step.mode == .ferry && step.drivingSide == "right" && step.ref == nil)
    step.ref = "E 20"
    step.destinations = "København"
    step.drivingSide = "left"
    step.speedLimitUnit = .milesPerHour
    step.speedLimitSign = .mutcd
    step.exits = "12"
    step.rotaryName = "Place"
    var other = step
    other.ref = "E 47"
    #expect(step.ref == "E 20" && other.ref == "E 47")
    #expect(other.destinations == "København" && other.drivingSide == "left")
    #expect(step.speedLimitUnit == .milesPerHour && step.speedLimitSign == .mutcd)
    #expect(step.exits == "12" && step.rotaryName == "Place")
    other.ref = "E 20"
    #expect(other == step)
  }

  @Test func decodedRoutesShareRepeatedParts() throws {
    let data = try TestData.data("mapbox-directions-swift/tollAndFerryDirectionsRoute.json")
    let json = try JSONValue.parse([UInt8](data))
    let unshared = try RouteDecoder.osrm(
      JSONCursor(json, path: ""), source: .mapbox, precision: nil)
    let decoded = try RouteDecoder.decodeMapbox(data)
    #expect(decoded == unshared)
    let steps = decoded[0].legs[0].steps
    let details = Set(steps.map { ObjectIdentifier($0.details.box) })
    let distinct = Set(steps.map(\.details.value))
    #expect(details.count == distinct.count)
    #expect(details.count < steps.count / 2)
    // One SSML wrapping for all announcements that share it.
    let ssmlBoxes = Set(
      steps.flatMap(\.spokenInstructions).compactMap { s -> ObjectIdentifier? in
        Mirror(reflecting: s).children.first { $0.label == "ssmlStorage" }
          .flatMap { $0.value as? Shared<SSMLStorage> }.map { ObjectIdentifier($0.box) }
      })
    #expect(ssmlBoxes.count == 1)
  }
}

@Suite struct CompactBannerLineTests {
  @Test func textComponentsAndDetailsRoundTrip() {
    let text = VisualInstructionComponent(type: "text", text: "Boulevard du Larvotto")
    var line = VisualInstructionLine(
      text: "Boulevard du Larvotto", maneuverType: .roundabout, maneuverDirection: .slightLeft,
      degrees: 222.5, components: [text])
    #expect(line.components == [text])
    #expect(line.maneuverType == .roundabout && line.maneuverDirection == .slightLeft)
    #expect(line.degrees == 222.5)
    // The components keep their text when the line's text changes, and back.
    line.text = "Avenue Princesse Grace"
    #expect(line.components == [text])
    line.text = "Boulevard du Larvotto"
    let fresh = VisualInstructionLine(
      text: "Boulevard du Larvotto", maneuverType: .roundabout, maneuverDirection: .slightLeft,
      degrees: 222.5, components: [text])
    #expect(line == fresh && line.hashValue == fresh.hashValue)
    line.components.append(VisualInstructionComponent(type: "delimiter", text: "/"))
    #expect(line.components.count == 2 && line.components[0] == text)
    line.components = []
    #expect(line.components.isEmpty)
    line.maneuverType = nil
    line.maneuverDirection = .other("slight-ish")
    line.degrees = nil
    #expect(line.maneuverType == nil && line.maneuverDirection == .other("slight-ish"))
    #expect(line.degrees == nil)
  }

  @Test func maneuversKeepEveryValueExactly() {
    let odd = CompactStorageTests.odd
    var m = Maneuver(
      type: .other("ferry train"), modifier: .other("sideways"), bearingBefore: 0.1,
      bearingAfter: 359, location: odd, exit: 70_000, instruction: "Board the train.")
    #expect(m.type == .other("ferry train") && m.modifier == .other("sideways"))
    #expect(m.bearingBefore == 0.1 && m.bearingAfter == 359)
    #expect(m.location == odd && m.exit == 70_000 && m.instruction == "Board the train.")
    m.type = .roundabout
    m.modifier = nil
    m.bearingBefore = 12
    m.location = CompactStorageTests.e7
    m.exit = 3
    let plain = Maneuver(
      type: .roundabout, bearingBefore: 12, bearingAfter: 359, location: CompactStorageTests.e7,
      exit: 3, instruction: "Board the train.")
    #expect(m == plain && m.hashValue == plain.hashValue)
    m.exit = -1
    #expect(m.exit == -1)
    m.exit = nil
    #expect(m.exit == nil)
  }
}

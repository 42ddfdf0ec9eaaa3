import Foundation
import NavigationCore
import Testing

@Suite struct InstructionCompilerTests {
  static let compiler = InstructionTestSupport.compiler
  /// English from the shared data (a built-in language stands in when the data is missing,
  /// so these tests fail with mismatches and ``SharedInstructionDataTests`` says why).
  static let english =
    (try? InstructionTestSupport.catalog.language("en"))
    ?? InstructionCatalog.builtIn.languages["th"]!

  static func step(
    _ type: String, _ modifier: String? = nil, name: String? = nil, ref: String? = nil
  )
    -> InstructionStep
  {
    InstructionStep(
      maneuver: InstructionManeuver(type: type, modifier: modifier), name: name, ref: ref)
  }

  @Test(arguments: [
    ("", "", ""), ("name", "ref", "Name (ref)"), ("name (ref)", "ref", "Name (ref)"),
    ("name (ref; other)", "ref; other", "Name (ref)"), ("name", "ref1; ref2", "Name (ref1)"),
    ("ref", "ref", "ref"), ("", "A 7", "A 7"),
  ])
  func wayNameCombinesNameAndRef(name: String, ref: String, expected: String) {
    let wayName = Self.compiler.wayName(
      for: Self.step("turn", "left", name: name, ref: ref), language: Self.english)
    #expect(wayName == expected)
  }

  @Test(arguments: [
    ("name", "ref", "name"), ("name", "A1", "A1"), ("name (A1)", "A1", "A1"),
    ("name", "A1; A2", "A1"), ("", "", ""),
  ])
  func wayNameOnMotorwayPrefersNumberedRef(name: String, ref: String, expected: String) {
    let options = InstructionOptions(classes: ["motorway"])
    let wayName = Self.compiler.wayName(
      for: Self.step("turn", "left", name: name, ref: ref), language: Self.english,
      options: options)
    #expect(wayName == expected)
  }

  @Test func formatTokenWrapsEveryValue() throws {
    let options = InstructionOptions(formatToken: { token, value in
      "<\(token)>\(value)</\(token)>"
    })
    var step = Self.step("turn", "left", name: "Main Street")
    #expect(
      try Self.compiler.compile(step, language: "en", options: options)
        == "Turn left onto <way_name><name>Main Street</name></way_name>")
    step.maneuver.modifier = "sharp right"
    step.destinations = "A1: Paris, Lille"
    #expect(
      try Self.compiler.compile(step, language: "en", options: options)
        == "Make a <modifier>sharp right</modifier> towards <destination>A1: Paris</destination>")
  }

  @Test(arguments: [
    ([true, true, true], "o"), ([true, true, false], "ox"), ([true, false, true], "oxo"),
    ([false, true, true, false], "xox"), ([false, true, false, true, false], "xoxox"),
    ([false, false], "x"), ([], ""),
  ])
  func laneConfigurationContractsRuns(valid: [Bool], expected: String) throws {
    var step = Self.step("use lane", "straight")
    step.intersections = [
      InstructionIntersection(lanes: valid.map { InstructionLane(valid: $0) })
    ]
    #expect(try InstructionCompiler.laneConfiguration(step) == expected)
  }

  @Test func unknownLaneConfigurationContinuesStraight() throws {
    var step = Self.step("use lane", "straight")
    step.intersections = [
      InstructionIntersection(lanes: [true, false, true, false].map { InstructionLane(valid: $0) })
    ]
    #expect(try Self.compiler.compile(step, language: "en") == "Continue straight")
  }

  @Test(arguments: [
    (0.0, "north"), (20, "north"), (20.5, "northeast"), (69.9, "northeast"), (70, "east"),
    (110, "east"), (111, "southeast"), (160, "south"), (200, "south"), (201, "southwest"),
    (250, "west"), (290, "west"), (291, "northwest"), (339, "northwest"), (340, "north"),
    (360, "north"),
  ])
  func directionFromBearing(degrees: Double, expected: String) throws {
    #expect(
      try InstructionCompiler.direction(forBearing: degrees, language: Self.english) == expected)
  }

  @Test func departUsesBearing() throws {
    var step = Self.step("depart", name: "Boulevard Albert 1er")
    step.maneuver.bearingAfter = 45
    #expect(
      try Self.compiler.compile(step, language: "en") == "Head northeast on Boulevard Albert 1er")
    step.maneuver.bearingAfter = 361
    #expect(throws: InstructionError.invalidBearing(361)) {
      try Self.compiler.compile(step, language: "en")
    }
  }

  @Test func errorsAreTyped() {
    #expect(throws: InstructionError.unknownLanguage("xx")) {
      try Self.compiler.compile(Self.step("turn", "left"), language: "xx")
    }
    #expect(throws: InstructionError.missingModifier(type: "turn")) {
      try Self.compiler.compile(Self.step("turn"), language: "en")
    }
    #expect(throws: InstructionError.missingManeuverType) {
      try Self.compiler.compile(Self.step(""), language: "en")
    }
    #expect(throws: InstructionError.missingLanes) {
      try Self.compiler.compile(Self.step("use lane", "left"), language: "en")
    }
  }

  @Test func unknownTypeIsATurn() throws {
    #expect(
      try Self.compiler.compile(Self.step("teleport", "left", name: "Rue Grimaldi"), language: "en")
        == "Turn left onto Rue Grimaldi")
  }

  @Test func arrivalCountsWaypoints() throws {
    let step = Self.step("arrive", "right")
    let first = InstructionOptions(legIndex: 0, legCount: 3)
    let last = InstructionOptions(legIndex: 2, legCount: 3)
    let named = InstructionOptions(legIndex: 0, legCount: 3, waypointName: "Casino")
    #expect(
      try Self.compiler.compile(step, language: "en", options: first)
        == "You have arrived at your 1st destination, on the right")
    #expect(
      try Self.compiler.compile(step, language: "en", options: last)
        == "You have arrived at your destination, on the right")
    #expect(
      try Self.compiler.compile(step, language: "en", options: named)
        == "You have arrived at Casino, on the right")
  }

  @Test func tokenizerKeepsUnknownTokensAndCollapsesSpaces() {
    #expect(
      InstructionTokenizer.tokenize(
        "Can {first} {second}", tokens: ["first": "osrm", "second": ""], language: Self.english)
        == "Can osrm ")
    #expect(
      InstructionTokenizer.tokenize(
        "Can {first} {second}", tokens: ["first": "", "second": "swim"], language: Self.english)
        == "Can swim")
    #expect(
      InstructionTokenizer.tokenize(
        "Can {first} {second}", tokens: ["first": "osrm"], language: Self.english)
        == "Can osrm {second}")
    #expect(
      InstructionTokenizer.tokenize("a   b    c", tokens: [:], language: Self.english)
        == "A  b  c")
  }

  @Test func tokenizerCapitalisesBeforeFormatting() {
    let text = InstructionTokenizer.tokenize(
      "{modifier} turns are prohibited here", tokens: ["modifier": "left"],
      language: Self.english,
      formatToken: { token, value in token == "modifier" ? "<b>\(value)</b>" : value })
    #expect(text == "<b>Left</b> turns are prohibited here")
  }

  @Test func capitalisationUsesTheLanguage() throws {
    let turkish = try InstructionTestSupport.catalog.language("tr")
    #expect(
      InstructionTokenizer.tokenize(
        "{way_name}", tokens: ["way_name": "istiklal"], language: turkish)
        == "İstiklal")
    let japanese = try InstructionTestSupport.catalog.language("ja")
    #expect(
      InstructionTokenizer.tokenize("{way_name}", tokens: ["way_name": "abc"], language: japanese)
        == "abc")
  }

  @Test func grammarIsAppliedBeforeFormatting() throws {
    let russian = try InstructionTestSupport.catalog.language("ru")
    let text = InstructionTokenizer.tokenize(
      "Плавно поверните налево на {way_name:accusative}",
      tokens: ["way_name": "Бармалеева улица"], language: russian,
      formatToken: { token, value in token == "way_name" ? value.uppercased() : value })
    #expect(text == "Плавно поверните налево на БАРМАЛЕЕВУ УЛИЦУ")
  }
}

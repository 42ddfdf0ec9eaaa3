import Foundation
import NavigationCore
import Testing

@Suite struct InstructionBuiltInTranslationTests {
  static let compiler = InstructionCompiler(catalog: .builtIn)

  /// Every template path of a node tree, with its template.
  static func leaves(_ node: InstructionTemplateNode, _ prefix: String = "") -> [String: String] {
    switch node {
    case .text(let text): return [prefix: text]
    case .group(let children):
      var result: [String: String] = [:]
      for (key, child) in children {
        result.merge(leaves(child, prefix.isEmpty ? key : prefix + "." + key)) { $1 }
      }
      return result
    }
  }

  static func tokens(_ template: String) -> Set<String> {
    let regex = try! NSRegularExpression(pattern: "\\{\\w+(:\\w+)?\\}")
    let range = NSRange(location: 0, length: template.utf16.count)
    return Set(
      regex.matches(in: template, range: range).map {
        (template as NSString).substring(with: $0.range)
      })
  }

  @Test(arguments: ["th", "zh-Hant"])
  func coversEveryEnglishTemplateWithTheSameTokens(code: String) throws {
    let english = Self.leaves(try InstructionTestSupport.catalog.language("en").templates)
    let ours = Self.leaves(try InstructionCatalog.builtIn.language(code).templates)
    #expect(Set(ours.keys) == Set(english.keys))
    for key in english.keys.sorted() {
      guard let template = ours[key] else { continue }
      #expect(!template.isEmpty, "\(code) \(key) is empty")
      #expect(Self.tokens(template) == Self.tokens(english[key]!), "\(code) \(key)")
    }
  }

  @Test func sharedCatalogIncludesBuiltInLanguages() {
    #expect(InstructionTestSupport.catalog.languageCodes.contains("th"))
    #expect(InstructionTestSupport.catalog.languageCodes.contains("zh-Hant"))
    #expect(InstructionTestSupport.catalog.languageCodes.count == 33)
  }

  static func step(
    _ type: String, _ modifier: String? = nil, name: String = "", exit: Int? = nil,
    bearing: Double? = nil
  ) -> InstructionStep {
    InstructionStep(
      maneuver: InstructionManeuver(
        type: type, modifier: modifier, exit: exit, bearingAfter: bearing), name: name)
  }

  static let thaiCases: [(InstructionStep, InstructionOptions, String)] = [
    (step("turn", "left", name: "ถนนสุขุมวิท"), .init(), "เลี้ยวซ้ายเข้าสู่ ถนนสุขุมวิท"),
    (step("turn", "uturn"), .init(), "เลี้ยวกลับรถ"),
    (step("depart", name: "ถนนสีลม", bearing: 90), .init(), "มุ่งหน้าไปทางทิศตะวันออกบน ถนนสีลม"),
    (
      step("roundabout", "right", name: "ถนนพระรามที่ 4", exit: 2), .init(),
      "เข้าวงเวียนแล้วใช้ทางออกที่สองเข้าสู่ ถนนพระรามที่ 4"
    ),
    (
      step("arrive", "left"), .init(legIndex: 0, legCount: 2),
      "คุณมาถึงจุดหมายที่หนึ่งแล้ว อยู่ทางซ้ายมือ"
    ),
    (step("arrive", "straight"), .init(legIndex: 1, legCount: 2), "คุณมาถึงจุดหมายแล้ว อยู่ตรงหน้า"),
    (
      step("arrive", "right"), .init(waypointName: "สยามพารากอน"),
      "คุณมาถึง สยามพารากอน แล้ว อยู่ทางขวามือ"
    ),
    (step("fork", "slight right"), .init(), "ชิดขวาที่ทางแยก"),
    (step("continue", "straight"), .init(), "ตรงไปต่อ"),
    (step("exit roundabout", "right", name: "ถนนราชดำเนิน"), .init(), "ออกจากวงเวียนเข้าสู่ ถนนราชดำเนิน"),
  ]

  @Test(arguments: thaiCases)
  func thaiSentences(step: InstructionStep, options: InstructionOptions, expected: String) throws {
    #expect(try Self.compiler.compile(step, language: "th", options: options) == expected)
  }

  static let chineseCases: [(InstructionStep, InstructionOptions, String)] = [
    (step("turn", "right", name: "忠孝東路"), .init(), "右轉進入忠孝東路"),
    (step("turn", "uturn"), .init(), "迴轉"),
    (step("depart", name: "中山北路", bearing: 180), .init(), "沿中山北路朝南方出發"),
    (
      step("arrive", "right"), .init(waypointName: "台北車站"), "您已抵達台北車站，目的地在右側"
    ),
    (step("arrive"), .init(legIndex: 2, legCount: 4), "您已抵達第三個目的地"),
    (step("fork", "slight left"), .init(), "在岔路口靠左"),
    (step("end of road", "left", name: "民生東路"), .init(), "在道路盡頭左轉進入民生東路"),
    (step("continue", "straight"), .init(), "繼續直行"),
  ]

  @Test(arguments: chineseCases)
  func traditionalChineseSentences(
    step: InstructionStep, options: InstructionOptions, expected: String
  ) throws {
    #expect(try Self.compiler.compile(step, language: "zh-Hant", options: options) == expected)
  }

  @Test func rotaryWithNameAndExitInBothLanguages() throws {
    var step = Self.step("rotary", "slight right", name: "", exit: 3)
    step.rotaryName = "Place du Casino"
    step.destinations = "A8: Nice, Menton"
    #expect(
      try Self.compiler.compile(step, language: "th")
        == "เข้าวงเวียน Place du Casino แล้วใช้ทางออกที่สามมุ่งหน้าสู่ A8: Nice")
    #expect(
      try Self.compiler.compile(step, language: "zh-Hant")
        == "進入Place du Casino後從第三個出口駛出前往A8: Nice")
  }

  @Test func offRampOmitsTheDrivingSide() throws {
    var step = Self.step("off ramp", "slight right")
    step.exits = "5;5A"
    step.destinations = "Bang Na"
    step.drivingSide = "right"
    #expect(try Self.compiler.compile(step, language: "th") == "ใช้ทางออก 5 มุ่งหน้าสู่ Bang Na")
    #expect(try Self.compiler.compile(step, language: "zh-Hant") == "從5號出口駛出，前往Bang Na")
    step.drivingSide = "left"
    #expect(
      try Self.compiler.compile(step, language: "th") == "ใช้ทางออก 5 ด้านขวามุ่งหน้าสู่ Bang Na")
    #expect(
      try Self.compiler.compile(step, language: "zh-Hant") == "從右側的5號出口駛出，前往Bang Na")
  }

  @Test func laneAndNameAndRefInBothLanguages() throws {
    var lanes = Self.step("use lane", "straight")
    lanes.intersections = [
      InstructionIntersection(lanes: [
        InstructionLane(indications: ["left"], valid: false),
        InstructionLane(indications: ["straight"], valid: true),
      ])
    ]
    #expect(try Self.compiler.compile(lanes, language: "th") == "ใช้ช่องทางขวา")
    #expect(try Self.compiler.compile(lanes, language: "zh-Hant") == "請走右側車道")
    var named = Self.step("turn", "left", name: "中山高速公路")
    named.ref = "國道1號"
    #expect(try Self.compiler.compile(named, language: "zh-Hant") == "左轉進入中山高速公路（國道1號）")
  }

  @Test func phrasesInBothLanguages() throws {
    let thai = try InstructionCatalog.builtIn.language("th")
    let chinese = try InstructionCatalog.builtIn.language("zh-Hant")
    let tokens = ["distance": "300 ม.", "instruction_one": "เลี้ยวซ้าย"]
    #expect(
      InstructionTokenizer.tokenize(thai.phrase("one in distance")!, tokens: tokens, language: thai)
        == "อีก 300 ม. เลี้ยวซ้าย")
    #expect(
      InstructionTokenizer.tokenize(
        chinese.phrase("two linked")!, tokens: ["instruction_one": "左轉", "instruction_two": "迴轉"],
        language: chinese) == "左轉，然後迴轉")
  }
}

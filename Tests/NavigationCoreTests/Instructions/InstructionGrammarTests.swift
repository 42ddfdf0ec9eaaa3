import Foundation
import NavigationCore
import Testing

@Suite struct InstructionGrammarTests {
  static func grammar(_ code: String) throws -> InstructionGrammar {
    try #require(try InstructionTestSupport.catalog.language(code).grammar)
  }

  @Test(arguments: [
    ("fr", "Marseille", "arrival", "à Marseille"),
    ("fr", "Le Havre", "preposition", "du Havre"),
    ("fr", "Les Ulis", "arrival", "aux Ulis"),
    ("fr", "Avenue des Champs-Élysées", "article", "l’avenue des Champs-Élysées"),
    ("fr", "Cour d'Honneur", "rotary", "le rond-point de la cour d’Honneur"),
    ("ru", "Бармалеева улица", "accusative", "Бармалееву улицу"),
    ("ru", "Бармалеева улица", "dative", "Бармалеевой улице"),
    ("ru", "Бармалеева улица", "unknown-case", "Бармалеева улица"),
  ])
  func rewritesNames(code: String, name: String, grammaticalCase: String, expected: String) throws {
    #expect(try Self.grammar(code).apply(name, case: grammaticalCase) == expected)
  }

  @Test func languagesWithoutGrammarFileHaveNone() throws {
    #expect(try InstructionTestSupport.catalog.language("en").grammar == nil)
    #expect(try Self.grammar("hu").cases["article"]?.isEmpty == false)
  }

  @Test func grammarCasesOfEveryFileCompile() throws {
    for code in ["da", "fr", "hu", "ru"] {
      let grammar = try Self.grammar(code)
      #expect(!grammar.cases.isEmpty, "\(code)")
      #expect(grammar.replacesAll == (code != "ru"), "\(code)")
    }
  }
}

@Suite struct InstructionAbbreviationsTests {
  @Test func abbreviatesKnownWords() throws {
    let english = try #require(try InstructionTestSupport.catalog.language("en").abbreviations)
    #expect(english.abbreviate("Saint John Street North") == "St John St N")
    #expect(english.abbreviate("Unknown Words") == "Unknown Words")
    #expect(try InstructionTestSupport.catalog.language("ja").abbreviations == nil)
  }
}

import Foundation
import SharedTestData
import Testing

/// The guides stay true to the code: Guides/Architecture.md's layer table is the dependency
/// list of Package.swift, and every "Guides/Spec.md §N" or "Guides/Decisions.md N" a comment
/// cites exists.
@Suite struct GuidesTests {
  static func read(_ relative: String) throws -> String {
    try String(
      contentsOf: SharedTestData.packageRoot.appendingPathComponent(relative), encoding: .utf8)
  }

  /// Each target of Package.swift with its dependencies (system libraries included).
  static func packageTargets() throws -> [String: Set<String>] {
    let text = try read("Package.swift")
    let pattern = try NSRegularExpression(
      pattern:
        #"\.(?:target|executableTarget)\(\s*name:\s*"(\w+)"(?:[^\[\)]*?dependencies:\s*\[([^\]]*)\])?"#
    )
    var targets: [String: Set<String>] = [:]
    for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
      let name = String(text[Range(match.range(at: 1), in: text)!])
      let list = Range(match.range(at: 2), in: text).map { String(text[$0]) } ?? ""
      targets[name] = Set(
        list.split(separator: ",").map {
          $0.trimmingCharacters(in: CharacterSet(charactersIn: " \n\""))
        }.filter { !$0.isEmpty })
    }
    return targets
  }

  /// The rows of the guide's layer table: modules and the modules they import.
  static func guideRows() throws -> [(modules: [String], imports: Set<String>)] {
    let text = try read("Guides/Architecture.md")
    let word = try NSRegularExpression(pattern: #"_?[A-Z][A-Za-z0-9_]+|navui"#)
    func words(_ s: Substring) -> [String] {
      let s = String(s)
      return word.matches(in: s, range: NSRange(s.startIndex..., in: s)).map {
        String(s[Range($0.range, in: s)!])
      }
    }
    return text.split(separator: "\n").compactMap { line in
      guard let first = line.first(where: { $0 != " " }), first.isNumber,
        let bar = line.firstIndex(of: "─")
      else { return nil }
      let left = line[line.index(after: line.firstIndex(of: first)!)..<bar]
      let right = line[bar...]
      return (words(left), Set(words(right)))
    }
  }

  @Test func layerTableMatchesPackageSwift() throws {
    let targets = try Self.packageTargets()
    let rows = try Self.guideRows()
    #expect(rows.count >= 10)
    var documented: Set<String> = []
    for row in rows {
      for module in row.modules {
        documented.insert(module)
        #expect(
          targets[module] == row.imports, "\(module): Package.swift has \(targets[module] ?? [])")
      }
    }
    for library in [
      "Cassowary", "Text", "ViewKit", "NavigationCore", "Routing", "NavigationUI", "Rendering",
      "LayoutAudit", "NavigationUITesting", "Demo", "NavCLI", "navui",
    ] {
      #expect(documented.contains(library), "\(library) is missing from Guides/Architecture.md")
    }
  }

  /// Every Swift file under Sources and Tests, as text.
  static func swiftSources() throws -> [(path: String, text: String)] {
    let root = SharedTestData.packageRoot
    var files: [(String, String)] = []
    for folder in ["Sources", "Tests"] {
      let url = root.appendingPathComponent(folder)
      let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)
      while let file = walker?.nextObject() as? URL {
        guard file.pathExtension == "swift" else { continue }
        files.append((file.path, try String(contentsOf: file, encoding: .utf8)))
      }
    }
    return files
  }

  /// The captures of `pattern`'s first group in `text`.
  static func captures(_ pattern: String, in text: String) throws -> [String] {
    let regex = try NSRegularExpression(pattern: pattern)
    return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
      Range($0.range(at: 1), in: text).map { String(text[$0]) }
    }
  }

  @Test func citedSectionsAndDecisionsExist() throws {
    let spec = Set(
      try Self.captures(#"(?m)^#+ §([0-9]+(?:\.[0-9A-Z]+)?)"#, in: Self.read("Guides/Spec.md")))
    let decisions = Set(
      try Self.captures(#"(?m)^([0-9]+)\. \*\*"#, in: Self.read("Guides/Decisions.md")))
    #expect(spec.contains("10.A") && spec.contains("14.7"))
    #expect(decisions.count >= 12)
    var cited = 0
    for (path, text) in try Self.swiftSources() {
      // The documents these used to cite are not in the repo; the guides are.
      let stale = ["SPEC" + " §", "DESIGN" + " decision"]
      #expect(!stale.contains { text.contains($0) }, "\(path) cites a document not in the repo")
      for section in try Self.captures(#"Guides/Spec\.md §([0-9]+(?:\.[0-9A-Z]+)?)"#, in: text) {
        cited += 1
        #expect(spec.contains(section), "\(path) cites Guides/Spec.md §\(section)")
      }
      for list in try Self.captures(#"Guides/Decisions\.md ([0-9]+(?:[–-][0-9]+)?)"#, in: text) {
        cited += 1
        let bounds = list.split(whereSeparator: { $0 == "–" || $0 == "-" }).compactMap { Int($0) }
        for number in (bounds.first ?? 0)...(bounds.last ?? 0) {
          #expect(decisions.contains(String(number)), "\(path) cites Guides/Decisions.md \(number)")
        }
      }
    }
    #expect(cited >= 40)
  }
}

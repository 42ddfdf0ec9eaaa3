import Demo
import Foundation
import LayoutAudit
import NavigationUI

/// `navui audit --layout <layout> [--format text|json] [--matrix default|quick] [--out <dir>]`:
/// runs a layout through the layout audit, prints the findings and writes
/// `<out>/audit.html` with a picture of each failing frame under the debug overlay.
public struct AuditCommand: HelpedCommand, Equatable, Sendable {
  /// `audit`.
  public static let commandName = "audit"
  /// Its line in `navui --help`.
  public static let abstract =
    "Check a layout against the layout rules; write an HTML page."
  /// How findings are printed.
  public enum Format: String, Sendable, CaseIterable {
    /// One line per finding, then a summary line.
    case text
    /// A JSON array of findings (`rule`, `state`, `configuration`, `size`, `views`, `message`).
    case json
  }

  /// The layout to audit.
  public var layout: DemoConfiguration.Layout = .sample
  /// The output format.
  public var format: Format = .text
  /// Whether to run the small matrix instead of the default one.
  public var quick = false
  /// The folder for `audit.html`.
  public var out = "out"

  /// The outcome of parsing arguments.
  public typealias Parsed = ParsedCommand<AuditCommand>

  /// The help screen.
  public static let help = CommandHelp(
    commandName: "navui audit",
    overview: "Check a layout against the layout rules in every state, size and direction.",
    discussion: """
      Drives the layout through navigation ready, guidance, prompts shown, changed and \
      hidden, rotations, stop and disable, on phones and a tablet, left to right and right to \
      left, and checks the spec's rules for layout delegates (D3-D5, D7-D16) and ours \
      (overlap, conflict, ambiguous, touch-target, opaque-viewport, safe-area). Prints the findings and \
      writes <out>/audit.html, one self-contained page with a picture of each failing frame \
      under the debug overlay. Exit status: 0 when the layout is clean, 1 when there are \
      findings, 64 for a usage error.
      """,
    usage: "navui audit [--layout <layout>] [--format <format>] [--matrix <matrix>] "
      + "[--out <dir>]",
    options: [
      CommandHelp.Entry(
        "--layout <layout>",
        "The layout: sample, wide, sheet or builtin (no delegate). Default: sample."),
      CommandHelp.Entry(
        "--format <format>",
        "text (one line per finding and a summary) or json (an array of findings). "
          + "Default: text."),
      CommandHelp.Entry(
        "--matrix <matrix>",
        "default (phone, small phone, tablet; both orientations and directions) or quick "
          + "(two phone configurations). Default: default."),
      CommandHelp.Entry("--out <dir>", "The folder for audit.html. Default: out."),
    ])

  /// Parses the arguments after `navui audit`.
  public static func parse(_ arguments: [String]) throws(CommandLineError) -> Parsed {
    var command = AuditCommand()
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
      let name = parts.first ?? argument
      let inline = parts.count > 1 ? parts[1] : nil
      func read() throws(CommandLineError) -> String {
        if let inline { return inline }
        index += 1
        guard index < arguments.count, !arguments[index].hasPrefix("--") else {
          throw .missingValue(option: name)
        }
        return arguments[index]
      }
      guard argument.hasPrefix("-") else { throw .unexpectedArgument(argument) }
      switch name {
      case "-h", "--help": return .help
      case "--layout":
        let value = try read()
        guard let layout = DemoConfiguration.Layout(rawValue: value) else {
          throw .invalidValue(
            option: name, value: value, reason: "expected sample, wide, sheet or builtin")
        }
        command.layout = layout
      case "--format":
        let value = try read()
        guard let format = Format(rawValue: value) else {
          throw .invalidValue(option: name, value: value, reason: "expected text or json")
        }
        command.format = format
      case "--matrix":
        let value = try read()
        guard value == "default" || value == "quick" else {
          throw .invalidValue(option: name, value: value, reason: "expected default or quick")
        }
        command.quick = value == "quick"
      case "--out":
        let value = try read()
        guard !value.isEmpty else {
          throw .invalidValue(option: name, value: value, reason: "expected a folder")
        }
        command.out = value
      default: throw .unknownOption(name)
      }
      index += 1
    }
    return .run(command)
  }

  /// Runs the audit, prints the findings and writes the page. Returns 0 when clean, 1 when
  /// there are findings.
  @MainActor public func run(context: CommandContext) throws(CommandLineError) -> Int32 {
    try run(context: context, makeDelegate: nil)
  }

  /// Runs with `makeDelegate` in place of the layout's delegate when given (tests audit
  /// deliberately broken delegates through the command this way).
  @MainActor func run(
    context: CommandContext, makeDelegate: (@MainActor () -> any NavigationLayoutDelegate)?
  ) throws(CommandLineError) -> Int32 {
    var audit = LayoutAudit(matrix: quick ? .quick : .default)
    let pictures = AuditPictures()
    audit.onFailingFrame = { pictures.capture($0) }
    let findings: [LayoutFinding]
    if let makeDelegate {
      findings = audit.run(makeDelegate: makeDelegate)
    } else if layout == .builtin {
      findings = audit.runBuiltInLayout()
    } else {
      findings = audit.run { layout.makeDelegate() ?? SampleLayoutDelegate() }
    }
    let folder = context.url(for: out)
    let page = folder.appendingPathComponent("audit.html")
    let html = AuditPage(
      layout: layout.rawValue, matrix: quick ? "quick" : "default", findings: findings,
      frames: pictures.frames, framesLeftOut: pictures.leftOut
    ).html
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(html.utf8).write(to: page)
    } catch {
      throw .demo(.write(path: page.path, reason: error.localizedDescription))
    }
    let summary = Self.summary(findings, layout: layout, report: page.path)
    switch format {
    case .text:
      for finding in findings { context.print(finding.description) }
      context.print(summary)
    case .json:
      context.writeOutput(Self.json(findings) + "\n")
      context.writeError(summary + "\n")
    }
    return findings.isEmpty ? 0 : 1
  }

  /// `N findings (rule ×n, …); report: <path>`, or `clean` when there are none.
  static func summary(
    _ findings: [LayoutFinding], layout: DemoConfiguration.Layout, report: String
  ) -> String {
    guard !findings.isEmpty else {
      return "\(layout.rawValue): clean, no findings; report: \(report)"
    }
    var counts: [String: Int] = [:]
    for finding in findings { counts[finding.rule.id, default: 0] += 1 }
    let rules = counts.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
    return "\(layout.rawValue): \(findings.count) finding\(findings.count == 1 ? "" : "s") "
      + "(\(rules.joined(separator: ", "))); report: \(report)"
  }

  /// The findings as a JSON array with sorted keys.
  static func json(_ findings: [LayoutFinding]) -> String {
    struct Size: Encodable {
      let width: Double
      let height: Double
    }
    struct Entry: Encodable {
      let rule: String
      let state: String
      let configuration: String
      let size: Size
      let views: [String]
      let message: String
    }
    let entries = findings.map {
      Entry(
        rule: $0.rule.id, state: $0.state, configuration: $0.configuration,
        size: Size(width: Double($0.size.width), height: Double($0.size.height)), views: $0.views,
        message: $0.message)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(entries)) ?? Data("[]".utf8)
    return String(decoding: data, as: UTF8.self)
  }
}

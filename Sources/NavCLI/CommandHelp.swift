/// A command's help screen in swift-argument-parser's layout.
///
/// `OVERVIEW`, an optional discussion, `USAGE`, then `ARGUMENTS`, `OPTIONS` and
/// `SUBCOMMANDS` sections whose entries put the label at column 2 and the description at
/// column 26, wrapped at 80 columns.
public struct CommandHelp: Sendable, Equatable {
  /// One row of a section: a label such as `--languages <languages>` and its description.
  public struct Entry: Sendable, Equatable {
    /// The label, e.g. `<fixtures-dir>` or `-h, --help`.
    public var label: String
    /// What it does.
    public var text: String

    /// Creates an entry.
    public init(_ label: String, _ text: String) {
      self.label = label
      self.text = text
    }
  }

  /// The command as typed, e.g. `navui instructions check`.
  public var commandName: String
  /// One sentence on what the command does.
  public var overview: String
  /// Longer notes shown under the overview.
  public var discussion: String?
  /// The usage line after `USAGE: `.
  public var usage: String
  /// Positional arguments.
  public var arguments: [Entry] = []
  /// Options; `-h, --help` is appended.
  public var options: [Entry] = []
  /// Subcommands, for command groups.
  public var subcommands: [Entry] = []

  static let labelColumn = 26
  static let width = 80

  /// The whole help screen, ending with a line break.
  public var rendered: String {
    var lines = ["OVERVIEW: \(overview)", ""]
    if let discussion {
      lines += Self.wrap(discussion, indent: 0, width: Self.width) + [""]
    }
    lines += ["USAGE: \(usage)", ""]
    if !arguments.isEmpty {
      lines += ["ARGUMENTS:"] + arguments.flatMap(Self.render) + [""]
    }
    lines +=
      ["OPTIONS:"]
      + (options + [Entry("-h, --help", "Show help information.")])
      .flatMap(Self.render) + [""]
    if !subcommands.isEmpty {
      lines += ["SUBCOMMANDS:"] + subcommands.flatMap(Self.render) + [""]
      lines += ["  See '\(commandName) help <subcommand>' for detailed help.", ""]
    }
    return lines.joined(separator: "\n")
  }

  /// The lines printed after an error: the usage and where to find help.
  public var errorFooter: String {
    "Usage: \(usage)\n  See '\(commandName) --help' for more information.\n"
  }

  private static func render(_ entry: Entry) -> [String] {
    let label = "  " + entry.label
    let body = wrap(entry.text, indent: labelColumn, width: width)
    if label.count <= labelColumn - 2 {
      let padding = String(repeating: " ", count: labelColumn - label.count)
      return [label + padding + body[0].dropFirst(labelColumn)] + body.dropFirst()
    }
    return [label] + body
  }

  /// Word-wraps `text` so each line, `indent` spaces included, fits `width` columns.
  static func wrap(_ text: String, indent: Int, width: Int) -> [String] {
    let prefix = String(repeating: " ", count: indent)
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && indent + line.count + 1 + word.count > width {
        lines.append(prefix + line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    lines.append(prefix + line)
    return lines
  }
}

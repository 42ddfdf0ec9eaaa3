import Foundation
import ViewKit

/// One rule broken by a layout delegate, where and when.
public struct LayoutFinding: Sendable, Hashable, CustomStringConvertible {
  /// The rule broken: one of the spec's (``LayoutRule/d3``, …) or one of the audit's own
  /// (``LayoutRule/overlap``, …); `rule.id` is its printed spelling ("D3", "overlap").
  public let rule: LayoutRule
  /// The moment of the run, e.g. "ready", "guidance", "guidance+prompt", "after stop".
  public let state: String
  /// The configuration's name, e.g. "phone portrait ltr".
  public let configuration: String
  /// The map's size at that moment.
  public let size: CGSize
  /// The views involved: accessibility identifiers, or class names.
  public let views: [String]
  /// What is wrong.
  public let message: String

  /// Makes a finding.
  public init(
    rule: LayoutRule, state: String, configuration: String, size: CGSize, views: [String],
    message: String
  ) {
    self.rule = rule
    self.state = state
    self.configuration = configuration
    self.size = size
    self.views = views
    self.message = message
  }

  /// One line: rule, configuration, state, size, views and message.
  public var description: String {
    "[\(rule)] \(configuration) / \(state) (\(points(size.width))×\(points(size.height))) "
      + "\(views.joined(separator: ", ")): \(message)"
  }

  /// Equal when every field is.
  public static func == (a: LayoutFinding, b: LayoutFinding) -> Bool {
    a.rule == b.rule && a.state == b.state && a.configuration == b.configuration
      && a.size.width == b.size.width && a.size.height == b.size.height && a.views == b.views
      && a.message == b.message
  }

  /// Hashes the fields.
  public func hash(into h: inout Hasher) {
    h.combine(rule)
    h.combine(state)
    h.combine(configuration)
    h.combine(views)
    h.combine(message)
  }
}

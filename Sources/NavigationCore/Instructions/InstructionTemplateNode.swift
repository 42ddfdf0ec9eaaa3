import Foundation

/// One node of a language's template tree: a template string or a group of named children.
///
/// The tree mirrors the `v5` object of an osrm-text-instructions translation file, e.g.
/// `turn` → `left` → `name` → `"Turn left onto {way_name}"`.
public indirect enum InstructionTemplateNode: Sendable, Equatable {
  /// A template string with `{token}` placeholders.
  case text(String)
  /// A group of child nodes keyed by name.
  case group([String: InstructionTemplateNode])

  /// The child named `key`, if this node is a group that has it.
  public subscript(key: String) -> InstructionTemplateNode? {
    if case .group(let children) = self { return children[key] }
    return nil
  }

  /// The template string, if this node is a leaf.
  public var text: String? {
    if case .text(let value) = self { return value }
    return nil
  }

  /// The node at a path of keys, e.g. `["turn", "left", "name"]`.
  public func node(at path: [String]) -> InstructionTemplateNode? {
    var current: InstructionTemplateNode? = self
    for key in path { current = current?[key] }
    return current
  }

  /// Builds a node from a value produced by `JSONSerialization`.
  ///
  /// - Parameters:
  ///   - json: a string or a dictionary of strings and dictionaries.
  ///   - file: the file the value came from, named in errors.
  ///   - keyPath: the dotted key path of `json`, named in errors.
  static func make(json: Any, file: String, keyPath: String) throws(InstructionError)
    -> InstructionTemplateNode
  {
    if let string = json as? String { return .text(string) }
    guard let dictionary = json as? [String: Any] else {
      throw .wrongType(path: file, key: keyPath, expected: "a string or an object")
    }
    var children: [String: InstructionTemplateNode] = [:]
    for key in dictionary.keys.sorted() {
      let childPath = keyPath.isEmpty ? key : keyPath + "." + key
      children[key] = try make(json: dictionary[key]!, file: file, keyPath: childPath)
    }
    return .group(children)
  }

  /// Builds a tree from flat dotted key paths, e.g. `"turn.left.name": "…"`.
  ///
  /// Used for the translations that ship inside the package as Swift literals.
  static func make(flat entries: [String: String]) -> InstructionTemplateNode {
    var root: [String: InstructionTemplateNode] = [:]
    for key in entries.keys.sorted() {
      let path = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
      insert(entries[key]!, at: path[...], into: &root)
    }
    return .group(root)
  }

  private static func insert(
    _ value: String, at path: ArraySlice<String>,
    into group: inout [String: InstructionTemplateNode]
  ) {
    guard let head = path.first else { return }
    if path.count == 1 {
      group[head] = .text(value)
      return
    }
    var children: [String: InstructionTemplateNode] = [:]
    if case .group(let existing) = group[head] { children = existing }
    insert(value, at: path.dropFirst(), into: &children)
    group[head] = .group(children)
  }
}

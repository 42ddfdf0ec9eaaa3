/// Objects kept by identity, held strongly: while the set lives no other object can take a
/// member's address. (A set of bare `ObjectIdentifier`s matched a delegate's new constraint
/// allocated where a freed SDK constraint had been, and the audit took it for the SDK's.)
struct IdentitySet<Element: AnyObject> {
  private var members: [ObjectIdentifier: Element] = [:]

  /// Adds `element`.
  mutating func insert(_ element: Element) { members[ObjectIdentifier(element)] = element }

  /// Whether `element` itself is a member.
  func contains(_ element: Element) -> Bool { members[ObjectIdentifier(element)] != nil }
}

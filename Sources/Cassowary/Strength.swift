/// How strongly the solver tries to satisfy a constraint.
///
/// Strengths follow kiwi's single-number scale: `weak` is 1, `medium` 1 000, `strong` 1 000 000,
/// and `required` 1 001 001 000. A required constraint must hold; the others are satisfied
/// as well as possible, and a violation of a stronger one costs more than any realistic
/// violation of weaker ones.
///
/// ```swift
/// let s = Strength(strong: 0, medium: 750, weak: 0)   // between medium and strong
/// ```
public struct Strength: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The weight on kiwi's scale, clipped to `0...Strength.required.value`.
  public let value: Double

  /// A strength from a raw weight on kiwi's scale, clipped to `0...required`. (Inlinable,
  /// as the other basics below: ViewKit makes one per constraint it installs.)
  @inlinable public init(_ value: Double) {
    self.value = Strength.clip(value)
  }

  /// A strength built from three levels and a weight, as kiwi's `strength::create` builds it:
  /// `1e6·clamp(strong·weight) + 1e3·clamp(medium·weight) + clamp(weak·weight)`, each level
  /// clamped to `0...1000`.
  public init(strong: Double, medium: Double, weak: Double, weight: Double = 1) {
    func clamp(_ x: Double) -> Double { x.isNaN ? 0 : max(0, min(1000, x)) }
    self.init(
      clamp(strong * weight) * 1_000_000 + clamp(medium * weight) * 1000 + clamp(weak * weight))
  }

  /// A constraint that must be satisfied (`strong: 1000, medium: 1000, weak: 1000`).
  @inlinable public static var required: Strength { Strength(requiredValue) }
  /// The strongest non-required level.
  public static let strong = Strength(strong: 1, medium: 0, weak: 0)
  /// The middle level.
  public static let medium = Strength(strong: 0, medium: 1, weak: 0)
  /// The weakest level.
  public static let weak = Strength(strong: 0, medium: 0, weak: 1)

  /// Whether the strength is `required`.
  @inlinable public var isRequired: Bool { value >= Strength.requiredValue }

  /// Clips a raw weight to `0...required`, as kiwi does; NaN becomes 0.
  @inlinable public static func clip(_ value: Double) -> Double {
    value.isNaN ? 0 : max(0, min(requiredValue, value))
  }

  @inlinable static var requiredValue: Double { 1_001_001_000 }

  /// Orders strengths by their value: weak < medium < strong < required.
  public static func < (lhs: Strength, rhs: Strength) -> Bool { lhs.value < rhs.value }

  /// A readable form for logs and test failures.
  public var description: String {
    switch value {
    case Strength.requiredValue: return "required"
    case 1_000_000: return "strong"
    case 1000: return "medium"
    case 1: return "weak"
    default: return "\(value)"
    }
  }
}

import Synchronization

/// The relation of a constraint's expression to zero.
public enum RelationalOperator: Sendable, CustomStringConvertible {
  /// `expression <= 0`.
  case lessThanOrEqual
  /// `expression >= 0`.
  case greaterThanOrEqual
  /// `expression == 0`.
  case equal

  /// A readable form for logs and test failures.
  public var description: String {
    switch self {
    case .lessThanOrEqual: "<="
    case .greaterThanOrEqual: ">="
    case .equal: "=="
    }
  }
}

/// A linear relation `expression op 0` with a strength.
///
/// The terms of the expression combine when a variable appears more than once. A constraint's
/// ``constant`` can change while it is in a solver, through ``Solver/setConstant(_:for:)``,
/// without removing and re-adding it.
///
/// ```swift
/// let c = (x + 2 * y <= 100) | .strong
/// ```
public final class Constraint: Sendable, CustomStringConvertible {
  /// The expression, with the constant it was created with.
  public let expression: Expression
  /// The relation to zero.
  public let op: RelationalOperator
  /// The strength, clipped to `0...required`.
  public let strength: Strength
  /// For a soft equality made with ``init(_:above:below:)``: the strength of the side below
  /// zero (``strength`` weighs the side above); otherwise ``strength``.
  package let belowStrength: Strength
  private let constantBits: Atomic<UInt64>
  /// Solver id (high 32 bits) and tag index (low 32 bits) in the last solver that added it.
  let solverCache: Atomic<UInt64>

  /// `expression op 0` with a strength (required by default).
  public init(_ expression: Expression, _ op: RelationalOperator, strength: Strength = .required) {
    self.expression = expression
    self.op = op
    self.strength = strength
    self.belowStrength = strength
    self.constantBits = Atomic(expression.constant.bitPattern)
    self.solverCache = Atomic(0)
  }

  /// A soft equality `expression == 0` whose two sides weigh differently: the expression
  /// above zero costs `above`, below zero costs `below`. One row instead of two inequalities
  /// (Auto Layout's content hugging and compression resistance on one axis). Both strengths
  /// must be below required; the caller makes sure of it.
  package init(_ expression: Expression, above: Strength, below: Strength) {
    self.expression = expression
    self.op = .equal
    self.strength = above
    self.belowStrength = below
    self.constantBits = Atomic(expression.constant.bitPattern)
    self.solverCache = Atomic(0)
  }

  /// The current constant of the expression: the creation constant until
  /// ``Solver/setConstant(_:for:)`` changes it.
  public var constant: Double { Double(bitPattern: constantBits.load(ordering: .relaxed)) }

  func storeConstant(_ value: Double) {
    constantBits.store(value.bitPattern, ordering: .relaxed)
  }

  /// Whether the constraint must hold.
  public var isRequired: Bool { strength.isRequired }

  /// A new constraint with the same expression and operator and another strength.
  public func withStrength(_ strength: Strength) -> Constraint {
    var e = expression
    e.constant = constant
    return Constraint(e, op, strength: strength)
  }

  /// How far the current variable values are from satisfying the constraint (0 when it holds).
  public var violation: Double {
    let v = expression.terms.reduce(constant) { $0 + $1.value }
    switch op {
    case .equal: return abs(v)
    case .lessThanOrEqual: return max(0, v)
    case .greaterThanOrEqual: return max(0, -v)
    }
  }

  /// A readable form for logs and test failures.
  public var description: String {
    var e = expression
    e.constant = constant
    if belowStrength != strength {
      return "\(e) \(op) 0 | above: \(strength), below: \(belowStrength)"
    }
    return "\(e) \(op) 0 | \(strength)"
  }
}

import Synchronization

/// A named unknown whose value a ``Solver`` computes.
///
/// A variable is a handle: the same object can appear in many constraints. Its ``value`` is
/// written by ``Solver/updateVariables()`` and can be read from any thread.
///
/// ```swift
/// let x = Variable("x")
/// try solver.addConstraint(x >= 10)
/// solver.updateVariables()
/// print(x.value)   // 10.0
/// ```
public final class Variable: Sendable, CustomStringConvertible {
  /// The variable's name, used in descriptions, errors and dumps.
  public let name: String
  /// The value's bit pattern (inlinable, so reading a value costs no call and no retain).
  @usableFromInline let bits: Atomic<UInt64>
  /// Solver id (high 32 bits) and symbol (low 32 bits) of the last solver that registered it.
  let solverCache: Atomic<UInt64>

  /// A variable with a name and an initial value (0 by default).
  public init(_ name: String = "", value: Double = 0) {
    self.name = name
    self.bits = Atomic(value.bitPattern)
    self.solverCache = Atomic(0)
  }

  /// The value from the last ``Solver/updateVariables()`` of a solver that uses this variable.
  @inlinable public var value: Double {
    Double(bitPattern: bits.load(ordering: .relaxed))
  }

  /// Sets the value; the solver calls this when it publishes its solution.
  public func setValue(_ newValue: Double) {
    bits.store(newValue.bitPattern, ordering: .relaxed)
  }

  /// A readable form for logs and test failures.
  public var description: String { name.isEmpty ? "<unnamed>" : name }
}

/// A variable times a coefficient.
public struct Term: Sendable, CustomStringConvertible {
  /// The variable.
  public let variable: Variable
  /// Its coefficient.
  public let coefficient: Double

  /// `coefficient · variable`.
  public init(_ variable: Variable, _ coefficient: Double = 1) {
    self.variable = variable
    self.coefficient = coefficient
  }

  /// The term's value from the variable's current value.
  public var value: Double { coefficient * variable.value }

  /// A readable form for logs and test failures.
  public var description: String {
    coefficient == 1 ? variable.description : "\(formatNumber(coefficient)) * \(variable)"
  }
}

/// A linear expression: a sum of terms plus a constant.
public struct Expression: Sendable, CustomStringConvertible {
  /// The terms, in the order they were written (duplicates are allowed and add up).
  public var terms: [Term]
  /// The constant.
  public var constant: Double

  /// An expression from terms and a constant.
  public init(_ terms: [Term] = [], constant: Double = 0) {
    self.terms = terms
    self.constant = constant
  }

  /// A one-term expression.
  public init(_ term: Term) { self.init([term]) }
  /// The expression `1 · variable`.
  public init(_ variable: Variable) { self.init([Term(variable)]) }
  /// A constant expression.
  public init(constant: Double) { self.init([], constant: constant) }

  /// The expression's value from its variables' current values.
  public var value: Double { terms.reduce(constant) { $0 + $1.value } }

  /// A readable form for logs and test failures.
  public var description: String {
    var parts = terms.map(\.description)
    if constant != 0 || parts.isEmpty { parts.append(formatNumber(constant)) }
    return parts.joined(separator: " + ")
  }
}

func formatNumber(_ x: Double) -> String {
  if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
  return "\(x)"
}

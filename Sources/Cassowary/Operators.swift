// Arithmetic on variables, terms and expressions, as kiwi's symbolics offer it.

/// Something that can stand in a linear expression.
public protocol LinearExpressible {
  /// The value as an ``Expression``.
  var expression: Expression { get }
}

extension Variable: LinearExpressible {
  /// `1 · self`.
  public var expression: Expression { Expression(self) }
}

extension Term: LinearExpressible {
  /// The one-term expression.
  public var expression: Expression { Expression(self) }
}

extension Expression: LinearExpressible {
  /// The expression itself.
  public var expression: Expression { self }
}

extension Double: LinearExpressible {
  /// The constant expression.
  public var expression: Expression { Expression(constant: self) }
}

/// Multiplication of a variable by a constant.
public func * (lhs: Variable, rhs: Double) -> Term { Term(lhs, rhs) }
/// Multiplication of a variable by a constant.
public func * (lhs: Double, rhs: Variable) -> Term { Term(rhs, lhs) }
/// Multiplication of a term by a constant.
public func * (lhs: Term, rhs: Double) -> Term { Term(lhs.variable, lhs.coefficient * rhs) }
/// Multiplication of a term by a constant.
public func * (lhs: Double, rhs: Term) -> Term { rhs * lhs }
/// Multiplication of an expression by a constant.
public func * (lhs: Expression, rhs: Double) -> Expression {
  Expression(lhs.terms.map { $0 * rhs }, constant: lhs.constant * rhs)
}
/// Multiplication of an expression by a constant.
public func * (lhs: Double, rhs: Expression) -> Expression { rhs * lhs }
/// Division of a variable by a constant.
public func / (lhs: Variable, rhs: Double) -> Term { lhs * (1 / rhs) }
/// Division of a term by a constant.
public func / (lhs: Term, rhs: Double) -> Term { lhs * (1 / rhs) }
/// Division of an expression by a constant.
public func / (lhs: Expression, rhs: Double) -> Expression { lhs * (1 / rhs) }

/// Negation.
public prefix func - (operand: Variable) -> Term { Term(operand, -1) }
/// Negation.
public prefix func - (operand: Term) -> Term { operand * -1 }
/// Negation.
public prefix func - (operand: Expression) -> Expression { operand * -1 }

/// The sum of two linear expressions.
public func + <L: LinearExpressible, R: LinearExpressible>(lhs: L, rhs: R) -> Expression {
  let l = lhs.expression
  let r = rhs.expression
  return Expression(l.terms + r.terms, constant: l.constant + r.constant)
}

/// The difference of two linear expressions.
public func - <L: LinearExpressible, R: LinearExpressible>(lhs: L, rhs: R) -> Expression {
  lhs + (-rhs.expression)
}

/// The sum of a linear expression and a constant.
public func + <L: LinearExpressible>(lhs: L, rhs: Double) -> Expression {
  var e = lhs.expression
  e.constant += rhs
  return e
}

/// The sum of a constant and a linear expression.
public func + <R: LinearExpressible>(lhs: Double, rhs: R) -> Expression { rhs + lhs }

/// The difference of a linear expression and a constant.
public func - <L: LinearExpressible>(lhs: L, rhs: Double) -> Expression { lhs + -rhs }

/// The difference of a constant and a linear expression.
public func - <R: LinearExpressible>(lhs: Double, rhs: R) -> Expression {
  -rhs.expression + lhs
}

/// `lhs == rhs`, required.
public func == <L: LinearExpressible, R: LinearExpressible>(lhs: L, rhs: R) -> Constraint {
  Constraint(lhs - rhs, .equal)
}

/// `lhs <= rhs`, required.
public func <= <L: LinearExpressible, R: LinearExpressible>(lhs: L, rhs: R) -> Constraint {
  Constraint(lhs - rhs, .lessThanOrEqual)
}

/// `lhs >= rhs`, required.
public func >= <L: LinearExpressible, R: LinearExpressible>(lhs: L, rhs: R) -> Constraint {
  Constraint(lhs - rhs, .greaterThanOrEqual)
}

/// `lhs == rhs`, required.
public func == <L: LinearExpressible>(lhs: L, rhs: Double) -> Constraint {
  Constraint(lhs - rhs, .equal)
}

/// `lhs <= rhs`, required.
public func <= <L: LinearExpressible>(lhs: L, rhs: Double) -> Constraint {
  Constraint(lhs - rhs, .lessThanOrEqual)
}

/// `lhs >= rhs`, required.
public func >= <L: LinearExpressible>(lhs: L, rhs: Double) -> Constraint {
  Constraint(lhs - rhs, .greaterThanOrEqual)
}

/// The same constraint with another strength: `(x >= 10) | .strong`.
public func | (lhs: Constraint, rhs: Strength) -> Constraint { lhs.withStrength(rhs) }

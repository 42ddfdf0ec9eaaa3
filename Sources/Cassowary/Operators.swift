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

private func add(_ l: Expression, _ r: Expression) -> Expression {
  Expression(l.terms + r.terms, constant: l.constant + r.constant)
}

private func shifted(_ e: Expression, _ c: Double) -> Expression {
  Expression(e.terms, constant: e.constant + c)
}

/// The sum of two linear expressions.
public func + (lhs: Variable, rhs: Variable) -> Expression { add(lhs.expression, rhs.expression) }
/// The difference of two linear expressions.
public func - (lhs: Variable, rhs: Variable) -> Expression { add(lhs.expression, -rhs.expression) }
/// `lhs == rhs`, required.
public func == (lhs: Variable, rhs: Variable) -> Constraint {
  Constraint(add(lhs.expression, -rhs.expression), .equal)
}
/// `lhs <= rhs`, required.
public func <= (lhs: Variable, rhs: Variable) -> Constraint {
  Constraint(add(lhs.expression, -rhs.expression), .lessThanOrEqual)
}
/// `lhs >= rhs`, required.
public func >= (lhs: Variable, rhs: Variable) -> Constraint {
  Constraint(add(lhs.expression, -rhs.expression), .greaterThanOrEqual)
}

/// The sum of two linear expressions.
public func + (lhs: Variable, rhs: Term) -> Expression { add(lhs.expression, rhs.expression) }
/// The difference of two linear expressions.
public func - (lhs: Variable, rhs: Term) -> Expression { add(lhs.expression, -rhs.expression) }
/// `lhs == rhs`, required.
public func == (lhs: Variable, rhs: Term) -> Constraint {
  Constraint(add(lhs.expression, -rhs.expression), .equal)
}
/// `lhs <= rhs`, required.
public func <= (lhs: Variable, rhs: Term) -> Constraint {
  Constraint(add(lhs.expression, -rhs.expression), .lessThanOrEqual)
}
/// `lhs >= rhs`, required.
public func >= (lhs: Variable, rhs: Term) -> Constraint {
  Constraint(add(lhs.expression, -rhs.expression), .greaterThanOrEqual)
}

/// The sum of two linear expressions.
public func + (lhs: Variable, rhs: Expression) -> Expression { add(lhs.expression, rhs.expression) }
/// The difference of two linear expressions.
public func - (lhs: Variable, rhs: Expression) -> Expression {
  add(lhs.expression, -rhs.expression)
}
/// `lhs == rhs`, required.
public func == (lhs: Variable, rhs: Expression) -> Constraint {
  Constraint(add(lhs.expression, -rhs.expression), .equal)
}
/// `lhs <= rhs`, required.
public func <= (lhs: Variable, rhs: Expression) -> Constraint {
  Constraint(add(lhs.expression, -rhs.expression), .lessThanOrEqual)
}
/// `lhs >= rhs`, required.
public func >= (lhs: Variable, rhs: Expression) -> Constraint {
  Constraint(add(lhs.expression, -rhs.expression), .greaterThanOrEqual)
}

/// The sum of a linear expression and a constant.
public func + (lhs: Variable, rhs: Double) -> Expression { shifted(lhs.expression, rhs) }
/// The sum of a constant and a linear expression.
public func + (lhs: Double, rhs: Variable) -> Expression { shifted(rhs.expression, lhs) }
/// The difference of a linear expression and a constant.
public func - (lhs: Variable, rhs: Double) -> Expression { shifted(lhs.expression, -rhs) }
/// The difference of a constant and a linear expression.
public func - (lhs: Double, rhs: Variable) -> Expression { shifted(-rhs.expression, lhs) }
/// `lhs == rhs`, required.
public func == (lhs: Variable, rhs: Double) -> Constraint {
  Constraint(shifted(lhs.expression, -rhs), .equal)
}
/// `lhs <= rhs`, required.
public func <= (lhs: Variable, rhs: Double) -> Constraint {
  Constraint(shifted(lhs.expression, -rhs), .lessThanOrEqual)
}
/// `lhs >= rhs`, required.
public func >= (lhs: Variable, rhs: Double) -> Constraint {
  Constraint(shifted(lhs.expression, -rhs), .greaterThanOrEqual)
}
/// `lhs == rhs`, required.
public func == (lhs: Double, rhs: Variable) -> Constraint { rhs == lhs }
/// `lhs <= rhs`, required.
public func <= (lhs: Double, rhs: Variable) -> Constraint { rhs >= lhs }
/// `lhs >= rhs`, required.
public func >= (lhs: Double, rhs: Variable) -> Constraint { rhs <= lhs }

/// The sum of two linear expressions.
public func + (lhs: Term, rhs: Variable) -> Expression { add(lhs.expression, rhs.expression) }
/// The difference of two linear expressions.
public func - (lhs: Term, rhs: Variable) -> Expression { add(lhs.expression, -rhs.expression) }
/// `lhs == rhs`, required.
public func == (lhs: Term, rhs: Variable) -> Constraint {
  Constraint(add(lhs.expression, -rhs.expression), .equal)
}
/// `lhs <= rhs`, required.
public func <= (lhs: Term, rhs: Variable) -> Constraint {
  Constraint(add(lhs.expression, -rhs.expression), .lessThanOrEqual)
}
/// `lhs >= rhs`, required.
public func >= (lhs: Term, rhs: Variable) -> Constraint {
  Constraint(add(lhs.expression, -rhs.expression), .greaterThanOrEqual)
}

/// The sum of two linear expressions.
public func + (lhs: Term, rhs: Term) -> Expression { add(lhs.expression, rhs.expression) }
/// The difference of two linear expressions.
public func - (lhs: Term, rhs: Term) -> Expression { add(lhs.expression, -rhs.expression) }
/// `lhs == rhs`, required.
public func == (lhs: Term, rhs: Term) -> Constraint {
  Constraint(add(lhs.expression, -rhs.expression), .equal)
}
/// `lhs <= rhs`, required.
public func <= (lhs: Term, rhs: Term) -> Constraint {
  Constraint(add(lhs.expression, -rhs.expression), .lessThanOrEqual)
}
/// `lhs >= rhs`, required.
public func >= (lhs: Term, rhs: Term) -> Constraint {
  Constraint(add(lhs.expression, -rhs.expression), .greaterThanOrEqual)
}

/// The sum of two linear expressions.
public func + (lhs: Term, rhs: Expression) -> Expression { add(lhs.expression, rhs.expression) }
/// The difference of two linear expressions.
public func - (lhs: Term, rhs: Expression) -> Expression { add(lhs.expression, -rhs.expression) }
/// `lhs == rhs`, required.
public func == (lhs: Term, rhs: Expression) -> Constraint {
  Constraint(add(lhs.expression, -rhs.expression), .equal)
}
/// `lhs <= rhs`, required.
public func <= (lhs: Term, rhs: Expression) -> Constraint {
  Constraint(add(lhs.expression, -rhs.expression), .lessThanOrEqual)
}
/// `lhs >= rhs`, required.
public func >= (lhs: Term, rhs: Expression) -> Constraint {
  Constraint(add(lhs.expression, -rhs.expression), .greaterThanOrEqual)
}

/// The sum of a linear expression and a constant.
public func + (lhs: Term, rhs: Double) -> Expression { shifted(lhs.expression, rhs) }
/// The sum of a constant and a linear expression.
public func + (lhs: Double, rhs: Term) -> Expression { shifted(rhs.expression, lhs) }
/// The difference of a linear expression and a constant.
public func - (lhs: Term, rhs: Double) -> Expression { shifted(lhs.expression, -rhs) }
/// The difference of a constant and a linear expression.
public func - (lhs: Double, rhs: Term) -> Expression { shifted(-rhs.expression, lhs) }
/// `lhs == rhs`, required.
public func == (lhs: Term, rhs: Double) -> Constraint {
  Constraint(shifted(lhs.expression, -rhs), .equal)
}
/// `lhs <= rhs`, required.
public func <= (lhs: Term, rhs: Double) -> Constraint {
  Constraint(shifted(lhs.expression, -rhs), .lessThanOrEqual)
}
/// `lhs >= rhs`, required.
public func >= (lhs: Term, rhs: Double) -> Constraint {
  Constraint(shifted(lhs.expression, -rhs), .greaterThanOrEqual)
}
/// `lhs == rhs`, required.
public func == (lhs: Double, rhs: Term) -> Constraint { rhs == lhs }
/// `lhs <= rhs`, required.
public func <= (lhs: Double, rhs: Term) -> Constraint { rhs >= lhs }
/// `lhs >= rhs`, required.
public func >= (lhs: Double, rhs: Term) -> Constraint { rhs <= lhs }

/// The sum of two linear expressions.
public func + (lhs: Expression, rhs: Variable) -> Expression { add(lhs.expression, rhs.expression) }
/// The difference of two linear expressions.
public func - (lhs: Expression, rhs: Variable) -> Expression {
  add(lhs.expression, -rhs.expression)
}
/// `lhs == rhs`, required.
public func == (lhs: Expression, rhs: Variable) -> Constraint {
  Constraint(add(lhs.expression, -rhs.expression), .equal)
}
/// `lhs <= rhs`, required.
public func <= (lhs: Expression, rhs: Variable) -> Constraint {
  Constraint(add(lhs.expression, -rhs.expression), .lessThanOrEqual)
}
/// `lhs >= rhs`, required.
public func >= (lhs: Expression, rhs: Variable) -> Constraint {
  Constraint(add(lhs.expression, -rhs.expression), .greaterThanOrEqual)
}

/// The sum of two linear expressions.
public func + (lhs: Expression, rhs: Term) -> Expression { add(lhs.expression, rhs.expression) }
/// The difference of two linear expressions.
public func - (lhs: Expression, rhs: Term) -> Expression { add(lhs.expression, -rhs.expression) }
/// `lhs == rhs`, required.
public func == (lhs: Expression, rhs: Term) -> Constraint {
  Constraint(add(lhs.expression, -rhs.expression), .equal)
}
/// `lhs <= rhs`, required.
public func <= (lhs: Expression, rhs: Term) -> Constraint {
  Constraint(add(lhs.expression, -rhs.expression), .lessThanOrEqual)
}
/// `lhs >= rhs`, required.
public func >= (lhs: Expression, rhs: Term) -> Constraint {
  Constraint(add(lhs.expression, -rhs.expression), .greaterThanOrEqual)
}

/// The sum of two linear expressions.
public func + (lhs: Expression, rhs: Expression) -> Expression {
  add(lhs.expression, rhs.expression)
}
/// The difference of two linear expressions.
public func - (lhs: Expression, rhs: Expression) -> Expression {
  add(lhs.expression, -rhs.expression)
}
/// `lhs == rhs`, required.
public func == (lhs: Expression, rhs: Expression) -> Constraint {
  Constraint(add(lhs.expression, -rhs.expression), .equal)
}
/// `lhs <= rhs`, required.
public func <= (lhs: Expression, rhs: Expression) -> Constraint {
  Constraint(add(lhs.expression, -rhs.expression), .lessThanOrEqual)
}
/// `lhs >= rhs`, required.
public func >= (lhs: Expression, rhs: Expression) -> Constraint {
  Constraint(add(lhs.expression, -rhs.expression), .greaterThanOrEqual)
}

/// The sum of a linear expression and a constant.
public func + (lhs: Expression, rhs: Double) -> Expression { shifted(lhs.expression, rhs) }
/// The sum of a constant and a linear expression.
public func + (lhs: Double, rhs: Expression) -> Expression { shifted(rhs.expression, lhs) }
/// The difference of a linear expression and a constant.
public func - (lhs: Expression, rhs: Double) -> Expression { shifted(lhs.expression, -rhs) }
/// The difference of a constant and a linear expression.
public func - (lhs: Double, rhs: Expression) -> Expression { shifted(-rhs.expression, lhs) }
/// `lhs == rhs`, required.
public func == (lhs: Expression, rhs: Double) -> Constraint {
  Constraint(shifted(lhs.expression, -rhs), .equal)
}
/// `lhs <= rhs`, required.
public func <= (lhs: Expression, rhs: Double) -> Constraint {
  Constraint(shifted(lhs.expression, -rhs), .lessThanOrEqual)
}
/// `lhs >= rhs`, required.
public func >= (lhs: Expression, rhs: Double) -> Constraint {
  Constraint(shifted(lhs.expression, -rhs), .greaterThanOrEqual)
}
/// `lhs == rhs`, required.
public func == (lhs: Double, rhs: Expression) -> Constraint { rhs == lhs }
/// `lhs <= rhs`, required.
public func <= (lhs: Double, rhs: Expression) -> Constraint { rhs >= lhs }
/// `lhs >= rhs`, required.
public func >= (lhs: Double, rhs: Expression) -> Constraint { rhs <= lhs }

/// The same constraint with another strength: `(x >= 10) | .strong`.
public func | (lhs: Constraint, rhs: Strength) -> Constraint { lhs.withStrength(rhs) }

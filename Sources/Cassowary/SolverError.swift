/// What went wrong in a ``Solver`` call. After any throwing call the solver is as it was.
public enum SolverError: Error, Sendable, CustomStringConvertible {
  /// The constraint is already in the solver.
  case duplicateConstraint(Constraint)
  /// The constraint is not in the solver.
  case unknownConstraint(Constraint)
  /// No value constraint in the solver has this handle (the tag of a removed one, or of
  /// none).
  case unknownConstraintHandle(Int32)
  /// The required constraint cannot hold together with the required constraints listed in
  /// `conflicting` (those already in the solver that, with it, admit no solution).
  case unsatisfiableConstraint(Constraint, conflicting: [Constraint])
  /// The variable already has an edit.
  case duplicateEditVariable(Variable)
  /// The variable has no edit.
  case unknownEditVariable(Variable)
  /// An edit variable cannot have `required` strength.
  case badRequiredStrength(Variable)
  /// A value that is not a finite number reached the solver.
  case nonFiniteValue(String)
  /// The solver reached a state its algorithm rules out (a bug, or numbers too ill-conditioned
  /// to solve); the solver was restored.
  case internalError(String)

  /// A readable form for logs and test failures.
  public var description: String {
    switch self {
    case .duplicateConstraint(let c): return "duplicate constraint: \(c)"
    case .unknownConstraint(let c): return "unknown constraint: \(c)"
    case .unknownConstraintHandle(let tag): return "no constraint with handle \(tag) in the solver"
    case .unsatisfiableConstraint(let c, let others):
      let list = others.map { "  \($0)" }.joined(separator: "\n")
      return "unsatisfiable constraint: \(c)"
        + (others.isEmpty ? "" : "\nconflicts with:\n\(list)")
    case .duplicateEditVariable(let v): return "duplicate edit variable: \(v)"
    case .unknownEditVariable(let v): return "unknown edit variable: \(v)"
    case .badRequiredStrength(let v): return "an edit variable cannot be required: \(v)"
    case .nonFiniteValue(let what): return "not a finite number: \(what)"
    case .internalError(let what): return "internal solver error: \(what)"
    }
  }
}

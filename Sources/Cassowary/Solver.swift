/// An incremental Cassowary constraint solver with kiwi's model and vocabulary.
///
/// Add required and preferential linear constraints, mark variables as edit variables and
/// suggest values for them, then call ``updateVariables()`` to publish the solution into each
/// ``Variable/value``.
///
/// ```swift
/// let solver = Solver()
/// let left = Variable("left"), width = Variable("width"), right = Variable("right")
/// try solver.addConstraint(right == left + width)
/// try solver.addConstraint(width >= 100)
/// try solver.addConstraint((width == 120) | .strong)
/// try solver.addEditVariable(left, strength: .strong)
/// try solver.suggestValue(8, for: left)
/// solver.updateVariables()   // left 8, width 120, right 128
/// ```
///
/// Beyond kiwi:
/// - ``setConstant(_:for:)`` changes a constraint's constant in place (Auto Layout's
///   `constraint.constant = x`), at the cost of a suggestion.
/// - An unsatisfiable constraint is reported with the required constraints it conflicts with.
/// - After any call that throws, the solver is exactly as it was.
/// - Work stays local: a column index finds the rows that hold a symbol, and
///   ``updateVariables()`` publishes only what changed.
/// - A required equality that introduces a new variable defines it outside the tableau, so
///   chains of definitions (positions as sums of widths) stay sparse.
///
/// A solver is not thread-safe; use it from one thread or actor at a time.
public final class Solver {
  @exclusivity(unchecked) var engine = Tableau()

  /// A new, empty solver.
  public init() {}

  deinit {
    engine.deallocate()
  }

  // MARK: - Constraints

  /// Adds a constraint.
  ///
  /// - Throws: ``SolverError/duplicateConstraint(_:)`` when it is already in the solver;
  ///   ``SolverError/unsatisfiableConstraint(_:conflicting:)`` when it is required and cannot
  ///   hold together with the required constraints already added (named in the error);
  ///   ``SolverError/nonFiniteValue(_:)`` for a NaN or infinite coefficient or constant.
  ///   The solver is unchanged after a throw.
  /// - Complexity: proportional to the rows that the new row touches, not to the tableau.
  public func addConstraint(_ constraint: Constraint) throws(SolverError) {
    try engine.addConstraint(constraint)
  }

  /// Removes a constraint.
  ///
  /// - Throws: ``SolverError/unknownConstraint(_:)`` when it is not in the solver.
  public func removeConstraint(_ constraint: Constraint) throws(SolverError) {
    try engine.removeConstraint(constraint)
  }

  /// Whether the constraint is in the solver.
  public func hasConstraint(_ constraint: Constraint) -> Bool {
    engine.userTagIndex(of: constraint) != nil
  }

  /// Changes the constant of a constraint that is in the solver, in place.
  ///
  /// This is how Auto Layout's `constraint.constant = x` and every animation frame update a
  /// layout: no row is removed or rebuilt; the change is carried through the constraint's
  /// marker column and the dual simplex restores optimality. Afterwards
  /// ``Constraint/constant`` reads the new value.
  ///
  /// - Throws: ``SolverError/unknownConstraint(_:)``;
  ///   ``SolverError/unsatisfiableConstraint(_:conflicting:)`` when the constraint is required
  ///   and the new constant contradicts other required constraints (the solver is then
  ///   unchanged); ``SolverError/nonFiniteValue(_:)``.
  public func setConstant(_ constant: Double, for constraint: Constraint) throws(SolverError) {
    try engine.setConstant(constant, for: constraint)
  }

  // MARK: - Value constraints

  /// Adds a constraint given by value (no ``Constraint`` object is made) and returns its
  /// handle, which the handle forms of `removeConstraint`, `setConstant` and
  /// ``constraint(for:)`` take.
  ///
  /// - Throws: as the object form of `addConstraint` (an error names the value as a new
  ///   ``Constraint``, and the conflicting value constraints by objects whose
  ///   ``Constraint/handle`` is theirs); there are no duplicates (each call adds one).
  package func addConstraint(_ constraint: InlineConstraint) throws(SolverError)
    -> ConstraintHandle
  {
    try engine.addConstraint(constraint)
  }

  /// Removes a value constraint.
  ///
  /// - Throws: ``SolverError/unknownConstraintHandle(_:)`` when the handle holds none.
  package func removeConstraint(_ handle: ConstraintHandle) throws(SolverError) {
    try engine.removeConstraint(handle)
  }

  /// Changes the constant of a value constraint in place, as the object form does.
  package func setConstant(_ constant: Double, for handle: ConstraintHandle) throws(SolverError) {
    try engine.setConstant(constant, for: handle)
  }

  /// A value constraint as the solver holds it (its terms with a symbol, its current
  /// constant), as an object naming the handle; nil when the handle holds none.
  package func constraint(for handle: ConstraintHandle) -> Constraint? {
    guard let t = engine.tagIndex(of: handle) else { return nil }
    return engine.reportedConstraint(t)
  }

  /// A value constraint as the solver holds it (the terms with a symbol, unretained: valid
  /// while it is in the solver; the current constant), or nil when the handle holds none.
  package func inlineConstraint(for handle: ConstraintHandle) -> InlineConstraint? {
    guard let t = engine.tagIndex(of: handle) else { return nil }
    return engine.inlineValues[t]
  }

  /// The current constant of a value constraint, or nil when the handle holds none.
  package func constant(of handle: ConstraintHandle) -> Double? {
    guard let t = engine.tagIndex(of: handle) else { return nil }
    return engine.inlineValues[t].constant
  }

  // MARK: - Edit variables

  /// Makes `variable` an edit variable: one whose value ``suggestValue(_:for:)`` can set, as a
  /// non-required preference of the given strength. Its initial suggestion is 0.
  ///
  /// - Throws: ``SolverError/duplicateEditVariable(_:)``, ``SolverError/badRequiredStrength(_:)``.
  public func addEditVariable(_ variable: Variable, strength: Strength) throws(SolverError) {
    try engine.addEditVariable(variable, strength: strength)
  }

  /// Removes an edit variable and its preference.
  ///
  /// - Throws: ``SolverError/unknownEditVariable(_:)``.
  public func removeEditVariable(_ variable: Variable) throws(SolverError) {
    try engine.removeEditVariable(variable)
  }

  /// Whether `variable` is an edit variable.
  public func hasEditVariable(_ variable: Variable) -> Bool {
    engine.editIndex(of: variable) != nil
  }

  /// Suggests a value for an edit variable; the solver re-optimises at once.
  ///
  /// - Throws: ``SolverError/unknownEditVariable(_:)``, ``SolverError/nonFiniteValue(_:)``.
  /// - Complexity: proportional to the rows that hold the edit's error symbol and to the
  ///   pivots needed, not to the size of the tableau.
  public func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
    try engine.suggestValue(value, for: variable)
  }

  // MARK: - Solution

  /// Publishes the current solution into each variable's ``Variable/value``.
  ///
  /// Only variables whose value may have changed since the last call are visited.
  public func updateVariables() {
    engine.publishDirtyValues()
  }

  /// Removes every constraint and edit variable.
  public func reset() {
    engine.deallocate()
    engine = Tableau()
  }

  /// The number of constraints added by the user and still in the solver.
  public var constraintCount: Int { engine.userConstraintCount }

  /// The number of edit variables.
  public var editVariableCount: Int { engine.liveEditCount }

  /// A readable dump of the tableau: rows, objective, infeasible rows, definitions, edits and
  /// the variables' values, in symbol order.
  public func dump() -> String { engine.dump() }

  /// What is wrong with the solver's tableau, empty when it is sound (basic symbols in no
  /// other row, restricted rows feasible, the objective in parametric symbols only and
  /// optimal…). For tests: it visits the whole tableau.
  func checkInvariants() -> [String] { engine.checkInvariants() }
}

extension Solver: CustomDebugStringConvertible {
  /// The ``dump()``.
  public var debugDescription: String { dump() }
}

/// What the solver knows of one constraint (a trivial value: the tableau keeps tags in a
/// ``Buffer`` and retains an object constraint itself).
struct Tag {
  /// The constraint object, retained by the tableau until `unregister` (nil for an
  /// ``InlineConstraint``, kept in the tableau's `inlineValues` at the tag's index).
  var constraintRef: Unmanaged<Constraint>?
  /// Slack, positive error or dummy of the constraint.
  var marker: Symbol
  /// Negative error of a non-required constraint, or none.
  var other: Symbol
  /// The marker's coefficient in the constraint's original row (`expression + marker…`).
  var markerCoefficient: Double
  /// The definition the constraint made, or none.
  var definition: DefinitionIndex
  /// Whether the tag holds an ``InlineConstraint`` (in the tableau's `inlineValues`).
  var isInline = false

  /// The constraint object, or nil.
  var constraint: Constraint? { constraintRef?.takeUnretainedValue() }

  /// Whether it holds a constraint (an object or a value).
  var isLive: Bool { constraintRef != nil || isInline }

  static var dead: Tag {
    Tag(constraintRef: nil, marker: .none, other: .none, markerCoefficient: 0, definition: .none)
  }
}

/// An edit variable and its current suggestion.
struct EditInfo {
  var variable: Variable?
  var constraint: Constraint
  var tag: TagIndex
  var constant: Double
  var alive: Bool

  static let dead = EditInfo(
    variable: nil, constraint: Constraint(Expression(), .equal), tag: .none, constant: 0,
    alive: false)
}

/// A variable defined outside the tableau by a required equality that introduced it:
/// `variable = Σ coeffs·syms + constant`, where `syms` are other external symbols and the
/// constraint's dummy.
struct Definition {
  var variable: Symbol
  /// Where the terms are in the tableau's `definitionSyms`/`definitionCoeffs`.
  var termStart: Int32
  var termCount: Int32
  var constant: Double
  /// The coefficient the defined variable had in the constraint's expression.
  var definedCoefficient: Double
  var tag: TagIndex
  var alive: Bool
}

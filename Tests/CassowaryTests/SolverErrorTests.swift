import Testing

@testable import Cassowary

@Suite("Solver errors")
struct SolverErrorTests {
  @Test func duplicateConstraint() throws {
    let solver = Solver()
    let c = Variable("x") == 1
    try solver.addConstraint(c)
    #expect {
      try solver.addConstraint(c)
    } throws: { error in
      guard case .duplicateConstraint(let d) = error as? SolverError else { return false }
      return d === c
    }
  }

  @Test func unknownConstraint() {
    let solver = Solver()
    let c = Variable("x") == 1
    #expect {
      try solver.removeConstraint(c)
    } throws: { error in
      guard case .unknownConstraint(let d) = error as? SolverError else { return false }
      return d === c
    }
    #expect(throws: SolverError.self) { try solver.setConstant(3, for: c) }
  }

  @Test func editVariableErrors() throws {
    let solver = Solver()
    let x = Variable("x")
    #expect {
      try solver.addEditVariable(x, strength: .required)
    } throws: { error in
      guard case .badRequiredStrength(let v) = error as? SolverError else { return false }
      return v === x
    }
    try solver.addEditVariable(x, strength: .strong)
    #expect {
      try solver.addEditVariable(x, strength: .weak)
    } throws: { error in
      guard case .duplicateEditVariable = error as? SolverError else { return false }
      return true
    }
    let y = Variable("y")
    #expect {
      try solver.suggestValue(1, for: y)
    } throws: { error in
      guard case .unknownEditVariable(let v) = error as? SolverError else { return false }
      return v === y
    }
    #expect(throws: SolverError.self) { try solver.removeEditVariable(y) }
    #expect(throws: SolverError.self) { try solver.suggestValue(.nan, for: x) }
    #expect(throws: SolverError.self) { try solver.suggestValue(.infinity, for: x) }
  }

  @Test func nonFiniteInputsAreRejected() {
    let solver = Solver()
    let x = Variable("x")
    #expect(throws: SolverError.self) { try solver.addConstraint(x == .nan) }
    #expect(throws: SolverError.self) {
      try solver.addConstraint(Constraint(Expression([Term(x, .infinity)]), .equal))
    }
    #expect(solver.constraintCount == 0)
  }

  @Test func unsatisfiableNamesTheConflictingConstraints() throws {
    let solver = Solver()
    let w = Variable("w")
    let x = Variable("x")
    let y = Variable("y")
    let z = Variable("z")
    let unrelated = Variable("u") >= 5
    let c1 = w >= 10
    let c2 = x >= w
    let c3 = y >= x
    let c4 = z >= y
    let c5 = z >= 8
    for c in [unrelated, c1, c2, c3, c4, c5] { try solver.addConstraint(c) }
    let bad = z <= 4
    #expect {
      try solver.addConstraint(bad)
    } throws: { error in
      guard case .unsatisfiableConstraint(let c, let conflicting) = error as? SolverError else {
        return false
      }
      let ids = Set(conflicting.map(ObjectIdentifier.init))
      return c === bad && ids == Set([c1, c2, c3, c4].map(ObjectIdentifier.init))
    }
  }

  @Test func unsatisfiableEqualitiesThroughDefinitions() throws {
    let solver = Solver()
    let x = Variable("x")
    let y = Variable("y")
    let a = x == 10
    let b = y == x + 1
    try solver.addConstraint(a)
    try solver.addConstraint(b)
    let bad = y == 3
    #expect {
      try solver.addConstraint(bad)
    } throws: { error in
      guard case .unsatisfiableConstraint(_, let conflicting) = error as? SolverError else {
        return false
      }
      return Set(conflicting.map(ObjectIdentifier.init)) == Set([a, b].map(ObjectIdentifier.init))
    }
  }

  @Test func errorMessagesSayWhatAndWhere() throws {
    let solver = Solver()
    let x = Variable("x")
    let keep = x >= 10
    try solver.addConstraint(keep)
    do {
      try solver.addConstraint(x <= 2)
      Issue.record("expected a throw")
    } catch {
      let text = "\(error)"
      #expect(text.contains("unsatisfiable constraint: x + -2 <= 0 | required"))
      #expect(text.contains("conflicts with:"))
      #expect(text.contains("x + -10 >= 0 | required"))
    }
  }

  /// After a throw, the solver is exactly as before: same tableau, same answers afterwards.
  @Test(arguments: 0..<40)
  func failedCallsLeaveNoTrace(seed: Int) throws {
    var rng = SplitMix64(seed: UInt64(seed) &* 7919 &+ 11)
    let vars = (0..<6).map { Variable("v\($0)") }
    let solver = Solver()
    var added = 0
    for _ in 0..<24 {
      let c = randomConstraint(&rng, vars, requiredShare: 0.7)
      let before = solver.dump()
      do {
        try solver.addConstraint(c)
        added += 1
      } catch {
        guard case .unsatisfiableConstraint = error else {
          Issue.record("unexpected \(error)")
          continue
        }
        #expect(solver.dump() == before, "state changed after a failed add of \(c)")
        #expect(!solver.hasConstraint(c))
      }
    }
    #expect(added > 0)
  }

  @Test func failedConstantChangeLeavesNoTrace() throws {
    let solver = Solver()
    let x = Variable("x")
    let y = Variable("y")
    let low = x >= 10
    let link = y == x + 5
    let cap = y <= 30
    for c in [low, link, cap] { try solver.addConstraint(c) }
    solver.updateVariables()
    let before = solver.dump()
    #expect {
      try solver.setConstant(-40, for: low)  // x >= 40 contradicts y <= 30
    } throws: { error in
      guard case .unsatisfiableConstraint(_, let conflicting) = error as? SolverError else {
        return false
      }
      return conflicting.contains { $0 === cap } && conflicting.contains { $0 === link }
    }
    #expect(solver.dump() == before)
    #expect(low.constant == -10)
    try solver.setConstant(-20, for: low)
    solver.updateVariables()
    #expect(x.value == 20)
    #expect(y.value == 25)
  }
}

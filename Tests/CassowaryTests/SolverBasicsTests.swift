import Testing

@testable import Cassowary

@Suite("Solver basics")
struct SolverBasicsTests {
  @Test func requiredEqualityAndInequality() throws {
    let solver = Solver()
    let x = Variable("x")
    let y = Variable("y")
    try solver.addConstraint(x + 2 == y + 10)
    try solver.addConstraint(x >= 20)
    try solver.addConstraint((x == 0) | .weak)
    solver.updateVariables()
    #expect(x.value == 20)
    #expect(y.value == 12)
  }

  @Test func strengthsOrderPreferences() throws {
    let solver = Solver()
    let x = Variable("x")
    try solver.addConstraint((x == 10) | .weak)
    try solver.addConstraint((x == 20) | .medium)
    solver.updateVariables()
    #expect(x.value == 20)
    let strong = (x == 30) | .strong
    try solver.addConstraint(strong)
    solver.updateVariables()
    #expect(x.value == 30)
    try solver.removeConstraint(strong)
    solver.updateVariables()
    #expect(x.value == 20)
  }

  @Test func customStrengthSitsBetweenLevels() throws {
    let solver = Solver()
    let x = Variable("x")
    let between = Strength(strong: 0, medium: 750, weak: 0)
    #expect(between.value == 750_000)
    #expect(Strength.medium < between && between < Strength.strong)
    try solver.addConstraint((x == 1) | .medium)
    try solver.addConstraint((x == 2) | between)
    solver.updateVariables()
    #expect(x.value == 2)
  }

  @Test func strengthsAreClippedAsKiwiClipsThem() {
    #expect(Strength(strong: 5000, medium: 0, weak: 0).value == 1_000_000_000)
    #expect(Strength(strong: -3, medium: 2, weak: 1).value == 2001)
    #expect(Strength(strong: 1000, medium: 1000, weak: 1000) == .required)
    #expect(Strength(1e12) == .required)
    #expect(Strength(-4).value == 0)
    #expect(Strength(.nan).value == 0)
    #expect(Strength(strong: 1, medium: 0, weak: 0, weight: 2).value == 2_000_000)
  }

  @Test func hasConstraintAndRemove() throws {
    let solver = Solver()
    let x = Variable("x")
    let c = x >= 3
    #expect(!solver.hasConstraint(c))
    try solver.addConstraint(c)
    #expect(solver.hasConstraint(c))
    #expect(solver.constraintCount == 1)
    try solver.removeConstraint(c)
    #expect(!solver.hasConstraint(c))
    #expect(solver.constraintCount == 0)
    solver.updateVariables()
    #expect(x.value == 0)
  }

  @Test func editVariables() throws {
    let solver = Solver()
    let left = Variable("left")
    let width = Variable("width")
    let right = Variable("right")
    try solver.addConstraint(right == left + width)
    try solver.addConstraint(width >= 100)
    try solver.addConstraint((width == 120) | .strong)
    #expect(!solver.hasEditVariable(left))
    try solver.addEditVariable(left, strength: .strong)
    #expect(solver.hasEditVariable(left))
    try solver.suggestValue(8, for: left)
    solver.updateVariables()
    #expect(left.value == 8)
    #expect(width.value == 120)
    #expect(right.value == 128)
    try solver.suggestValue(-40, for: left)
    solver.updateVariables()
    #expect(right.value == 80)
    try solver.removeEditVariable(left)
    #expect(!solver.hasEditVariable(left))
    solver.updateVariables()
    #expect(width.value == 120)
  }

  @Test func editWinsOverWeakerPreferencesOnly() throws {
    let solver = Solver()
    let x = Variable("x")
    try solver.addConstraint((x == 100) | .strong)
    try solver.addEditVariable(x, strength: .medium)
    try solver.suggestValue(5, for: x)
    solver.updateVariables()
    #expect(x.value == 100)
    try solver.removeEditVariable(x)
    try solver.addEditVariable(x, strength: Strength(strong: 2, medium: 0, weak: 0))
    try solver.suggestValue(5, for: x)
    solver.updateVariables()
    #expect(x.value == 5)
  }

  @Test func resetEmptiesTheSolver() throws {
    let solver = Solver()
    let x = Variable("x")
    let c = x == 7
    try solver.addConstraint(c)
    try solver.addEditVariable(Variable("e"), strength: .weak)
    solver.reset()
    #expect(!solver.hasConstraint(c))
    #expect(solver.constraintCount == 0)
    #expect(solver.editVariableCount == 0)
    try solver.addConstraint(c)
    solver.updateVariables()
    #expect(x.value == 7)
  }

  @Test func dumpIsReadable() throws {
    let solver = Solver()
    let x = Variable("x")
    let y = Variable("y")
    try solver.addConstraint(x >= 1)
    try solver.addConstraint((y == 2 * x) | .strong)
    solver.updateVariables()
    let dump = solver.dump()
    #expect(dump.contains("Objective"))
    #expect(dump.contains("Tableau"))
    #expect(dump.contains("[x]"))
    #expect(dump.contains("[y]"))
    #expect(dump.contains("x + -1 >= 0 | required"))
    #expect(solver.debugDescription == dump)
  }

  @Test func expressionsCombineRepeatedVariables() throws {
    let solver = Solver()
    let x = Variable("x")
    try solver.addConstraint(x + x + 3 * x == 10)
    solver.updateVariables()
    #expect(abs(x.value - 2) < 1e-12)
    let e = (x * 2 + 4) / 2 - x
    #expect(e.terms.count == 2)
    #expect(e.constant == 2)
  }

  @Test func variablesSharedByTwoSolvers() throws {
    let a = Solver()
    let b = Solver()
    let x = Variable("x")
    let ca = x == 1
    let cb = x == 2
    try a.addConstraint(ca)
    try b.addConstraint(cb)
    #expect(a.hasConstraint(ca) && !a.hasConstraint(cb))
    #expect(b.hasConstraint(cb) && !b.hasConstraint(ca))
    try b.addConstraint(ca | .weak)
    a.updateVariables()
    #expect(x.value == 1)
    b.updateVariables()
    #expect(x.value == 2)
  }

  @Test func theSolverHoldsItsVariablesUntilItGoes() throws {
    weak var weakX: Variable?
    weak var weakY: Variable?
    weak var weakConstraint: Constraint?
    var solver: Solver? = Solver()
    do {
      let x = Variable("x")
      let y = Variable("y")
      weakX = x
      weakY = y
      let c = Constraint(Expression([Term(x), Term(y, -1)], constant: -5), .equal)
      weakConstraint = c
      // Five terms: kept as an array, not inline.
      let wide = x + y + x + y + x >= 0
      try solver!.addConstraint(c)
      try solver!.addConstraint(wide)
      try solver!.addConstraint(y == 3)
      try solver!.addEditVariable(x, strength: .weak)
      try solver!.removeConstraint(wide)
      #expect(c.expression.terms.count == 2)
      #expect(wide.expression.terms.count == 5)
    }
    // Only the solver (its constraints and symbols) keeps them now.
    #expect(weakX != nil && weakY != nil && weakConstraint != nil)
    solver!.updateVariables()
    #expect(weakX?.value == 8)
    #expect(solver!.dump().contains("[x]"))
    solver = nil
    #expect(weakX == nil)
    #expect(weakY == nil)
    #expect(weakConstraint == nil)
  }
}

@Suite("Memory under churn")
struct ChurnTests {
  /// Adding and removing the same kind of constraints again and again reuses symbols and
  /// rows: the tables stop growing, and variables that no constraint mentions are let go.
  @Test func tablesStayBoundedAndVariablesAreReleased() throws {
    let solver = Solver()
    let width = Variable("width")
    try solver.addEditVariable(width, strength: .strong)
    try solver.suggestValue(390, for: width)
    weak var released: Variable?
    var sizes: [Int] = []
    for round in 0..<300 {
      let left = Variable("left\(round)")
      let right = Variable("right\(round)")
      if round == 0 { released = left }
      let cs = [
        left == 16, right == width - 16, (right - left >= 100) | .strong,
        (left == 20) | .weak, left <= right,
      ]
      for c in cs { try solver.addConstraint(c) }
      solver.updateVariables()
      #expect(right.value == 374)
      for c in cs.reversed() { try solver.removeConstraint(c) }
      sizes.append(solver.engine.info.count)
    }
    #expect(sizes.last == sizes[10], "symbol table grew: \(sizes[10]) → \(sizes.last!)")
    #expect(solver.engine.rows.count < 20)
    #expect(solver.engine.definitions.count < 200, "dead definitions are compacted away")
    #expect(solver.engine.definitionSyms.count < 600)
    #expect(released == nil, "a variable no constraint mentions is still held")
    try solver.suggestValue(400, for: width)
    solver.updateVariables()
    #expect(width.value == 400)
  }
}

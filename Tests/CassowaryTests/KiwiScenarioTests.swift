import Testing

@testable import Cassowary

/// The scenarios kiwi's own test suite checks, restated in our words.
@Suite("Classic scenarios")
struct KiwiScenarioTests {
  @Test func midpointOfASegment() throws {
    let solver = Solver()
    let left = Variable("left")
    let mid = Variable("mid")
    let right = Variable("right")
    try solver.addConstraint(mid == (left + right) / 2)
    try solver.addConstraint(right == left + 10)
    try solver.addConstraint(right <= 100)
    try solver.addConstraint(left >= 0)
    solver.updateVariables()
    #expect(mid.value == (left.value + right.value) / 2)
    #expect(right.value == left.value + 10)
    #expect(right.value <= 100 && left.value >= 0)
    try solver.addEditVariable(mid, strength: .strong)
    try solver.suggestValue(2, for: mid)
    solver.updateVariables()
    #expect(left.value == 0)
    #expect(mid.value == 5)
    #expect(right.value == 10)
    try solver.suggestValue(97, for: mid)
    solver.updateVariables()
    #expect(right.value == 100)
    #expect(mid.value == 95)
  }

  @Test func weakPreferencesAgainstALink() throws {
    let solver = Solver()
    let x = Variable("x")
    let y = Variable("y")
    try solver.addConstraint(x <= y)
    try solver.addConstraint(y == x + 3)
    try solver.addConstraint((x == 10) | .weak)
    try solver.addConstraint((y == 10) | .weak)
    solver.updateVariables()
    let a = x.value == 10 && y.value == 13
    let b = x.value == 7 && y.value == 10
    #expect(a || b)
  }

  @Test func inconsistentEqualities() throws {
    let solver = Solver()
    let x = Variable("x")
    try solver.addConstraint(x == 10)
    #expect(throws: SolverError.self) { try solver.addConstraint(x == 5) }
  }

  @Test func inconsistentInequalities() throws {
    let solver = Solver()
    let x = Variable("x")
    try solver.addConstraint(x >= 10)
    #expect(throws: SolverError.self) { try solver.addConstraint(x <= 5) }
  }

  @Test func inconsistentChain() throws {
    let solver = Solver()
    let w = Variable("w")
    let x = Variable("x")
    let y = Variable("y")
    let z = Variable("z")
    try solver.addConstraint(w >= 10)
    try solver.addConstraint(x >= w)
    try solver.addConstraint(y >= x)
    try solver.addConstraint(z >= y)
    try solver.addConstraint(z >= 8)
    #expect(throws: SolverError.self) { try solver.addConstraint(z <= 4) }
    solver.updateVariables()
    #expect(z.value >= 10)
  }

  @Test func redundantRequiredEqualityIsAccepted() throws {
    let solver = Solver()
    let x = Variable("x")
    let y = Variable("y")
    try solver.addConstraint(x == 10)
    try solver.addConstraint(y == x + 2)
    try solver.addConstraint(y - x == 2)
    solver.updateVariables()
    #expect(y.value == 12)
  }

  @Test func addAndRemoveKeepOptimality() throws {
    let solver = Solver()
    let x = Variable("x")
    try solver.addConstraint((x == 100) | .weak)
    let c10 = x <= 10
    let c20 = x <= 20
    try solver.addConstraint(c10)
    try solver.addConstraint(c20)
    solver.updateVariables()
    #expect(x.value == 10)
    try solver.removeConstraint(c10)
    solver.updateVariables()
    #expect(x.value == 20)
    try solver.removeConstraint(c20)
    solver.updateVariables()
    #expect(x.value == 100)
    let c10again = x <= 10
    try solver.addConstraint(c10again)
    try solver.addConstraint(c20)
    solver.updateVariables()
    #expect(x.value == 10)
  }

  @Test func multipleEditsAtOnce() throws {
    let solver = Solver()
    let x = Variable("x")
    let y = Variable("y")
    let w = Variable("w")
    let h = Variable("h")
    try solver.addEditVariable(x, strength: .strong)
    try solver.addEditVariable(y, strength: .strong)
    try solver.suggestValue(10, for: x)
    try solver.suggestValue(20, for: y)
    solver.updateVariables()
    #expect(x.value == 10 && y.value == 20 && w.value == 0 && h.value == 0)
    try solver.addEditVariable(w, strength: .strong)
    try solver.addEditVariable(h, strength: .strong)
    try solver.suggestValue(30, for: w)
    try solver.suggestValue(40, for: h)
    solver.updateVariables()
    #expect(x.value == 10 && y.value == 20 && w.value == 30 && h.value == 40)
    try solver.suggestValue(50, for: x)
    try solver.suggestValue(60, for: y)
    solver.updateVariables()
    #expect(x.value == 50 && y.value == 60 && w.value == 30 && h.value == 40)
  }

  @Test func layoutLikeRow() throws {
    // A parent 300 wide holding two boxes with 8 pt gaps; the second hugs its content.
    let solver = Solver()
    let width = Variable("width")
    let aLeft = Variable("a.left")
    let aWidth = Variable("a.width")
    let bLeft = Variable("b.left")
    let bWidth = Variable("b.width")
    try solver.addEditVariable(width, strength: .strong)
    try solver.suggestValue(300, for: width)
    try solver.addConstraint(aLeft == 8)
    try solver.addConstraint(bLeft == aLeft + aWidth + 8)
    try solver.addConstraint(bLeft + bWidth + 8 == width)
    try solver.addConstraint((bWidth == 60) | Strength(750_000))
    try solver.addConstraint((aWidth == 10) | .weak)
    solver.updateVariables()
    #expect(aWidth.value == 216)
    #expect(bLeft.value == 232)
    #expect(bWidth.value == 60)
  }
}

import Testing

@testable import Cassowary

/// `checkInvariants()` finds a broken tableau (the property and differential tests rely on
/// it to find one).
@Suite("Tableau invariants")
struct InvariantTests {
  /// A solver with a few rows: an edit, an inequality and a soft equality.
  func sample() throws -> Solver {
    let solver = Solver()
    let x = Variable("x")
    let y = Variable("y")
    try solver.addEditVariable(x, strength: .strong)
    try solver.suggestValue(10, for: x)
    try solver.addConstraint(y >= x + 5)
    try solver.addConstraint((y == 40) | .weak)
    return solver
  }

  @Test func soundAfterOperations() throws {
    #expect(try sample().checkInvariants() == [])
  }

  @Test func findsAnInfeasibleRestrictedRow() throws {
    let solver = try sample()
    let slot = try #require(
      solver.engine.rows.indices.first {
        let b = solver.engine.rows[$0].basic
        return b >= 0 && solver.engine.info[Int(b)].kind != .external
      })
    solver.engine.rows[slot].constant = -3
    #expect(solver.checkInvariants().contains { $0.contains("infeasible") })
    solver.engine.rows[slot].constant = 0
  }

  @Test func findsABasicSymbolInTheObjective() throws {
    let solver = try sample()
    let slot = try #require(solver.engine.rows.indices.first { solver.engine.rows[$0].basic >= 0 })
    let b = Int(solver.engine.rows[slot].basic)
    solver.engine.info[b].objective = 2
    #expect(solver.checkInvariants().contains { $0.contains("objective coefficient") })
    solver.engine.info[b].objective = 0
  }

  @Test func findsANonOptimalObjective() throws {
    let solver = try sample()
    let s = try #require(
      solver.engine.info.indices.first {
        solver.engine.info[$0].basicRow < 0 && solver.engine.info[$0].kind == .error
      })
    let saved = solver.engine.info[s].objective
    solver.engine.info[s].objective = -1e3
    #expect(solver.checkInvariants().contains { $0.contains("not optimal") })
    solver.engine.info[s].objective = saved
  }
}

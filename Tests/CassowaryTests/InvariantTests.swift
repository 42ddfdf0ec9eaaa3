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
        return b.exists && solver.engine.info[b].kind != .external
      })
    solver.engine.rows[slot].constant = -3
    #expect(solver.checkInvariants().contains { $0.contains("infeasible") })
    solver.engine.rows[slot].constant = 0
  }

  @Test func findsABasicSymbolInTheObjective() throws {
    let solver = try sample()
    let slot = try #require(
      solver.engine.rows.indices.first { solver.engine.rows[$0].basic.exists })
    let b = solver.engine.rows[slot].basic
    solver.engine.info[b].objective = 2
    #expect(solver.checkInvariants().contains { $0.contains("objective coefficient") })
    solver.engine.info[b].objective = 0
  }

  @Test func findsANonOptimalObjective() throws {
    let solver = try sample()
    let s = try #require(
      solver.engine.info.indices.first {
        solver.engine.info[$0].basicRow.isNone && solver.engine.info[$0].kind == .error
      })
    let saved = solver.engine.info[s].objective
    solver.engine.info[s].objective = -1e3
    #expect(solver.checkInvariants().contains { $0.contains("not optimal") })
    solver.engine.info[s].objective = saved
  }

  @Test func findsASymbolOfTheFreeListStillInARow() throws {
    let solver = try sample()
    let slot = try #require(
      solver.engine.rows.indices.first { solver.engine.rows[$0].count > 0 })
    let s = solver.engine.rows[slot].sym(0)
    solver.engine.freeSymbols.append(s)
    let problems = solver.checkInvariants()
    #expect(problems.contains { $0.contains("free list") })
    solver.engine.freeSymbols.removeLast()
    #expect(solver.checkInvariants() == [])
  }

  @Test func findsAFreeSlotThatHoldsARow() throws {
    let solver = try sample()
    let slot = try #require(
      solver.engine.rows.indices.first { solver.engine.rows[$0].basic.exists })
    solver.engine.freeSlots.append(slot)
    #expect(solver.checkInvariants().contains { $0.contains("free slot") })
    solver.engine.freeSlots.removeLast()
  }

  @Test func findsATagItsMarkerDoesNotNameBack() throws {
    let solver = try sample()
    let t = try #require(solver.engine.tags.indices.first { solver.engine.tags[$0].isLive })
    let marker = solver.engine.tags[t].marker
    let saved = solver.engine.info[marker].symTag
    solver.engine.info[marker].symTag = .none
    #expect(solver.checkInvariants().contains { $0.contains("does not name the tag back") })
    solver.engine.info[marker].symTag = saved
    #expect(solver.checkInvariants() == [])
  }

  /// Typed indices: `none` is no index, and an index is only ever compared with its own
  /// kind.
  @Test func typedIndicesKeepTheirSentinel() {
    #expect(Symbol.none.isNone && !Symbol.none.exists)
    #expect(RowSlot(3).offset == 3 && RowSlot(3).exists)
    #expect(Symbol(2) < Symbol(5) && Symbol(5) < Symbol.end)
    var table = Table<Symbol, Double>()
    let first = table.append(1.5)
    #expect(first == Symbol(0) && table.contains(first) && !table.contains(.none))
    #expect(!table.contains(Symbol(1)))
    #expect(table[first] == 1.5 && table.storage.isLive)
    table.deallocate()
    #expect(table.count == 0)
    #if DEBUG
      // Debug builds remember the free, so any later access traps.
      #expect(!table.storage.isLive)
    #endif
  }
}

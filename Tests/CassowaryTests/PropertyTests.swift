import Testing

@testable import Cassowary

/// Random systems from a seeded generator.
@Suite("Properties")
struct PropertyTests {
  /// Systems built around a known point are always satisfiable; every required constraint
  /// holds after every step.
  @Test(arguments: 0..<60)
  func feasibleSystemsSatisfyEveryRequiredConstraint(seed: Int) throws {
    var rng = SplitMix64(seed: UInt64(seed) &+ 1000)
    let vars = (0..<Int.random(in: 3...10, using: &rng)).map { Variable("v\($0)") }
    let point = vars.map { _ in Double(Int.random(in: -100...100, using: &rng)) }
    let solver = Solver()
    var active: [Constraint] = []
    for _ in 0..<Int.random(in: 5...30, using: &rng) {
      var c = randomConstraint(&rng, vars, requiredShare: 0.6)
      if c.isRequired {
        // Move the constant so that the known point satisfies it.
        let value = c.expression.terms.reduce(0.0) { acc, t in
          acc + t.coefficient * point[vars.firstIndex { $0 === t.variable }!]
        }
        var e = c.expression
        switch c.op {
        case .equal: e.constant = -value
        case .lessThanOrEqual: e.constant = -value - Double(Int.random(in: 0...5, using: &rng))
        case .greaterThanOrEqual: e.constant = -value + Double(Int.random(in: 0...5, using: &rng))
        }
        c = Constraint(e, c.op, strength: .required)
      }
      try solver.addConstraint(c)
      expectSound(solver)
      active.append(c)
      solver.updateVariables()
      for r in active where r.isRequired {
        #expect(r.violation < 1e-6, "\(r) violated by \(r.violation)")
      }
    }
  }

  /// After any sequence of adds, removals, edits and constant changes, the incremental
  /// solution is as good as a fresh solve of the final system (same weighted error), and
  /// satisfies every required constraint.
  @Test(arguments: 0..<80)
  func incrementalMatchesFreshSolve(seed: Int) throws {
    var rng = SplitMix64(seed: UInt64(seed) &* 31 &+ 7)
    let vars = (0..<Int.random(in: 2...8, using: &rng)).map { Variable("v\($0)") }
    let solver = Solver()
    var active: [Constraint] = []
    var editValues: [(Variable, Strength, Double)] = []
    for _ in 0..<40 {
      defer { expectSound(solver) }
      switch Int.random(in: 0..<10, using: &rng) {
      case 0..<5:
        let c = randomConstraint(&rng, vars, requiredShare: 0.4)
        do {
          try solver.addConstraint(c)
          active.append(c)
        } catch {
          guard case .unsatisfiableConstraint = error else { throw error }
        }
      case 5..<7:
        if !active.isEmpty {
          let i = Int.random(in: 0..<active.count, using: &rng)
          try solver.removeConstraint(active.remove(at: i))
        }
      case 7:
        if !active.isEmpty {
          let c = active[Int.random(in: 0..<active.count, using: &rng)]
          do {
            try solver.setConstant(Double(Int.random(in: -60...60, using: &rng)), for: c)
          } catch {
            guard case .unsatisfiableConstraint = error else { throw error }
          }
        }
      default:
        let v = vars.randomElement(using: &rng)!
        let value = Double(Int.random(in: -80...80, using: &rng))
        if let i = editValues.firstIndex(where: { $0.0 === v }) {
          try solver.suggestValue(value, for: v)
          editValues[i].2 = value
        } else {
          let s: Strength = [.strong, .medium, .weak].randomElement(using: &rng)!
          try solver.addEditVariable(v, strength: s)
          try solver.suggestValue(value, for: v)
          editValues.append((v, s, value))
        }
      }
    }
    solver.updateVariables()
    for r in active where r.isRequired { #expect(r.violation < 1e-6) }
    let edits = editValues.map { Constraint(Expression($0.0) - $0.2, .equal, strength: $0.1) }
    let incremental = weightedError(active + edits)

    let fresh = Solver()
    for c in active {
      var e = c.expression
      e.constant = c.constant
      try fresh.addConstraint(Constraint(e, c.op, strength: c.strength))
      expectSound(fresh)
    }
    for (v, s, value) in editValues {
      try fresh.addEditVariable(v, strength: s)
      try fresh.suggestValue(value, for: v)
      expectSound(fresh)
    }
    fresh.updateVariables()
    let rebuilt = weightedError(active + edits)
    #expect(abs(incremental - rebuilt) <= 1e-6 * max(1, abs(rebuilt)))
  }

  /// The same calls give the same tableau and values in every run.
  @Test func deterministic() throws {
    func run() throws -> String {
      var rng = SplitMix64(seed: 42)
      let vars = (0..<8).map { Variable("v\($0)") }
      let solver = Solver()
      for _ in 0..<60 {
        do { try solver.addConstraint(randomConstraint(&rng, vars, requiredShare: 0.5)) } catch {}
        expectSound(solver)
      }
      solver.updateVariables()
      return solver.dump()
    }
    #expect(try run() == run())
  }

  /// A long chain stays sparse: positions are definitions, not dense rows.
  @Test func longChainSolvesAndEdits() throws {
    let solver = Solver()
    let offset = Variable("offset")
    try solver.addEditVariable(offset, strength: .strong)
    var previousRight: Expression = Expression(offset)
    var widths: [Variable] = []
    var lefts: [Variable] = []
    for i in 0..<3000 {
      let left = Variable("l\(i)")
      let width = Variable("w\(i)")
      try solver.addConstraint(left == previousRight + 8)
      try solver.addConstraint(width >= 8)
      try solver.addConstraint((width == Double(20 + i % 7)) | .strong)
      previousRight = left + width
      lefts.append(left)
      widths.append(width)
    }
    try solver.suggestValue(100, for: offset)
    solver.updateVariables()
    var expected = 108.0
    for i in 0..<2999 { expected += 8 + Double(20 + i % 7) }
    #expect(abs(lefts.last!.value - expected) < 1e-6)
    try solver.suggestValue(0, for: offset)
    solver.updateVariables()
    #expect(abs(lefts.last!.value - (expected - 100)) < 1e-6)
  }

  /// The tableau's invariants hold (``Solver/checkInvariants()``): after every call, failed
  /// ones included (a failure restores the solver).
  func expectSound(_ solver: Solver, sourceLocation: SourceLocation = #_sourceLocation) {
    let problems = solver.checkInvariants()
    #expect(problems.isEmpty, "\(problems.prefix(5))", sourceLocation: sourceLocation)
  }
}

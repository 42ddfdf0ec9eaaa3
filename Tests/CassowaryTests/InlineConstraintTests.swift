import Testing

@_spi(Layout) @testable import Cassowary

/// Constraints added by value (`InlineConstraint`, the path ViewKit's constraints take):
/// the same solutions, errors and undo as objects, and the variables held only while a
/// constraint needs them.
@Suite("Inline constraints")
struct InlineConstraintTests {
  /// The value form of a constraint of at most four terms.
  func inline(_ c: Constraint) -> InlineConstraint {
    var terms = TermList()
    for term in c.expression.terms { terms.append(term.variable, term.coefficient) }
    return InlineConstraint(terms, constant: c.constant, c.op, strength: c.strength)
  }

  @Test func randomSequencesMatchObjectConstraints() throws {
    var rng = SplitMix64(seed: 31)
    for _ in 0..<40 {
      let vars = (0..<6).map { Variable("v\($0)") }
      let objects = Solver()
      let values = Solver()
      for v in vars {
        try objects.addConstraint((v == 0) | .weak)
        try values.addConstraint((v == 0) | .weak)
      }
      var live: [(Constraint, ConstraintHandle)] = []
      for step in 0..<60 {
        let roll = Int.random(in: 0..<10, using: &rng)
        if roll < 6 || live.isEmpty {
          let c = randomConstraint(&rng, vars, requiredShare: 0.5)
          var objectFailed: SolverError?
          var valueFailed: SolverError?
          do { try objects.addConstraint(c) } catch { objectFailed = error }
          var handle: ConstraintHandle?
          do { handle = try values.addConstraint(inline(c)) } catch { valueFailed = error }
          #expect((objectFailed == nil) == (valueFailed == nil), "step \(step): \(c)")
          if case .unsatisfiableConstraint(_, let a) = objectFailed,
            case .unsatisfiableConstraint(_, let b) = valueFailed
          {
            // The same constraints named: the values by handles to their own tags.
            let named = b.map { h in live.first { $0.1.tag == h.handle }?.0 }
            #expect(
              named.map { $0.map(ObjectIdentifier.init) } == a.map { ObjectIdentifier($0) })
          }
          if let handle, objectFailed == nil { live.append((c, handle)) }
        } else if roll < 8 {
          let (c, handle) = live.remove(at: Int.random(in: 0..<live.count, using: &rng))
          try objects.removeConstraint(c)
          try values.removeConstraint(handle)
        } else {
          let (c, handle) = live[Int.random(in: 0..<live.count, using: &rng)]
          let constant = Double(Int.random(in: -60...60, using: &rng))
          var objectFailed = false
          var valueFailed = false
          do { try objects.setConstant(constant, for: c) } catch { objectFailed = true }
          do { try values.setConstant(constant, for: handle) } catch { valueFailed = true }
          #expect(objectFailed == valueFailed, "step \(step): constant \(constant) for \(c)")
          #expect(values.constraint(for: handle)?.constant == c.constant)
        }
        objects.updateVariables()
        let expected = vars.map(\.value)
        values.updateVariables()
        #expect(vars.map(\.value) == expected, "step \(step)")
        #expect(values.constraintCount == objects.constraintCount)
      }
    }
  }

  @Test func conflictNamesTheValueByItsHandleAndChangesNothing() throws {
    let solver = Solver()
    let x = Variable("x")
    let y = Variable("y")
    let sum = try solver.addConstraint(
      InlineConstraint(TermList(x, 1, y, 1), constant: -100, .equal))
    let low = try solver.addConstraint(InlineConstraint(TermList(x, 1), constant: -30, .equal))
    solver.updateVariables()
    #expect(x.value == 30 && y.value == 70)
    #expect {
      try solver.addConstraint(InlineConstraint(TermList(y, 1), constant: -80, .equal))
    } throws: { error in
      guard case .unsatisfiableConstraint(let c, let conflicting) = error as? SolverError
      else { return false }
      return c.handle == -1 && c.description == "y + -80 == 0 | required"
        && Set(conflicting.map(\.handle)) == [sum.tag, low.tag]
    }
    solver.updateVariables()
    #expect(x.value == 30 && y.value == 70)
    #expect(solver.constraint(for: low)?.constant == -30)
    #expect(solver.constraintCount == 2)
  }

  @Test func requiredConstantChangeIntoAConflictIsUndone() throws {
    let solver = Solver()
    let x = Variable("x")
    try solver.addConstraint(InlineConstraint(TermList(x, 1), constant: 0, .equal, strength: .weak))
    try solver.addConstraint(InlineConstraint(TermList(x, 1), constant: -100, .lessThanOrEqual))
    let wide = try solver.addConstraint(
      InlineConstraint(TermList(x, 1), constant: -80, .greaterThanOrEqual))
    solver.updateVariables()
    #expect(x.value == 80)
    #expect {
      try solver.setConstant(-150, for: wide)
    } throws: { error in
      guard case .unsatisfiableConstraint(let c, let conflicting) = error as? SolverError
      else { return false }
      return c.handle == wide.tag && c.constant == -150 && conflicting.count == 1
        && conflicting[0].description == "x + -100 <= 0 | required"
    }
    try solver.setConstant(-90, for: wide)
    solver.updateVariables()
    #expect(x.value == 90)
    #expect(solver.constraint(for: wide)?.constant == -90)
  }

  @Test func variablesLiveWhileAConstraintUsesThem() throws {
    let solver = Solver()
    weak var weakX: Variable?
    weak var weakZero: Variable?
    var handle: ConstraintHandle?
    do {
      let x = Variable("x")
      let zero = Variable("zero")
      weakX = x
      weakZero = zero
      // `zero` has a zero coefficient: no symbol, so the solver neither keeps nor holds it.
      handle = try solver.addConstraint(
        InlineConstraint(TermList(x, 1, zero, 0), constant: -7, .equal))
    }
    #expect(weakX != nil)
    #expect(weakZero == nil)
    #expect(solver.constraint(for: try #require(handle))?.description == "x + -7 == 0 | required")
    try solver.removeConstraint(try #require(handle))
    #expect(weakX == nil)
    #expect(solver.constraintCount == 0)
    #expect(solver.constraint(for: try #require(handle)) == nil)
    let gone = try #require(handle)
    // A handle that holds nothing gets its own error, not an internal one.
    #expect {
      try solver.removeConstraint(gone)
    } throws: { error in
      guard case .unknownConstraintHandle(let tag) = error as? SolverError else { return false }
      return tag == gone.tag
    }
    #expect {
      try solver.setConstant(1, for: gone)
    } throws: { error in
      guard case .unknownConstraintHandle(let tag) = error as? SolverError else { return false }
      return tag == gone.tag
    }
  }

  @Test func aVariableInTwoTermsIsReleasedOnce() throws {
    let solver = Solver()
    let w = Variable("w")
    weak var weakX: Variable?
    var handle: ConstraintHandle?
    do {
      let x = Variable("x")
      weakX = x
      // x − x + w − 10 == 0 (a view's leading tied to its own trailing minus its width).
      handle = try solver.addConstraint(
        InlineConstraint(
          TermList(
            Unmanaged.passUnretained(x), 1, Unmanaged.passUnretained(x), -1,
            Unmanaged.passUnretained(w), 1, nil, 0),
          constant: -10, .equal))
    }
    solver.updateVariables()
    #expect(w.value == 10)
    #expect(weakX != nil)
    try solver.removeConstraint(try #require(handle))
    #expect(weakX == nil)
    // The symbols were freed once each: new constraints reuse them soundly.
    let a = Variable("a")
    let b = Variable("b")
    let c = Variable("c")
    try solver.addConstraint(InlineConstraint(TermList(a, 1, b, -1), constant: -5, .equal))
    try solver.addConstraint(InlineConstraint(TermList(b, 1, c, -1), constant: -3, .equal))
    try solver.addConstraint(InlineConstraint(TermList(c, 1), constant: -2, .greaterThanOrEqual))
    try solver.addConstraint(InlineConstraint(TermList(c, 1), constant: -2, .lessThanOrEqual))
    solver.updateVariables()
    #expect(a.value == 10 && b.value == 5 && c.value == 2)
  }

  @Test func theSolverHoldsAnObjectConstraintUntilItIsRemoved() throws {
    let solver = Solver()
    let x = Variable("x")
    weak var weakConstraint: Constraint?
    do {
      let c = (x == 5) | .strong
      weakConstraint = c
      try solver.addConstraint(c)
    }
    #expect(weakConstraint != nil)
    try solver.addEditVariable(x, strength: .medium)
    try solver.removeEditVariable(x)
    try solver.addEditVariable(x, strength: .weak)
    try solver.suggestValue(9, for: x)
    solver.updateVariables()
    #expect(x.value == 5)
    try solver.removeConstraint(try #require(weakConstraint))
    #expect(weakConstraint == nil)
    try solver.removeEditVariable(x)
    #expect(solver.constraintCount == 0 && solver.editVariableCount == 0)
  }

  @Test func nonFiniteValuesAreRejected() {
    let solver = Solver()
    let x = Variable("x")
    #expect {
      _ = try solver.addConstraint(InlineConstraint(TermList(x, 1), constant: .nan, .equal))
    } throws: { error in
      guard case .nonFiniteValue(let what) = error as? SolverError else { return false }
      return what.contains("constant nan")
    }
    #expect {
      _ = try solver.addConstraint(
        InlineConstraint(TermList(x, .infinity), constant: 1, .lessThanOrEqual))
    } throws: { error in
      guard case .nonFiniteValue(let what) = error as? SolverError else { return false }
      return what.contains("coefficient inf of x")
    }
    #expect(solver.constraintCount == 0)
  }

  @Test func softEqualityWithTwoStrengthsMatchesTheObject() throws {
    let objects = Solver()
    let values = Solver()
    let x = Variable("x")
    try objects.addConstraint(Constraint(x - 50, above: .weak, below: .strong))
    try objects.addConstraint((x == 20) | .medium)
    objects.updateVariables()
    let expected = x.value
    let soft = try values.addConstraint(
      InlineConstraint(TermList(x, 1), constant: -50, above: .weak, below: .strong))
    try values.addConstraint((x == 20) | .medium)
    values.updateVariables()
    #expect(x.value == expected)
    #expect(x.value == 50)
    #expect(
      values.constraint(for: soft)?.description == "x + -50 == 0 | above: weak, below: strong")
    try values.removeConstraint(soft)
    values.updateVariables()
    #expect(x.value == 20)
  }
}

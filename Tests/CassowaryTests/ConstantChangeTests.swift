import Testing

@testable import Cassowary

/// `setConstant(_:for:)` must give the same solution as removing the constraint and adding
/// one with the new constant, for every kind of constraint.
@Suite("Constants changed in place")
struct ConstantChangeTests {
  @Test(arguments: [
    (RelationalOperator.equal, Strength.required), (.equal, .strong), (.equal, .weak),
    (.greaterThanOrEqual, .required), (.lessThanOrEqual, .required),
    (.greaterThanOrEqual, .medium), (.lessThanOrEqual, .strong),
  ])
  func matchesRemoveAndReAdd(op: RelationalOperator, strength: Strength) throws {
    for newConstant in [-70.0, -35, -12, 0, 5, 40] {
      let (a, ca, va) = try Self.scene(op: op, strength: strength)
      try a.setConstant(newConstant, for: ca)
      a.updateVariables()
      #expect(ca.constant == newConstant)
      let (b, cb, vb) = try Self.scene(op: op, strength: strength)
      try b.removeConstraint(cb)
      var e = cb.expression
      e.constant = newConstant
      try b.addConstraint(Constraint(e, op, strength: strength))
      b.updateVariables()
      for (x, y) in zip(va, vb) {
        #expect(abs(x.value - y.value) < 1e-9, "\(x.name) with constant \(newConstant)")
      }
    }
  }

  /// x, y, z with a few links; the constraint under test is `y - x + c op 0`.
  static func scene(op: RelationalOperator, strength: Strength) throws
    -> (Solver, Constraint, [Variable])
  {
    let solver = Solver()
    let x = Variable("x")
    let y = Variable("y")
    let z = Variable("z")
    try solver.addConstraint(x >= 0)
    try solver.addConstraint(z == y + 10)
    try solver.addConstraint(z <= 100)
    try solver.addConstraint((x == 20) | .medium)
    try solver.addConstraint((y == 50) | Strength(strong: 0, medium: 0, weak: 2))
    let c = Constraint(Expression([Term(y), Term(x, -1)], constant: -12), op, strength: strength)
    try solver.addConstraint(c)
    solver.updateVariables()
    return (solver, c, [x, y, z])
  }

  @Test func definitionConstantChangesCarryThroughTheChain() throws {
    let solver = Solver()
    let origin = Variable("origin")
    let boxes = (0..<20).map { Variable("left\($0)") }
    try solver.addEditVariable(origin, strength: .strong)
    try solver.suggestValue(5, for: origin)
    var links: [Constraint] = []
    var previous = origin
    for box in boxes {
      let link = box == previous + 10
      try solver.addConstraint(link)
      links.append(link)
      previous = box
    }
    solver.updateVariables()
    #expect(boxes.last!.value == 205)
    try solver.setConstant(-30, for: links[3])  // box3 = box2 + 30
    solver.updateVariables()
    #expect(boxes[2].value == 35)
    #expect(boxes[3].value == 65)
    #expect(boxes.last!.value == 225)
    try solver.suggestValue(0, for: origin)
    solver.updateVariables()
    #expect(boxes.last!.value == 220)
  }

  @Test func removingDefinitionsInTheMiddleOfAChain() throws {
    let solver = Solver()
    let xs = (0..<10).map { Variable("x\($0)") }
    var links: [Constraint] = []
    try solver.addConstraint(xs[0] == 1)
    for i in 1..<xs.count {
      let link = xs[i] == xs[i - 1] + 1
      try solver.addConstraint(link)
      links.append(link)
    }
    try solver.addConstraint(xs[9] <= 100)
    for x in xs { try solver.addConstraint((x == 0) | .weak) }
    solver.updateVariables()
    #expect(xs[9].value == 10)
    try solver.removeConstraint(links[4])  // x5 no longer follows x4
    solver.updateVariables()
    // x5…x9 = t…t+4 with weak pulls to 0: the median, t = -2, is the optimum.
    #expect(xs[4].value == 5)
    #expect(abs(xs[5].value + 2) < 1e-9)
    #expect(abs(xs[9].value - 2) < 1e-9)
    try solver.addConstraint(xs[5] == xs[4] + 1)
    solver.updateVariables()
    #expect(xs[9].value == 10)
  }
}

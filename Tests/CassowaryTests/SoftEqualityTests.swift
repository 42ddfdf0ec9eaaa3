import Testing

@testable import Cassowary

/// A soft equality whose sides weigh differently (one row) must reach the same optimum as the
/// pair of inequalities it stands for (Auto Layout's hugging and compression resistance).
@Suite("Soft equalities with two strengths")
struct SoftEqualityTests {
  /// A width with an intrinsic size and a competing pull: `split` uses two inequalities.
  static func width(
    intrinsic: Double, hugging: Double, compression: Double, pull: Double, pullStrength: Double,
    split: Bool
  ) throws -> (Solver, Variable, [Constraint]) {
    let solver = Solver()
    let w = Variable("w")
    try solver.addConstraint(Constraint(Expression(w), .greaterThanOrEqual))
    var added: [Constraint] = []
    if split {
      added.append(Constraint(w - intrinsic, .lessThanOrEqual, strength: Strength(hugging)))
      added.append(
        Constraint(w - intrinsic, .greaterThanOrEqual, strength: Strength(compression)))
    } else {
      added.append(
        Constraint(w - intrinsic, above: Strength(hugging), below: Strength(compression)))
    }
    for c in added { try solver.addConstraint(c) }
    try solver.addConstraint(Constraint(w - pull, .equal, strength: Strength(pullStrength)))
    solver.updateVariables()
    return (solver, w, added)
  }

  @Test func eachSideWeighsItsOwnStrength() throws {
    // Pulled wider by a medium pull: weak hugging gives way.
    var (_, w, _) = try Self.width(
      intrinsic: 100, hugging: 1, compression: 1_000_000, pull: 150, pullStrength: 1000,
      split: false)
    #expect(w.value == 150)
    // Pulled narrower by the same pull: strong compression resistance holds.
    (_, w, _) = try Self.width(
      intrinsic: 100, hugging: 1, compression: 1_000_000, pull: 50, pullStrength: 1000,
      split: false)
    #expect(w.value == 100)
  }

  @Test func sameOptimumAsTwoInequalitiesOnSeededCases() throws {
    var rng = SplitMix64(seed: 42)
    let strengths: [Double] = [1, 250, 1000, 250_000, 750_000, 999_000]
    for _ in 0..<300 {
      let intrinsic = Double(rng.next() % 400)
      let pull = Double(rng.next() % 400)
      let picks = (0..<3).map { _ in strengths[Int(rng.next() % UInt64(strengths.count))] }
      // Distinct strengths, so the optimum is a single point.
      guard Set(picks).count == 3 else { continue }
      let (_, merged, _) = try Self.width(
        intrinsic: intrinsic, hugging: picks[0], compression: picks[1], pull: pull,
        pullStrength: picks[2], split: false)
      let (_, split, _) = try Self.width(
        intrinsic: intrinsic, hugging: picks[0], compression: picks[1], pull: pull,
        pullStrength: picks[2], split: true)
      #expect(
        abs(merged.value - split.value) < 1e-9,
        "intrinsic \(intrinsic), pull \(pull), strengths \(picks)")
    }
  }

  @Test func removingItTakesBothWeightsOutOfTheObjective() throws {
    let (solver, w, added) = try Self.width(
      intrinsic: 100, hugging: 1, compression: 1_000_000, pull: 50, pullStrength: 1000,
      split: false)
    #expect(w.value == 100)
    try solver.removeConstraint(added[0])
    solver.updateVariables()
    #expect(w.value == 50)
    // Added again with the sides swapped: now the pull wins the other way round.
    let swapped = Constraint(w - 100, above: Strength(1_000_000), below: Strength(1))
    try solver.addConstraint(swapped)
    solver.updateVariables()
    #expect(w.value == 50)
    // Its constant changes in place: 40 below the pull, the strong side above now holds.
    try solver.setConstant(-40, for: swapped)
    solver.updateVariables()
    #expect(w.value == 40)
  }

  @Test func describesBothStrengths() {
    let w = Variable("w")
    let c = Constraint(w - 10, above: Strength(250_000), below: Strength(750_000))
    #expect(c.description.contains("above:"))
    #expect(c.description.contains("below:"))
    #expect(!c.isRequired)
  }
}

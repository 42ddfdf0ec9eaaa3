import Cassowary
import Foundation

/// Systems with their LP reference results, as `scripts/solver_lp_peer.py` writes them, and
/// the check of our solver against them (used by `LPDifferentialTests`).
struct LPReference: Decodable {
  var systems: [LPSystem]
}

/// One constraint of a reference system: `Σ coefficient·variable + constant op 0`.
struct LPConstraint: Decodable {
  var terms: [(Int, Double)]
  var constant: Double
  var op: RelationalOperator
  var strength: Strength

  init(from decoder: any Decoder) throws {
    var c = try decoder.unkeyedContainer()
    terms = try c.decode([[Double]].self).map { (Int($0[0]), $0[1]) }
    constant = try c.decode(Double.self)
    switch try c.decode(String.self) {
    case "==": op = .equal
    case "<=": op = .lessThanOrEqual
    default: op = .greaterThanOrEqual
    }
    strength = try LPConstraint.strength(&c)
  }

  /// A strength written as kiwi's name or number.
  static func strength(_ c: inout any UnkeyedDecodingContainer) throws -> Strength {
    if let name = try? c.decode(String.self) {
      switch name {
      case "required": return .required
      case "strong": return .strong
      case "medium": return .medium
      default: return .weak
      }
    }
    return Strength(try c.decode(Double.self))
  }

  func make(_ vars: [Variable], constant k: Double? = nil) -> Constraint {
    Constraint(
      Expression(terms.map { Term(vars[$0.0], $0.1) }, constant: k ?? constant), op,
      strength: strength)
  }
}

/// An edit variable of a reference system, with its initial suggestion.
struct LPEdit: Decodable {
  var variable: Int
  var strength: Strength
  var value: Double

  init(from decoder: any Decoder) throws {
    var c = try decoder.unkeyedContainer()
    variable = try c.decode(Int.self)
    strength = try LPConstraint.strength(&c)
    value = try c.decode(Double.self)
  }
}

/// An incremental operation, the LP's verdict on it and the optimum after it.
struct LPOperation: Decodable {
  var k: String
  var id: Int?
  var con: LPConstraint?
  var e: Int?
  var value: Double?
  var c: Double?
  var ok: Bool
  var opt: Double?
}

/// kiwisolver's answer on the build, when it gave one.
struct KiwiAnswer: Decodable {
  var aborted: Bool
  var values: [Double]?
}

struct LPSystem: Decodable {
  var `class`: String
  var nv: Int
  var cons: [LPConstraint]
  var edits: [LPEdit]
  var rejected: [Int]
  var opt: Double?
  var ops: [LPOperation]
  /// The LP's values after the build, and which of them the optimum determines.
  var values: [Double]?
  var unique: [Bool]?
  var kiwi: KiwiAnswer?
}

/// What a check found, per system.
struct LPCheckOutcome {
  var mismatches: [String] = []
  var rejected = 0
  var steps = 0
  /// Values compared with the LP's unique ones, and with kiwi's.
  var uniqueCompared = 0
  var kiwiCompared = 0
  var kiwiAborted = false
}

/// Runs one reference system through our solver: the build (verdicts, required constraints,
/// optimal error), then every operation (verdict, required constraints, the error against the
/// LP's and against a fresh solve's), and kiwi's values where unique. `invariants` checks the
/// solver's internal state after the build and after every operation (nil: fine).
struct LPChecker {
  var system: LPSystem
  var label: String
  var invariants: (Solver) -> String?
  var outcome = LPCheckOutcome()

  var vars: [Variable] = []
  var solver = Solver()
  /// The constraints in the solver, by id (the build's by index, added ones after them).
  var active: [Int: Constraint] = [:]
  /// Their specifications and current constants.
  var specs: [Int: (LPConstraint, Double)] = [:]
  var activeOrder: [Int] = []
  var editValues: [Double] = []

  init(_ system: LPSystem, label: String, invariants: @escaping (Solver) -> String?) {
    self.system = system
    self.label = label
    self.invariants = invariants
  }

  /// The largest weight among the soft constraints and edits: errors are compared within
  /// 1e-7 of the optimum plus 1e-9 of it (round-off in the error's sum at that weight).
  var scale: Double {
    var w = 1.0
    for c in system.cons where !c.strength.isRequired { w = max(w, c.strength.value) }
    for op in system.ops where op.k == "add" {
      if let c = op.con, !c.strength.isRequired { w = max(w, c.strength.value) }
    }
    for e in system.edits { w = max(w, e.strength.value) }
    return w
  }

  mutating func fail(_ message: String) {
    outcome.mismatches.append("\(label): \(message)")
  }

  mutating func checkState(_ step: String) {
    if let problem = invariants(solver) { fail("\(step): invariants: \(problem)") }
  }

  /// The values of a fresh solve of the current constraints and edits (its own variables).
  func freshValues() throws(SolverError) -> [Double] {
    let fresh = (0..<system.nv).map { Variable("f\($0)") }
    let s = Solver()
    for (e, edit) in system.edits.enumerated() {
      try s.addEditVariable(fresh[edit.variable], strength: edit.strength)
      try s.suggestValue(editValues[e], for: fresh[edit.variable])
    }
    for id in activeOrder {
      try s.addConstraint(specs[id]!.0.make(fresh, constant: specs[id]!.1))
    }
    s.updateVariables()
    return fresh.map(\.value)
  }

  /// The weighted error of `values` (a mismatch when a required constraint does not hold).
  mutating func error(_ values: [Double], _ step: String) -> Double {
    var total = 0.0
    for id in activeOrder {
      let (c, constant) = specs[id]!
      var v = constant
      var size = abs(constant)
      for (i, k) in c.terms {
        v += k * values[i]
        size += abs(k * values[i])
      }
      let violation =
        c.op == .equal ? abs(v) : c.op == .lessThanOrEqual ? max(0, v) : max(0, -v)
      if c.strength.isRequired {
        if violation > 1e-7 * max(1, size) {
          fail("\(step): required constraint \(id) violated by \(violation)")
        }
      } else {
        total += c.strength.value * violation
      }
    }
    for (e, edit) in system.edits.enumerated() {
      total += edit.strength.value * abs(values[edit.variable] - editValues[e])
    }
    return total
  }

  mutating func compare(_ step: String, ours: Double, reference: Double?, what: String) {
    guard let reference else { return fail("\(step): the LP found no optimum") }
    if abs(ours - reference) > 1e-7 * abs(reference) + 1e-9 * scale {
      fail("\(step): \(what) error \(ours), LP optimum \(reference)")
    }
  }

  mutating func run() -> LPCheckOutcome {
    vars = (0..<system.nv).map { Variable("v\($0)") }
    editValues = system.edits.map(\.value)
    do {
      try build()
      for (n, op) in system.ops.enumerated() { try apply(op, step: "step \(n) (\(op.k))") }
    } catch {
      fail("\(error)")
    }
    return outcome
  }

  mutating func build() throws(SolverError) {
    for edit in system.edits {
      try solver.addEditVariable(vars[edit.variable], strength: edit.strength)
      try solver.suggestValue(edit.value, for: vars[edit.variable])
    }
    var rejected: [Int] = []
    for (i, spec) in system.cons.enumerated() {
      let c = spec.make(vars)
      do {
        try solver.addConstraint(c)
        active[i] = c
        specs[i] = (spec, spec.constant)
        activeOrder.append(i)
      } catch {
        guard case .unsatisfiableConstraint(_, let conflicting) = error else { throw error }
        rejected.append(i)
        if conflicting.contains(where: { !$0.isRequired }) {
          fail("build: a conflicting constraint of \(i) is not required")
        }
      }
    }
    checkState("build")
    outcome.rejected = rejected.count
    outcome.kiwiAborted = system.kiwi?.aborted == true
    if rejected != system.rejected {
      fail("build: rejected \(rejected), the LP rejects \(system.rejected)")
      return
    }
    solver.updateVariables()
    compare("build", ours: error(vars.map(\.value), "build"), reference: system.opt, what: "our")
    compareWithKiwi()
  }

  /// Our values against the LP's where the optimum determines them, and there against
  /// kiwi's when kiwi answered.
  mutating func compareWithKiwi() {
    guard let values = system.values, let unique = system.unique else { return }
    let kiwi = system.kiwi?.aborted == false ? system.kiwi?.values : nil
    for v in 0..<system.nv where unique[v] {
      let ours = vars[v].value
      outcome.uniqueCompared += 1
      if abs(ours - values[v]) > 1e-6 * max(1, abs(values[v])) {
        fail("build: v\(v) is \(ours), the LP's unique value \(values[v])")
      }
      guard let kiwi else { continue }
      outcome.kiwiCompared += 1
      if abs(ours - kiwi[v]) > 1e-6 * max(1, abs(kiwi[v])) {
        fail("build: v\(v) is \(ours), kiwi's \(kiwi[v]) (unique)")
      }
    }
  }

  mutating func apply(_ op: LPOperation, step: String) throws(SolverError) {
    outcome.steps += 1
    var accepted = true
    do {
      switch op.k {
      case "suggest":
        let e = op.e!
        try solver.suggestValue(op.value!, for: vars[system.edits[e].variable])
        editValues[e] = op.value!
      case "remove":
        try solver.removeConstraint(active[op.id!]!)
        active[op.id!] = nil
        specs[op.id!] = nil
        activeOrder.removeAll { $0 == op.id! }
      case "add":
        let c = op.con!.make(vars)
        try solver.addConstraint(c)
        active[op.id!] = c
        specs[op.id!] = (op.con!, op.con!.constant)
        activeOrder.append(op.id!)
      default:
        try solver.setConstant(op.c!, for: active[op.id!]!)
        specs[op.id!]!.1 = op.c!
      }
    } catch {
      guard case .unsatisfiableConstraint = error else { throw error }
      accepted = false
    }
    checkState(step)
    if accepted != op.ok {
      return fail("\(step): accepted \(accepted), the LP says \(op.ok)")
    }
    solver.updateVariables()
    compare(step, ours: error(vars.map(\.value), step), reference: op.opt, what: "incremental")
    compare(step, ours: error(try freshValues(), step), reference: op.opt, what: "fresh")
  }
}

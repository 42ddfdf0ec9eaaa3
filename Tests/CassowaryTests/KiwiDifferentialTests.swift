import Foundation
import SharedTestData
import Testing

@testable import Cassowary

/// Our solver against kiwisolver (PyPI) on 1,200 random systems, some of them unsatisfiable:
/// the same verdict for every constraint, and the same value for every variable that the
/// system determines uniquely (kiwi's own perturbation finds which ones).
///
/// The peer runs as `scripts/kiwi_peer.py` under the Python that `make test` sets up
/// (`NAVUI_PYTHON`, see ``PythonPeer``); without it the test fails and says how to install it.
@Suite("Differential against kiwisolver")
struct KiwiDifferentialTests {
  struct System: Codable {
    struct Cons: Codable {
      var t: [[Double]]
      var c: Double
      var op: String
      var s: String
    }
    struct Edit: Codable {
      var v: Int
      var s: String
      var value: Double
    }
    var vars: Int
    var constraints: [Cons]
    var edits: [Edit]
  }

  struct PeerResult: Codable {
    var failed: Int?
    var values: [Double]
    var unique: [Bool]
  }

  static func makeSystems(count: Int) -> [System] {
    var rng = SplitMix64(seed: 20_261_129)
    let strengths = ["strong", "medium", "weak"]
    return (0..<count).map { _ in
      let nv = Int.random(in: 2...8, using: &rng)
      let nc = Int.random(in: 2...16, using: &rng)
      let requiredShare = Double.random(in: 0.3...0.8, using: &rng)
      var cons: [System.Cons] = []
      for _ in 0..<nc {
        let k = Int.random(in: 1...min(3, nv), using: &rng)
        let picked = Array(0..<nv).shuffled(using: &rng).prefix(k).sorted()
        let terms = picked.map { [Double($0), Double(Int.random(in: -3...3, using: &rng) | 1)] }
        let op = ["==", "<=", ">="].randomElement(using: &rng)!
        let s =
          Double.random(in: 0..<1, using: &rng) < requiredShare
          ? "required" : strengths.randomElement(using: &rng)!
        cons.append(
          .init(t: terms, c: Double(Int.random(in: -40...40, using: &rng)), op: op, s: s))
      }
      let edits = (0..<Int.random(in: 0...2, using: &rng)).map { i in
        System.Edit(
          v: i % nv, s: strengths.randomElement(using: &rng)!,
          value: Double(Int.random(in: -30...30, using: &rng)))
      }
      return System(vars: nv, constraints: cons, edits: edits.count == 2 && nv == 2 ? [] : edits)
    }
  }

  static func strength(_ s: String) -> Strength {
    switch s {
    case "required": .required
    case "strong": .strong
    case "medium": .medium
    default: .weak
    }
  }

  /// Builds a system with our solver: the first rejected constraint, and the values.
  static func solve(_ system: System) throws -> (Int?, [Double]) {
    let vars = (0..<system.vars).map { Variable("v\($0)") }
    let solver = Solver()
    for e in system.edits {
      try solver.addEditVariable(vars[e.v], strength: strength(e.s))
      try solver.suggestValue(e.value, for: vars[e.v])
    }
    var failed: Int?
    for (i, c) in system.constraints.enumerated() {
      let expr = Expression(c.t.map { Term(vars[Int($0[0])], $0[1]) }, constant: c.c)
      let op: RelationalOperator =
        c.op == "==" ? .equal : c.op == "<=" ? .lessThanOrEqual : .greaterThanOrEqual
      do {
        try solver.addConstraint(Constraint(expr, op, strength: strength(c.s)))
      } catch {
        guard case .unsatisfiableConstraint = error else { throw error }
        failed = i
        break
      }
    }
    solver.updateVariables()
    return (failed, vars.map(\.value))
  }

  /// The weighted violation of the first `prefix` non-required constraints and the edits.
  static func cost(_ system: System, prefix: Int, values: [Double]) -> Double {
    var total = 0.0
    for c in system.constraints.prefix(prefix) where c.s != "required" {
      let v = c.t.reduce(c.c) { $0 + $1[1] * values[Int($1[0])] }
      let violation = c.op == "==" ? abs(v) : c.op == "<=" ? max(0, v) : max(0, -v)
      total += strength(c.s).value * violation
    }
    for e in system.edits { total += strength(e.s).value * abs(values[e.v] - e.value) }
    return total
  }

  static func runPeer(_ systems: [System]) throws -> [PeerResult] {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kiwi-diff-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let input = dir.appendingPathComponent("systems.json")
    try JSONEncoder().encode(systems).write(to: input)
    let data = try PythonPeer.run(script: "kiwi_peer.py", arguments: [input.path])
    return try JSONDecoder().decode([PeerResult].self, from: data)
  }

  @Test func sameVerdictsAndValuesAsKiwi() throws {
    let systems = Self.makeSystems(count: 1200)
    let peer = try Self.runPeer(systems)
    #expect(peer.count == systems.count)
    var unsatisfiable = 0
    var compared = 0
    for (i, (system, theirs)) in zip(systems, peer).enumerated() {
      let (failed, values) = try Self.solve(system)
      #expect(failed == theirs.failed, "system \(i): verdict differs")
      if failed != nil { unsatisfiable += 1 }
      guard failed == theirs.failed else { continue }
      // Both answers are optima of the same problem: equal weighted error.
      let prefix = failed ?? system.constraints.count
      let ours = Self.cost(system, prefix: prefix, values: values)
      let kiwi = Self.cost(system, prefix: prefix, values: theirs.values)
      #expect(abs(ours - kiwi) <= 1e-6 * max(1, abs(kiwi)), "system \(i): cost \(ours) vs \(kiwi)")
      for v in 0..<system.vars where theirs.unique[v] {
        compared += 1
        #expect(
          abs(values[v] - theirs.values[v]) <= 1e-6,
          "system \(i) v\(v): ours \(values[v]), kiwi \(theirs.values[v])")
      }
    }
    // The generator must exercise both verdicts and many determined values.
    print(
      "kiwi differential: \(systems.count) systems, \(unsatisfiable) unsatisfiable, \(compared) values compared"
    )
    #expect(unsatisfiable >= 100)
    #expect(systems.count - unsatisfiable >= 300)
    #expect(compared >= 2000)
  }
}

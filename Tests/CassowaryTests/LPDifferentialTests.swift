import Foundation
import Testing

@testable import Cassowary

/// Our solver against an independent LP solver (HiGHS, through SciPy's `linprog`) on 5,000
/// seeded random systems (four shards of 1,250, run in parallel) of seven classes
/// (`scripts/solver_lp_peer.py`: random systems around a known point, larger fractional ones
/// with numeric strengths, Auto Layout-like views, systems with conflicting required
/// constraints, and the benchmark generator's chain, grid and navigation-screen workloads),
/// among them systems on which kiwisolver aborts.
///
/// For every system: the same required constraints rejected as unsatisfiable, every required
/// constraint holding, and the weighted error (by strength, as kiwi weighs it) equal to the
/// LP's optimum within 1e-7 relative (plus 1e-9 of the largest weight, for round-off in the
/// sum). Then, on 1,000 of them, a sequence of adds, removals, suggestions and constant changes
/// (the workloads' frames for the generator's classes), with the same checks after each step,
/// for our incremental answer and for a fresh solve. On 160, the values the optimum determines
/// (the LP's least and greatest on the optimal face agree) equal the LP's and, where kiwi
/// answers, kiwi's. kiwisolver runs on every build and aborts on 20–25 of the 5,000 (kiwi
/// orders terms by memory address, so the count varies from run to run; not asserted).
/// `checkInvariants()` runs after the build and after every step.
///
/// `CASSOWARY_LP_LONG=1` runs ten times as many systems (50,000), every one with operations
/// and a tenth with values (minutes); `CASSOWARY_LP_SYSTEMS=path` checks a kept set of
/// systems (a file or directory: the peer's form or cassowary-bench-v1 documents) the same
/// way.
@Suite("Differential against an LP reference (HiGHS)")
struct LPDifferentialTests {
  static let environment = ProcessInfo.processInfo.environment
  static let long = environment["CASSOWARY_LP_LONG"] != nil

  /// Runs the peer; returns its systems with their reference results.
  static func reference(_ arguments: [String]) throws -> LPReference {
    let data = try PythonPeer.run(script: "solver_lp_peer.py", arguments: arguments)
    return try JSONDecoder().decode(LPReference.self, from: data)
  }

  /// Checks every system; returns the totals and the mismatches.
  static func check(_ reference: LPReference, label: String) -> (LPCheckOutcome, [String: Int]) {
    var total = LPCheckOutcome()
    var classes: [String: Int] = [:]
    var aborted = 0
    for (i, system) in reference.systems.enumerated() {
      classes[system.class, default: 0] += 1
      var checker = LPChecker(system, label: "\(label) system \(i) [\(system.class)]") {
        let problems = $0.checkInvariants()
        return problems.isEmpty ? nil : problems.prefix(3).joined(separator: "; ")
      }
      let outcome = checker.run()
      total.mismatches += outcome.mismatches
      total.rejected += outcome.rejected
      total.steps += outcome.steps
      total.uniqueCompared += outcome.uniqueCompared
      total.kiwiCompared += outcome.kiwiCompared
      if outcome.kiwiAborted { aborted += 1 }
    }
    classes["kiwi aborted"] = aborted
    return (total, classes)
  }

  /// Four shards of 1,250 systems (seeds 1–4), run in parallel.
  @Test(arguments: 1...4)
  func matchesTheLPOptimum(shard: Int) throws {
    let count = Self.long ? 12_500 : 1250
    let reference = try Self.reference([
      "--count", "\(count)", "--seed", "\(shard)", "--steps", "6",
      "--incremental", "\(Self.long ? count : 250)", "--unique", "\(Self.long ? count / 10 : 40)",
      "--kiwi", "\(count)",
    ])
    #expect(reference.systems.count == count)
    let (total, classes) = Self.check(reference, label: "seed \(shard)")
    for m in total.mismatches.prefix(20) { Issue.record("\(m)") }
    #expect(total.mismatches.isEmpty, "\(total.mismatches.count) mismatches")
    print(
      "LP differential, seed \(shard): \(classes.sorted { $0.key < $1.key }), "
        + "\(total.rejected) rejected, \(total.steps) steps, "
        + "\(total.uniqueCompared) unique values, \(total.kiwiCompared) compared with kiwi")
    // The generator must exercise what the test claims to check.
    for name in ["points", "fractional", "layout", "conflict", "chain", "grid", "navscreen"] {
      #expect(classes[name, default: 0] >= count / 20, "too few \(name) systems")
    }
    #expect(total.rejected >= count / 100)
    #expect(total.steps >= (Self.long ? 6 * count : 1500))
    #expect(total.uniqueCompared >= (Self.long ? count / 2 : 200))
    #expect(total.kiwiCompared >= (Self.long ? count / 3 : 150))
  }

  /// A kept set of systems, from `CASSOWARY_LP_SYSTEMS`.
  @Test(.enabled(if: environment["CASSOWARY_LP_SYSTEMS"] != nil))
  func keptSystems() throws {
    let path = Self.environment["CASSOWARY_LP_SYSTEMS"]!
    let reference = try Self.reference(["--check", path])
    let (total, classes) = Self.check(reference, label: "kept")
    for m in total.mismatches.prefix(20) { Issue.record("\(m)") }
    #expect(total.mismatches.isEmpty, "\(total.mismatches.count) mismatches")
    print("LP differential, kept systems: \(classes), \(total.rejected) rejected")
  }
}

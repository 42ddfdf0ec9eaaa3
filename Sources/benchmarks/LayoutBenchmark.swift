import CMallocStats
import Foundation
import SolverWorkloads
import ViewKit

/// One result of the layout suite: its samples in microseconds, the peer measured in the same
/// loop (the solver-only run of the same workload) when there is one, and a note.
struct LayoutRow {
  var name: String
  var samples: [Double]
  var note: String
  var peer: Peer?

  init(name: String, samples: [Double], note: String, peer: (String, [Double])? = nil) {
    self.name = name
    self.samples = samples
    self.note = note
    self.peer = peer.map { Peer(name: $0.0, samples: Samples($0.1)) }
  }

  /// Prints the row (``report(_:_:_:peer:note:)``).
  func report() {
    benchmarks.report(name, Samples(samples), .µs, peer: peer, note: note)
  }
}

/// The time `body` takes, in microseconds.
func microseconds(_ body: () -> Void) -> Double { elapsed(in: .µs, body) }

/// `benchmarks layout [--runs N] [--json] [--only GROUP] [--workloads DIR]`: the view
/// layer's timings, each next to the solver-only timing of the same workload measured in the
/// same loop (the machine's load then weighs on both alike). Medians and minimums are shown:
/// on a shared machine the minimum is the better estimate of the unloaded cost.
@MainActor
func runLayoutBenchmark(_ args: [String]) throws {
  var runs = 20
  var workloads = Workload.bundledDirectory.path
  var only: String?
  var rest = Arguments(args)
  while let argument = rest.next() {
    switch argument {
    case "--runs": runs = try rest.positiveInteger(after: argument)
    case "--only": only = try rest.value(after: "--only navscreen|cold|solver|screen|memory")
    case "--workloads": workloads = try rest.value(after: argument)
    default: throw BenchmarkError(description: "unknown option \(argument)")
    }
  }
  LayoutIssue.logsToStandardError = false
  func wanted(_ group: String) -> Bool { only == nil || only == group }
  if wanted("navscreen") {
    for row in navScreenRows(runs: runs, workloads: workloads) { row.report() }
  }
  if only == "cold" { for row in coldOnlyRows(runs: runs) { row.report() } }
  if wanted("solver") { for row in solverRows(workloads: workloads, runs: runs) { row.report() } }
  if wanted("screen") { scalingRows(runs: max(3, runs / 4)) }
  if wanted("memory") {
    memoryReport()
    fact("solver-only memory", solverMemoryReport(constraints: 22000))
  }
}

/// The same workloads solver-only, for the view layer's overhead.
func solverRows(workloads: String, runs: Int) -> [LayoutRow] {
  var rows: [LayoutRow] = []
  for name in ["navscreen", "animate"] {
    let path = workloads + "/\(name).json"
    guard FileManager.default.fileExists(atPath: path), let workload = try? Workload(path: path)
    else { continue }
    var builds: [Double] = []
    var frames: [Double] = []
    for _ in 0..<runs {
      guard let result = try? runOnce(workload, measureHeap: false) else { continue }
      builds.append(result.build)
      frames.append(Samples(result.frames).median)
    }
    rows.append(LayoutRow(name: "solver-only.\(name).build", samples: builds, note: ""))
    rows.append(LayoutRow(name: "solver-only.\(name).frame", samples: frames, note: ""))
  }
  return rows
}

import Cassowary
import Foundation
import SolverWorkloads

/// `benchmarks solver [--runs N] [--values] FILES…`: one `cassowary-bench-v1` line per
/// workload file (scripts/solver-bench/FORMAT.md: the line kiwisolver's runner prints too, so
/// `make bench-solver` can put the two side by side), medians of the runs.
func runSolverBenchmark(_ args: [String]) throws {
  var runs = 5
  var values = false
  var files: [String] = []
  var rest = Arguments(args)
  while let argument = rest.next() {
    switch argument {
    case "--runs": runs = try rest.positiveInteger(after: argument)
    case "--values": values = true
    default:
      if argument.hasPrefix("-") { throw BenchmarkError(description: "unknown option \(argument)") }
      files.append(argument)
    }
  }
  if files.isEmpty { throw BenchmarkError(description: "no workload files") }
  for path in files {
    let w = try Workload(path: path)
    var results: [RunResult] = []
    for r in 0..<runs { results.append(try runOnce(w, measureHeap: r == 0)) }
    let nf = w.frames.count
    func med(_ f: (RunResult) -> Double) -> Double { Samples(results.map(f)).median }
    var check = "-"
    if let err = w.maximumError(of: results[0]) {
      check = w.passes(results[0]) ? "ok" : String(format: "FAIL(%.3g)", err)
    }
    let fields: [(String, String)] = [
      ("workload", w.name), ("engine", "swift-cassowary"), ("runs", "\(runs)"),
      ("vars", "\(w.variables.count)"), ("constraints", "\(w.constraints.count)"),
      ("edits", "\(w.edits.count)"), ("frames", "\(nf)"),
      ("construct_us", String(format: "%.1f", med(\.construct))),
      ("build_solve_us", String(format: "%.1f", med(\.build))),
      ("suggest_us", String(format: "%.2f", med { $0.frames.reduce(0, +) } / Double(max(nf, 1)))),
      ("frame_p50_us", String(format: "%.2f", med { Samples($0.frames).median })),
      ("frame_max_us", String(format: "%.2f", med { $0.frames.max() ?? 0 })),
      ("heap_kb", "\(results[0].heapKB)"), ("check", check),
    ]
    emit(fields.map { "\($0.0)=\($0.1)" }.joined(separator: " "))
    if values {
      for (name, v) in zip(w.variables, results[0].final) { emit("\(name)=\(v)") }
    }
  }
}

import Cassowary
import Foundation
import SolverWorkloads

let benchmarksUsage = """
  OVERVIEW: Benchmarks of the SDK, run in release mode.

  USAGE: swift run -c release benchmarks <suite> [options] FILES…

  SUITES:
    solver [--runs N] [--values] FILES…
                            Run cassowary-bench-v1 workloads; print one FORMAT.md line per file.
                            --values also prints every variable's final value as name=value.
    layout [--runs N] [--json] [--only NAME,…] [--workloads DIR]
                            ViewKit: the navscreen and animate workloads as view trees (cold
                            layout, rotation, constraint and presentation animation frames),
                            solver-only timings of the same workloads from DIR (default
                            the workloads shipped with the package), screens of 100/1,000/10,000
                            views, and memory per view and per constraint.
    location [--runs N]     Road snapping of a noisy 1 Hz trace to route progress, and map
                            matching of it on the Monaco road network, beside their peers.
    draw [--samples N]      UIKit drawing: the demo screen captured with drawHierarchy at 3x
                            against the renderer's frame (moved frames, alternating); 1,000
                            UIBezierPath fills of a 48-pt rounded rectangle against CGContext
                            and raw Cairo; redraw counts of a custom draw(_:) view.
    map [--frames N]        The map at scale 3 with 1,000 markers and 50 polylines against the
                            map alone (alternating frames, warm and moved), a tap hit-tested
                            among 10,000 markers, camera animation frames against moved frames.

  """

struct BenchmarkError: Error, CustomStringConvertible {
  var description: String
}

func runSolverBenchmark(_ args: [String]) throws {
  var runs = 5
  var values = false
  var files: [String] = []
  var i = 0
  while i < args.count {
    switch args[i] {
    case "--runs":
      guard i + 1 < args.count, let n = Int(args[i + 1]), n > 0 else {
        throw BenchmarkError(description: "--runs needs a positive whole number")
      }
      runs = n
      i += 1
    case "--values": values = true
    default:
      if args[i].hasPrefix("-") { throw BenchmarkError(description: "unknown option \(args[i])") }
      files.append(args[i])
    }
    i += 1
  }
  if files.isEmpty { throw BenchmarkError(description: "no workload files") }
  for path in files {
    let w = try Workload(path: path)
    var results: [RunResult] = []
    for r in 0..<runs { results.append(try runOnce(w, measureHeap: r == 0)) }
    let nf = w.frames.count
    func med(_ f: (RunResult) -> Double) -> Double { median(results.map(f)) }
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
      ("frame_p50_us", String(format: "%.2f", med { median($0.frames) })),
      ("frame_max_us", String(format: "%.2f", med { $0.frames.max() ?? 0 })),
      ("heap_kb", "\(results[0].heapKB)"), ("check", check),
    ]
    print(fields.map { "\($0.0)=\($0.1)" }.joined(separator: " "))
    if values {
      for (name, v) in zip(w.variables, results[0].final) { print("\(name)=\(v)") }
    }
  }
}

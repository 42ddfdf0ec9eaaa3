import CMallocStats
import Foundation
import SolverWorkloads
import ViewKit

/// One benchmark line: median, min and max of the samples, in microseconds.
struct LayoutRow {
  var name: String
  var samples: [Double]
  var note: String

  var line: String {
    let sorted = samples.sorted()
    return String(
      format: "%-30@ median=%10.2f µs  mean=%10.2f  min=%10.2f  max=%10.2f  n=%d  %@",
      name as NSString, median(sorted), samples.reduce(0, +) / Double(max(samples.count, 1)),
      sorted.first ?? 0, sorted.last ?? 0, samples.count, note as NSString)
  }

  var json: String {
    let sorted = samples.sorted()
    return String(
      format: "{\"name\":\"%@\",\"median_us\":%.3f,\"min_us\":%.3f,\"max_us\":%.3f,\"n\":%d}",
      name as NSString, median(sorted), sorted.first ?? 0, sorted.last ?? 0, samples.count)
  }
}

@inline(never)
func microseconds(_ body: () -> Void) -> Double {
  let clock = ContinuousClock()
  let start = clock.now
  body()
  let elapsed = clock.now - start
  return Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
}

/// `benchmarks layout [--runs N] [--json] [--only GROUP] [--workloads DIR]`: the view
/// layer's timings, each next to the solver-only timing of the same workload measured in the
/// same loop (the machine's load then weighs on both alike). Medians and minimums are shown:
/// on a shared machine the minimum is the better estimate of the unloaded cost.
@MainActor
func runLayoutBenchmark(_ args: [String]) throws {
  var runs = 20
  var json = false
  var workloads = Workload.bundledDirectory.path
  var only: String?
  var index = 0
  while index < args.count {
    switch args[index] {
    case "--runs":
      guard index + 1 < args.count, let n = Int(args[index + 1]), n > 0 else {
        throw BenchmarkError(description: "--runs needs a positive whole number")
      }
      runs = n
      index += 1
    case "--json": json = true
    case "--only":
      guard index + 1 < args.count else {
        throw BenchmarkError(description: "--only navscreen|cold|solver|screen|memory")
      }
      only = args[index + 1]
      index += 1
    case "--workloads":
      guard index + 1 < args.count else { throw BenchmarkError(description: "--workloads DIR") }
      workloads = args[index + 1]
      index += 1
    default: throw BenchmarkError(description: "unknown option \(args[index])")
    }
    index += 1
  }
  LayoutIssue.logsToStandardError = false
  func wanted(_ group: String) -> Bool { only == nil || only == group }
  var rows: [LayoutRow] = []
  if wanted("navscreen") { rows += navScreenRows(runs: runs, workloads: workloads) }
  if only == "cold" { rows += coldOnlyRows(runs: runs) }
  if wanted("solver") { rows += solverRows(workloads: workloads, runs: runs) }
  if wanted("screen") { rows += scalingRows(runs: max(3, runs / 4)) }
  let memory =
    wanted("memory") ? memoryReport() + "\n" + solverMemoryReport(constraints: 22000) : ""
  if json {
    print("[" + rows.map(\.json).joined(separator: ",") + "]")
  } else {
    for row in rows { print(row.line) }
    if !memory.isEmpty { print(memory) }
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
      frames.append(median(result.frames))
    }
    rows.append(LayoutRow(name: "solver-only.\(name).build", samples: builds, note: ""))
    rows.append(LayoutRow(name: "solver-only.\(name).frame", samples: frames, note: ""))
  }
  return rows
}

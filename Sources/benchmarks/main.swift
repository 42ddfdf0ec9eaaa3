// `swift run -c release benchmarks <suite> [options] FILES…`
//
// Suites:
//   solver [--runs N] [--values] FILES…   cassowary-bench-v1 workloads (FORMAT.md line per file)
//   layout [--runs N] [--json] [--workloads DIR]   ViewKit: navscreen, animate, scaling, memory
//   location [--runs N]   road snapping to route progress, map matching of a noisy trace
//   draw [--samples N]   UIKit drawing: drawHierarchy vs the renderer, UIBezierPath fills, redraws
//   map [--frames N]   the map with 1,000 markers and 50 polylines, taps, camera animation
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard let suite = arguments.first else {
  FileHandle.standardError.write(Data(benchmarksUsage.utf8))
  exit(2)
}
let suites: [String: ([String]) throws -> Void] = [
  "solver": runSolverBenchmark, "layout": runLayoutBenchmark, "location": runLocationBenchmark,
  "draw": runDrawBenchmark, "map": runMapBenchmark,
]
if let run = suites[suite] {
  do {
    try run(Array(arguments.dropFirst()))
  } catch {
    FileHandle.standardError.write(Data("benchmarks: \(error)\n\(benchmarksUsage)".utf8))
    exit(1)
  }
} else if suite == "-h" || suite == "--help" {
  print(benchmarksUsage, terminator: "")
} else {
  FileHandle.standardError.write(
    Data("benchmarks: unknown suite '\(suite)'\n\(benchmarksUsage)".utf8))
  exit(2)
}

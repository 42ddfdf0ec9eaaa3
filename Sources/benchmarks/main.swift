// `swift run -c release benchmarks <suite> [options] FILES…`
//
// Suites:
//   solver [--runs N] [--values] FILES…   cassowary-bench-v1 workloads (FORMAT.md line per file)
//   layout [--runs N] [--json] [--workloads DIR]   ViewKit: navscreen, animate, scaling, memory
//   map [--frames N]   the map with 1,000 markers and 50 polylines, taps, camera animation
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard let suite = arguments.first else {
  FileHandle.standardError.write(Data(benchmarksUsage.utf8))
  exit(2)
}
switch suite {
case "solver":
  do {
    try runSolverBenchmark(Array(arguments.dropFirst()))
  } catch {
    FileHandle.standardError.write(Data("benchmarks: \(error)\n\(benchmarksUsage)".utf8))
    exit(1)
  }
case "layout":
  do {
    try runLayoutBenchmark(Array(arguments.dropFirst()))
  } catch {
    FileHandle.standardError.write(Data("benchmarks: \(error)\n\(benchmarksUsage)".utf8))
    exit(1)
  }
case "map":
  do {
    try runMapBenchmark(Array(arguments.dropFirst()))
  } catch {
    FileHandle.standardError.write(Data("benchmarks: \(error)\n\(benchmarksUsage)".utf8))
    exit(1)
  }
case "-h", "--help":
  print(benchmarksUsage, terminator: "")
default:
  FileHandle.standardError.write(
    Data("benchmarks: unknown suite '\(suite)'\n\(benchmarksUsage)".utf8))
  exit(2)
}

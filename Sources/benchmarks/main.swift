// `swift run -c release benchmarks <suite> [options]`: every benchmark of the package, one
// executable (Guides/Benchmarks.md lists the suites, their peers and the commands behind
// each figure of Guides/Performance.md).
import Foundation

let benchmarksUsage = """
  OVERVIEW: Benchmarks of the SDK, run in release mode. Each result line is flushed as it is
  measured: name, median, min, interquartile range, n, and the ratio to the peer measured in
  the same run. --json (any suite) writes one JSON object per line instead.

  USAGE: swift run -c release benchmarks <suite> [options]

  SUITES:
    solver [--runs N] [--values] FILES…
                            Cassowary on cassowary-bench-v1 workloads: one FORMAT.md line per
                            file (peer: kiwisolver, through `make bench-solver`).
    layout [--runs N] [--only navscreen|cold|solver|screen|memory] [--workloads DIR]
                            ViewKit: the navigation screen as a view tree (cold layout,
                            rotation, constraint and presentation animation frames), screens of
                            100/1,000/10,000 views, memory (peer: the solver-only workloads).
    core [--data DIR] [FILTER]
                            NavigationCore: JSON parse and route decode, navigator update and
                            progress on 1k/10k/100k-point routes, heap bytes per shape point.
    navui [transition|prompt|tick]
                            NavigationUI on the navigation screen's delegate: enable +
                            startGuidance, a prompt slide frame, a navigator tick.
    render [--samples N] [--out frame.png] [--drive] [--only views|frame|cold|encode|drive]
                            A 1170 × 2532 PNG frame over the Monaco map: moved, warm and cold
                            frames, direct and tiled, serial; the demo drive with --drive.
    route [--data DIR] [--osrm] [--grid SPACING_M …] [--grid-ch] [--skip-maps]
                            The embedded router: load, build, preprocess and query Monaco and
                            Helsinki, the 100 km grid (A*, ALT, CH); --osrm adds osrm-routed.
    route --preprocess [--data DIR] [--timeout SECONDS] [--grid-side N]
                            Helsinki and a million-node grid read, built and preprocessed by
                            ours against osrm-extract + osrm-partition + osrm-customize.
    location [--runs N]     Road snapping of a noisy 1 Hz trace to route progress, and map
                            matching of it on the Monaco road network, beside their peers.
    draw [--samples N]      UIKit drawing: drawHierarchy against the renderer's frame,
                            UIBezierPath fills against CGContext and raw Cairo, redraw counts.
    map [--frames N]        The map with 1,000 markers and 50 polylines against the map
                            alone, a tap among 10,000 markers, camera animation frames.
    live [--device phone|tablet] [--scale S] [--frames N] [--only moved|still]
                            The live window's frames (`navui run`) into a pixel buffer on the
                            drive, a drag moving the tilted map every other frame: moved
                            frames against still ones.
    animation [--runs N]    Core Animation: 1,000 markers moved in a CATransaction and their
                            overlay items mid-animation against the same at rest, and a
                            CABasicAnimation's presentation read against a view animation's.

  """

let arguments = Array(CommandLine.arguments.dropFirst())
guard let suite = arguments.first else {
  FileHandle.standardError.write(Data(benchmarksUsage.utf8))
  exit(2)
}
let suites: [String: ([String]) throws -> Void] = [
  "solver": runSolverBenchmark, "layout": runLayoutBenchmark, "core": runCoreBenchmark,
  "navui": runNavUIBenchmark, "render": runRenderBenchmark, "route": runRouteBenchmark,
  "location": runLocationBenchmark, "draw": runDrawBenchmark, "map": runMapBenchmark,
  "live": runLiveBenchmark,
  "animation": runCoreAnimationBenchmark,
]
if let run = suites[suite] {
  do {
    try run(Array(arguments.dropFirst()))
  } catch {
    FileHandle.standardError.write(Data("benchmarks \(suite): \(error)\n\(benchmarksUsage)".utf8))
    exit(1)
  }
} else if suite == "-h" || suite == "--help" {
  emit(benchmarksUsage)
} else {
  FileHandle.standardError.write(
    Data("benchmarks: unknown suite '\(suite)'\n\(benchmarksUsage)".utf8))
  exit(2)
}

// benchmarks route --preprocess: reading, building and preprocessing the Helsinki extract and a
// synthetic grid of a million nodes, each in a child process (wall time and peak resident memory
// from wait4), against OSRM's osrm-extract + osrm-partition + osrm-customize (car.lua, MLD) on
// the same file in the same run. Every step has a time limit (--timeout, default 300 s) and
// its line is printed as soon as it ends.
import Foundation
import NavigationCore
import Routing

#if canImport(Glibc)
  import Glibc
#endif

/// How one child process ended.
struct MeasuredRun {
  var seconds: Double
  var peakMB: Double
  /// The exit status, or nil when it did not exit by itself.
  var status: Int32?
  /// It ran past its time limit and was killed.
  var timedOut: Bool
  /// The signal that ended it (the out-of-memory killer's 9, say), or nil.
  var signal: Int32? = nil

  /// "ok", "exit 65", "signal 9", "timeout after 300 s", "spawn failed".
  func outcome(limit: Double) -> String {
    if timedOut { return "timeout after \(Int(limit)) s" }
    if let signal { return "signal \(signal)" }
    guard let status else { return "spawn failed" }
    return status == 0 ? "ok" : "exit \(status)"
  }
}

/// Runs a program with its output in `log` (or discarded), killing it after `limit` seconds:
/// wall seconds, peak resident MB (`ru_maxrss` of the child), exit status.
func runMeasured(_ argv: [String], limit: Double, log: String? = nil) -> MeasuredRun {
  var pid: pid_t = 0
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  let target = log ?? "/dev/null"
  posix_spawn_file_actions_addopen(&actions, 1, target, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  posix_spawn_file_actions_adddup2(&actions, 1, 2)
  let cArgs = argv.map { strdup($0) } + [nil]
  defer { for a in cArgs { free(a) } }
  let start = ContinuousClock.now
  guard posix_spawn(&pid, argv[0], &actions, nil, cArgs, environ) == 0 else {
    return MeasuredRun(seconds: 0, peakMB: 0, status: nil, timedOut: false)
  }
  var status: Int32 = 0
  var usage = rusage()
  var timedOut = false
  while wait4(pid, &status, WNOHANG, &usage) == 0 {
    if ContinuousClock.now - start > .seconds(limit) {
      kill(pid, SIGKILL)
      _ = wait4(pid, &status, 0, &usage)
      timedOut = true
      break
    }
    usleep(20_000)
  }
  let d = ContinuousClock.now - start
  let seconds = Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
  let exited = (status & 0x7f) == 0
  return MeasuredRun(
    seconds: seconds, peakMB: Double(usage.ru_maxrss) / 1024,
    status: exited ? (status >> 8) & 0xff : nil, timedOut: timedOut,
    signal: exited || timedOut ? nil : status & 0x7f)
}

/// Child mode: reads, builds and preprocesses one file as `RouteEngine(mapPath:)` does (the
/// contraction hierarchy only when `hierarchy`), then routes once so nothing is optimised away.
func preprocessOne(_ path: String, hierarchy: Bool) -> Int32 {
  do {
    let graph = RoadGraph.build(from: try OSMData.read(path: path))
    let router = Router(graph: graph, hierarchy: hierarchy)
    let a = router.snap(graph.coordinate(ofVertex: 0))
    let b = router.snap(graph.coordinate(ofVertex: graph.vertexCount - 1))
    print(router.path(from: a, to: b)?.cost ?? -1)
    return 0
  } catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    return 65
  }
}

/// Writes a square grid of `side` × `side` nodes `spacing` meters apart as OSM XML (residential
/// roads on every line, primary every 5 km, all two-way).
func writeGrid(side: Int, spacing: Double, to path: String) throws {
  guard FileManager.default.createFile(atPath: path, contents: nil),
    let out = FileHandle(forWritingAtPath: path)
  else { throw BenchmarkError(description: "cannot write \(path)") }
  defer { try? out.close() }
  var buffer =
    "<?xml version='1.0' encoding='UTF-8'?>\n<osm version=\"0.6\" generator=\"benchmarks\">\n"
  func flush(_ force: Bool = false) throws {
    if force || buffer.utf8.count > 1 << 20 {
      try out.write(contentsOf: Data(buffer.utf8))
      buffer = ""
    }
  }
  let dLat = spacing / 111_195
  let dLon = dLat / cos(45 * Double.pi / 180)
  for r in 0..<side {
    for c in 0..<side {
      buffer +=
        "<node id=\"\(r * side + c + 1)\" version=\"1\" lat=\""
        + String(format: "%.7f", 45 + Double(r) * dLat) + "\" lon=\""
        + String(format: "%.7f", 7 + Double(c) * dLon) + "\"/>\n"
      try flush()
    }
  }
  let every = max(1, Int(5_000 / spacing))
  var wayID = 1
  for (isRow, line) in (0..<side).map({ (true, $0) }) + (0..<side).map({ (false, $0) }) {
    buffer += "<way id=\"\(wayID)\" version=\"1\">"
    for k in 0..<side {
      let id = isRow ? line * side + k + 1 : k * side + line + 1
      buffer += "<nd ref=\"\(id)\"/>"
    }
    buffer += "<tag k=\"highway\" v=\"\(line % every == 0 ? "primary" : "residential")\"/></way>\n"
    wayID += 1
    try flush()
  }
  buffer += "</osm>\n"
  try flush(true)
}

/// The folder of the osrm-bindings package (its `bin` and `share/profiles`), from the test
/// venv's Python.
private func osrmPackageFolder(python: String) throws -> String {
  let probe = Process()
  probe.executableURL = URL(fileURLWithPath: python)
  probe.arguments = ["-c", "import osrm, os; print(os.path.dirname(osrm.__file__))"]
  let pipe = Pipe()
  probe.standardOutput = pipe
  probe.standardError = FileHandle.nullDevice
  do { try probe.run() } catch {
    throw BenchmarkError(description: "no Python at \(python) (set NAVUI_PYTHON): \(error)")
  }
  probe.waitUntilExit()
  let folder = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    .trimmingCharacters(in: .whitespacesAndNewlines)
  guard probe.terminationStatus == 0, !folder.isEmpty else {
    throw BenchmarkError(
      description: "\(python) cannot import osrm (make setup installs osrm-bindings)")
  }
  return folder
}

/// The `--preprocess` comparison: one line per file, engine and step, printed as each ends.
func comparePreprocessing(_ options: RouteBenchmarkOptions) throws {
  let root = options.root
  let python =
    ProcessInfo.processInfo.environment["NAVUI_PYTHON"]
    ?? root.appendingPathComponent(".venv/bin/python").path
  let osrmFolder = try osrmPackageFolder(python: python)
  let bins = osrmFolder + "/bin"
  let profile = osrmFolder + "/share/profiles/car.lua"
  let work = root.appendingPathComponent(".build/benchmarks-preprocess")
  try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
  let side = options.gridSide
  let gridLabel = "grid \(side)x\(side) (\(side * side) nodes)"
  let grid = work.appendingPathComponent("grid-\(side).osm").path
  if !FileManager.default.fileExists(atPath: grid) {
    let (_, seconds) = try timed(in: .s) { try writeGrid(side: side, spacing: 100, to: grid) }
    fact("wrote \(grid)", String(format: "%.1f s", seconds))
  }
  let helsinki = options.osmFolder.appendingPathComponent("helsinki-center.osm.pbf").path
  let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
  let limit = options.timeout
  /// One line: file, engine or step, wall seconds, peak MB, outcome.
  func line(_ file: String, _ engine: String, _ run: MeasuredRun) {
    fact(
      file + " · " + engine,
      String(format: "%7.1f s  %7.0f MB peak  ", run.seconds, run.peakMB)
        + run.outcome(limit: limit))
  }
  section("preprocessing: wall time and peak resident memory, each step limited to \(Int(limit)) s")
  for (label, source, hierarchy) in [
    ("helsinki-center.osm.pbf", helsinki, true), (gridLabel, grid, false),
  ] {
    let ours = runMeasured(
      [me, "route", hierarchy ? "--preprocess-one" : "--preprocess-one-alt", source],
      limit: limit,
      log: work.appendingPathComponent("ours-\(hierarchy ? "helsinki" : "grid").log").path)
    line(
      label, hierarchy ? "ours: read+build+CH+8 landmarks" : "ours: read+build+8 landmarks", ours)
    // OSRM on a copy (it writes its files beside the input).
    let base = work.appendingPathComponent(hierarchy ? "helsinki-osrm" : "grid-osrm")
    try? FileManager.default.removeItem(at: base)
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    let copy = base.appendingPathComponent(source.hasSuffix(".pbf") ? "map.osm.pbf" : "map.osm")
      .path
    try FileManager.default.copyItem(atPath: source, toPath: copy)
    let osrmFile = base.appendingPathComponent("map.osrm").path
    var total = MeasuredRun(seconds: 0, peakMB: 0, status: 0, timedOut: false)
    for (step, argv) in [
      ("osrm-extract", [bins + "/osrm-extract", "-p", profile, copy]),
      ("osrm-partition", [bins + "/osrm-partition", osrmFile]),
      ("osrm-customize", [bins + "/osrm-customize", osrmFile]),
    ] {
      let run = runMeasured(
        argv, limit: limit, log: base.appendingPathComponent(step + ".log").path)
      line(label, step, run)
      total.seconds += run.seconds
      total.peakMB = max(total.peakMB, run.peakMB)
      total.status = run.status == 0 ? total.status : run.status
      total.timedOut = total.timedOut || run.timedOut
      if run.status != 0 {
        fact(label + " · " + step + " log", base.appendingPathComponent(step + ".log").path)
        break
      }
    }
    line(label, "osrm: extract+partition+customize", total)
    if ours.status == 0, total.status == 0 {
      fact(
        label + " · ours / osrm",
        String(
          format: "wall ×%.2f, peak memory ×%.2f", ours.seconds / total.seconds,
          ours.peakMB / total.peakMB))
    }
  }
}

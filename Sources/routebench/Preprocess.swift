// routebench --preprocess: reading, building and preprocessing the Helsinki extract and a
// synthetic grid of a million nodes, each in a child process (wall time and peak resident memory
// from wait4), against OSRM's osrm-extract + osrm-partition + osrm-customize (car.lua, MLD) on
// the same file in the same run.
import Foundation
import NavigationCore
import Routing

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a program to completion with its output discarded: wall seconds, peak resident MB,
/// exit status.
func runMeasured(_ argv: [String]) -> (seconds: Double, peakMB: Double, status: Int32) {
  var pid: pid_t = 0
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  let cArgs = argv.map { strdup($0) } + [nil]
  defer { for a in cArgs { free(a) } }
  let start = ContinuousClock.now
  guard posix_spawn(&pid, argv[0], &actions, nil, cArgs, environ) == 0 else { return (0, 0, -1) }
  var status: Int32 = 0
  var usage = rusage()
  _ = wait4(pid, &status, 0, &usage)
  let d = ContinuousClock.now - start
  let seconds = Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
  return (seconds, Double(usage.ru_maxrss) / 1024, status)
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
func writeGrid(side: Int, spacing: Double, to path: String) {
  FileManager.default.createFile(atPath: path, contents: nil)
  guard let out = FileHandle(forWritingAtPath: path) else { return }
  defer { try? out.close() }
  var buffer =
    "<?xml version='1.0' encoding='UTF-8'?>\n<osm version=\"0.6\" generator=\"routebench\">\n"
  func flush(_ force: Bool = false) {
    if force || buffer.utf8.count > 1 << 20 {
      out.write(Data(buffer.utf8))
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
      flush()
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
    flush()
  }
  buffer += "</osm>\n"
  flush(true)
}

/// The `--preprocess` comparison: prints one line per file and engine.
func comparePreprocessing(root: URL, helsinki: String) {
  let python =
    ProcessInfo.processInfo.environment["NAVUI_PYTHON"]
    ?? root.appendingPathComponent(".venv/bin/python").path
  let probe = Process()
  probe.executableURL = URL(fileURLWithPath: python)
  probe.arguments = ["-c", "import osrm, os; print(os.path.dirname(osrm.__file__))"]
  let pipe = Pipe()
  probe.standardOutput = pipe
  guard (try? probe.run()) != nil else {
    print("routebench --preprocess: no Python at \(python) (set NAVUI_PYTHON)")
    exit(1)
  }
  probe.waitUntilExit()
  let osrmDir = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    .trimmingCharacters(in: .whitespacesAndNewlines)
  let bins = osrmDir + "/bin"
  let profile = osrmDir + "/share/profiles/car.lua"
  let work = root.appendingPathComponent(".build/routebench-preprocess")
  try? FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
  let grid = work.appendingPathComponent("grid-1m.osm").path
  if !FileManager.default.fileExists(atPath: grid) {
    writeGrid(side: 1_000, spacing: 100, to: grid)
  }
  let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
  print("file                     engine                          wall s   peak MB  status")
  for (label, source, hierarchy) in [
    ("helsinki-center.osm.pbf", helsinki, true), ("grid 1000x1000 (1M nodes)", grid, false),
  ] {
    let ours = runMeasured([
      me, hierarchy ? "--preprocess-one" : "--preprocess-one-alt", source,
    ])
    let engine = hierarchy ? "ours: read+build+CH+8 landmarks" : "ours: read+build+8 landmarks"
    print(
      label.padding(toLength: 25, withPad: " ", startingAt: 0)
        + engine.padding(toLength: 32, withPad: " ", startingAt: 0)
        + String(format: "%6.1f  %8.0f  %d", ours.seconds, ours.peakMB, ours.status))
    // OSRM on a copy (it writes its files beside the input).
    let base = work.appendingPathComponent(label.split(separator: " ")[0] + "-osrm")
    try? FileManager.default.removeItem(at: base)
    try? FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    let ext = source.hasSuffix(".pbf") ? ".osm.pbf" : ".osm"
    let copy = base.appendingPathComponent("map" + ext).path
    try? FileManager.default.copyItem(atPath: source, toPath: copy)
    let osrmFile = base.appendingPathComponent("map.osrm").path
    var total = 0.0
    var peak = 0.0
    for (step, argv) in [
      ("osrm-extract", [bins + "/osrm-extract", "-p", profile, copy]),
      ("osrm-partition", [bins + "/osrm-partition", osrmFile]),
      ("osrm-customize", [bins + "/osrm-customize", osrmFile]),
    ] {
      let r = runMeasured(argv)
      total += r.seconds
      peak = max(peak, r.peakMB)
      print(
        label.padding(toLength: 25, withPad: " ", startingAt: 0)
          + step.padding(toLength: 32, withPad: " ", startingAt: 0)
          + String(format: "%6.1f  %8.0f  %d", r.seconds, r.peakMB, r.status))
    }
    print(
      label.padding(toLength: 25, withPad: " ", startingAt: 0)
        + "osrm: extract+partition+customize".padding(toLength: 32, withPad: " ", startingAt: 0)
        + String(format: "%6.1f  %8.0f", total, peak))
  }
}

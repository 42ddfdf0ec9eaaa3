import Foundation
import NavigationCore
import Routing

/// Prints why the OSRM comparison cannot run and exits with status 1.
private func osrmFailure(_ reason: String) -> Never {
  FileHandle.standardError.write(Data("benchmarks route --osrm: \(reason)\n".utf8))
  exit(1)
}

/// The first line `handle` writes (or all it writes before closing), waiting at most
/// `seconds`; nil on timeout.
func firstLine(of handle: FileHandle, within seconds: Double) -> Data? {
  final class Box: @unchecked Sendable { var data = Data() }  // written before `done` signals
  let line = Box()
  let done = DispatchSemaphore(value: 0)
  Thread.detachNewThread {
    var data = Data()
    while true {
      let chunk = handle.availableData
      if chunk.isEmpty { break }
      data.append(chunk)
      if chunk.contains(0x0A) { break }
    }
    line.data = data
    done.signal()
  }
  return done.wait(timeout: .now() + seconds) == .timedOut ? nil : line.data
}

/// OSRM's own query time (from osrm-routed's log) on the same Monaco pairs as ours, the server
/// started by scripts/route_engines.py (OSRM only, MLD as in
/// Tests/SharedTestData/Fixtures/README.md); ours is the peer.
func compareWithOSRM(_ monaco: MonacoQueries) {
  let root = RouteBenchmarkOptions().root
  let python =
    ProcessInfo.processInfo.environment["NAVUI_PYTHON"]
    ?? root.appendingPathComponent(".venv/bin/python").path
  guard FileManager.default.isExecutableFile(atPath: python) else {
    osrmFailure("no Python at \(python); set NAVUI_PYTHON to one with osrm-bindings installed")
  }
  let cache = root.appendingPathComponent(".build/route-engines")
  try? FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
  let log = cache.appendingPathComponent("servers.log")
  let errors = cache.appendingPathComponent("benchmarks-route-engines.err")
  _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
  let before = (try? Data(contentsOf: log).count) ?? 0
  let p = Process()
  p.executableURL = URL(fileURLWithPath: python)
  p.arguments = [
    root.appendingPathComponent("scripts/route_engines.py").path,
    root.appendingPathComponent("Sources/Routing/Resources/monaco.osm.pbf").path, cache.path,
    "osrm",
  ]
  let out = Pipe()
  let input = Pipe()
  p.standardOutput = out
  p.standardInput = input
  p.standardError = try? FileHandle(forWritingTo: errors)
  do { try p.run() } catch { osrmFailure("cannot start \(python): \(error)") }
  func stop() {
    try? input.fileHandleForWriting.close()
    let deadline = Date().addingTimeInterval(10)
    while p.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    if p.isRunning { p.terminate() }
    p.waitUntilExit()
  }
  func failure(_ reason: String) -> Never {
    stop()
    let detail = String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self)
      .split(separator: "\n").suffix(3).joined(separator: "\n")
    osrmFailure(reason + (detail.isEmpty ? "" : "\n" + detail))
  }
  // Building the OSRM files on the first run takes a while.
  let startSeconds = 600.0
  guard let line = firstLine(of: out.fileHandleForReading, within: startSeconds) else {
    failure("the OSRM server did not start within \(Int(startSeconds)) s")
  }
  guard let json = try? JSONSerialization.jsonObject(with: line) as? [String: String] else {
    failure(
      "scripts/route_engines.py exited without starting osrm-routed (is osrm-bindings "
        + "installed for \(python)?)")
  }
  guard let url = json["osrm"] else { failure(json["error"] ?? "no OSRM URL in \(json)") }
  let client = HTTPClient(timeout: 10)
  var roundTrips: [Double] = []
  var failures = 0
  for (a, b) in monaco.pairs {
    let request =
      "\(url)/route/v1/driving/\(a.longitude),\(a.latitude);\(b.longitude),\(b.latitude)"
      + "?overview=false&generate_hints=false"
    roundTrips.append(
      elapsed(in: .ms) {
        do {
          let (status, _) = try client.get(request)
          if status != 200 { failures += 1 }
        } catch { failures += 1 }
      })
  }
  // osrm-routed may buffer its log: read it once the server has stopped.
  stop()
  let text = String(
    decoding: (try? Data(contentsOf: log))?.dropFirst(before) ?? Data(), as: UTF8.self)
  let own = text.split(separator: "\n").filter {
    $0.contains("/route/v1/driving/") && $0.contains("overview=false")
  }
  .compactMap { line -> Double? in
    line.split(separator: " ").first { $0.hasSuffix("ms") }.flatMap { Double($0.dropLast(2)) }
  }
  report("osrm HTTP round trip (same Monaco pairs)", Samples(roundTrips), .ms)
  fact("osrm requests failed", "\(failures) of \(monaco.pairs.count)")
  guard !own.isEmpty else { osrmFailure("no query timings for our requests in \(log.path)") }
  let osrm = Samples(own)
  report(
    "osrm own query time (osrm-routed log, MLD)", osrm, .ms,
    peer: Peer(name: "ours, path only", samples: monaco.pathOnly))
  report(
    "osrm own query time (osrm-routed log, MLD)", osrm, .ms,
    peer: Peer(name: "ours, with guidance", samples: monaco.withGuidance))
}

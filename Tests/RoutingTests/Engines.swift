import Foundation
import SharedTestData

/// Starts Valhalla and OSRM on loopback once per test process (scripts/route_engines.py, built on
/// the bundled map, cached under .build/route-engines). The servers stop when this process
/// exits and closes the script's standard input.
enum Engines {
  struct URLs: Sendable {
    var osrm: String
    var valhalla: String
  }

  nonisolated(unsafe) static var process: Process?
  nonisolated(unsafe) static var input: Pipe?

  static let urls: URLs? = start()

  static var packageRoot: URL { SharedTestData.packageRoot }

  static func python() -> String? { SharedTestData.python }

  static func start() -> URLs? {
    guard let python = python() else { return nil }
    let p = Process()
    p.executableURL = URL(fileURLWithPath: python)
    p.arguments = [
      packageRoot.appendingPathComponent("scripts/route_engines.py").path,
      packageRoot.appendingPathComponent("Sources/Routing/Resources/monaco.osm.pbf").path,
      packageRoot.appendingPathComponent(".build/route-engines").path,
    ]
    let out = Pipe()
    let inp = Pipe()
    p.standardOutput = out
    p.standardInput = inp
    p.standardError = FileHandle.nullDevice
    do { try p.run() } catch { return nil }
    process = p
    input = inp
    var line = Data()
    while true {
      let chunk = out.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      line.append(chunk)
      if chunk.contains(0x0A) { break }
    }
    guard
      let json = try? JSONSerialization.jsonObject(with: line) as? [String: String],
      let osrm = json["osrm"], let valhalla = json["valhalla"]
    else { return nil }
    return URLs(osrm: osrm, valhalla: valhalla)
  }
}

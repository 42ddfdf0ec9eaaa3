import Cassowary
import Foundation
import SharedTestData

/// A seeded generator (splitmix64), so random tests repeat exactly.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// A random constraint over 1–3 of `vars` with small integer coefficients.
func randomConstraint(
  _ rng: inout SplitMix64, _ vars: [Variable], requiredShare: Double
) -> Constraint {
  let n = Int.random(in: 1...min(3, vars.count), using: &rng)
  let picked = vars.shuffled(using: &rng).prefix(n)
  let terms = picked.map { Term($0, Double(Int.random(in: -3...3, using: &rng) | 1)) }
  let constant = Double(Int.random(in: -50...50, using: &rng))
  let op: RelationalOperator = [.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(
    using: &rng)!
  let strength: Strength =
    Double.random(in: 0..<1, using: &rng) < requiredShare
    ? .required : [.strong, .medium, .weak].randomElement(using: &rng)!
  return Constraint(Expression(terms, constant: constant), op, strength: strength)
}

/// The weighted violation of the non-required constraints: what the solver minimises.
func weightedError(_ constraints: [Constraint]) -> Double {
  constraints.filter { !$0.isRequired }.reduce(0) { $0 + $1.strength.value * $1.violation }
}

/// Runs a test peer from `scripts/` under the Python that `make test` sets up
/// (`NAVUI_PYTHON`, else the repository's `.venv`, else `python3`); returns its standard
/// output, or throws with its standard error and how to install the peers.
enum PythonPeer {
  struct Failure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  static func run(script: String, arguments: [String]) throws -> Data {
    let root = SharedTestData.packageRoot
    let python = SharedTestData.python ?? "python3"
    let errors = FileManager.default.temporaryDirectory.appendingPathComponent(
      "peer-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).err")
    FileManager.default.createFile(atPath: errors.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errors) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      [python, root.appendingPathComponent("scripts/\(script)").path] + arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let text = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
      throw Failure(
        message: "\(script) failed (\(python)); run `make setup` to install the peers:\n\(text)")
    }
    return data
  }
}

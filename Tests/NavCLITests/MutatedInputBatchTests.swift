import Foundation
import SharedTestData
import Synchronization
import Testing

/// The `navui` binary given files a user might hand it, corrupted: a seeded batch of mutated
/// copies of real maps and route responses. Every run must end by itself with a documented
/// exit status (0, or 65 for bad data) and, when it fails, an `Error:` message — never a
/// signal (a trap, a crash) and never a hang.
///
/// `NAVUI_MUTATION_RUNS` sets the number of mutated files per command (default 200 for
/// `route`, 40 for each `demo` batch: a usable mutant runs a whole demo);
/// `NAVUI_MUTATION_SEED` the seed (default 2026). A failing input is kept under
/// `$TMPDIR/navui-mutations-<seed>-<process id>/failures/` and named in the failure.
@Suite struct MutatedInputBatchTests {
  /// Monaco points inside the small Monte Carlo extract (`Fixtures/monte-carlo.osm`).
  static let extractFrom = "43.73864,7.42640"
  static let extractTo = "43.74000,7.42800"

  @Test func routeWithMutatedMaps() throws {
    let seeds = try Self.extracts()
    try Self.runBatch(name: "route-map", seeds: seeds, runs: Self.runs(200)) { file, _ in
      ["route", "--map", file, "--from", Self.extractFrom, "--to", Self.extractTo]
    }
  }

  @Test func demoWithMutatedMaps() throws {
    let seeds = try Self.extracts()
    try Self.runBatch(name: "demo-map", seeds: seeds, runs: Self.runs(40)) { file, out in
      [
        "demo", "--map", file, "--from", Self.extractFrom, "--to", Self.extractTo,
        "--max-frames", "1", "--out", out,
      ]
    }
  }

  @Test func demoWithMutatedRoutes() throws {
    let seeds = try [
      "routes/generated/monaco-fontvieille-casino.osrm.json",
      "routes/generated/monaco-fontvieille-casino.valhalla.json",
      "routes/generated/monaco-stadelouis2-larvotto.valhalla-osrm.json",
    ].map { path in
      let url = SharedTestData.path(path)
      return Seed(name: url.lastPathComponent, bytes: Array(try Data(contentsOf: url)))
    }
    try Self.runBatch(name: "demo-route", seeds: seeds, runs: Self.runs(40)) { file, out in
      ["demo", "--route", file, "--max-frames", "1", "--out", out]
    }
  }

  /// The mutator is what makes the batch a batch: same seed, same files; and it changes them.
  @Test func mutationsAreSeededAndChangeTheInput() {
    let input = Array("<osm><node id=\"1\" lat=\"43.7\" lon=\"7.4\"/></osm>".utf8)
    var first = SplitMix64(seed: 7)
    var second = SplitMix64(seed: 7)
    let a = (0..<50).map { _ in Mutator.mutate(input, using: &first) }
    let b = (0..<50).map { _ in Mutator.mutate(input, using: &second) }
    #expect(a == b)
    #expect(a.filter { $0 != input }.count >= 45)
    #expect(Set(a).count >= 40)
  }

  // MARK: - The batch

  struct Seed {
    let name: String
    let bytes: [UInt8]
  }

  static func extracts() throws -> [Seed] {
    try ["monte-carlo.osm", "monte-carlo.osm.pbf"].map { name in
      let url = try #require(
        Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil),
        "\(name) is a resource of NavCLITests")
      return Seed(name: name, bytes: Array(try Data(contentsOf: url)))
    }
  }

  static func runs(_ standard: Int) -> Int {
    ProcessInfo.processInfo.environment["NAVUI_MUTATION_RUNS"].flatMap { Int($0) } ?? standard
  }

  static var seed: UInt64 {
    ProcessInfo.processInfo.environment["NAVUI_MUTATION_SEED"].flatMap { UInt64($0) } ?? 2026
  }

  /// The `navui` binary built beside the test bundle.
  static func navui() throws -> URL {
    let me = URL(
      fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(
        atPath: "/proc/self/exe"))
    let binary = me.deletingLastPathComponent().appendingPathComponent("navui")
    try #require(
      FileManager.default.isExecutableFile(atPath: binary.path),
      "navui is not built beside the tests at \(binary.path) (swift build builds it)")
    return binary
  }

  /// Writes `runs` mutated copies of the seeds (round robin) and runs `navui` on each, two
  /// at a time; records every run that ends by a signal, hangs, exits with an undocumented
  /// status or fails without an `Error:` message.
  static func runBatch(
    name: String, seeds: [Seed], runs: Int,
    arguments: @escaping @Sendable (String, String) -> [String]
  ) throws {
    let binary = try navui()
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("navui-mutations-\(seed)-\(getpid())/\(name)")
    let failures = folder.deletingLastPathComponent().appendingPathComponent("failures")
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)

    var generator = SplitMix64(seed: name.utf8.reduce(seed) { $0 &* 31 &+ UInt64($1) })
    var files: [URL] = []
    for index in 0..<runs {
      let source = seeds[index % seeds.count]
      let file = folder.appendingPathComponent("\(index)-\(source.name)")
      try Data(Mutator.mutate(source.bytes, using: &generator)).write(to: file)
      files.append(file)
    }
    let inputs = files

    let outcomes = Outcomes()
    DispatchQueue.concurrentPerform(iterations: 2) { worker in
      for index in stride(from: worker, to: inputs.count, by: 2) {
        let input = inputs[index]
        let out = folder.appendingPathComponent("out-\(index)")
        let result = Self.run(
          binary, arguments(input.path, out.path), scratch: folder, index: index)
        try? FileManager.default.removeItem(at: out)
        outcomes.add(result, input: input)
      }
    }

    let summary = outcomes.summary()
    let statuses = summary.statuses.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
    print("\(name): \(runs) mutated files, exit statuses \(statuses.joined(separator: ", "))")
    for problem in summary.problems {
      let kept = failures.appendingPathComponent("\(name)-\(problem.input.lastPathComponent)")
      try? FileManager.default.removeItem(at: kept)
      try? FileManager.default.copyItem(at: problem.input, to: kept)
      Issue.record("\(name): \(problem.what) on \(kept.path) (seed \(seed))")
    }
    // The batch must exercise both outcomes: the parsers reject most mutants with a typed
    // error, and some survive the mutation and run to the end.
    #expect(summary.statuses[65, default: 0] > 0, "\(name): no run reported bad data")
    #expect(summary.statuses[0, default: 0] > 0, "\(name): no mutated file was still usable")
    try? FileManager.default.removeItem(at: folder)
  }

  struct RunResult: Sendable {
    var status: Int32?
    var signal: Int32?
    var hung = false
    var errorText = ""
  }

  /// One `navui` run with a 300-second limit (a usable mutant runs a whole demo, 5 s of CPU
  /// in a debug build, far longer in wall time on a loaded machine); standard error goes to a file (the demo's
  /// progress can be long), standard output is dropped.
  static func run(_ binary: URL, _ arguments: [String], scratch: URL, index: Int) -> RunResult {
    let errorFile = scratch.appendingPathComponent("stderr-\(index)")
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errorFile) }
    guard let errorHandle = try? FileHandle(forWritingTo: errorFile) else {
      return RunResult(errorText: "cannot write \(errorFile.path)")
    }
    defer { try? errorHandle.close() }
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errorHandle
    process.standardInput = FileHandle.nullDevice
    let done = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in done.signal() }
    do { try process.run() } catch { return RunResult(errorText: "cannot start navui: \(error)") }
    var result = RunResult()
    if done.wait(timeout: .now() + 300) == .timedOut {
      process.terminate()
      _ = done.wait(timeout: .now() + 5)
      result.hung = true
      return result
    }
    switch process.terminationReason {
    case .exit: result.status = process.terminationStatus
    case .uncaughtSignal: result.signal = process.terminationStatus
    @unknown default: result.signal = -1
    }
    result.errorText = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
    return result
  }

  /// What the runs ended with, gathered from the two workers.
  final class Outcomes: Sendable {
    struct Problem {
      let input: URL
      let what: String
    }
    private let state = Mutex<(statuses: [Int32: Int], problems: [Problem])>(([:], []))

    func add(_ result: RunResult, input: URL) {
      let problem = Self.problem(result, input: input)
      state.withLock { state in
        if let status = result.status { state.statuses[status, default: 0] += 1 }
        if let problem { state.problems.append(problem) }
      }
    }

    static func problem(_ result: RunResult, input: URL) -> Problem? {
      if result.hung { return Problem(input: input, what: "no exit within 300 s") }
      if let signal = result.signal {
        return Problem(input: input, what: "killed by signal \(signal)")
      }
      guard let status = result.status else { return Problem(input: input, what: result.errorText) }
      let message = result.errorText.prefix(300)
      if status != 0 && status != 65 {
        return Problem(input: input, what: "exit status \(status), not 0 or 65: \(message)")
      }
      if status != 0 && !result.errorText.hasPrefix("Error: ") {
        return Problem(
          input: input, what: "status \(status) without an 'Error:' message: \(message)")
      }
      return nil
    }

    func summary() -> (statuses: [Int32: Int], problems: [Problem]) {
      state.withLock { $0 }
    }
  }
}

/// A small, seeded, portable random number generator (SplitMix64): the same seed gives the
/// same mutated files on every machine.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Byte-level mutations in the manner of a fuzzer: bit flips, random bytes, insertions,
/// deletions, duplicated chunks, truncation and tokens that parsers find hard.
enum Mutator {
  static let tokens: [[UInt8]] =
    [
      "-1", "0", "4294967296", "99999999999999999999", "1e309", "NaN", "-0", "\"", "<", ">",
      "/>", "{", "}", "[", "]", ",", "&amp;", "\u{0}", "é", "\u{FFFF}",
    ].map { Array($0.utf8) } + [
      [0xFF], [0x80], [0xFF, 0xFF, 0xFF, 0x7F], [0x00, 0x00, 0x00, 0x00],
    ]

  static func mutate(_ input: [UInt8], using generator: inout SplitMix64) -> [UInt8] {
    var bytes = input
    for _ in 0..<Int.random(in: 1...4, using: &generator) {
      if bytes.isEmpty { bytes = [UInt8.random(in: 0...255, using: &generator)] }
      let at = Int.random(in: 0..<bytes.count, using: &generator)
      switch Int.random(in: 0..<7, using: &generator) {
      case 0: bytes[at] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
      case 1: bytes[at] = UInt8.random(in: 0...255, using: &generator)
      case 2:
        let count = Int.random(in: 1...16, using: &generator)
        bytes.insert(
          contentsOf: (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) },
          at: at)
      case 3:
        let count = min(Int.random(in: 1...64, using: &generator), bytes.count - at)
        bytes.removeSubrange(at..<(at + count))
      case 4:
        let count = min(Int.random(in: 1...256, using: &generator), bytes.count - at)
        let chunk = Array(bytes[at..<(at + count)])
        bytes.insert(contentsOf: chunk, at: Int.random(in: 0...bytes.count, using: &generator))
      case 5: bytes.removeSubrange(at...)
      default:
        let token = tokens[Int.random(in: 0..<tokens.count, using: &generator)]
        let end = min(bytes.count, at + token.count)
        bytes.replaceSubrange(at..<end, with: token)
      }
    }
    return bytes
  }
}

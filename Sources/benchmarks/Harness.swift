import Foundation

// The one timing, statistics and output helper every suite uses (Guides/Benchmarks.md):
// `measure` times a body, `Samples` holds the times with their order statistics, and
// `report` prints one result line — median, minimum, interquartile range, sample count and,
// when a peer was measured in the same run, the ratio to it — and flushes it at once, so a
// suite cut short still leaves every line it finished.

/// The unit a measurement is reported in.
enum TimeUnit: String, Sendable {
  case ns, µs, ms, s

  /// The unit's size in seconds.
  var seconds: Double {
    switch self {
    case .ns: 1e-9
    case .µs: 1e-6
    case .ms: 1e-3
    case .s: 1
    }
  }
}

/// How result lines are written: aligned text, or one JSON object per line (`--json`).
enum OutputFormat: Sendable {
  case text, json
}

/// The format of this run, from the command line (`--json` anywhere picks JSON lines).
let outputFormat: OutputFormat =
  CommandLine.arguments.contains("--json") ? .json : .text

/// Times of one measurement in one unit, with their order statistics.
struct Samples: Sendable {
  /// The times, ascending.
  let sorted: [Double]

  /// Samples of `values` (any order).
  init(_ values: [Double]) { sorted = values.sorted() }

  /// The number of samples.
  var count: Int { sorted.count }

  /// The `q`-quantile (0…1), linearly interpolated between neighbouring samples; 0 when empty.
  func quantile(_ q: Double) -> Double {
    guard let first = sorted.first else { return 0 }
    guard sorted.count > 1 else { return first }
    let position = q * Double(sorted.count - 1)
    let low = Int(position.rounded(.down))
    let high = min(low + 1, sorted.count - 1)
    return sorted[low] + (sorted[high] - sorted[low]) * (position - Double(low))
  }

  /// The median.
  var median: Double { quantile(0.5) }
  /// The smallest sample: on a shared machine the best estimate of the unloaded cost.
  var minimum: Double { sorted.first ?? 0 }
  /// The largest sample.
  var maximum: Double { sorted.last ?? 0 }
  /// The first quartile.
  var lowerQuartile: Double { quantile(0.25) }
  /// The third quartile.
  var upperQuartile: Double { quantile(0.75) }
  /// The 95th percentile.
  var p95: Double { quantile(0.95) }
  /// The mean.
  var mean: Double { sorted.isEmpty ? 0 : sorted.reduce(0, +) / Double(sorted.count) }
}

/// A peer's samples, measured in the same run as ours: the ratio ours ÷ peer is reported.
struct Peer {
  /// What the peer is ("kiwisolver", "solver-only build", …).
  var name: String
  /// Its samples, in the same unit as ours.
  var samples: Samples
}

/// The time `body` takes, in `unit`.
@inline(never)
func elapsed(in unit: TimeUnit, _ body: () throws -> Void) rethrows -> Double {
  let start = ContinuousClock.now
  try body()
  let d = ContinuousClock.now - start
  let seconds = Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
  return seconds / unit.seconds
}

/// The value `body` returns and the time it took, in `unit`.
func timed<T>(in unit: TimeUnit, _ body: () throws -> T) rethrows -> (value: T, time: Double) {
  var value: T?
  let time = try elapsed(in: unit) { value = try body() }
  return (value!, time)
}

/// Runs `body` `warmup` times untimed, then `runs` times timed; each sample is the time
/// divided by `operations` (the operations one call of `body` performs).
func measure(
  _ unit: TimeUnit, runs: Int, warmup: Int = 0, operations: Int = 1,
  _ body: () throws -> Void
) rethrows -> Samples {
  for _ in 0..<warmup { try body() }
  var values: [Double] = []
  values.reserveCapacity(runs)
  for _ in 0..<runs {
    values.append(try elapsed(in: unit, body) / Double(max(operations, 1)))
  }
  return Samples(values)
}

/// CPU time used by the process (all threads), in seconds.
func cpuSeconds() -> Double {
  var spec = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
  return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// A figure with about four significant digits.
func figure(_ value: Double) -> String {
  let magnitude = abs(value)
  if magnitude >= 1000 || magnitude == 0 { return String(format: "%.0f", value) }
  if magnitude >= 100 { return String(format: "%.1f", value) }
  if magnitude >= 10 { return String(format: "%.2f", value) }
  if magnitude >= 1 { return String(format: "%.3f", value) }
  return String(format: "%.4f", value)
}

/// Writes one line to standard output at once (a `write`, no buffering to flush).
func emit(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// One JSON object on one line (keys sorted; numbers that are not finite become null).
private func jsonLine(_ fields: [String: Any]) -> String {
  let clean = fields.mapValues { value -> Any in
    if let number = value as? Double, !number.isFinite { return NSNull() }
    return value
  }
  guard
    let data = try? JSONSerialization.data(
      withJSONObject: clean, options: [.sortedKeys, .withoutEscapingSlashes])
  else { return "{}" }
  return String(decoding: data, as: UTF8.self)
}

/// Prints one result: `name`, the median, minimum and interquartile range of `samples` in
/// `unit`, the sample count, the ratio of medians (and of minimums) to `peer` when given, and
/// a free-form `note`. Flushed at once.
func report(
  _ name: String, _ samples: Samples, _ unit: TimeUnit, peer: Peer? = nil, note: String = ""
) {
  let ratio = peer.map { samples.median / max($0.samples.median, .leastNonzeroMagnitude) }
  let minimumRatio = peer.map { samples.minimum / max($0.samples.minimum, .leastNonzeroMagnitude) }
  switch outputFormat {
  case .json:
    var fields: [String: Any] = [
      "name": name, "unit": unit.rawValue, "median": samples.median, "min": samples.minimum,
      "q1": samples.lowerQuartile, "q3": samples.upperQuartile, "max": samples.maximum,
      "n": samples.count,
    ]
    if let peer, let ratio, let minimumRatio {
      fields["peer"] = peer.name
      fields["ratio"] = ratio
      fields["min_ratio"] = minimumRatio
    }
    if !note.isEmpty { fields["note"] = note }
    emit(jsonLine(fields))
  case .text:
    var line =
      name.padding(toLength: max(48, name.count), withPad: " ", startingAt: 0)
      + " median \(figure(samples.median)) \(unit.rawValue)  min \(figure(samples.minimum))"
      + "  iqr \(figure(samples.lowerQuartile))–\(figure(samples.upperQuartile))"
      + "  n=\(samples.count)"
    if let peer, let ratio, let minimumRatio {
      line += "  ×\(figure(ratio)) \(peer.name) (min ×\(figure(minimumRatio)))"
    }
    if !note.isEmpty { line += "  " + note }
    emit(line)
  }
}

/// Prints one fact that is not a time (a size, a count, a check): `name: value`, flushed.
func fact(_ name: String, _ value: String) {
  switch outputFormat {
  case .json: emit(jsonLine(["name": name, "value": value]))
  case .text:
    emit(name.padding(toLength: max(48, name.count), withPad: " ", startingAt: 0) + " " + value)
  }
}

/// Prints a heading for the lines after it (text output only), flushed.
func section(_ title: String) {
  if outputFormat == .text { emit("== " + title) }
}

/// A bad argument to a suite, reported with the usage.
struct BenchmarkError: Error, CustomStringConvertible {
  var description: String
}

/// The arguments of one suite, read left to right.
struct Arguments {
  private var rest: ArraySlice<String>

  /// The suite's arguments (`--json`, handled by the harness, removed).
  init(_ arguments: [String]) { rest = arguments.filter { $0 != "--json" }[...] }

  /// The next argument, or nil at the end.
  mutating func next() -> String? { rest.popFirst() }

  /// The value after an option, as a positive whole number.
  mutating func positiveInteger(after option: String) throws -> Int {
    guard let text = rest.popFirst(), let value = Int(text), value > 0 else {
      throw BenchmarkError(description: "\(option) needs a positive whole number")
    }
    return value
  }

  /// The `--runs N` of a suite that takes no other option (`fallback` without it).
  static func runs(in arguments: [String], fallback: Int) throws -> Int {
    var runs = fallback
    var rest = Arguments(arguments)
    while let argument = rest.next() {
      guard argument == "--runs" else {
        throw BenchmarkError(description: "unknown option \(argument)")
      }
      runs = try rest.positiveInteger(after: argument)
    }
    return runs
  }

  /// The value after an option.
  mutating func value(after option: String) throws -> String {
    guard let text = rest.popFirst() else {
      throw BenchmarkError(description: "\(option) needs a value")
    }
    return text
  }
}

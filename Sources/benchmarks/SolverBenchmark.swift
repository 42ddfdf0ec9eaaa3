import CMallocStats
import Cassowary
import Foundation

let benchmarksUsage = """
  OVERVIEW: Benchmarks of the SDK, run in release mode.

  USAGE: swift run -c release benchmarks <suite> [options] FILES…

  SUITES:
    solver [--runs N] [--values] FILES…
                            Run cassowary-bench-v1 workloads; print one FORMAT.md line per file.
                            --values also prints every variable's final value as name=value.
    layout [--runs N] [--json] [--workloads DIR]
                            ViewKit: the navscreen and animate workloads as view trees (cold
                            layout, rotation, constraint and presentation animation frames),
                            solver-only timings of the same workloads from DIR (default
                            ../shared/bench/solver/workloads), screens of 100/1,000/10,000
                            views, and memory per view and per constraint.

  """

struct BenchmarkError: Error, CustomStringConvertible {
  var description: String
}

/// One parsed workload (parsing is never timed).
struct Workload {
  struct Cons {
    var terms: [(Int, Double)]
    var constant: Double
    var op: RelationalOperator
    var strength: Strength
  }
  var name: String
  var variables: [String]
  var constraints: [Cons]
  var edits: [(variable: Int, strength: Strength, initial: Double)]
  var frames: [[(Int, Double)]]
  var expectInitial: [Double]?
  var expectFinal: [Double]?
  var tolerance: Double

  init(path: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    guard let doc = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw BenchmarkError(description: "\(path): not a JSON object")
    }
    guard doc["format"] as? String == "cassowary-bench-v1" else {
      throw BenchmarkError(description: "\(path): format is not cassowary-bench-v1")
    }
    func num(_ x: Any?, _ what: String) throws -> Double {
      if let d = x as? Double { return d }
      if let n = x as? NSNumber { return n.doubleValue }
      throw BenchmarkError(description: "\(path): \(what) is not a number")
    }
    func strength(_ x: Any?, _ what: String) throws -> Strength {
      switch x {
      case let s as String:
        switch s {
        case "required": return .required
        case "strong": return .strong
        case "medium": return .medium
        case "weak": return .weak
        default: throw BenchmarkError(description: "\(path): \(what): unknown strength \(s)")
        }
      default:
        return Strength(try num(x, what))
      }
    }
    name = doc["name"] as? String ?? path
    variables = doc["variables"] as? [String] ?? []
    constraints = []
    for (i, c) in (doc["constraints"] as? [[String: Any]] ?? []).enumerated() {
      let where_ = "constraints[\(i)]"
      let terms = try (c["t"] as? [[Any]] ?? []).map { pair -> (Int, Double) in
        guard pair.count == 2, let v = (pair[0] as? NSNumber)?.intValue else {
          throw BenchmarkError(description: "\(path): \(where_).t: bad term")
        }
        return (v, try num(pair[1], "\(where_).t"))
      }
      let op: RelationalOperator
      switch c["op"] as? String {
      case "<=": op = .lessThanOrEqual
      case ">=": op = .greaterThanOrEqual
      case "==": op = .equal
      default: throw BenchmarkError(description: "\(path): \(where_).op: bad operator")
      }
      constraints.append(
        Cons(
          terms: terms, constant: try num(c["c"], "\(where_).c"), op: op,
          strength: try strength(c["s"], "\(where_).s")))
    }
    edits = try (doc["edits"] as? [[String: Any]] ?? []).enumerated().map { i, e in
      guard let v = (e["v"] as? NSNumber)?.intValue else {
        throw BenchmarkError(description: "\(path): edits[\(i)].v: bad index")
      }
      return (
        v, try strength(e["s"], "edits[\(i)].s"), try num(e["initial"], "edits[\(i)].initial")
      )
    }
    frames = try (doc["frames"] as? [[[Any]]] ?? []).map { frame in
      try frame.map { pair in
        guard pair.count == 2, let e = (pair[0] as? NSNumber)?.intValue else {
          throw BenchmarkError(description: "\(path): frames: bad pair")
        }
        return (e, try num(pair[1], "frames"))
      }
    }
    let expect = doc["expect"] as? [String: Any]
    expectInitial = try (expect?["initial"] as? [Any])?.map { try num($0, "expect.initial") }
    expectFinal = try (expect?["final"] as? [Any])?.map { try num($0, "expect.final") }
    tolerance = (expect?["tolerance"] as? NSNumber)?.doubleValue ?? 1e-6
  }
}

struct RunResult {
  var construct: Double
  var build: Double
  var frames: [Double]
  var heapKB: Int
  var initial: [Double]
  var final: [Double]
}

func heapBytes() -> Int {
  Int(cmallocstats_in_use())
}

@inline(never)
func runOnce(_ w: Workload, measureHeap: Bool) throws -> RunResult {
  let clock = ContinuousClock()
  func us(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1e6 + Double(d.components.attoseconds) / 1e12
  }
  let t0 = clock.now
  let vars = w.variables.map { Variable($0) }
  let cons = w.constraints.map { c in
    Constraint(
      Expression(c.terms.map { Term(vars[$0.0], $0.1) }, constant: c.constant), c.op,
      strength: c.strength)
  }
  let edits = w.edits.map { (vars[$0.variable], $0.strength, $0.initial) }
  let frames = w.frames.map { f in f.map { (edits[$0.0].0, $0.1) } }
  let t1 = clock.now
  let h0 = measureHeap ? heapBytes() : 0
  let t2 = clock.now
  let solver = Solver()
  for (v, s, initial) in edits {
    try solver.addEditVariable(v, strength: s)
    try solver.suggestValue(initial, for: v)
  }
  for c in cons { try solver.addConstraint(c) }
  solver.updateVariables()
  let t3 = clock.now
  let h1 = measureHeap ? heapBytes() : 0
  let initial = vars.map(\.value)
  var perFrame: [Double] = []
  perFrame.reserveCapacity(frames.count)
  for frame in frames {
    let a = clock.now
    for (v, value) in frame { try solver.suggestValue(value, for: v) }
    solver.updateVariables()
    perFrame.append(us(clock.now - a))
  }
  let final = vars.map(\.value)
  withExtendedLifetime(solver) {}
  return RunResult(
    construct: us(t1 - t0), build: us(t3 - t2), frames: perFrame,
    heapKB: measureHeap ? (h1 - h0) / 1024 : -1, initial: initial, final: final)
}

func median(_ xs: [Double]) -> Double {
  guard !xs.isEmpty else { return 0 }
  let s = xs.sorted()
  return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

func runSolverBenchmark(_ args: [String]) throws {
  var runs = 5
  var values = false
  var files: [String] = []
  var i = 0
  while i < args.count {
    switch args[i] {
    case "--runs":
      guard i + 1 < args.count, let n = Int(args[i + 1]), n > 0 else {
        throw BenchmarkError(description: "--runs needs a positive whole number")
      }
      runs = n
      i += 1
    case "--values": values = true
    default:
      if args[i].hasPrefix("-") { throw BenchmarkError(description: "unknown option \(args[i])") }
      files.append(args[i])
    }
    i += 1
  }
  if files.isEmpty { throw BenchmarkError(description: "no workload files") }
  for path in files {
    let w = try Workload(path: path)
    var results: [RunResult] = []
    for r in 0..<runs { results.append(try runOnce(w, measureHeap: r == 0)) }
    let nf = w.frames.count
    func med(_ f: (RunResult) -> Double) -> Double { median(results.map(f)) }
    var check = "-"
    if let ei = w.expectInitial, let ef = w.expectFinal {
      let first = results[0]
      var err = 0.0
      for (a, b) in zip(first.initial, ei) { err = max(err, abs(a - b)) }
      for (a, b) in zip(first.final, ef) { err = max(err, abs(a - b)) }
      if first.initial.count != ei.count || first.final.count != ef.count { err = .infinity }
      check = err <= max(w.tolerance, 1e-6) * 10 ? "ok" : String(format: "FAIL(%.3g)", err)
    }
    let fields: [(String, String)] = [
      ("workload", w.name), ("engine", "swift-cassowary"), ("runs", "\(runs)"),
      ("vars", "\(w.variables.count)"), ("constraints", "\(w.constraints.count)"),
      ("edits", "\(w.edits.count)"), ("frames", "\(nf)"),
      ("construct_us", String(format: "%.1f", med(\.construct))),
      ("build_solve_us", String(format: "%.1f", med(\.build))),
      ("suggest_us", String(format: "%.2f", med { $0.frames.reduce(0, +) } / Double(max(nf, 1)))),
      ("frame_p50_us", String(format: "%.2f", med { median($0.frames) })),
      ("frame_max_us", String(format: "%.2f", med { $0.frames.max() ?? 0 })),
      ("heap_kb", "\(results[0].heapKB)"), ("check", check),
    ]
    print(fields.map { "\($0.0)=\($0.1)" }.joined(separator: " "))
    if values {
      for (name, v) in zip(w.variables, results[0].final) { print("\(name)=\(v)") }
    }
  }
}

import CMallocStats
import Cassowary
import Foundation

/// A bad workload file: what is wrong and where.
public struct WorkloadError: Error, CustomStringConvertible {
  /// What is wrong, with the file and the JSON path.
  public var description: String
}

/// One `cassowary-bench-v1` workload (see `../shared/bench/solver/FORMAT.md`), parsed.
/// Parsing is never timed.
public struct Workload: Sendable {
  /// One constraint: `Σ coef·var + constant op 0` with a strength.
  public struct Cons: Sendable {
    /// (variable index, coefficient) pairs.
    public var terms: [(Int, Double)]
    /// The constant added to the terms.
    public var constant: Double
    /// How the expression compares with 0.
    public var op: RelationalOperator
    /// The constraint's strength.
    public var strength: Strength
  }
  /// The workload's name (`navscreen`, `grid-30x30` …).
  public var name: String
  /// Variable names, indexed by the constraints' terms.
  public var variables: [String]
  /// The constraints, added in order.
  public var constraints: [Cons]
  /// Edit variables with their strengths and first suggested values.
  public var edits: [(variable: Int, strength: Strength, initial: Double)]
  /// Per frame, the (edit index, value) suggestions to make before updating.
  public var frames: [[(Int, Double)]]
  /// Reference values of every variable after the build, when the file has them.
  public var expectInitial: [Double]?
  /// Reference values after the last frame, when the file has them.
  public var expectFinal: [Double]?
  /// How far a value may be from its reference.
  public var tolerance: Double

  /// Reads and parses a workload file.
  public init(path: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    guard let doc = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw WorkloadError(description: "\(path): not a JSON object")
    }
    guard doc["format"] as? String == "cassowary-bench-v1" else {
      throw WorkloadError(description: "\(path): format is not cassowary-bench-v1")
    }
    func num(_ x: Any?, _ what: String) throws -> Double {
      if let d = x as? Double { return d }
      if let n = x as? NSNumber { return n.doubleValue }
      throw WorkloadError(description: "\(path): \(what) is not a number")
    }
    func strength(_ x: Any?, _ what: String) throws -> Strength {
      switch x {
      case let s as String:
        switch s {
        case "required": return .required
        case "strong": return .strong
        case "medium": return .medium
        case "weak": return .weak
        default: throw WorkloadError(description: "\(path): \(what): unknown strength \(s)")
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
          throw WorkloadError(description: "\(path): \(where_).t: bad term")
        }
        return (v, try num(pair[1], "\(where_).t"))
      }
      let op: RelationalOperator
      switch c["op"] as? String {
      case "<=": op = .lessThanOrEqual
      case ">=": op = .greaterThanOrEqual
      case "==": op = .equal
      default: throw WorkloadError(description: "\(path): \(where_).op: bad operator")
      }
      constraints.append(
        Cons(
          terms: terms, constant: try num(c["c"], "\(where_).c"), op: op,
          strength: try strength(c["s"], "\(where_).s")))
    }
    edits = try (doc["edits"] as? [[String: Any]] ?? []).enumerated().map { i, e in
      guard let v = (e["v"] as? NSNumber)?.intValue else {
        throw WorkloadError(description: "\(path): edits[\(i)].v: bad index")
      }
      return (
        v, try strength(e["s"], "edits[\(i)].s"), try num(e["initial"], "edits[\(i)].initial")
      )
    }
    let nv = variables.count
    for (i, c) in constraints.enumerated() {
      for (v, _) in c.terms where v < 0 || v >= nv {
        throw WorkloadError(description: "\(path): constraints[\(i)].t: variable \(v) out of range")
      }
    }
    for (i, e) in edits.enumerated() where e.variable < 0 || e.variable >= nv {
      throw WorkloadError(
        description: "\(path): edits[\(i)].v: variable \(e.variable) out of range")
    }
    let editCount = edits.count
    frames = try (doc["frames"] as? [[[Any]]] ?? []).map { frame in
      try frame.map { pair in
        guard pair.count == 2, let e = (pair[0] as? NSNumber)?.intValue else {
          throw WorkloadError(description: "\(path): frames: bad pair")
        }
        guard e >= 0, e < editCount else {
          throw WorkloadError(description: "\(path): frames: edit \(e) out of range")
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

/// What one run measured and computed.
public struct RunResult: Sendable {
  /// Microseconds to create the variables and constraint objects.
  public var construct: Double
  /// Microseconds to add the edits and constraints to a new solver and solve.
  public var build: Double
  /// Microseconds per frame (suggest values and update).
  public var frames: [Double]
  /// Heap the build added, in KB; -1 when the heap was not measured.
  public var heapKB: Int
  /// Every variable's value after the build.
  public var initial: [Double]
  /// Every variable's value after the last frame.
  public var final: [Double]
}

/// Bytes malloc holds now, or a negative number where unknown.
public func heapBytes() -> Int {
  Int(cmallocstats_in_use())
}

/// Runs the normative execution once: construct, build and solve, frames, values.
@inline(never)
public func runOnce(_ w: Workload, measureHeap: Bool) throws -> RunResult {
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

/// The median (mean of the middle two for an even count).
public func median(_ xs: [Double]) -> Double {
  guard !xs.isEmpty else { return 0 }
  let s = xs.sorted()
  return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

extension Workload {
  /// The largest difference from the reference values of one run, or nil without them.
  public func maximumError(of result: RunResult) -> Double? {
    guard let ei = expectInitial, let ef = expectFinal else { return nil }
    if result.initial.count != ei.count || result.final.count != ef.count { return .infinity }
    var err = 0.0
    for (a, b) in zip(result.initial, ei) { err = max(err, abs(a - b)) }
    for (a, b) in zip(result.final, ef) { err = max(err, abs(a - b)) }
    return err
  }

  /// Whether a run matches the reference values within FORMAT.md's bound (10 × tolerance).
  public func passes(_ result: RunResult) -> Bool {
    guard let err = maximumError(of: result) else { return false }
    return err <= max(tolerance, 1e-6) * 10
  }
}

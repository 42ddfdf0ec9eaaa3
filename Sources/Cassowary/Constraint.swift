import Synchronization

/// The relation of a constraint's expression to zero.
public enum RelationalOperator: Sendable, CustomStringConvertible {
  /// `expression <= 0`.
  case lessThanOrEqual
  /// `expression >= 0`.
  case greaterThanOrEqual
  /// `expression == 0`.
  case equal

  /// A readable form for logs and test failures.
  public var description: String {
    switch self {
    case .lessThanOrEqual: "<="
    case .greaterThanOrEqual: ">="
    case .equal: "=="
    }
  }
}

/// A linear relation `expression op 0` with a strength.
///
/// The terms of the expression combine when a variable appears more than once. A constraint's
/// ``constant`` can change while it is in a solver, through ``Solver/setConstant(_:for:)``,
/// without removing and re-adding it.
///
/// ```swift
/// let c = (x + 2 * y <= 100) | .strong
/// ```
public final class Constraint: Sendable, CustomStringConvertible {
  /// The expression, with the constant it was created with.
  public var expression: Expression { Expression(termArray, constant: creationConstant) }
  /// The terms when there are at most four (each variable retained by the constraint).
  let inlineTerms: TermList
  /// Every term when there are more than four; empty otherwise.
  let moreTerms: [Term]
  /// Whether every coefficient is finite (checked once, when the constraint is made).
  let coefficientsAreFinite: Bool
  /// The expression's constant when the constraint was made.
  let creationConstant: Double
  /// The relation to zero.
  public let op: RelationalOperator
  /// The strength, clipped to `0...required`.
  public let strength: Strength
  /// For a soft equality made with ``init(_:above:below:)``: the strength of the side below
  /// zero (``strength`` weighs the side above); otherwise ``strength``.
  package let belowStrength: Strength
  private let constantBits: Atomic<UInt64>
  /// Solver id (high 32 bits) and tag index (low 32 bits) in the last solver that added it.
  let solverCache: Atomic<UInt64>
  /// For an object a solver made to name an ``InlineConstraint`` in an error: the value's
  /// ``ConstraintHandle`` in that solver (-1 when it was not in it); -1 otherwise.
  package let handle: Int32

  /// `expression op 0` with a strength (required by default).
  public init(_ expression: Expression, _ op: RelationalOperator, strength: Strength = .required) {
    (inlineTerms, moreTerms) = Self.store(expression.terms)
    coefficientsAreFinite = expression.terms.allSatisfy { $0.coefficient.isFinite }
    self.creationConstant = expression.constant
    self.op = op
    self.strength = strength
    self.belowStrength = strength
    self.constantBits = Atomic(expression.constant.bitPattern)
    self.solverCache = Atomic(0)
    self.handle = -1
  }

  /// A soft equality `expression == 0` whose two sides weigh differently: the expression
  /// above zero costs `above`, below zero costs `below`. One row instead of two inequalities
  /// (Auto Layout's content hugging and compression resistance on one axis). Both strengths
  /// must be below required; the caller makes sure of it.
  package init(_ expression: Expression, above: Strength, below: Strength) {
    (inlineTerms, moreTerms) = Self.store(expression.terms)
    coefficientsAreFinite = expression.terms.allSatisfy { $0.coefficient.isFinite }
    self.creationConstant = expression.constant
    self.op = .equal
    self.strength = above
    self.belowStrength = below
    self.constantBits = Atomic(expression.constant.bitPattern)
    self.solverCache = Atomic(0)
    self.handle = -1
  }

  /// `terms + constant op 0` (no expression array to build); `handle` as ``handle``.
  package init(
    _ terms: TermList, constant: Double, _ op: RelationalOperator, strength: Strength = .required,
    handle: Int32 = -1
  ) {
    terms.retainAll()
    self.inlineTerms = terms
    self.moreTerms = []
    coefficientsAreFinite = terms.coefficientsAreFinite
    self.creationConstant = constant
    self.op = op
    self.strength = strength
    self.belowStrength = strength
    self.constantBits = Atomic(constant.bitPattern)
    self.solverCache = Atomic(0)
    self.handle = handle
  }

  /// ``init(_:above:below:)`` from a term list.
  package init(
    _ terms: TermList, constant: Double, above: Strength, below: Strength, handle: Int32 = -1
  ) {
    terms.retainAll()
    self.inlineTerms = terms
    self.moreTerms = []
    coefficientsAreFinite = terms.coefficientsAreFinite
    self.creationConstant = constant
    self.op = .equal
    self.strength = above
    self.belowStrength = below
    self.constantBits = Atomic(constant.bitPattern)
    self.solverCache = Atomic(0)
    self.handle = handle
  }

  deinit { inlineTerms.releaseAll() }

  /// Up to four terms inline (retained), more as the array.
  private static func store(_ terms: [Term]) -> (TermList, [Term]) {
    guard terms.count <= 4 else { return (TermList(), terms) }
    var list = TermList()
    for term in terms { list.append(term.variable, term.coefficient) }
    list.retainAll()
    return (list, [])
  }

  /// The number of terms.
  @inline(__always)
  package var termCount: Int { moreTerms.isEmpty ? inlineTerms.count : moreTerms.count }

  /// The variable of term `i`.
  @inline(__always)
  package func termVariable(_ i: Int) -> Variable {
    moreTerms.isEmpty ? inlineTerms.variable(i).takeUnretainedValue() : moreTerms[i].variable
  }

  /// The variable of term `i`, unretained (the constraint holds it).
  @inline(__always)
  func termRef(_ i: Int) -> Unmanaged<Variable> {
    moreTerms.isEmpty ? inlineTerms.variable(i) : Unmanaged.passUnretained(moreTerms[i].variable)
  }

  /// The coefficient of term `i`.
  @inline(__always)
  package func termCoefficient(_ i: Int) -> Double {
    moreTerms.isEmpty ? inlineTerms.coefficient(i) : moreTerms[i].coefficient
  }

  /// Whether a term has the variable.
  package func hasTerm(with v: Variable) -> Bool {
    for i in 0..<termCount where termVariable(i) === v { return true }
    return false
  }

  /// The terms as an array.
  var termArray: [Term] {
    if !moreTerms.isEmpty { return moreTerms }
    return (0..<inlineTerms.count).map { Term(termVariable($0), termCoefficient($0)) }
  }

  /// The current constant of the expression: the creation constant until
  /// ``Solver/setConstant(_:for:)`` changes it.
  public var constant: Double { Double(bitPattern: constantBits.load(ordering: .relaxed)) }

  func storeConstant(_ value: Double) {
    constantBits.store(value.bitPattern, ordering: .relaxed)
  }

  /// Whether the constraint must hold.
  public var isRequired: Bool { strength.isRequired }

  /// A new constraint with the same expression and operator and another strength.
  public func withStrength(_ strength: Strength) -> Constraint {
    Constraint(Expression(termArray, constant: constant), op, strength: strength)
  }

  /// How far the current variable values are from satisfying the constraint (0 when it holds).
  public var violation: Double {
    var v = constant
    for i in 0..<termCount { v += termCoefficient(i) * termVariable(i).value }
    switch op {
    case .equal: return abs(v)
    case .lessThanOrEqual: return max(0, v)
    case .greaterThanOrEqual: return max(0, -v)
    }
  }

  /// A readable form for logs and test failures.
  public var description: String {
    var e = expression
    e.constant = constant
    if belowStrength != strength {
      return "\(e) \(op) 0 | above: \(strength), below: \(belowStrength)"
    }
    return "\(e) \(op) 0 | \(strength)"
  }
}

/// Up to four terms of a constraint, held inline without retaining their variables (a layout
/// constraint has at most four, and an array per constraint was an allocation). Copies are
/// plain bytes. The constraint made from a list retains the variables; until then the maker
/// keeps them alive.
///
/// Its initialisers are inlinable (ViewKit makes one per constraint it installs). It is public
/// only to the `Layout` SPI (`@_spi(Layout) import Cassowary`): this toolchain does not inline
/// `@inlinable package` bodies into other modules, public ones it does.
@_spi(Layout) public struct TermList: Sendable {
  /// The number of terms (at most four).
  public var count = 0
  @usableFromInline var u0: Unmanaged<Variable>?
  @usableFromInline var u1: Unmanaged<Variable>?
  @usableFromInline var u2: Unmanaged<Variable>?
  @usableFromInline var u3: Unmanaged<Variable>?
  @usableFromInline var k0 = 0.0
  @usableFromInline var k1 = 0.0
  @usableFromInline var k2 = 0.0
  @usableFromInline var k3 = 0.0

  /// No terms.
  @inlinable public init() {}

  /// `k0·v0 (+ k1·v1)`.
  @inlinable @inline(__always)
  public init(_ v0: Variable, _ k0: Double, _ v1: Variable? = nil, _ k1: Double = 0) {
    append(v0, k0)
    if let v1 { append(v1, k1) }
  }

  /// The terms of the non-nil variables among four, in order (one call for a whole layout
  /// constraint; the caller keeps the variables alive until a constraint retains them).
  @inlinable @inline(__always)
  public init(
    _ v0: Unmanaged<Variable>?, _ k0: Double, _ v1: Unmanaged<Variable>?, _ k1: Double,
    _ v2: Unmanaged<Variable>?, _ k2: Double, _ v3: Unmanaged<Variable>?, _ k3: Double
  ) {
    // (No array of pairs to loop over: it would be allocated.)
    if let v0 { put(v0, k0) }
    if let v1 { put(v1, k1) }
    if let v2 { put(v2, k2) }
    if let v3 { put(v3, k3) }
  }

  /// Adds a term by unretained reference; there must be room.
  @inlinable @inline(__always)
  mutating func put(_ u: Unmanaged<Variable>, _ k: Double) {
    switch count {
    case 0: (u0, k0) = (u, k)
    case 1: (u1, k1) = (u, k)
    case 2: (u2, k2) = (u, k)
    default: (u3, k3) = (u, k)
    }
    count += 1
  }

  /// Adds a term by unretained reference; there must be room.
  package mutating func append(ref v: Unmanaged<Variable>, _ k: Double) {
    precondition(count < 4, "TermList holds at most four terms")
    put(v, k)
  }

  /// Whether another term fits.
  package var isFull: Bool { count == 4 }

  /// Adds a term; there must be room (``isFull`` is false).
  @inlinable
  public mutating func append(_ v: Variable, _ k: Double) {
    precondition(count < 4, "TermList holds at most four terms")
    put(Unmanaged.passUnretained(v), k)
  }

  /// The variable of term `i` (unretained).
  @inline(__always)
  package func variable(_ i: Int) -> Unmanaged<Variable> {
    switch i {
    case 0: return u0.unsafelyUnwrapped
    case 1: return u1.unsafelyUnwrapped
    case 2: return u2.unsafelyUnwrapped
    default: return u3.unsafelyUnwrapped
    }
  }

  /// The coefficient of term `i`.
  @inline(__always)
  package func coefficient(_ i: Int) -> Double {
    switch i {
    case 0: return k0
    case 1: return k1
    case 2: return k2
    default: return k3
    }
  }

  /// Whether every coefficient is finite.
  var coefficientsAreFinite: Bool {
    k0.isFinite && k1.isFinite && k2.isFinite && k3.isFinite
  }

  /// Retains or releases every variable (the owning constraint's init and deinit).
  /// (Unrolled: the loop through `variable(_:)`'s switch cost more than the retains.)
  func retainAll() {
    guard count > 0 else { return }
    _ = u0.unsafelyUnwrapped.retain()
    guard count > 1 else { return }
    _ = u1.unsafelyUnwrapped.retain()
    guard count > 2 else { return }
    _ = u2.unsafelyUnwrapped.retain()
    guard count > 3 else { return }
    _ = u3.unsafelyUnwrapped.retain()
  }

  func releaseAll() {
    guard count > 0 else { return }
    u0.unsafelyUnwrapped.release()
    guard count > 1 else { return }
    u1.unsafelyUnwrapped.release()
    guard count > 2 else { return }
    u2.unsafelyUnwrapped.release()
    guard count > 3 else { return }
    u3.unsafelyUnwrapped.release()
  }
}

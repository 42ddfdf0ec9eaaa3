/// A constraint of at most four terms passed by value: the solver keeps it in the tag it
/// makes for it, so adding one allocates no ``Constraint`` object (Auto Layout's constraints
/// have at most four terms and their own objects; a second object per constraint was most of
/// what installing one cost).
///
/// The solver holds each term's variable through the variable's symbol while the constraint
/// is in it; until it is added, the caller keeps the variables alive.
///
/// Public to the `Layout` SPI only, as ``TermList`` (so its initialisers inline into ViewKit).
@_spi(Layout) public struct InlineConstraint: Sendable {
  /// The terms (unretained).
  public var terms: TermList
  /// The expression's constant.
  public var constant: Double
  /// The relation to zero.
  public var op: RelationalOperator
  /// The strength, clipped to `0...required` (the side above zero for a soft equality).
  public var strength: Strength
  /// The strength of the side below zero for a soft equality; otherwise ``strength``.
  public var belowStrength: Strength

  /// `terms + constant op 0` with a strength (required by default).
  @inlinable @inline(__always)
  public init(
    _ terms: TermList, constant: Double, _ op: RelationalOperator, strength: Strength = .required
  ) {
    self.terms = terms
    self.constant = constant
    self.op = op
    self.strength = strength
    self.belowStrength = strength
  }

  /// `expression op 0` for an expression of at most four terms (the caller's shapes are
  /// fixed; more is a programming error). The caller keeps the variables alive until the
  /// constraint is added.
  package init(_ expression: Expression, _ op: RelationalOperator, strength: Strength = .required) {
    precondition(expression.terms.count <= 4, "an InlineConstraint holds at most four terms")
    var terms = TermList()
    for term in expression.terms { terms.append(term.variable, term.coefficient) }
    self.init(terms, constant: expression.constant, op, strength: strength)
  }

  /// Whether a term has the variable.
  package func hasTerm(with v: Variable) -> Bool {
    for i in 0..<terms.count
    where terms.variable(i).toOpaque() == Unmanaged.passUnretained(v).toOpaque() {
      return true
    }
    return false
  }

  /// A soft equality whose two sides weigh differently, as ``Constraint/init(_:above:below:)``.
  @inlinable @inline(__always)
  public init(_ terms: TermList, constant: Double, above: Strength, below: Strength) {
    self.terms = terms
    self.constant = constant
    self.op = .equal
    self.strength = above
    self.belowStrength = below
  }
}

/// An ``InlineConstraint`` in the solver that added it: the tag it is kept in. Valid until it
/// is removed or the solver is reset; the solver checks that the tag holds a value
/// constraint, not that it is the same one (the caller forgets the handle on removal).
@_spi(Layout) public struct ConstraintHandle: Hashable, Sendable {
  /// The tag's index.
  public let tag: Int32

  /// A handle for tag `tag` (-1: none).
  @inlinable public init(tag: Int32) { self.tag = tag }
}

/// What the tableau reads of a constraint it adds: a ``Constraint`` object or an
/// ``InlineConstraint`` value (generic, so each is specialised and reads its storage
/// directly).
protocol ConstraintSource {
  var termCount: Int { get }
  func termRef(_ i: Int) -> Unmanaged<Variable>
  func termCoefficient(_ i: Int) -> Double
  var constant: Double { get }
  var op: RelationalOperator { get }
  var strength: Strength { get }
  var belowStrength: Strength { get }
  var coefficientsAreFinite: Bool { get }
  /// Whether the tableau records the terms' symbols in `termSymbols` while adding it (at
  /// most four terms).
  static var recordsTermSymbols: Bool { get }
  /// The object, for a ``Constraint``.
  var object: Constraint? { get }
  /// Stores the value of an ``InlineConstraint`` at `index` (the buffer has room); false
  /// for an object.
  func storeValue(in buffer: inout Table<TagIndex, InlineConstraint>, at index: TagIndex) -> Bool
  /// The constraint an error names (a value is made into an object, tagged with `handle`).
  func reported(handle: Int32) -> Constraint
}

extension Constraint: ConstraintSource {
  static var recordsTermSymbols: Bool { false }
  var object: Constraint? { self }
  func storeValue(in buffer: inout Table<TagIndex, InlineConstraint>, at index: TagIndex) -> Bool {
    false
  }
  func reported(handle: Int32) -> Constraint { self }
}

extension InlineConstraint: ConstraintSource {
  static var recordsTermSymbols: Bool { true }
  var termCount: Int { terms.count }
  @inline(__always)
  func termRef(_ i: Int) -> Unmanaged<Variable> { terms.variable(i) }
  @inline(__always)
  func termCoefficient(_ i: Int) -> Double { terms.coefficient(i) }
  var coefficientsAreFinite: Bool { terms.coefficientsAreFinite }
  var object: Constraint? { nil }
  @inline(__always)
  func storeValue(in buffer: inout Table<TagIndex, InlineConstraint>, at index: TagIndex) -> Bool {
    buffer[index] = self
    return true
  }
  func reported(handle: Int32) -> Constraint {
    Constraint(self, handle: handle)
  }
}

extension Constraint {
  /// An object with the value's terms, constant, relation and strengths, naming the handle it
  /// has in the solver (-1 for none), for errors.
  convenience init(_ value: InlineConstraint, handle: Int32) {
    if value.belowStrength != value.strength {
      self.init(
        value.terms, constant: value.constant, above: value.strength,
        below: value.belowStrength, handle: handle)
    } else {
      self.init(
        value.terms, constant: value.constant, value.op, strength: value.strength,
        handle: handle)
    }
  }
}

import Synchronization

private let solverIDs = Atomic<UInt32>(0)

/// The solver's whole state: kiwi's tableau plus the indexes that keep work local.
struct Tableau {
  // MARK: Identity
  var solverID: UInt32 = 0

  // MARK: Per-symbol storage (indexed by symbol)
  var info = Table<Symbol, SymbolInfo>()
  /// Symbols no row, objective or constraint refers to any more, for reuse.
  var freeSymbols: [Symbol] = []

  // MARK: Rows (indexed by slot)
  var rows = Table<RowSlot, Row>()
  var freeSlots: [RowSlot] = []
  var visitStamp = Table<RowSlot, UInt32>()
  var rowSaved = Table<RowSlot, UInt32>()
  var visitEpoch: UInt32 = 0

  // MARK: Objective and simplex state
  var objectiveConstant: Double = 0
  /// The largest weight a soft constraint ever brought into the objective (at least 1): the
  /// scale of the objective's round-off (``objectiveRoundOff``).
  var largestWeight: Double = 1
  var enteringHeap = IndexHeap<Symbol, Ascending>()
  var infeasible = Buffer<Symbol>()
  var artificial: Row?

  // MARK: Constraints, edits, definitions
  var tags = Table<TagIndex, Tag>()
  /// The value constraints, at their tags' indexes (the slots of object tags unused; the
  /// buffer only as long as the last value's tag needs). Terms are those with a symbol (each
  /// symbol counts the use and keeps the variable alive); the constant is the current one.
  var inlineValues = Table<TagIndex, InlineConstraint>()
  /// The symbols of the terms of the value constraint being added (none for a term that made
  /// none), as `createRow` or `defineFreshVariable` found them, for `register`.
  var termSymbols = TermSymbols()
  var freeTags: [TagIndex] = []
  var edits: [EditInfo] = []
  var freeEdits: [EditIndex] = []
  var definitions = Table<DefinitionIndex, Definition>()
  var definitionSyms = Buffer<Symbol>()
  var definitionCoeffs = Buffer<Double>()
  /// The lists of definitions that depend on each symbol (heads in `SymbolInfo`): the
  /// definition of each link, and the next link.
  var dependentDefinition = Table<DependentLink, DefinitionIndex>()
  var dependentNext = Table<DependentLink, DependentLink>()
  var variableIndex: [ObjectIdentifier: Symbol] = [:]
  var constraintIndex: [ObjectIdentifier: TagIndex] = [:]

  // MARK: Publishing
  var dirtyList = Buffer<Symbol>()
  var definitionDirty = Table<DefinitionIndex, Bool>()
  /// Definitions turned back into rows since the last compaction.
  var deadDefinitions = 0
  var dirtyDefinitionLow = Int.max
  var dirtyDefinitionHigh = -1

  // MARK: Scratch
  /// The symbols the accumulator touched (a buffer: emptied for every new row, and
  /// `Array.removeAll(keepingCapacity:)` went through its general replace).
  var accTouched = Buffer<Symbol>()
  var accEpoch: UInt32 = 0
  var accConstant: Double = 0
  /// Per definition (buffers: written on every accumulated term, where an array checked
  /// uniqueness each time).
  var expansionMultiplier = Table<DefinitionIndex, Double>()
  var expansionStamp = Table<DefinitionIndex, UInt32>()
  /// Definitions to expand, latest first.
  var expansionHeap = IndexHeap<DefinitionIndex, Descending>()
  var scratch = Row.make(capacity: 64)
  var scratchAdded = Buffer<Symbol>()
  /// First blocks of the columns.
  var columnArena = ColumnArena()

  // MARK: Journal (undo log for calls that may fail)
  var journal = Journal()
  /// Whether a call that may fail is being recorded in `journal`.
  var journalOpen = false
  var journalEpoch: UInt32 = 0

  init() {
    solverID = solverIDs.add(1, ordering: .relaxed).newValue
  }

  /// Frees every row buffer; the tableau must not be used afterwards.
  mutating func deallocate() {
    for i in rows.indices { rows[i].release() }
    for i in info.indices { dropVariable(i) }
    for i in info.indices { releaseColumn(i) }
    columnArena.deallocate()
    info.deallocate()
    rows.deallocate()
    visitStamp.deallocate()
    rowSaved.deallocate()
    infeasible.deallocate()
    dirtyList.deallocate()
    scratchAdded.deallocate()
    accTouched.deallocate()
    expansionMultiplier.deallocate()
    expansionStamp.deallocate()
    enteringHeap.deallocate()
    expansionHeap.deallocate()
    definitions.deallocate()
    definitionSyms.deallocate()
    definitionCoeffs.deallocate()
    dependentDefinition.deallocate()
    dependentNext.deallocate()
    definitionDirty.deallocate()
    inlineValues.deallocate()
    for t in tags.indices { tags[t].constraintRef?.release() }
    tags.deallocate()
    scratch.release()
    artificial?.release()
    artificial = nil
    if journalOpen {
      for k in journal.rows.indices { journal.rows[k].1.release() }
      journalOpen = false
    }
    journal = Journal()
  }
}

/// The symbols of a value constraint's (at most four) terms, none where a term made none.
struct TermSymbols {
  private var raw = SIMD4<Int32>(repeating: -1)

  /// The symbol of term `i`.
  subscript(i: Int) -> Symbol {
    @inline(__always) get { Symbol(raw: raw[i]) }
    @inline(__always) set { raw[i] = newValue.raw }
  }
}

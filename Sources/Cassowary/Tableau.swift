import Synchronization

private let solverIDs = Atomic<UInt32>(0)

/// The solver's whole state: kiwi's tableau plus the indexes that keep work local.
struct Tableau {
  // MARK: Identity
  var solverID: UInt32 = 0

  // MARK: Per-symbol storage (indexed by symbol)
  var info = Buffer<SymbolInfo>()
  /// Symbols no row, objective or constraint refers to any more, for reuse.
  var freeSymbols: [Int32] = []

  // MARK: Rows (indexed by slot)
  var rows = Buffer<Row>()
  var freeSlots: [Int32] = []
  var visitStamp = Buffer<UInt32>()
  var rowSaved = Buffer<UInt32>()
  var visitEpoch: UInt32 = 0

  // MARK: Objective and simplex state
  var objectiveConstant: Double = 0
  /// The largest weight a soft constraint ever brought into the objective (at least 1): the
  /// scale of the objective's round-off (``objectiveRoundOff``).
  var largestWeight: Double = 1
  var enteringHeap = IntHeap()
  var infeasible = Buffer<Int32>()
  var artificial: Row?

  // MARK: Constraints, edits, definitions
  var tags = Buffer<Tag>()
  /// The value constraints, at their tags' indexes (the slots of object tags unused; the
  /// buffer only as long as the last value's tag needs). Terms are those with a symbol (each
  /// symbol counts the use and keeps the variable alive); the constant is the current one.
  var inlineValues = Buffer<InlineConstraint>()
  /// The symbols of the terms of the value constraint being added (-1 for a term that made
  /// none), as `createRow` or `defineFreshVariable` found them, for `register`.
  var termSymbols = SIMD4<Int32>(repeating: -1)
  var freeTags: [Int32] = []
  var edits: [EditInfo] = []
  var freeEdits: [Int32] = []
  var definitions = Buffer<Definition>()
  var definitionSyms = Buffer<Int32>()
  var definitionCoeffs = Buffer<Double>()
  var dependentDefinition = Buffer<Int32>()
  var dependentNext = Buffer<Int32>()
  var variableIndex: [ObjectIdentifier: Int32] = [:]
  var constraintIndex: [ObjectIdentifier: Int32] = [:]

  // MARK: Publishing
  var dirtyList = Buffer<Int32>()
  var definitionDirty = Buffer<Bool>()
  /// Definitions turned back into rows since the last compaction.
  var deadDefinitions = 0
  var dirtyDefinitionLow = Int.max
  var dirtyDefinitionHigh = -1

  // MARK: Scratch
  /// The symbols the accumulator touched (a buffer: emptied for every new row, and
  /// `Array.removeAll(keepingCapacity:)` went through its general replace).
  var accTouched = Buffer<Int32>()
  var accEpoch: UInt32 = 0
  var accConstant: Double = 0
  /// Per definition (buffers: written on every accumulated term, where an array checked
  /// uniqueness each time).
  var expansionMultiplier = Buffer<Double>()
  var expansionStamp = Buffer<UInt32>()
  var expansionHeap = IntHeap()
  var scratch = Row.make(capacity: 64)
  var scratchAdded = Buffer<Int32>()
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

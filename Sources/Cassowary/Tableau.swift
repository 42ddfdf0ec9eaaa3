import Synchronization

private let solverIDs = Atomic<UInt32>(0)

/// The solver's whole state: kiwi's tableau plus the indexes that keep work local.
struct Tableau {
  // MARK: Identity
  var solverID: UInt32 = 0

  // MARK: Per-symbol storage (indexed by symbol)
  var kind: [SymbolKind] = []
  var basicRow: [Int32] = []
  var column: [[Int32]] = []
  var objective: [Double] = []
  var inEnteringHeap: [Bool] = []
  var accValue: [Double] = []
  var accStamp: [UInt32] = []
  var symVariable: [Variable?] = []
  var symTag: [Int32] = []
  var definitionOf: [Int32] = []
  var everUsed: [Bool] = []
  var published: [Double] = []
  var dirty: [Bool] = []
  var dependents: [[Int32]] = []
  var editOf: [Int32] = []
  var objectiveSaved: [UInt32] = []

  // MARK: Rows (indexed by slot)
  var rows: [Row] = []
  var freeSlots: [Int32] = []
  var visitStamp: [UInt32] = []
  var rowSaved: [UInt32] = []
  var visitEpoch: UInt32 = 0

  // MARK: Objective and simplex state
  var objectiveConstant: Double = 0
  var enteringHeap = IntHeap()
  var infeasible: [Int32] = []
  var artificial: Row?

  // MARK: Constraints, edits, definitions
  var tags: [Tag] = []
  var freeTags: [Int32] = []
  var edits: [EditInfo] = []
  var freeEdits: [Int32] = []
  var definitions: [Definition] = []
  var variableIndex: [ObjectIdentifier: Int32] = [:]
  var constraintIndex: [ObjectIdentifier: Int32] = [:]

  // MARK: Publishing
  var dirtyList: [Int32] = []
  var definitionDirty: [Bool] = []
  var definitionHeap = IntHeap()

  // MARK: Scratch
  var accTouched: [Int32] = []
  var accEpoch: UInt32 = 0
  var accConstant: Double = 0
  var expansionMultiplier: [Double] = []
  var expansionStamp: [UInt32] = []
  var expansionHeap = IntHeap()
  var scratch = Row.make(capacity: 64)
  var scratchAdded: [Int32] = []

  // MARK: Journal (undo log for calls that may fail)
  var journal: Journal?
  var journalEpoch: UInt32 = 0

  init() {
    solverID = solverIDs.add(1, ordering: .relaxed).newValue
  }

  /// Frees every row buffer; the tableau must not be used afterwards.
  mutating func deallocate() {
    for i in rows.indices { rows[i].release() }
    rows = []
    scratch.release()
    artificial?.release()
    artificial = nil
    if var j = journal {
      for k in j.rows.indices { j.rows[k].1.release() }
      journal = nil
    }
  }

}

/// An undo log: what a call that may fail changed, so that a failure restores the solver
/// exactly (same rows, same basis, same objective). The tableau keeps one and reuses it
/// (`journalOpen` says whether a call is being recorded): making and dropping an optional
/// journal per call went through the runtime's generic destroy twice.
struct Journal {
  var rows: [(RowSlot, Row)] = []
  var objective: [(Symbol, Double)] = []
  var definitions: [(DefinitionIndex, Double)] = []
  var objectiveConstant: Double = 0
  var objectiveConstantSaved = false
  /// Whether row and objective changes are being recorded (counts are always kept).
  var recording = true
  var rowCount = 0
  var symbolCount = 0
  var freeSlots: [RowSlot] = []
  var freeSymbols: [Symbol] = []
  /// Symbols taken from the free list since the journal began.
  var reusedSymbols: [Symbol] = []
}

extension Tableau {
  /// Starts a journal; with `recording` false it keeps only the counts (symbols, rows, free
  /// slots), enough to undo a call that fails before it changes any row.
  mutating func beginJournal(recording: Bool = true) {
    journalEpoch &+= 1
    if journalEpoch == 0 {
      for i in rowSaved.indices { rowSaved[i] = 0 }
      for i in info.indices { info[i].objectiveSaved = 0 }
      journalEpoch = 1
    }
    // (The lists are empty: commit and rollback leave them so.)
    journalOpen = true
    journal.objectiveConstant = objectiveConstant
    journal.objectiveConstantSaved = false
    journal.recording = recording
    journal.rowCount = rows.count
    journal.symbolCount = info.count
    if !freeSlots.isEmpty { journal.freeSlots = freeSlots }
    if !freeSymbols.isEmpty { journal.freeSymbols = freeSymbols }
  }

  mutating func commitJournal() {
    guard journalOpen else { return }
    journalOpen = false
    // In place: a copy of the journal would retain and release each of its arrays.
    if !journal.rows.isEmpty {
      for k in journal.rows.indices { journal.rows[k].1.release() }
      journal.rows.removeAll(keepingCapacity: true)
    }
    if !journal.objective.isEmpty { journal.objective.removeAll(keepingCapacity: true) }
    if !journal.definitions.isEmpty { journal.definitions.removeAll(keepingCapacity: true) }
    if !journal.reusedSymbols.isEmpty { journal.reusedSymbols.removeAll(keepingCapacity: true) }
    // (Dropped, so the tableau's own lists are not shared and copied on their next change.)
    if !journal.freeSlots.isEmpty { journal.freeSlots = [] }
    if !journal.freeSymbols.isEmpty { journal.freeSymbols = [] }
  }

  @inline(__always)
  mutating func saveRow(_ slot: RowSlot) {
    guard journalOpen, journal.recording else { return }
    guard slot.offset < journal.rowCount, rowSaved[slot] != journalEpoch else { return }
    rowSaved[slot] = journalEpoch
    journal.rows.append((slot, rows[slot].copy()))
  }

  @inline(__always)
  mutating func saveObjective(_ sym: Symbol) {
    guard journalOpen, journal.recording else { return }
    guard sym.offset < journal.symbolCount, info[sym].objectiveSaved != journalEpoch else { return }
    info[sym].objectiveSaved = journalEpoch
    journal.objective.append((sym, info[sym].objective))
  }

  mutating func saveObjectiveConstant() {
    guard journalOpen, !journal.objectiveConstantSaved else { return }
    journal.objectiveConstantSaved = true
    journal.objectiveConstant = objectiveConstant
  }

  mutating func saveDefinition(_ d: DefinitionIndex) {
    guard journalOpen else { return }
    journal.definitions.append((d, definitions[d].constant))
  }

  /// Restores everything the journal recorded and drops what was created since it began.
  mutating func rollbackJournal() {
    guard journalOpen else { return }
    let j = journal
    journal = Journal()
    journalOpen = false
    // Basic symbols of rows about to be replaced or dropped lose their rows.
    for (slot, _) in j.rows { unmapBasic(of: slot, below: j.symbolCount) }
    if rows.count > j.rowCount {
      for k in j.rowCount..<rows.count {
        let slot = RowSlot(k)
        unmapBasic(of: slot, below: j.symbolCount)
        rows[slot].release()
      }
      rows.removeLast(rows.count - j.rowCount)
      visitStamp.removeLast(visitStamp.count - j.rowCount)
      rowSaved.removeLast(rowSaved.count - j.rowCount)
    }
    freeSlots = j.freeSlots
    truncateSymbols(to: j.symbolCount)
    for s in j.reusedSymbols {
      forgetSymbol(s)
      markFree(s)
    }
    freeSymbols = j.freeSymbols
    for (slot, row) in j.rows.reversed() {
      rows[slot].release()
      rows[slot] = row
      if row.basic.exists {
        info[row.basic].basicRow = slot
        for i in 0..<row.count { addToColumn(row.sym(i), slot) }
        touch(slot)
      }
    }
    for (sym, value) in j.objective.reversed() {
      info[sym].objective = value
      if value < 0 && !info[sym].inEnteringHeap && info[sym].kind != .dummy {
        info[sym].inEnteringHeap = true
        enteringHeap.push(sym)
      }
    }
    if j.objectiveConstantSaved { objectiveConstant = j.objectiveConstant }
    for (d, constant) in j.definitions.reversed() {
      definitions[d].constant = constant
      markDefinitionDirty(d)
    }
    infeasible.removeAll()
    artificial?.release()
    artificial = nil
  }

  private mutating func unmapBasic(of slot: RowSlot, below count: Int) {
    let b = rows[slot].basic
    guard b.exists, b.offset < count else { return }
    info[b].basicRow = .none
    if info[b].kind == .external { markDirty(b) }
  }
}

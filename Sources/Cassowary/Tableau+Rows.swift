extension Tableau {
  // MARK: Dirty tracking

  /// Queues an external symbol for publishing.
  @inline(__always)
  mutating func markDirty(_ s: Symbol) {
    if !info[s].dirty {
      info[s].dirty = true
      dirtyList.append(s)
    }
  }

  /// Queues the basic symbol of a slot for publishing when it is external.
  @inline(__always)
  mutating func touch(_ slot: RowSlot) {
    let b = rows[slot].basic
    if b.exists && info[b].kind == .external { markDirty(b) }
  }

  // MARK: Slots

  /// Stores a row (whose `basic` is set, and whose buffer the tableau now owns) and indexes
  /// its symbols.
  @discardableResult
  mutating func insertRow(_ row: Row) -> RowSlot {
    assertLive(row.basic)
    let slot: RowSlot
    // `isEmpty` then `removeLast`: inlined, where `popLast` is a call even on an empty list.
    if !freeSlots.isEmpty {
      let reuse = freeSlots.removeLast()
      slot = reuse
      saveRow(slot)
      rows[slot] = row
    } else {
      slot = rows.append(row)
      visitStamp.append(0)
      rowSaved.append(0)
    }
    info[row.basic].basicRow = slot
    for i in 0..<row.count { addToColumn(row.sym(i), slot) }
    touch(slot)
    return slot
  }

  /// Frees a slot and returns its row, which the caller now owns; the basic symbol becomes
  /// parametric.
  mutating func removeRow(_ slot: RowSlot) -> Row {
    assert(rows[slot].basic.exists, "removeRow: slot \(slot) holds no row")
    saveRow(slot)
    touch(slot)
    let row = rows[slot]
    info[row.basic].basicRow = .none
    rows[slot] = .free
    freeSlots.append(slot)
    return row
  }

  // MARK: Columns

  /// The slots of the rows that hold `sym`, each once, pruning stale entries from its column.
  ///
  /// The result views the column's memory: valid until something appends to this column.
  mutating func rowsHolding(_ sym: Symbol) -> UnsafeBufferPointer<RowSlot> {
    assertLive(sym)
    let list = info[sym].column
    guard let p = list.base else { return UnsafeBufferPointer(start: nil, count: 0) }
    nextVisitEpoch()
    var w = 0
    let n = rows.count
    for i in 0..<list.count {
      let r = p[i]
      if Int(r.raw) >= n || visitStamp[r] == visitEpoch { continue }
      guard rows[r].basic.exists, rows[r].index(of: sym) != nil else { continue }
      visitStamp[r] = visitEpoch
      p[w] = r
      w += 1
    }
    info[sym].column.count = w
    return UnsafeBufferPointer(start: p, count: w)
  }

  /// Records that the row at `slot` now holds `sym`. A full column is first pruned of rows
  /// that no longer hold the symbol, so columns stay within twice their live size even for
  /// symbols that are never visited.
  @inline(__always)
  mutating func addToColumn(_ sym: Symbol, _ slot: RowSlot) {
    let list = info[sym].column
    if list.count == list.capacity {
      if list.capacity == 0 {
        info[sym].column = SlotList(
          base: columnArena.take(), count: 0, capacity: SlotList.firstCapacity)
      } else if list.count < 64 || rowsHolding(sym).count > list.capacity / 2 {
        // Prune a long column first, and grow anyway when most entries are live, so pruning
        // costs O(1) per append.
        growColumn(sym)
      }
    }
    info[sym].column.append(slot)
  }

  /// Doubles a column's capacity, keeping its slots.
  mutating func growColumn(_ i: Symbol) {
    let old = info[i].column
    let capacity = old.capacity * 2
    let block = heapAllocate(RowSlot.self, capacity: capacity)
    if let base = old.base {
      block.update(from: base, count: old.count)
      freeColumnBlock(old)
    }
    info[i].column = SlotList(base: block, count: old.count, capacity: capacity)
  }

  /// Frees a column's memory and empties it.
  mutating func releaseColumn(_ i: Symbol) {
    freeColumnBlock(info[i].column)
    info[i].column = .empty
  }

  private mutating func freeColumnBlock(_ list: SlotList) {
    guard let base = list.base else { return }
    if list.capacity == SlotList.firstCapacity {
      columnArena.give(base)
    } else {
      heapFree(base)
    }
  }

  /// Starts a new visit (rows stamped with the epoch count as seen).
  @inline(__always)
  mutating func nextVisitEpoch() {
    visitEpoch &+= 1
    if visitEpoch == 0 {
      for i in visitStamp.indices { visitStamp[i] = 0 }
      visitEpoch = 1
    }
  }

  // MARK: Row arithmetic

  /// `row[slot] := row[slot] with sym replaced by src` (the row holds sym).
  mutating func substituteInto(_ slot: RowSlot, sym: Symbol, src: Row) {
    saveRow(slot)
    var target = rows[slot]
    guard let pos = target.index(of: sym) else { return }
    let factor = target.coeff(pos)
    var out = scratch
    out.reserve(target.count + src.count)
    let newStart = scratchAdded.count
    mergeRows(target: target, drop: sym, src: src, factor: factor, into: &out)
    // The merged buffer becomes the row's; the row's old buffer becomes the scratch.
    swap(&target.cells, &out.cells)
    swap(&target.capacity, &out.capacity)
    target.count = out.count
    out.count = 0
    target.constant += factor * src.constant
    rows[slot] = target
    scratch = out
    for i in newStart..<scratchAdded.count { addToColumn(scratchAdded[i], slot) }
    scratchAdded.removeLast(scratchAdded.count - newStart)
  }

  /// Writes `target - target[drop]·drop + factor·src` into `out` (sorted), appending to
  /// `scratchAdded` the symbols that `target` did not hold. `out` has room for both rows.
  mutating func mergeRows(target: Row, drop: Symbol, src: Row, factor: Double, into out: inout Row)
  {
    let n = target.count
    let m = src.count
    var k = 0
    let o = out.cells.unsafelyUnwrapped
    if n == 0 && m == 0 {
      out.count = 0
      return
    }
    let t = target.cells ?? o
    let s = src.cells ?? o
    var i = 0
    var j = 0
    while i < n || j < m {
      let a = i < n ? t[i].sym : Symbol.end
      let b = j < m ? s[j].sym : Symbol.end
      if a < b {
        if a != drop {
          o[k] = t[i]
          k &+= 1
        }
        i &+= 1
      } else if b < a {
        let v = factor * s[j].coeff
        if !nearZero(v) {
          o[k] = Cell(sym: b, coeff: v)
          k &+= 1
          scratchAdded.append(b)
        }
        j &+= 1
      } else {
        let v = t[i].coeff + factor * s[j].coeff
        if !nearZero(v) && a != drop {
          o[k] = Cell(sym: a, coeff: v)
          k &+= 1
        }
        i &+= 1
        j &+= 1
      }
    }
    out.count = k
  }

  /// Rewrites `row` (for `leaving`, or a new constraint row when `leaving` is none) to be the
  /// row of `entering`, which it holds:
  /// `leaving = K + a·entering + Σ` becomes `entering = -K/a + leaving/a - Σ/a`.
  mutating func pivotForm(_ row: inout Row, leaving: Symbol, entering: Symbol) {
    guard let p = row.index(of: entering) else { return }
    let a = row.coeff(p)
    let scale = -1 / a
    var out = scratch
    out.reserve(row.count + 1)
    let o = out.cells.unsafelyUnwrapped
    let c = row.cells.unsafelyUnwrapped
    var k = 0
    var inserted = leaving.isNone
    for i in 0..<row.count {
      let s = c[i].sym
      if !inserted && leaving < s {
        o[k] = Cell(sym: leaving, coeff: 1 / a)
        k += 1
        inserted = true
      }
      if i == p { continue }
      o[k] = Cell(sym: s, coeff: c[i].coeff * scale)
      k += 1
    }
    if !inserted {
      o[k] = Cell(sym: leaving, coeff: 1 / a)
      k += 1
    }
    swap(&row.cells, &out.cells)
    swap(&row.capacity, &out.capacity)
    row.count = k
    out.count = 0
    scratch = out
    row.constant *= scale
    row.basic = entering
  }

  /// Solves a new constraint row (`0 = constant + Σ`) for `subject`, which it holds.
  mutating func solveForSubject(_ row: inout Row, _ subject: Symbol) {
    pivotForm(&row, leaving: .none, entering: subject)
  }

  // MARK: Objective

  /// Adds `value` to the objective coefficient of `sym`.
  @inline(__always)
  mutating func objectiveAdd(_ sym: Symbol, _ value: Double) {
    assertLive(sym)
    saveObjective(sym)
    var v = info[sym].objective + value
    if nearZero(v) { v = 0 }
    info[sym].objective = v
    // Candidates to enter: a negative coefficient, or for a free (external) symbol a positive
    // one beyond round-off (a free symbol moves down as readily; within round-off its true
    // coefficient is zero, and pivoting on it would only cost work).
    let k = info[sym].kind
    if (v < 0 || (k == .external && v > objectiveRoundOff)) && !info[sym].inEnteringHeap
      && k != .dummy
    {
      info[sym].inEnteringHeap = true
      enteringHeap.push(sym)
    }
  }

  /// Adds `factor·row` to the objective.
  mutating func objectiveAddRow(_ row: Row, _ factor: Double) {
    for i in 0..<row.count { objectiveAdd(row.sym(i), factor * row.coeff(i)) }
    saveObjectiveConstant()
    objectiveConstant += factor * row.constant
  }

  /// The parametric symbol with the lowest id that can lower the objective: a negative
  /// coefficient, or a positive one beyond round-off on a free (external) symbol, which can
  /// move down.
  mutating func popEntering() -> Symbol? {
    while let s = enteringHeap.pop() {
      guard info.contains(s) else { continue }
      info[s].inEnteringHeap = false
      let o = info[s].objective
      let k = info[s].kind
      if (o < 0 || (k == .external && o > objectiveRoundOff)) && k != .dummy
        && info[s].basicRow.isNone
      {
        return s
      }
    }
    return nil
  }

  // MARK: Accumulation of new rows

  /// Starts building a row in the dense accumulator.
  mutating func beginAccumulation(constant: Double) {
    accEpoch &+= 1
    if accEpoch == 0 {
      for i in info.indices { info[i].accStamp = 0 }
      for i in expansionStamp.indices { expansionStamp[i] = 0 }
      accEpoch = 1
    }
    accTouched.removeAll()
    accConstant = constant
  }

  /// Adds `k·sym` to the accumulator as it stands (no substitution).
  @inline(__always)
  mutating func accAdd(_ sym: Symbol, _ k: Double) {
    let i = sym
    if info[i].accStamp != accEpoch {
      info[i].accStamp = accEpoch
      info[i].accValue = k
      accTouched.append(sym)
    } else {
      info[i].accValue += k
    }
  }

  /// Adds `k·sym`, replacing a basic symbol by its row and deferring a defined one.
  mutating func accumulateTerm(_ sym: Symbol, _ k: Double) {
    assertLive(sym)
    let d = info[sym].definitionOf
    if d.exists {
      if expansionStamp[d] != accEpoch {
        expansionStamp[d] = accEpoch
        expansionMultiplier[d] = k
        expansionHeap.push(d)
      } else {
        expansionMultiplier[d] += k
      }
      return
    }
    let slot = info[sym].basicRow
    if slot.exists {
      let row = rows[slot]
      for i in 0..<row.count { accAdd(row.sym(i), k * row.coeff(i)) }
      accConstant += k * row.constant
    } else {
      accAdd(sym, k)
    }
  }

  /// Expands deferred definitions, latest first, so each is expanded once.
  mutating func expandDefinitions() {
    while let d = expansionHeap.pop() {
      let m = expansionMultiplier[d]
      if nearZero(m) { continue }
      let def = definitions[d]
      let start = Int(def.termStart)
      for i in start..<start + Int(def.termCount) {
        accumulateTerm(definitionSyms[i], m * definitionCoeffs[i])
      }
      accConstant += m * def.constant
    }
  }

  /// The accumulated row, sorted, without near-zero coefficients; the caller owns it.
  mutating func finishAccumulation(extra: Int = 0) -> Row {
    expandDefinitions()
    let n = accTouched.count
    if n <= 16 {
      // Rows hold a handful of symbols: an insertion sort beats the general one.
      for i in 1..<max(1, n) {
        let x = accTouched[i]
        var j = i
        while j > 0 && accTouched[j - 1] > x {
          accTouched[j] = accTouched[j - 1]
          j -= 1
        }
        accTouched[j] = x
      }
    } else if let base = accTouched.base {
      var all = UnsafeMutableBufferPointer(start: base, count: n)
      all.sort()
    }
    var row = Row.make(capacity: n + extra, constant: accConstant)
    let p = row.cells.unsafelyUnwrapped
    var k = 0
    for t in 0..<n {
      let s = accTouched[t]
      let v = info[s].accValue
      if !nearZero(v) {
        p[k] = Cell(sym: s, coeff: v)
        k += 1
      }
    }
    row.count = k
    return row
  }
}

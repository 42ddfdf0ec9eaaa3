extension Tableau {
  // MARK: Adding

  mutating func addConstraint(_ constraint: Constraint) throws(SolverError) {
    if tagIndex(of: constraint) != nil { throw .duplicateConstraint(constraint) }
    try validate(constraint)
    _ = try insertConstraint(constraint)
  }

  /// Adds a value constraint; returns its handle.
  mutating func addConstraint(_ constraint: InlineConstraint) throws(SolverError)
    -> ConstraintHandle
  {
    try validate(constraint)
    return ConstraintHandle(tag: try insertConstraint(constraint).raw)
  }

  /// kiwi's `addConstraint`, with definitions and a journal so a failure changes nothing.
  /// Returns the constraint's tag.
  mutating func insertConstraint<C: ConstraintSource>(_ constraint: C) throws(SolverError)
    -> TagIndex
  {
    let required = constraint.strength.isRequired
    if required && constraint.op == .equal {
      let t = defineFreshVariable(by: constraint)
      if t.exists { return t }
    }
    // Until the artificial phase nothing but new symbols can change, so the journal keeps
    // counts only and starts recording rows just before that phase.
    if required { beginJournal(recording: false) }
    var (row, marker, other, a) = createRow(constraint)
    var subject = chooseSubject(row, marker: marker, other: other)
    if subject.isNone && row.syms.allSatisfy({ info[$0].kind == .dummy }) {
      if !nearZero(row.constant) {
        let conflicting = requiredConstraints(markedBy: row.syms)
        row.release()
        rollbackJournal()
        throw .unsatisfiableConstraint(constraint.reported(handle: -1), conflicting: conflicting)
      }
      subject = marker
    }
    if subject.isNone { subject = chooseFeasibleSubject(row) }
    if subject.isNone {
      if journalOpen { journal.recording = true }
      let (ok, certificate) = addWithArtificialVariable(row)
      if !ok {
        let conflicting = requiredConstraints(markedBy: certificate)
        rollbackJournal()
        throw .unsatisfiableConstraint(constraint.reported(handle: -1), conflicting: conflicting)
      }
    } else {
      solveForSubject(&row, subject)
      let slot = insertRow(row)
      substitute(subject, with: rows[slot])
    }
    commitJournal()
    let t = register(
      constraint, marker: marker, other: other, markerCoefficient: a, definition: .none)
    try optimize()
    return t
  }

  /// kiwi's `createRow`: the constraint's expression in terms of parametric symbols, plus its
  /// marker (and error) symbols; errors enter the objective.
  mutating func createRow<C: ConstraintSource>(_ constraint: C) -> (Row, Symbol, Symbol, Double) {
    beginAccumulation(constant: constraint.constant)
    for i in 0..<constraint.termCount {
      guard !nearZero(constraint.termCoefficient(i)) else {
        if C.recordsTermSymbols { termSymbols[i] = .none }
        continue
      }
      let s = externalSymbol(ref: constraint.termRef(i))
      if C.recordsTermSymbols { termSymbols[i] = s }
      accumulateTerm(s, constraint.termCoefficient(i))
    }
    var row = finishAccumulation(extra: 2)
    let strength = constraint.strength.value
    let required = constraint.strength.isRequired
    if !required { largestWeight = max(largestWeight, strength, constraint.belowStrength.value) }
    var marker = Symbol.none
    var other = Symbol.none
    var a = 1.0
    switch constraint.op {
    case .lessThanOrEqual, .greaterThanOrEqual:
      a = constraint.op == .lessThanOrEqual ? 1 : -1
      marker = newSymbol(.slack)
      row.append(marker, a)
      if !required {
        other = newSymbol(.error)
        row.append(other, -a)
        objectiveAdd(other, strength)
      }
    case .equal:
      if required {
        marker = newSymbol(.dummy)
        row.append(marker, 1)
      } else {
        marker = newSymbol(.error)
        other = newSymbol(.error)
        a = -1
        row.append(marker, -1)
        row.append(other, 1)
        // expression = marker − other: the marker measures the excess above zero.
        objectiveAdd(marker, strength)
        objectiveAdd(other, constraint.belowStrength.value)
      }
    }
    if row.constant < 0 { row = row.negated() }
    return (row, marker, other, a)
  }

  /// kiwi's `chooseSubject`: an external symbol, else a restricted marker with a negative
  /// coefficient, else none.
  mutating func chooseSubject(_ row: Row, marker: Symbol, other: Symbol) -> Symbol {
    for i in 0..<row.count where info[row.sym(i)].kind == .external { return row.sym(i) }
    // Two checks, not a loop over an array literal (which may allocate).
    if isRestrictedWithNegativeCoefficient(marker, in: row) { return marker }
    if isRestrictedWithNegativeCoefficient(other, in: row) { return other }
    return .none
  }

  /// Whether `s` (when not none) is a slack or error symbol with a negative coefficient in `row`.
  @inline(__always)
  mutating func isRestrictedWithNegativeCoefficient(_ s: Symbol, in row: Row) -> Bool {
    guard s.exists else { return false }
    let k = info[s].kind
    return (k == .slack || k == .error) && row.coefficient(of: s) < 0
  }

  /// Beyond kiwi: a restricted symbol of the row that can become basic at once, keeping every
  /// row feasible, so the costly artificial-variable phase is skipped. With a zero constant
  /// any slack or error symbol will do (the substitution moves no constant); otherwise a
  /// symbol with a negative coefficient whose substitution leaves every restricted row
  /// non-negative. Among candidates, the one held by the fewest rows. Returns none if none.
  mutating func chooseFeasibleSubject(_ row: Row) -> Symbol {
    let zero = nearZero(row.constant)
    var best = Symbol.none
    var bestRows = Int.max
    for i in 0..<row.count {
      let s = row.sym(i)
      let k = info[s].kind
      guard k == .slack || k == .error else { continue }
      let a = row.coeff(i)
      if !zero && a >= 0 { continue }
      let holders = rowsHolding(s)
      if holders.count >= bestRows { continue }
      if !zero {
        // s = c/(-a) + …: each row holding s with coefficient h moves by h·c/(-a).
        let value = row.constant / -a
        var feasible = true
        for r in holders {
          let b = rows[r].basic
          if info[b].kind == .external { continue }
          let h = rows[r].coefficient(of: s)
          let moved = rows[r].constant + h * value
          if moved < 0 && !nearZero(moved) {
            feasible = false
            break
          }
        }
        if !feasible { continue }
      }
      best = s
      bestRows = holders.count
    }
    return best
  }

  /// kiwi's `addWithArtificialVariable`. Returns whether the row could be made feasible, and
  /// the symbols of the final artificial objective (the certificate of a failure).
  mutating func addWithArtificialVariable(_ row: Row) -> (Bool, [Symbol]) {
    let art = newSymbol(.slack)
    var artRow = row
    artRow.basic = art
    artificial = artRow.copy()
    insertRow(artRow)
    optimizeArtificial()
    var finalRow = artificial!
    artificial = nil
    let success = nearZero(finalRow.constant)
    let certificate = success ? [] : finalRow.syms
    finalRow.release()
    let slot = info[art].basicRow
    if slot.exists {
      var r = removeRow(slot)
      if r.count == 0 {
        r.release()
        return (success, certificate)
      }
      guard
        let entering = r.syms.first(where: {
          info[$0].kind == .slack || info[$0].kind == .error
        })
      else {
        r.release()
        return (false, certificate)
      }
      pivotForm(&r, leaving: art, entering: entering)
      let s = insertRow(r)
      substitute(entering, with: rows[s])
    }
    for r in rowsHolding(art) {
      saveRow(r)
      if let i = rows[r].index(of: art) { rows[r].remove(at: i) }
    }
    info[art].column.count = 0
    if info[art].objective != 0 {
      saveObjective(art)
      info[art].objective = 0
    }
    return (success, certificate)
  }

  // MARK: Pivoting

  /// Replaces `sym` by `src` in every row that holds it, in the objective and in the
  /// artificial objective; queues rows that became infeasible.
  mutating func substitute(_ sym: Symbol, with src: Row) {
    for r in rowsHolding(sym) {
      substituteInto(r, sym: sym, src: src)
      touch(r)
      let b = rows[r].basic
      if info[b].kind != .external && rows[r].constant < 0 { infeasible.append(b) }
    }
    info[sym].column.count = 0
    let c = info[sym].objective
    if c != 0 {
      saveObjective(sym)
      info[sym].objective = 0
      objectiveAddRow(src, c)
    }
    if var art = artificial, let p = art.index(of: sym) {
      let factor = art.coeff(p)
      var out = Row.make(capacity: art.count + src.count)
      let mark = scratchAdded.count
      mergeRows(target: art, drop: sym, src: src, factor: factor, into: &out)
      scratchAdded.removeLast(scratchAdded.count - mark)
      out.constant = art.constant + factor * src.constant
      art.release()
      artificial = out
    }
  }

  /// Makes `entering` basic in the row at `slot`, whose basic symbol leaves.
  mutating func pivot(_ slot: RowSlot, entering: Symbol) {
    saveRow(slot)
    var row = rows[slot]
    let leaving = row.basic
    rows[slot] = .free
    pivotForm(&row, leaving: leaving, entering: entering)
    info[leaving].basicRow = .none
    if info[leaving].kind == .external { markDirty(leaving) }
    rows[slot] = row
    info[entering].basicRow = slot
    addToColumn(leaving, slot)
    touch(slot)
    substitute(entering, with: row)
  }

  /// kiwi's `optimize` on the objective (Bland's rule for the entering symbol), with two
  /// changes (Guides/Solver.md, "Optimality"):
  /// - a free (external) parametric symbol enters in whichever direction lowers the
  ///   objective, not only upwards;
  /// - a symbol that no restricted row bounds in that direction has a true objective
  ///   coefficient of zero (the objective, a weighted sum of non-negative errors, cannot fall
  ///   without bound), so what was computed is round-off: it is cleared. kiwi reports
  ///   "unbounded objective" here. A coefficient too large to be round-off is a true bug.
  mutating func optimize() throws(SolverError) {
    while let entering = popEntering() {
      let c = info[entering].objective
      guard let slot = leavingRow(for: entering, increasing: c < 0) else {
        guard abs(c) <= objectiveRoundOff else {
          throw .internalError(
            "the objective is unbounded along symbol \(entering) (coefficient \(c))")
        }
        saveObjective(entering)
        info[entering].objective = 0
        continue
      }
      pivot(slot, entering: entering)
    }
  }

  /// The largest objective coefficient that can be round-off rather than a value: the
  /// objective is a sum of weights up to `largestWeight` times row coefficients, and
  /// round-off in it grows with that scale, where kiwi's absolute 1e-8 does not.
  var objectiveRoundOff: Double { 1e-8 * largestWeight }

  /// kiwi's `optimize` on the artificial objective, with the same two changes as
  /// ``optimize()``: a free symbol enters either way, and one that no row bounds has a zero
  /// true coefficient (the artificial objective is a restricted symbol's value), so its
  /// round-off is dropped rather than read as "no solution".
  mutating func optimizeArtificial() {
    while let art = artificial {
      var entering = Symbol.none
      var increasing = true
      for i in 0..<art.count {
        let s = art.sym(i)
        let c = art.coeff(i)
        let k = info[s].kind
        if (c < 0 && k != .dummy) || (c > 0 && k == .external) {
          entering = s
          increasing = c < 0
          break
        }
      }
      guard entering.exists else { return }
      guard let slot = leavingRow(for: entering, increasing: increasing) else {
        let p = art.index(of: entering)!
        guard abs(art.coeff(p)) <= 1e-6 else { return }
        artificial!.remove(at: p)
        continue
      }
      pivot(slot, entering: entering)
    }
  }

  /// kiwi's `getLeavingRow`: the restricted row with the smallest ratio (ties: lowest basic)
  /// for `entering` moving up (`increasing`) or, a free symbol, down.
  mutating func leavingRow(for entering: Symbol, increasing: Bool = true) -> RowSlot? {
    var best = Double.greatestFiniteMagnitude
    var bestSlot = RowSlot.none
    var bestBasic = Symbol.end
    for r in rowsHolding(entering) {
      let row = rows[r]
      if info[row.basic].kind == .external { continue }
      let a = row.coefficient(of: entering)
      let c = increasing ? a : -a
      if c < 0 {
        let ratio = -row.constant / c
        if ratio < best || (ratio == best && row.basic < bestBasic) {
          best = ratio
          bestSlot = r
          bestBasic = row.basic
        }
      }
    }
    return bestSlot.exists ? bestSlot : nil
  }

  /// kiwi's `getMarkerLeavingRow`, for removing a constraint whose marker is parametric;
  /// beyond kiwi, a row of a basic dummy comes first.
  ///
  /// A basic dummy's row (a redundant required equality made basic on its own marker, all
  /// dummies and a zero constant) that holds the marker says the equality follows from the
  /// removed constraint and others. Pivoting there hands the removed constraint's role to the
  /// redundant one and moves no constant. kiwi's ratio rules may pick another row instead;
  /// substituting that into the dummy's row gives it a non-zero constant and a slack, and the
  /// redundant equality stops holding (found by the LP differential test: seed 3, system 173).
  mutating func markerLeavingRow(for marker: Symbol) -> RowSlot? {
    var r1 = Double.greatestFiniteMagnitude
    var r2 = Double.greatestFiniteMagnitude
    // (slot, its basic symbol): the best row of each kind so far.
    var first = (RowSlot.none, Symbol.end)
    var second = (RowSlot.none, Symbol.end)
    var third = (RowSlot.none, Symbol(raw: .min))
    var dummy = (RowSlot.none, Symbol.end)
    for r in rowsHolding(marker) {
      let row = rows[r]
      let c = row.coefficient(of: marker)
      if c == 0 { continue }
      let kind = info[row.basic].kind
      if kind == .dummy {
        if row.basic < dummy.1 { dummy = (r, row.basic) }
      } else if kind == .external {
        if row.basic > third.1 { third = (r, row.basic) }
      } else if c < 0 {
        let ratio = -row.constant / c
        if ratio < r1 || (ratio == r1 && row.basic < first.1) {
          r1 = ratio
          first = (r, row.basic)
        }
      } else {
        let ratio = row.constant / c
        if ratio < r2 || (ratio == r2 && row.basic < second.1) {
          r2 = ratio
          second = (r, row.basic)
        }
      }
    }
    if dummy.0.exists { return dummy.0 }
    if first.0.exists { return first.0 }
    if second.0.exists { return second.0 }
    return third.0.exists ? third.0 : nil
  }

  /// kiwi's `dualOptimize`. Returns nil on success, or the basic symbol of a row that no
  /// pivot can make feasible.
  mutating func dualOptimize() -> Symbol? {
    while let leaving = infeasible.popLast() {
      let slot = info[leaving].basicRow
      guard slot.exists else { continue }
      let row = rows[slot]
      guard !nearZero(row.constant) && row.constant < 0 else { continue }
      var entering = Symbol.none
      var ratio = Double.greatestFiniteMagnitude
      for i in 0..<row.count {
        let s = row.sym(i)
        let c = row.coeff(i)
        let k = info[s].kind
        // A free (external) symbol may move either way: it can enter with a coefficient of
        // either sign, at the ratio of its (zero at an optimum) objective coefficient.
        if c > 0 && k != .dummy {
          let r = k == .external ? abs(info[s].objective) / c : info[s].objective / c
          if r < ratio {
            ratio = r
            entering = s
          }
        } else if c < 0 && k == .external {
          let r = abs(info[s].objective) / -c
          if r < ratio {
            ratio = r
            entering = s
          }
        }
      }
      if entering.isNone {
        infeasible.removeAll()
        return leaving
      }
      pivot(slot, entering: entering)
    }
    return nil
  }

  // MARK: Removing

  mutating func removeConstraint(_ constraint: Constraint) throws(SolverError) {
    guard let t = tagIndex(of: constraint) else { throw .unknownConstraint(constraint) }
    try deleteConstraint(tag: t)
  }

  mutating func removeConstraint(_ handle: ConstraintHandle) throws(SolverError) {
    guard let t = tagIndex(of: handle) else {
      throw .unknownConstraintHandle(handle.tag)
    }
    try deleteConstraint(tag: t)
  }

  /// kiwi's `removeConstraint`, after turning a definition back into a tableau row.
  mutating func deleteConstraint(tag t: TagIndex) throws(SolverError) {
    let tag = tags[t]
    // (Held here: `unregister` releases the tableau's reference.)
    let object = tag.constraint
    let strength = self.strength(ofTag: t).value
    let belowStrength = self.belowStrength(ofTag: t).value
    let value = tag.isInline ? inlineValues[t] : nil
    unregister(t)
    if tag.definition.exists { materialize(tag.definition) }
    for s in [tag.marker, tag.other] where s.exists && info[s].kind == .error {
      // `other` weighs the side below zero (the same strength unless made with
      // `Constraint(_:above:below:)`).
      let strength = s == tag.other ? belowStrength : strength
      let slot = info[s].basicRow
      if slot.exists {
        objectiveAddRow(rows[slot], -strength)
      } else {
        objectiveAdd(s, -strength)
      }
    }
    let slot = info[tag.marker].basicRow
    if slot.exists {
      var removed = removeRow(slot)
      removed.release()
    } else {
      guard let leavingSlot = markerLeavingRow(for: tag.marker) else {
        let name =
          object.map { "\($0)" } ?? (value.map { "\(Constraint($0, handle: t.raw))" } ?? "?")
        throw .internalError("no leaving row for the marker of \(name)")
      }
      var row = removeRow(leavingSlot)
      let leaving = row.basic
      pivotForm(&row, leaving: leaving, entering: tag.marker)
      substitute(tag.marker, with: row)
      row.release()
    }
    info[tag.marker].column.count = 0
    try optimize()
    // Give back what only this constraint used.
    releaseIfUnused(tag.marker)
    releaseIfUnused(tag.other)
    if let c = object {
      for i in 0..<c.termCount {
        guard let s = knownSymbol(ref: c.termRef(i)) else { continue }
        info[s].useCount -= 1
      }
      for i in 0..<c.termCount {
        if let s = knownSymbol(ref: c.termRef(i)) { releaseIfUnused(s) }
      }
    } else if let value {
      // The symbols first: releasing one may free its variable, which the terms do not
      // hold. Each symbol is released once (a variable may appear in two terms).
      let terms = value.terms
      var symbols = TermSymbols()
      for i in 0..<terms.count {
        let s = knownSymbol(ref: terms.variable(i)) ?? .none
        symbols[i] = s
        if s.exists { info[s].useCount -= 1 }
      }
      for i in 0..<terms.count {
        let s = symbols[i]
        if s.isNone { continue }
        var repeated = false
        for j in 0..<i where symbols[j] == s { repeated = true }
        if !repeated { releaseIfUnused(s) }
      }
    }
  }

  // MARK: Constants and edits

  /// Moves a constraint's constant through its marker: every row holding the marker shifts
  /// by `coefficient·shift`, the marker's own row by `-shift`. Returns a basic dummy whose row
  /// became non-zero (a contradiction among required equalities), or none.
  mutating func shiftMarker(_ marker: Symbol, by shift: Double) -> Symbol {
    let slot = info[marker].basicRow
    if slot.exists {
      saveRow(slot)
      rows[slot].constant -= shift
      touch(slot)
      let c = rows[slot].constant
      if info[marker].kind == .dummy { return nearZero(c) ? .none : marker }
      if c < 0 { infeasible.append(marker) }
      return .none
    }
    var violated = Symbol.none
    // One pass over the marker's column: validate, prune and shift together.
    let list = info[marker].column
    guard let p = list.base else { return violated }
    nextVisitEpoch()
    var w = 0
    let n = rows.count
    for i in 0..<list.count {
      let r = p[i]
      if Int(r.raw) >= n || visitStamp[r] == visitEpoch { continue }
      let b = rows[r].basic
      guard b.exists, let idx = rows[r].index(of: marker) else { continue }
      visitStamp[r] = visitEpoch
      p[w] = r
      w += 1
      saveRow(r)
      let c = rows[r].constant + rows[r].coeff(idx) * shift
      rows[r].constant = c
      switch info[b].kind {
      case .external: markDirty(b)
      case .dummy: if !nearZero(c) { violated = b }
      default: if c < 0 { infeasible.append(b) }
      }
    }
    info[marker].column.count = w
    return violated
  }

  mutating func setConstant(_ constant: Double, for constraint: Constraint) throws(SolverError) {
    guard let t = tagIndex(of: constraint) else { throw .unknownConstraint(constraint) }
    try setConstant(constant, tag: t)
  }

  mutating func setConstant(_ constant: Double, for handle: ConstraintHandle) throws(SolverError) {
    guard let t = tagIndex(of: handle) else {
      throw .unknownConstraintHandle(handle.tag)
    }
    try setConstant(constant, tag: t)
  }

  /// Changes the constant of the constraint of tag `t` (an object's or a value's).
  mutating func setConstant(_ constant: Double, tag t: TagIndex) throws(SolverError) {
    let tag = tags[t]
    guard constant.isFinite else {
      let name = reportedConstraint(t).map { "\($0)" } ?? "?"
      throw .nonFiniteValue("constant \(constant) for \(name)")
    }
    let current = tag.constraint?.constant ?? inlineValues[t].constant
    let delta = constant - current
    if delta == 0 { return }
    let required = strength(ofTag: t).isRequired
    if required { beginJournal() }
    if tag.definition.exists {
      let d = tag.definition
      saveDefinition(tag.definition)
      definitions[d].constant -= delta / definitions[d].definedCoefficient
      markDefinitionDirty(tag.definition)
    }
    let violated = shiftMarker(tag.marker, by: delta / tag.markerCoefficient)
    var failing = violated
    if failing.isNone, let f = dualOptimize() { failing = f }
    if failing.exists {
      guard required else {
        let name = reportedConstraint(t).map { "\($0)" } ?? "?"
        throw .internalError("dual optimize failed after changing the constant of \(name)")
      }
      let slot = info[failing].basicRow
      var symbols = [failing]
      if slot.exists { symbols += rows[slot].syms }
      let conflicting = requiredConstraints(markedBy: symbols, excluding: t)
      rollbackJournal()
      let changed: Constraint
      if let c = tag.constraint {
        changed = Constraint(
          Expression(c.termArray, constant: constant), c.op, strength: c.strength)
      } else {
        var value = inlineValues[t]
        value.constant = constant
        changed = Constraint(value, handle: t.raw)
      }
      throw .unsatisfiableConstraint(changed, conflicting: conflicting)
    }
    commitJournal()
    if let c = tag.constraint {
      c.storeConstant(constant)
    } else {
      inlineValues[t].constant = constant
    }
  }

  mutating func addEditVariable(_ variable: Variable, strength: Strength) throws(SolverError) {
    if editIndex(of: variable) != nil { throw .duplicateEditVariable(variable) }
    if strength.isRequired { throw .badRequiredStrength(variable) }
    let constraint = Constraint(TermList(variable, 1), constant: 0, .equal, strength: strength)
    let t = try insertConstraint(constraint)
    let edit = EditInfo(
      variable: variable, constraint: constraint, tag: t, constant: 0, alive: true)
    let e: EditIndex
    if let reuse = freeEdits.popLast() {
      e = reuse
      edits[e.offset] = edit
    } else {
      e = EditIndex(edits.count)
      if edits.capacity == 0 { edits.reserveCapacity(8) }
      edits.append(edit)
    }
    let sym = externalSymbol(for: variable)
    info[sym].editOf = e
  }

  mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
    guard let e = editIndex(of: variable) else { throw .unknownEditVariable(variable) }
    let tag = edits[e.offset].tag
    edits[e.offset] = .dead
    freeEdits.append(e)
    if let s = knownSymbol(for: variable) { info[s].editOf = .none }
    try deleteConstraint(tag: tag)
  }

  mutating func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
    guard let e = editIndex(of: variable) else { throw .unknownEditVariable(variable) }
    guard value.isFinite else {
      throw .nonFiniteValue("suggested value \(value) for \(variable)")
    }
    let delta = value - edits[e.offset].constant
    if delta == 0 { return }
    edits[e.offset].constant = value
    _ = shiftMarker(tags[edits[e.offset].tag].marker, by: delta)
    if let failing = dualOptimize() {
      throw .internalError(
        "dual optimize failed on row of symbol \(failing) after suggesting \(value) for \(variable)"
      )
    }
  }
}

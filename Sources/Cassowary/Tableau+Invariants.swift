extension Tableau {
  /// What is wrong with the tableau between two public calls; empty when it is sound.
  ///
  /// - every live row's basic symbol records that row, and no basic symbol appears in any row
  ///   (its own included), in the objective or in a definition's place;
  /// - cells are sorted, distinct and non-zero, and each row is in its symbols' columns;
  /// - rows whose basic symbol is restricted (slack or error) have non-negative constants,
  ///   rows of a basic dummy zero ones (the infeasible queue may keep rows that round-off
  ///   made negative by less than `nearZero`: the dual simplex skips them);
  /// - the objective is expressed in parametric symbols only, and is optimal: no restricted
  ///   parametric symbol has a negative coefficient and no free (external) one a non-zero
  ///   coefficient beyond round-off (``objectiveRoundOff``);
  /// - symbols defined outside the tableau are in no row and not basic;
  /// - symbols and slots on the free lists are unused (no row, objective, tag or variable)
  ///   and listed once; every live tag's marker and error name it back, free tags hold
  ///   nothing, live edits and definitions point at live tags and record their variables;
  /// - no artificial objective is left over and no journal is open.
  ///
  /// A debugging aid for tests (it visits the whole tableau); the solver never calls it.
  mutating func checkInvariants() -> [String] {
    var problems: [String] = []
    let tolerance = objectiveRoundOff
    let free = Set(freeSymbols)
    if free.count != freeSymbols.count { problems.append("a symbol is twice on the free list") }
    for r in rows.indices {
      let row = rows[r]
      let b = row.basic
      if b.isNone { continue }
      if !info.contains(b) {
        problems.append("row \(r): basic symbol \(b) does not exist")
        continue
      }
      if free.contains(b) { problems.append("row \(r): basic symbol \(b) is on the free list") }
      if info[b].basicRow != r {
        problems.append("row \(r): basic symbol \(b) records row \(info[b].basicRow)")
      }
      if info[b].objective != 0 {
        problems.append("basic symbol \(b) has objective coefficient \(info[b].objective)")
      }
      if info[b].definitionOf.exists {
        problems.append("row \(r): basic symbol \(b) is defined outside the tableau")
      }
      switch info[b].kind {
      case .slack, .error:
        if row.constant < 0 && !nearZero(row.constant) {
          problems.append("row \(r) of restricted symbol \(b) is infeasible: \(row.constant)")
        }
      case .dummy:
        if !nearZero(row.constant) {
          problems.append("row \(r) of dummy \(b) has constant \(row.constant)")
        }
      case .external: break
      }
      var previous = Symbol.none
      for i in 0..<row.count {
        let s = row.sym(i)
        guard s > previous, info.contains(s) else {
          problems.append("row \(r): cells out of order or unknown symbol at \(i)")
          break
        }
        previous = s
        if free.contains(s) { problems.append("row \(r) holds symbol \(s) of the free list") }
        if row.coeff(i) == 0 || !row.coeff(i).isFinite {
          problems.append("row \(r): coefficient \(row.coeff(i)) of symbol \(s)")
        }
        if info[s].basicRow.exists {
          problems.append("row \(r) (basic \(b)) holds basic symbol \(s)")
        }
        if info[s].definitionOf.exists {
          problems.append("row \(r) holds symbol \(s), which is defined outside the tableau")
        }
        let column = info[s].column
        var listed = false
        if let p = column.base {
          for k in 0..<column.count where p[k] == r {
            listed = true
            break
          }
        }
        if !listed { problems.append("row \(r) is missing from the column of symbol \(s)") }
      }
      if !row.constant.isFinite { problems.append("row \(r): constant \(row.constant)") }
    }
    for slot in freeSlots where !rows.contains(slot) || rows[slot].basic.exists {
      problems.append("free slot \(slot) holds a row or does not exist")
    }
    if Set(freeSlots).count != freeSlots.count { problems.append("a slot is twice free") }
    for s in info.indices {
      let slot = info[s].basicRow
      if slot.exists && (!rows.contains(slot) || rows[slot].basic != s) {
        problems.append("symbol \(s) records row \(slot), which is not its row")
      }
      if free.contains(s) {
        if slot.exists || info[s].objective != 0 || info[s].symTag.exists
          || info[s].symVariableRef != nil
        {
          problems.append("symbol \(s) of the free list is still in use")
        }
        continue
      }
      let c = info[s].objective
      guard c != 0, slot.isNone else { continue }
      switch info[s].kind {
      case .slack, .error:
        if c < -tolerance {
          problems.append("not optimal: restricted symbol \(s) has objective coefficient \(c)")
        }
      case .external:
        if abs(c) > tolerance {
          problems.append("not optimal: free symbol \(s) has objective coefficient \(c)")
        }
      case .dummy: break
      }
    }
    problems += tagProblems()
    if artificial != nil { problems.append("an artificial objective is left over") }
    if journalOpen { problems.append("a journal is open") }
    return problems
  }

  /// The tags, edits and definitions: each live tag's marker (and error) names it back, free
  /// tags are dead, each live edit's tag is live, each live definition's variable records it.
  private mutating func tagProblems() -> [String] {
    var problems: [String] = []
    let freeTagSet = Set(freeTags)
    for t in tags.indices {
      let tag = tags[t]
      if freeTagSet.contains(t) {
        if tag.isLive { problems.append("tag \(t) is on the free list but holds a constraint") }
        continue
      }
      guard tag.isLive else { continue }
      for s in [tag.marker, tag.other] where s.exists {
        if !info.contains(s) || info[s].symTag != t {
          problems.append("tag \(t): symbol \(s) does not name the tag back")
        }
      }
      if tag.definition.exists
        && (!definitions.contains(tag.definition) || !definitions[tag.definition].alive)
      {
        problems.append("tag \(t): definition \(tag.definition) is not alive")
      }
    }
    for e in edits where e.alive {
      if !tags.contains(e.tag) || !tags[e.tag].isLive {
        problems.append("edit of \(e.variable.map { "\($0)" } ?? "?"): tag \(e.tag) is not live")
      }
    }
    for d in definitions.indices where definitions[d].alive {
      let v = definitions[d].variable
      if !info.contains(v) || info[v].definitionOf != d {
        problems.append("definition \(d): variable symbol \(v) does not record it")
      }
    }
    return problems
  }
}

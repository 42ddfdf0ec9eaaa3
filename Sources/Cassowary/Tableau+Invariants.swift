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
  /// - no artificial objective is left over and no journal is open.
  ///
  /// A debugging aid for tests (it visits the whole tableau); the solver never calls it.
  mutating func checkInvariants() -> [String] {
    var problems: [String] = []
    let tolerance = objectiveRoundOff
    for r in rows.indices {
      let row = rows[r]
      let b = row.basic
      if b < 0 { continue }
      if Int(b) >= info.count {
        problems.append("row \(r): basic symbol \(b) does not exist")
        continue
      }
      if info[Int(b)].basicRow != Int32(r) {
        problems.append("row \(r): basic symbol \(b) records row \(info[Int(b)].basicRow)")
      }
      if info[Int(b)].objective != 0 {
        problems.append("basic symbol \(b) has objective coefficient \(info[Int(b)].objective)")
      }
      if info[Int(b)].definitionOf >= 0 {
        problems.append("row \(r): basic symbol \(b) is defined outside the tableau")
      }
      switch info[Int(b)].kind {
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
      var previous: Int32 = -1
      for i in 0..<row.count {
        let s = row.sym(i)
        guard s > previous, Int(s) < info.count else {
          problems.append("row \(r): cells out of order or unknown symbol at \(i)")
          break
        }
        previous = s
        if row.coeff(i) == 0 || !row.coeff(i).isFinite {
          problems.append("row \(r): coefficient \(row.coeff(i)) of symbol \(s)")
        }
        if info[Int(s)].basicRow >= 0 {
          problems.append("row \(r) (basic \(b)) holds basic symbol \(s)")
        }
        if info[Int(s)].definitionOf >= 0 {
          problems.append("row \(r) holds symbol \(s), which is defined outside the tableau")
        }
        let column = info[Int(s)].column
        var listed = false
        if let p = column.base {
          for k in 0..<column.count where p[k] == Int32(r) {
            listed = true
            break
          }
        }
        if !listed { problems.append("row \(r) is missing from the column of symbol \(s)") }
      }
      if !row.constant.isFinite { problems.append("row \(r): constant \(row.constant)") }
    }
    for s in info.indices {
      let slot = info[s].basicRow
      if slot >= 0 && (Int(slot) >= rows.count || rows[Int(slot)].basic != Int32(s)) {
        problems.append("symbol \(s) records row \(slot), which is not its row")
      }
      let c = info[s].objective
      guard c != 0, slot < 0 else { continue }
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
    if artificial != nil { problems.append("an artificial objective is left over") }
    if journalOpen { problems.append("a journal is open") }
    return problems
  }
}

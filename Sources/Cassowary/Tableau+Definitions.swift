extension Tableau {
  /// When a required equality introduces a variable the solver has never used, that variable
  /// is defined by the equality outside the tableau: `v = Σ others + constant`. Nothing else
  /// holds `v` yet, so the optimum is unchanged, and later rows expand `v` on demand. This
  /// keeps chains of positions (each the previous plus a width) sparse where a tableau row
  /// would hold every earlier width.
  ///
  /// Returns false when the constraint has no such variable.
  mutating func defineFreshVariable(by constraint: Constraint) -> Bool {
    let terms = constraint.expression.terms
    var chosen: Variable?
    var k = 0.0
    for term in terms where !nearZero(term.coefficient) {
      if let s = knownSymbol(for: term.variable), everUsed[Int(s)] { continue }
      let v = term.variable
      let total = terms.reduce(0.0) { $0 + ($1.variable === v ? $1.coefficient : 0) }
      if !nearZero(total) {
        chosen = v
        k = total
        break
      }
    }
    guard let v = chosen else { return false }
    let vs = externalSymbol(for: v)
    let dummy = newSymbol(.dummy)
    let d = Int32(definitions.count)
    var syms: [Int32] = []
    var coeffs: [Double] = []
    for term in terms where term.variable !== v && term.coefficient != 0 {
      let s = externalSymbol(for: term.variable)
      syms.append(s)
      coeffs.append(-term.coefficient / k)
      dependents[Int(s)].append(d)
    }
    syms.append(dummy)
    coeffs.append(-1 / k)
    let t = register(constraint, marker: dummy, other: -1, markerCoefficient: 1, definition: d)
    definitions.append(
      Definition(
        variable: vs, syms: syms, coeffs: coeffs, constant: -constraint.constant / k,
        definedCoefficient: k, tag: t, alive: true))
    definitionDirty.append(false)
    expansionMultiplier.append(0)
    expansionStamp.append(0)
    definitionOf[Int(vs)] = d
    markDefinitionDirty(d)
    return true
  }

  /// Turns a definition back into an ordinary tableau row (`v` basic), before its constraint
  /// is removed.
  mutating func materialize(_ d: Int32) {
    let def = definitions[Int(d)]
    beginAccumulation(constant: def.constant)
    for i in 0..<def.syms.count { accumulateTerm(def.syms[i], def.coeffs[i]) }
    var row = finishAccumulation()
    row.basic = def.variable
    definitions[Int(d)].alive = false
    definitionOf[Int(def.variable)] = -1
    insertRow(row)
    markDirty(def.variable)
  }

  /// Queues a definition for evaluation at the next publish.
  mutating func markDefinitionDirty(_ d: Int32) {
    if !definitionDirty[Int(d)] {
      definitionDirty[Int(d)] = true
      definitionHeap.push(d)
    }
  }

  /// Publishes the values that may have changed: tableau variables first, then definitions
  /// in the order they were made (each depends only on earlier ones).
  mutating func publishDirtyValues() {
    for s in dirtyList {
      let i = Int(s)
      guard i < dirty.count else { continue }
      dirty[i] = false
      guard kind[i] == .external, definitionOf[i] < 0, let variable = symVariable[i] else {
        continue
      }
      let slot = basicRow[i]
      let value = slot >= 0 ? rows[Int(slot)].constant : 0
      if value != published[i] || published[i].isNaN {
        published[i] = value
        variable.setValue(value)
        for d in dependents[i] { markDefinitionDirty(d) }
      }
    }
    dirtyList.removeAll(keepingCapacity: true)
    while let d = definitionHeap.pop() {
      definitionDirty[Int(d)] = false
      let def = definitions[Int(d)]
      guard def.alive else { continue }
      var value = def.constant
      for j in 0..<def.syms.count {
        let s = Int(def.syms[j])
        if kind[s] == .external { value += def.coeffs[j] * published[s] }
      }
      let i = Int(def.variable)
      if value != published[i] || published[i].isNaN {
        published[i] = value
        symVariable[i]?.setValue(value)
        for dd in dependents[i] { markDefinitionDirty(dd) }
      }
    }
  }
}

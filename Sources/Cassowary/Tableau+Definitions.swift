extension Tableau {
  /// When a required equality introduces a variable the solver has never used, that variable
  /// is defined by the equality outside the tableau: `v = Σ others + constant`. Nothing else
  /// holds `v` yet, so the optimum is unchanged, and later rows expand `v` on demand. This
  /// keeps chains of positions (each the previous plus a width) sparse where a tableau row
  /// would hold every earlier width.
  ///
  /// Returns the constraint's tag, or none when the constraint has no such variable.
  mutating func defineFreshVariable<C: ConstraintSource>(by constraint: C) -> TagIndex {
    // Variables by unretained reference: the constraint holds them.
    var chosen: Unmanaged<Variable>?
    var k = 0.0
    for i in 0..<constraint.termCount where !nearZero(constraint.termCoefficient(i)) {
      let v = constraint.termRef(i)
      if let s = knownSymbol(ref: v), info[s].everUsed { continue }
      var total = 0.0
      for j in 0..<constraint.termCount where constraint.termRef(j).toOpaque() == v.toOpaque() {
        total += constraint.termCoefficient(j)
      }
      if !nearZero(total) {
        chosen = v
        k = total
        break
      }
    }
    guard let v = chosen else { return .none }
    let vs = externalSymbol(ref: v)
    let dummy = newSymbol(.dummy)
    let d = definitions.endIndex
    let start = Int32(definitionSyms.count)
    for i in 0..<constraint.termCount {
      let same = constraint.termRef(i).toOpaque() == v.toOpaque()
      if C.recordsTermSymbols {
        termSymbols[i] = same ? vs : .none
      }
      guard !same, constraint.termCoefficient(i) != 0 else { continue }
      let s = externalSymbol(ref: constraint.termRef(i))
      if C.recordsTermSymbols { termSymbols[i] = s }
      definitionSyms.append(s)
      definitionCoeffs.append(-constraint.termCoefficient(i) / k)
      dependentNext.append(info[s].dependentHead)
      info[s].dependentHead = dependentDefinition.append(d)
    }
    definitionSyms.append(dummy)
    definitionCoeffs.append(-1 / k)
    let t = register(
      constraint, marker: dummy, other: .none, markerCoefficient: 1, definition: d)
    definitions.append(
      Definition(
        variable: vs, termStart: start, termCount: Int32(definitionSyms.count) - start,
        constant: -constraint.constant / k, definedCoefficient: k, tag: t, alive: true))
    definitionDirty.append(false)
    expansionMultiplier.append(0)
    expansionStamp.append(0)
    info[vs].definitionOf = d
    markDefinitionDirty(d)
    return t
  }

  /// Turns a definition back into an ordinary tableau row (`v` basic), before its constraint
  /// is removed.
  mutating func materialize(_ d: DefinitionIndex) {
    let def = definitions[d]
    beginAccumulation(constant: def.constant)
    let start = Int(def.termStart)
    for i in start..<start + Int(def.termCount) {
      accumulateTerm(definitionSyms[i], definitionCoeffs[i])
    }
    var row = finishAccumulation()
    row.basic = def.variable
    definitions[d].alive = false
    deadDefinitions += 1
    info[def.variable].definitionOf = .none
    insertRow(row)
    markDirty(def.variable)
  }

  /// Queues a definition for evaluation at the next publish.
  @inline(__always)
  mutating func markDefinitionDirty(_ d: DefinitionIndex) {
    let i = d.offset
    if !definitionDirty[d] {
      definitionDirty[d] = true
      if i < dirtyDefinitionLow { dirtyDefinitionLow = i }
      if i > dirtyDefinitionHigh { dirtyDefinitionHigh = i }
    }
  }

  /// Queues every definition that depends on `sym`.
  @inline(__always)
  mutating func markDependentsDirty(_ sym: Symbol) {
    var link = info[sym].dependentHead
    while link.exists {
      markDefinitionDirty(dependentDefinition[link])
      link = dependentNext[link]
    }
  }

  /// Publishes the values that may have changed: tableau variables first, then definitions
  /// in the order they were made (each depends only on earlier ones), in one forward sweep.
  mutating func publishDirtyValues() {
    for k in 0..<dirtyList.count {
      let i = dirtyList[k]
      guard info.contains(i) else { continue }
      info[i].dirty = false
      guard info[i].kind == .external, info[i].definitionOf.isNone,
        let variable = info[i].symVariableRef
      else {
        continue
      }
      let slot = info[i].basicRow
      let value = slot.exists ? rows[slot].constant : 0
      if value != info[i].published || info[i].published.isNaN {
        info[i].published = value
        Unmanaged<Variable>.fromOpaque(variable)._withUnsafeGuaranteedRef { $0.setValue(value) }
        markDependentsDirty(i)
      }
    }
    dirtyList.removeAll()
    var k = dirtyDefinitionLow
    while k <= dirtyDefinitionHigh {
      let d = DefinitionIndex(k)
      if definitionDirty[d] {
        definitionDirty[d] = false
        let def = definitions[d]
        if def.alive {
          var value = def.constant
          let start = Int(def.termStart)
          for j in start..<start + Int(def.termCount) {
            let s = definitionSyms[j]
            if info[s].kind == .external { value += definitionCoeffs[j] * info[s].published }
          }
          let i = def.variable
          if value != info[i].published || info[i].published.isNaN {
            info[i].published = value
            if let variable = info[i].symVariableRef {
              Unmanaged<Variable>.fromOpaque(variable)._withUnsafeGuaranteedRef {
                $0.setValue(value)
              }
            }
            markDependentsDirty(i)
          }
        }
      }
      k += 1
    }
    dirtyDefinitionLow = Int.max
    dirtyDefinitionHigh = -1
    if deadDefinitions >= 64 && deadDefinitions * 2 > definitions.count && !journalOpen {
      compactDefinitions()
    }
  }

  /// Drops dead definitions and their terms, renumbering the live ones in the same order
  /// (which keeps each after the ones it depends on), and rebuilds the dependents lists.
  /// Runs when no definition is waiting to be published; amortised O(1) per removal.
  mutating func compactDefinitions() {
    var defs = Table<DefinitionIndex, Definition>()
    var syms = Buffer<Symbol>()
    var coeffs = Buffer<Double>()
    for d in definitions.indices where definitions[d].alive {
      var def = definitions[d]
      let start = Int(def.termStart)
      let nd = defs.endIndex
      def.termStart = Int32(syms.count)
      for j in start..<start + Int(def.termCount) {
        syms.append(definitionSyms[j])
        coeffs.append(definitionCoeffs[j])
      }
      info[def.variable].definitionOf = nd
      if tags.contains(def.tag) { tags[def.tag].definition = nd }
      defs.append(def)
    }
    definitions.deallocate()
    definitionSyms.deallocate()
    definitionCoeffs.deallocate()
    definitions = defs
    definitionSyms = syms
    definitionCoeffs = coeffs
    dependentDefinition.removeAll()
    dependentNext.removeAll()
    for i in info.indices { info[i].dependentHead = .none }
    for d in definitions.indices {
      let def = definitions[d]
      let start = Int(def.termStart)
      for j in start..<start + Int(def.termCount) {
        let s = definitionSyms[j]
        guard info[s].kind == .external else { continue }
        dependentNext.append(info[s].dependentHead)
        info[s].dependentHead = dependentDefinition.append(d)
      }
    }
    definitionDirty.removeAll()
    for _ in 0..<definitions.count { definitionDirty.append(false) }
    // Fresh buffers, so they shrink with the definitions (as the arrays they were did).
    expansionMultiplier.deallocate()
    expansionStamp.deallocate()
    expansionMultiplier = Table()
    expansionStamp = Table()
    for _ in 0..<definitions.count {
      expansionMultiplier.append(0)
      expansionStamp.append(0)
    }
    deadDefinitions = 0
  }
}

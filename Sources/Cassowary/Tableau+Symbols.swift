import Synchronization

extension Tableau {
  /// Creates a symbol of the given kind. (Inlined: a new symbol at the end is an append;
  /// reusing a freed one, which the journal records, is a call.)
  @inline(__always)
  mutating func newSymbol(_ symbolKind: SymbolKind) -> Symbol {
    if !freeSymbols.isEmpty { return reuseSymbol(symbolKind) }
    return info.append(SymbolInfo(kind: symbolKind))
  }

  /// ``newSymbol(_:)`` from the free list.
  @inline(never)
  mutating func reuseSymbol(_ symbolKind: SymbolKind) -> Symbol {
    let s = freeSymbols.removeLast()
    info[s] = SymbolInfo(kind: symbolKind)
    if journalOpen { journal.reusedSymbols.append(s) }
    return s
  }

  /// Shrinks the per-symbol tables back to `count` symbols (journal rollback).
  mutating func truncateSymbols(to count: Int) {
    guard info.count > count else { return }
    for s in count..<info.count { forgetSymbol(Symbol(s)) }
    let n = info.count - count
    info.removeLast(n)
  }

  /// Drops what a symbol holds (its column, its variable's index entry); the caller frees or
  /// truncates the id.
  mutating func forgetSymbol(_ s: Symbol) {
    if let v = Self.variable(info[s].symVariableRef) { variableIndex[ObjectIdentifier(v)] = nil }
    dropVariable(s)
    releaseColumn(s)
    info[s] = SymbolInfo(kind: .dummy)
  }

  /// The variable behind a symbol's reference, or nil (static: a non-mutating method called
  /// from a mutating one would copy the tableau).
  static func variable(_ ref: UnsafeMutableRawPointer?) -> Variable? {
    guard let ref else { return nil }
    return Unmanaged<Variable>.fromOpaque(ref).takeUnretainedValue()
  }

  /// Releases the symbol's reference to its variable.
  mutating func dropVariable(_ s: Symbol) {
    guard let p = info[s].symVariableRef else { return }
    info[s].symVariableRef = nil
    Unmanaged<Variable>.fromOpaque(p).release()
  }

  /// The external symbol of a variable, created on first use.
  mutating func externalSymbol(for variable: Variable) -> Symbol {
    externalSymbol(ref: Unmanaged.passUnretained(variable))
  }

  /// ``externalSymbol(for:)`` for a variable someone else keeps alive (no retain on a hit;
  /// inlined: most calls are hits in the variable's cache).
  @inline(__always)
  mutating func externalSymbol(ref: Unmanaged<Variable>) -> Symbol {
    if let s = cachedSymbol(ref: ref) { return s }
    return externalSymbolSlow(ref: ref)
  }

  /// ``externalSymbol(ref:)`` past the cache: the index, or a new symbol.
  @inline(never)
  mutating func externalSymbolSlow(ref: Unmanaged<Variable>) -> Symbol {
    if let s = variableIndex[ref._withUnsafeGuaranteedRef { ObjectIdentifier($0) }] { return s }
    let s = newSymbol(.external)
    // The symbol owns a reference to its variable (released by `dropVariable`).
    info[s].symVariableRef = ref.retain().toOpaque()
    let claimed = ref._withUnsafeGuaranteedRef { claimCache($0.solverCache, UInt64(UInt32(s.raw))) }
    if !claimed {
      variableIndex[ref._withUnsafeGuaranteedRef { ObjectIdentifier($0) }] = s
    }
    markDirty(s)
    return s
  }

  /// The external symbol of a variable the solver has seen, or nil.
  mutating func knownSymbol(for variable: Variable) -> Symbol? {
    knownSymbol(ref: Unmanaged.passUnretained(variable))
  }

  /// ``knownSymbol(for:)`` for a variable someone else keeps alive: no retain, and identity
  /// checked against the symbol's unretained reference.
  @inline(__always)
  mutating func knownSymbol(ref: Unmanaged<Variable>) -> Symbol? {
    if let s = cachedSymbol(ref: ref) { return s }
    return indexedSymbol(ref: ref)
  }

  /// The symbol the variable's cache names for this solver, or nil.
  @inline(__always)
  mutating func cachedSymbol(ref: Unmanaged<Variable>) -> Symbol? {
    let cache = ref._withUnsafeGuaranteedRef { $0.solverCache.load(ordering: .relaxed) }
    if UInt32(truncatingIfNeeded: cache >> 32) == solverID {
      let s = Int(UInt32(truncatingIfNeeded: cache))
      if s < info.count, info[Symbol(s)].symVariableRef == ref.toOpaque() { return Symbol(s) }
    }
    return nil
  }

  /// The symbol of a variable whose cache another solver holds, from the index.
  @inline(never)
  mutating func indexedSymbol(ref: Unmanaged<Variable>) -> Symbol? {
    variableIndex[ref._withUnsafeGuaranteedRef { ObjectIdentifier($0) }]
  }

  /// Points an object's cache at this solver's `index` when the cache is free or already
  /// this solver's. Each object caches the first solver that holds it; other solvers find it
  /// in their dictionaries. Returns false when another solver holds the cache.
  mutating func claimCache(_ cache: borrowing Atomic<UInt64>, _ index: UInt64) -> Bool {
    let mine = UInt64(solverID) << 32 | index
    var current = cache.load(ordering: .relaxed)
    while true {
      guard current == 0 || UInt32(truncatingIfNeeded: current >> 32) == solverID else {
        return false
      }
      let (exchanged, original) = cache.compareExchange(
        expected: current, desired: mine, ordering: .relaxed)
      if exchanged { return true }
      current = original
    }
  }

  /// The tag of a constraint in the solver (user constraints and edits' own), or nil.
  mutating func tagIndex(of constraint: Constraint) -> TagIndex? {
    let cache = constraint.solverCache.load(ordering: .relaxed)
    if UInt32(truncatingIfNeeded: cache >> 32) == solverID {
      let t = TagIndex(raw: Int32(truncatingIfNeeded: cache))
      if tags.contains(t),
        tags[t].constraintRef?.toOpaque() == Unmanaged.passUnretained(constraint).toOpaque()
      {
        return t
      }
    }
    return constraintIndex[ObjectIdentifier(constraint)]
  }

  /// The tag of a user constraint (edits' constraints are private objects, so any known
  /// constraint object is a user's).
  mutating func userTagIndex(of constraint: Constraint) -> TagIndex? { tagIndex(of: constraint) }

  /// The edit slot of a variable, or nil.
  mutating func editIndex(of variable: Variable) -> EditIndex? {
    guard let s = knownSymbol(for: variable) else { return nil }
    let e = info[s].editOf
    return e.exists ? e : nil
  }

  /// Records a constraint that is now in the tableau. An object is found again through its
  /// cache or the index; a value only through the tag returned.
  mutating func register<C: ConstraintSource>(
    _ constraint: C, marker: Symbol, other: Symbol, markerCoefficient: Double,
    definition: DefinitionIndex
  ) -> TagIndex {
    let t = nextTag()
    if let object = constraint.object {
      let tag = Tag(
        constraintRef: Unmanaged.passRetained(object), marker: marker, other: other,
        markerCoefficient: markerCoefficient, definition: definition)
      if tags.contains(t) { tags[t] = tag } else { tags.append(tag) }
      if !claimCache(object.solverCache, UInt64(UInt32(t.raw))) {
        constraintIndex[ObjectIdentifier(object)] = t
      }
      for i in 0..<constraint.termCount {
        if let s = knownSymbol(ref: constraint.termRef(i)) {
          info[s].everUsed = true
          info[s].useCount += 1
        }
      }
    } else {
      inlineValues.extend(toInclude: t)
      // (Every source that is not an object is a value.)
      let stored = constraint.storeValue(in: &inlineValues, at: t)
      assert(stored, "a constraint source is an object or a value")
      // Only the terms with a symbol are kept (a term whose coefficient was zero made
      // none): each counts a use of its symbol, which holds the variable while the tag does.
      // (The symbols as the row or definition was made: no lookups.)
      let n = constraint.termCount
      var found = 0
      for i in 0..<n {
        let s = termSymbols[i]
        if s.exists {
          info[s].everUsed = true
          info[s].useCount += 1
          found += 1
        }
      }
      if found < n {
        var kept = TermList()
        for i in 0..<n where termSymbols[i].exists {
          kept.append(ref: constraint.termRef(i), constraint.termCoefficient(i))
        }
        inlineValues[t].terms = kept
      }
      let tag = Tag(
        constraintRef: nil, marker: marker, other: other, markerCoefficient: markerCoefficient,
        definition: definition, isInline: true)
      if tags.contains(t) { tags[t] = tag } else { tags.append(tag) }
    }
    info[marker].symTag = t
    if other.exists { info[other].symTag = t }
    return t
  }

  /// The index the next tag takes: a free one, or the end of `tags` (the caller appends).
  @inline(__always)
  mutating func nextTag() -> TagIndex {
    if !freeTags.isEmpty { return freeTags.removeLast() }
    return tags.endIndex
  }

  /// The tag of a value constraint's handle, or nil when the tag holds none. (`mutating` so
  /// callers pass the tableau by address.)
  mutating func tagIndex(of handle: ConstraintHandle) -> TagIndex? {
    let t = TagIndex(raw: handle.tag)
    guard tags.contains(t), tags[t].isInline else { return nil }
    return t
  }

  /// The constraint a tag holds, as an object (one made from a value, naming its handle).
  func reportedConstraint(_ t: TagIndex) -> Constraint? {
    let tag = tags[t]
    if let c = tag.constraint { return c }
    return tag.isInline ? Constraint(inlineValues[t], handle: t.raw) : nil
  }

  /// The strength of the constraint of a tag (the side above zero for a soft equality).
  func strength(ofTag t: TagIndex) -> Strength {
    let tag = tags[t]
    if let c = tag.constraint { return c.strength }
    return tag.isInline ? inlineValues[t].strength : .required
  }

  /// The strength of the side below zero of the constraint of a tag.
  func belowStrength(ofTag t: TagIndex) -> Strength {
    let tag = tags[t]
    if let c = tag.constraint { return c.belowStrength }
    return tag.isInline ? inlineValues[t].belowStrength : .required
  }

  /// Forgets a constraint's tag, releasing an object constraint (a caller that still uses
  /// it holds its own reference).
  mutating func unregister(_ t: TagIndex) {
    let tag = tags[t]
    if let ref = tag.constraintRef {
      constraintIndex[ObjectIdentifier(ref.takeUnretainedValue())] = nil
    }
    if tag.marker.exists { info[tag.marker].symTag = .none }
    if tag.other.exists { info[tag.other].symTag = .none }
    tags[t] = .dead
    freeTags.append(t)
    tag.constraintRef?.release()
  }

  /// Frees a symbol that nothing refers to any more: an external symbol no constraint
  /// mentions, or the marker or error of a removed constraint. A row where it is basic goes
  /// (it defines nothing another constraint needs); it is kept when some row still holds it.
  mutating func releaseIfUnused(_ s: Symbol) {
    guard info.contains(s) else { return }
    let i = s
    if info[i].kind == .external {
      guard info[i].useCount == 0, info[i].editOf.isNone, info[i].definitionOf.isNone else {
        return
      }
    } else {
      guard info[i].symTag.isNone else { return }
    }
    if info[i].basicRow.exists {
      var row = removeRow(info[i].basicRow)
      row.release()
    }
    guard rowsHolding(s).isEmpty, info[i].objective == 0 else { return }
    releaseColumn(i)
    if let v = Self.variable(info[i].symVariableRef) {
      variableIndex[ObjectIdentifier(v)] = nil
      let mine = UInt64(solverID) << 32 | UInt64(UInt32(s.raw))
      _ = v.solverCache.compareExchange(expected: mine, desired: 0, ordering: .relaxed)
    }
    dropVariable(i)
    info[i] = SymbolInfo(kind: .dummy)
    markFree(s)
    freeSymbols.append(s)
  }

  /// Rejects NaN and infinities before they reach the tableau.
  mutating func validate<C: ConstraintSource>(_ constraint: C) throws(SolverError) {
    guard constraint.constant.isFinite else {
      throw .nonFiniteValue(
        "constant \(constraint.constant) in \(constraint.reported(handle: -1))")
    }
    if constraint.coefficientsAreFinite { return }
    for i in 0..<constraint.termCount where !constraint.termCoefficient(i).isFinite {
      let variable = constraint.termRef(i).takeUnretainedValue()
      throw .nonFiniteValue(
        "coefficient \(constraint.termCoefficient(i)) of \(variable) in"
          + " \(constraint.reported(handle: -1))")
    }
  }

  /// The required user constraints whose markers are among `symbols`, each once, in symbol
  /// order; the tag `excluding` is left out.
  func requiredConstraints(markedBy symbols: [Symbol], excluding: TagIndex = .none)
    -> [Constraint]
  {
    var seen: [TagIndex] = []
    var result: [Constraint] = []
    for s in symbols.sorted() where info.contains(s) {
      let t = info[s].symTag
      guard t.exists, t != excluding, tags[t].isLive, strength(ofTag: t).isRequired,
        !seen.contains(t), let c = reportedConstraint(t)
      else { continue }
      seen.append(t)
      result.append(c)
    }
    return result
  }

  /// Constraints added by the user and still present.
  var userConstraintCount: Int {
    // Every live tag is in `tags` and not in `freeTags`; dead ones are in both (O(1), since a
    // layout pass asks on every frame). `mutating` so callers pass the tableau by address.
    mutating get { tags.count - freeTags.count - liveEditCount }
  }

  /// Edit variables present.
  var liveEditCount: Int { mutating get { edits.count - freeEdits.count } }
}

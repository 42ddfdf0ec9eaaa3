@_spi(Layout) import Cassowary

extension LayoutEngine {
  /// One layout pass: `updateConstraints`, own constraints, one solve, frames written
  /// top-down, then `layoutSubviews` of the views that need it; repeated (at most 8 times)
  /// while those steps change the layout again.
  func layout() {
    for _ in 0..<8 {
      guard
        isDirty || !needsLayoutViews.isEmpty || !needsUpdateConstraintsViews.isEmpty
          || rootNeedsLayout || rootNeedsUpdateConstraints
      else {
        return
      }
      runUpdateConstraints()
      flushDirtyItems()
      if directionChanged { rebuildDirectional() }
      if isDirty {
        isDirty = false
        compactIfShrunk()
        solver.updateVariables()
        writeFrames()
      }
      runLayoutSubviews()
      if !isDirty && needsUpdateConstraintsViews.isEmpty && needsLayoutViews.isEmpty
        && !rootNeedsLayout && !rootNeedsUpdateConstraints
      {
        return
      }
    }
  }

  /// After most of a large tree left (three quarters of the solver's constraints gone), the
  /// solver is rebuilt from what is live, so its buffers shrink with the tree and the heap
  /// returns to what the remaining views need; the rebuild costs as much as adding the live
  /// constraints once.
  func compactIfShrunk() {
    let live = solver.constraintCount
    solverPeak = max(solverPeak, live)
    guard solverPeak >= 4096, live * 4 <= solverPeak else { return }
    rebuildSolver()
    solverPeak = solver.constraintCount
  }

  /// A fresh solver with the live constraints: each item's own (and the root's edit
  /// variables), then the user constraints in activation order.
  func rebuildSolver() {
    // The own constraints' values, read before the reset drops them (their variables are
    // the items' own and their neighbours', which the registered states keep alive).
    var ownValues: [InlineConstraint?] = []
    for state in items {
      for handle in state.own { ownValues.append(solver.inlineConstraint(for: handle)) }
    }
    solver.reset()
    var next = 0
    for state in items {
      var kept = OwnConstraints()
      for index in state.own.indices {
        let value = ownValues[next]
        next += 1
        if let value, let handle = try? solver.addConstraint(value) {
          kept.append(handle, state.own.label(at: index))
        }
      }
      state.own = kept
      for variable in state.edits {
        try? solver.addEditVariable(variable, strength: Self.rootStrength)
      }
    }
    // The root's size, as `syncOwnConstraints` suggests it.
    if let state = root._layoutState, state.edits.count == 4 {
      state.suggestedSize = DoublePair(Double(root.frame.width), Double(root.frame.height))
      let values = [0, 0, Double(root.frame.width), Double(root.frame.height)]
      for (variable, value) in zip(state.edits, values) {
        try? solver.suggestValue(value, for: variable)
      }
    }
    // (The old handles went with the reset.)
    for constraint in installed { constraint.solverHandle = nil }
    for constraint in installed.sorted(by: { $0.serial < $1.serial }) where !constraint.isBroken {
      guard let first = constraint.firstState, first.hasOwner else { continue }
      let second = constraint.secondState.flatMap { $0.hasOwner ? $0 : nil }
      let built = constraint.makeSolverConstraint(first, second, engine: self)
      do {
        constraint.solverHandle = try solver.addConstraint(built)
      } catch {
        constraint.isBroken = true
      }
    }
  }

  private func runUpdateConstraints() {
    while !needsUpdateConstraintsViews.isEmpty || rootNeedsUpdateConstraints {
      var views = needsUpdateConstraintsViews
      if rootNeedsUpdateConstraints { views.append(root) }
      needsUpdateConstraintsViews = []
      rootNeedsUpdateConstraints = false
      for view in views where view.needsUpdateConstraintsFlag {
        view.needsUpdateConstraintsFlag = false
        view.updateConstraints()
      }
    }
  }

  func flushDirtyItems() {
    while !dirtyItems.isEmpty {
      let items = dirtyItems
      dirtyItems = []
      for state in items {
        if let item = state.owner { syncOwnConstraints(item) }
      }
    }
  }

  private func rebuildDirectional() {
    directionChanged = false
    let list = installed.filter(\.usesDirectionalAttributes).sorted { $0.serial < $1.serial }
    for constraint in list where constraint.needsFlip != constraint.builtFlipped {
      reinstall(constraint)
    }
    for state in items {
      if let guide = state.ownerGuide, guide.role == .margins {
        syncOwnConstraints(guide)
      }
    }
  }

  /// Writes the solved frames of views that constraints position (not the root, not views
  /// whose frames make their constraints).
  private func writeFrames() {
    for mine in items where mine.hasOwner {
      if mine.ownedByGuide, let guide = mine.ownerGuide {
        if guide.role == .scrollContent, !mine.hasNoReferences,
          let scroll = guide.owningView as? UIScrollView
        {
          scroll.contentSizeFromLayout(CGSize(width: mine.width.value, height: mine.height.value))
        }
        continue
      }
      guard let view = mine.ownerView, !view.translatesStorage,
        let parent = view.superviewRef?.takeUnretainedValue()
      else { continue }
      // A parent without a state has no constraints: its variables would read zero.
      var origin = (x: 0.0, y: 0.0)
      if let theirs = parent._layoutState { origin = (theirs.x.value, theirs.y.value) }
      let frame = CGRect(
        x: mine.x.value - origin.x, y: mine.y.value - origin.y,
        width: mine.width.value, height: mine.height.value)
      if !frame.isSame(as: view.frameStorage) { view.applyLayoutFrame(frame) }
    }
  }

  private func runLayoutSubviews() {
    var rounds = 0
    while !needsLayoutViews.isEmpty || rootNeedsLayout, rounds < 8 {
      rounds += 1
      // Parents before children: each depth in turn, in queue order (one list, no bucket
      // arrays; trees are shallow).
      var queued: [(view: UIView, depth: Int)] = []
      queued.reserveCapacity(needsLayoutViews.count + 1)
      var deepest = 0
      if rootNeedsLayout {
        rootNeedsLayout = false
        if root.needsLayoutFlag { queued.append((root, 0)) }
      }
      for view in needsLayoutViews where view.needsLayoutFlag {
        let depth = view.depth
        deepest = max(deepest, depth)
        queued.append((view, depth))
      }
      // (The list keeps a screen's worth of room for the next pass, not what a large tree
      // needed once.)
      needsLayoutViews.removeAll(keepingCapacity: needsLayoutViews.capacity <= 64)
      for level in 0...deepest {
        for entry in queued where entry.depth == level && entry.view.needsLayoutFlag {
          let view = entry.view
          view.needsLayoutFlag = false
          view.owningController?.viewWillLayoutSubviews()
          view.layoutSubviews()
          view.owningController?.viewDidLayoutSubviews()
        }
      }
      if isDirty { return }
    }
  }

  // MARK: - Ambiguity

  /// Whether any of the item's four variables can move without changing the cost of any
  /// constraint: each is pushed with a weak edit, and put back.
  func isAmbiguous(_ item: any LayoutItem) -> Bool {
    layout()
    let state = item.layoutState
    guard state.engine === self else { return true }
    var ambiguous = false
    for variable in [state.x, state.y, state.width, state.height]
    where !solver.hasEditVariable(variable) {
      let original = variable.value
      guard (try? solver.addEditVariable(variable, strength: .weak)) != nil else { continue }
      for delta in [97.0, -97.0] {
        try? solver.suggestValue(original + delta, for: variable)
        solver.updateVariables()
        if abs(variable.value - original) > 1e-6 { ambiguous = true }
      }
      try? solver.suggestValue(original, for: variable)
      solver.updateVariables()
      try? solver.removeEditVariable(variable)
      solver.updateVariables()
      if ambiguous { break }
    }
    return ambiguous
  }
}

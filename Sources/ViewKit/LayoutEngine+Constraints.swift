@_spi(Layout) import Cassowary

extension LayoutEngine {
  // MARK: - User constraints

  /// Adds an active user constraint to the solver; reports and breaks it when it conflicts.
  func install(_ constraint: NSLayoutConstraint) {
    guard let first = constraint.firstState, first.hasOwner else { return }
    let second = constraint.secondState
    install(constraint, first, second?.hasOwner == true ? second : nil)
  }

  /// ``install(_:)`` with the states of the living items already loaded.
  func install(
    _ constraint: NSLayoutConstraint, _ first: LayoutItemState, _ second: LayoutItemState?
  ) {
    // Items already registered here skip `register` (the items are only reached for it).
    if !first.isRegistered(with: self), first.hasOwner { register(state: first) }
    if let second, !second.isRegistered(with: self), second.hasOwner { register(state: second) }
    let built = constraint.makeSolverConstraint(first, second, engine: self)
    constraint.engine = self
    constraint.isBroken = false
    constraint.installedSlot = installed.count
    // A screen's worth at once: no regrowth (and freeing of the old lists) while it fills.
    if installed.capacity == 0 { installed.reserveCapacity(64) }
    installed.append(constraint)
    // (A value: the solver keeps it in its tag, no object per constraint.)
    do {
      constraint.solverHandle = try solver.addConstraint(built)
    } catch {
      constraint.solverHandle = nil
      breakConstraint(constraint, error: error)
    }
    isDirty = true
  }

  /// Removes a user constraint from the solver.
  func uninstall(_ constraint: NSLayoutConstraint) {
    if let handle = constraint.solverHandle, !constraint.isBroken {
      try? solver.removeConstraint(handle)
    }
    let slot = constraint.installedSlot
    if slot >= 0, slot < installed.count, installed[slot] === constraint {
      let last = installed.count - 1
      if slot != last {
        installed[slot] = installed[last]
        installed[slot].installedSlot = slot
      }
      installed.removeLast()
    }
    constraint.installedSlot = -1
    constraint.solverHandle = nil
    constraint.engine = nil
    constraint.isBroken = false
    isDirty = true
  }

  /// Sets a constant in place; a required constraint that now conflicts is broken.
  func updateConstant(of constraint: NSLayoutConstraint) {
    guard constraint.engine === self else { return }
    guard let handle = constraint.solverHandle, !constraint.isBroken else {
      reinstall(constraint)
      return
    }
    do {
      try solver.setConstant(constraint.solverConstant, for: handle)
    } catch {
      try? solver.removeConstraint(handle)
      constraint.solverHandle = nil
      breakConstraint(constraint, error: error)
    }
    isDirty = true
  }

  /// Rebuilds a user constraint (priority, direction or baseline changed).
  func reinstall(_ constraint: NSLayoutConstraint) {
    uninstall(constraint)
    install(constraint)
  }

  private func breakConstraint(_ constraint: NSLayoutConstraint, error: SolverError) {
    constraint.isBroken = true
    var conflicting = conflictingUsers(error)
    conflicting.removeAll { $0 === constraint }
    let descriptions = conflictingDescriptions(error)
    var lines = ["Unable to simultaneously satisfy constraints."]
    lines += ([constraint] + conflicting).map { "    \($0.description)" }
    lines += descriptions.map { "    <engine> \($0)" }
    lines.append("Will attempt to recover by breaking constraint \(constraint.description)")
    report(
      LayoutIssue(
        kind: .unsatisfiable, message: lines.joined(separator: "\n"), constraint: constraint,
        conflicting: conflicting, conflictingDescriptions: descriptions))
  }

  /// The user constraints among the solver constraints an error names, by their handles (a
  /// scan: conflicts are rare, so no map is kept on the hot path).
  func conflictingUsers(_ error: SolverError) -> [NSLayoutConstraint] {
    guard case .unsatisfiableConstraint(_, let list) = error else { return [] }
    let wanted = Set(list.map(\.handle).filter { $0 >= 0 })
    return installed.filter { constraint in
      constraint.solverHandle.map { wanted.contains($0.tag) } ?? false
    }.sorted { $0.serial < $1.serial }
  }

  /// Descriptions of the engine's own constraints among those an error names.
  func conflictingDescriptions(_ error: SolverError) -> [String] {
    guard case .unsatisfiableConstraint(_, let list) = error else { return [] }
    var result: [String] = []
    for wanted in list where wanted.handle >= 0 {
      for state in items {
        guard let item = state.owner else { continue }
        if let index = state.own.firstIndex(where: { $0.tag == wanted.handle }) {
          result.append("\(state.ownKind.prefix)(\(item.layoutName)).\(state.own.label(at: index))")
        }
      }
    }
    return result
  }

  /// Records an issue on the root view and logs it to standard error.
  func report(_ issue: LayoutIssue) {
    root.rootLayoutIssues.append(issue)
    LayoutIssue.log(issue)
  }

  // MARK: - Moving subtrees

  /// Takes over everything another engine holds (its root was added to this engine's tree).
  func adopt(_ other: LayoutEngine) {
    let constraints = other.installed.sorted { $0.serial < $1.serial }
    for constraint in constraints { other.uninstall(constraint) }
    for state in other.items.reversed() {
      if let item = state.owner { other.unregister(item) }
    }
    var queued = other.needsLayoutViews
    if other.rootNeedsLayout { queued.append(other.root) }
    for view in queued where view.needsLayoutFlag {
      view.needsLayoutFlag = false
      view.setNeedsLayout()
    }
    var updating = other.needsUpdateConstraintsViews
    if other.rootNeedsUpdateConstraints { updating.append(other.root) }
    for view in updating where view.needsUpdateConstraintsFlag {
      view.needsUpdateConstraintsFlag = false
      view.setNeedsUpdateConstraints()
    }
    other.needsLayoutViews = []
    other.needsUpdateConstraintsViews = []
    other.rootNeedsLayout = false
    other.rootNeedsUpdateConstraints = false
    root.rootLayoutIssues += other.root.rootLayoutIssues
    other.root.rootLayoutIssues = []
    for constraint in constraints { install(constraint) }
    isDirty = true
  }

  /// Detaches the subtree of `view` (about to leave its superview): constraints that cross
  /// the subtree's boundary are deactivated; the rest move to the subtree's own engine.
  func detach(_ view: UIView) -> [NSLayoutConstraint] {
    var subtreeItems: [any LayoutItem] = []
    var inside = Set<ObjectIdentifier>()
    view.forEachInSubtree { v in
      subtreeItems.append(v)
      inside.insert(ObjectIdentifier(v))
      for guide in v.allLayoutGuides {
        subtreeItems.append(guide)
        inside.insert(ObjectIdentifier(guide))
      }
    }
    var seen = Set<ObjectIdentifier>()
    var touching: [NSLayoutConstraint] = []
    for item in subtreeItems {
      for constraint in item.layoutState.references
      where seen.insert(ObjectIdentifier(constraint)).inserted {
        touching.append(constraint)
      }
    }
    touching.sort { $0.serial < $1.serial }
    var moving: [NSLayoutConstraint] = []
    for constraint in touching {
      let firstInside = constraint.firstLayoutItem.map { inside.contains(ObjectIdentifier($0)) }
      let secondInside = constraint.secondLayoutItem.map { inside.contains(ObjectIdentifier($0)) }
      if firstInside != false && secondInside != false {
        uninstall(constraint)
        moving.append(constraint)
      } else {
        constraint.isActive = false
      }
    }
    for item in subtreeItems.reversed() where item.layoutState.engine === self {
      unregister(item)
    }
    isDirty = true
    return moving
  }
}

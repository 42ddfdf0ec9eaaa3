import Cassowary

extension LayoutEngine {
  /// Solves with the view's width and height pulled toward `target`, reads the size, and
  /// puts the layout back.
  func fittingSize(
    of view: UIView, target: CGSize, priorities: (UILayoutPriority, UILayoutPriority)
  ) -> CGSize {
    register(view)
    let state = view.layoutState
    let wasRoot = state.ownKind == .root
    if wasRoot {
      for variable in [state.width, state.height] { try? solver.removeEditVariable(variable) }
    }
    let width = Constraint(
      Expression(state.width) - Double(target.width), .equal, strength: priorities.0.strength)
    let height = Constraint(
      Expression(state.height) - Double(target.height), .equal, strength: priorities.1.strength)
    let added = [width, height].filter { (try? solver.addConstraint($0)) != nil }
    solver.updateVariables()
    let size = CGSize(width: state.width.value, height: state.height.value)
    for constraint in added { try? solver.removeConstraint(constraint) }
    if wasRoot {
      for variable in [state.width, state.height] {
        try? solver.addEditVariable(variable, strength: Self.rootStrength)
      }
      try? solver.suggestValue(Double(view.frame.width), for: state.width)
      try? solver.suggestValue(Double(view.frame.height), for: state.height)
    }
    solver.updateVariables()
    return size
  }
}

extension LayoutEngine {
  /// Rebuilds the solver once more items were removed than remain (and at least 256).
  ///
  /// `Cassowary.Solver` never frees a symbol: after `removeConstraint`, the variables of
  /// removed views and the constraints' slack and error symbols stay in its tables (see
  /// `SolverMemoryTests`). A window that adds and removes many views would grow without
  /// bound, so the engine starts a fresh solver and adds the live constraints again.
  func compactIfNeeded() {
    guard retiredItems >= 256, retiredItems > items.count else { return }
    let constraints = installed.values.sorted { $0.serial < $1.serial }
    for constraint in constraints { uninstall(constraint) }
    let registered = items.compactMap(\.item)
    for item in registered.reversed() { unregister(item) }
    solver = Solver()
    retiredItems = 0
    for item in registered { register(item) }
    for constraint in constraints { install(constraint) }
    isDirty = true
  }
}

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

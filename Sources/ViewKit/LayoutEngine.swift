import Cassowary

/// One solver for one view tree: the root view owns it; every registered item's frame is in
/// the root's coordinates. A layout pass updates what changed, solves once and writes frames.
@MainActor
final class LayoutEngine {
  /// The solver; replaced by ``compactIfNeeded()`` after many removals.
  var solver = Solver()
  /// Items unregistered since the solver was made: the solver keeps their symbols.
  var retiredItems = 0
  unowned let root: UIView
  /// Installed user constraints by identity.
  var installed: [ObjectIdentifier: NSLayoutConstraint] = [:]
  /// Registered items (weak: the tree owns them).
  var items: [WeakItem] = []
  /// Items whose own constraints must be rebuilt before the next solve.
  var dirtyItems: [any LayoutItem] = []
  /// Views to lay out (`layoutSubviews`) in the next pass.
  var needsLayoutViews: [UIView] = []
  /// Views whose `updateConstraints` must run in the next pass.
  var needsUpdateConstraintsViews: [UIView] = []
  /// Set when anything changed since the last solve.
  var isDirty = false
  /// Set when a direction changed, so constraints with leading/trailing are rebuilt.
  var directionChanged = false
  private var isLayingOut = false

  /// Above any UIKit priority below required (999 → 999 000), below required.
  static let insetStrength = Strength(999_500)
  static let rootStrength = Strength(999_900)

  init(root: UIView) {
    self.root = root
  }

  struct WeakItem {
    weak var item: (any LayoutItem)?
  }

  // MARK: - Items

  /// Registers an item and, first, the views its frame depends on.
  func register(_ item: any LayoutItem) {
    let state = item.layoutState
    if state.engine === self { return }
    if let parent = item.layoutParentView { register(parent) }
    state.engine = self
    state.index = items.count
    items.append(WeakItem(item: item))
    syncOwnConstraints(item)
  }

  /// Removes an item's own constraints and forgets it.
  func unregister(_ item: any LayoutItem) {
    let state = item.layoutState
    guard state.engine === self else { return }
    dropOwnConstraints(item)
    let last = items.count - 1
    if state.index != last, let moved = items[last].item {
      items[state.index] = WeakItem(item: moved)
      moved.layoutState.index = state.index
    }
    items.removeLast()
    retiredItems += 1
    state.engine = nil
    state.index = -1
  }

  func markDirty(_ item: any LayoutItem) {
    dirtyItems.append(item)
    isDirty = true
  }

  // MARK: - Own constraints

  func dropOwnConstraints(_ item: any LayoutItem) {
    let state = item.layoutState
    for constraint in state.own { try? solver.removeConstraint(constraint) }
    for variable in state.edits { try? solver.removeEditVariable(variable) }
    state.own = []
    state.ownLabels = []
    state.edits = []
    state.ownKind = .none
    isDirty = true
  }

  func addOwn(_ constraint: Constraint, to state: LayoutItemState, _ label: StaticString) {
    do {
      try solver.addConstraint(constraint)
      state.own.append(constraint)
      state.ownLabels.append(label)
    } catch {
      report(
        LayoutIssue(
          kind: .unsatisfiable,
          message: "Unable to satisfy the engine's own constraint \(label): \(error)",
          constraint: nil, conflicting: conflictingUsers(error),
          conflictingDescriptions: conflictingDescriptions(error)))
    }
    isDirty = true
  }

  /// Builds or updates the constraints an item makes for itself.
  func syncOwnConstraints(_ item: any LayoutItem) {
    let state = item.layoutState
    guard state.engine === self else { return }
    if let view = item as? UIView {
      syncView(view, state)
    } else if let guide = item as? UILayoutGuide {
      syncGuide(guide, state)
    }
  }

  private func syncView(_ view: UIView, _ state: LayoutItemState) {
    let kind: LayoutItemState.OwnKind =
      view.superview == nil
      ? .root : (view.translatesAutoresizingMaskIntoConstraints ? .frame : .intrinsic)
    switch kind {
    case .root:
      if state.ownKind != .root {
        dropOwnConstraints(view)
        state.ownKind = .root
        for variable in [state.x, state.y, state.width, state.height] {
          try? solver.addEditVariable(variable, strength: Self.rootStrength)
          state.edits.append(variable)
        }
      }
      try? solver.suggestValue(0, for: state.x)
      try? solver.suggestValue(0, for: state.y)
      try? solver.suggestValue(Double(view.frame.width), for: state.width)
      try? solver.suggestValue(Double(view.frame.height), for: state.height)
      isDirty = true
    case .frame:
      let frame = view.frame
      let values = [frame.minX, frame.minY, frame.width, frame.height].map { -Double($0) }
      if state.ownKind == .frame, state.own.count == 4 {
        for (constraint, value) in zip(state.own, values) {
          try? solver.setConstant(value, for: constraint)
        }
        isDirty = true
        return
      }
      dropOwnConstraints(view)
      state.ownKind = .frame
      guard let parent = view.superview?.layoutState else { return }
      addOwn(Constraint(state.x - parent.x + values[0], .equal), to: state, "minX")
      addOwn(Constraint(state.y - parent.y + values[1], .equal), to: state, "minY")
      addOwn(Constraint(state.width + values[2], .equal), to: state, "width")
      addOwn(Constraint(state.height + values[3], .equal), to: state, "height")
    default:
      syncIntrinsic(view, state)
    }
  }

  private func syncIntrinsic(_ view: UIView, _ state: LayoutItemState) {
    let key = LayoutItemState.IntrinsicKey(
      size: view.intrinsicContentSize, hugging: view.hugging, compression: view.compression)
    if state.ownKind == .intrinsic, state.intrinsic == key { return }
    let sameShape =
      state.ownKind == .intrinsic && state.intrinsic.hugging == key.hugging
      && state.intrinsic.compression == key.compression
      && (state.intrinsic.size.width < 0) == (key.size.width < 0)
      && (state.intrinsic.size.height < 0) == (key.size.height < 0)
    state.intrinsic = key
    if sameShape {
      var values: [Double] = []
      if key.size.width >= 0 { values += [-Double(key.size.width), -Double(key.size.width)] }
      if key.size.height >= 0 { values += [-Double(key.size.height), -Double(key.size.height)] }
      for (constraint, value) in zip(state.own, values) {
        do {
          try solver.setConstant(value, for: constraint)
        } catch {
          report(
            LayoutIssue(
              kind: .unsatisfiable, message: "intrinsic size of \(view.layoutName): \(error)",
              constraint: nil, conflicting: conflictingUsers(error),
              conflictingDescriptions: conflictingDescriptions(error)))
        }
      }
      isDirty = true
      return
    }
    dropOwnConstraints(view)
    state.ownKind = .intrinsic
    for (axis, variable, value) in [
      (0, state.width, key.size.width), (1, state.height, key.size.height),
    ] where value >= 0 {
      addOwn(
        Constraint(
          variable - Double(value), .lessThanOrEqual, strength: key.hugging[axis].strength),
        to: state, axis == 0 ? "hugging.width" : "hugging.height")
      addOwn(
        Constraint(
          variable - Double(value), .greaterThanOrEqual,
          strength: key.compression[axis].strength),
        to: state, axis == 0 ? "compression.width" : "compression.height")
    }
    state.intrinsic = key
  }

  private func syncGuide(_ guide: UILayoutGuide, _ state: LayoutItemState) {
    guard let view = guide.owningView else { return }
    switch guide.role {
    case .plain:
      return
    case .safeArea:
      syncSafeArea(guide, view, state)
    case .margins:
      syncMargins(guide, view, state)
    }
  }

  private func syncSafeArea(_ guide: UILayoutGuide, _ view: UIView, _ state: LayoutItemState) {
    let v = view.layoutState
    if view.superview == nil {
      let insets = (view as? UIWindow)?.windowSafeAreaInsets ?? .zero
      let values = [
        insets.left, insets.top, -(insets.left + insets.right), -(insets.top + insets.bottom),
      ]
      .map { -Double($0) }
      if state.ownKind == .safeArea, state.own.count == 4 {
        for (constraint, value) in zip(state.own, values) {
          try? solver.setConstant(value, for: constraint)
        }
        isDirty = true
        return
      }
      dropOwnConstraints(guide)
      state.ownKind = .safeArea
      addOwn(Constraint(state.x - v.x + values[0], .equal), to: state, "left")
      addOwn(Constraint(state.y - v.y + values[1], .equal), to: state, "top")
      addOwn(Constraint(state.width - v.width + values[2], .equal), to: state, "width")
      addOwn(Constraint(state.height - v.height + values[3], .equal), to: state, "height")
      return
    }
    if state.ownKind == .safeArea { return }
    dropOwnConstraints(guide)
    state.ownKind = .safeArea
    let rootGuide = view.rootView.safeAreaLayoutGuide
    register(rootGuide)
    let r = rootGuide.layoutState
    // Each edge is the inner of the view's edge and the root's safe edge.
    let strong = Self.insetStrength
    addOwn(Constraint(state.x - v.x, .greaterThanOrEqual), to: state, "left>=view")
    addOwn(Constraint(state.x - r.x, .greaterThanOrEqual), to: state, "left>=root")
    addOwn(Constraint(state.x - v.x, .lessThanOrEqual, strength: strong), to: state, "left")
    addOwn(Constraint(state.y - v.y, .greaterThanOrEqual), to: state, "top>=view")
    addOwn(Constraint(state.y - r.y, .greaterThanOrEqual), to: state, "top>=root")
    addOwn(Constraint(state.y - v.y, .lessThanOrEqual, strength: strong), to: state, "top")
    let right = state.x + state.width
    let bottom = state.y + state.height
    addOwn(Constraint(right - (v.x + v.width), .lessThanOrEqual), to: state, "right<=view")
    addOwn(Constraint(right - (r.x + r.width), .lessThanOrEqual), to: state, "right<=root")
    addOwn(
      Constraint(right - (v.x + v.width), .greaterThanOrEqual, strength: strong), to: state,
      "right")
    addOwn(
      Constraint(bottom - (v.y + v.height), .lessThanOrEqual), to: state, "bottom<=view")
    addOwn(
      Constraint(bottom - (r.y + r.height), .lessThanOrEqual), to: state, "bottom<=root")
    addOwn(
      Constraint(bottom - (v.y + v.height), .greaterThanOrEqual, strength: strong), to: state,
      "bottom")
  }

  private func syncMargins(_ guide: UILayoutGuide, _ view: UIView, _ state: LayoutItemState) {
    let base: LayoutItemState
    if view.insetsLayoutMarginsFromSafeArea {
      register(view.safeAreaLayoutGuide)
      base = view.safeAreaLayoutGuide.layoutState
    } else {
      base = view.layoutState
    }
    let m = view.layoutMargins
    let values = [m.left, m.top, -(m.left + m.right), -(m.top + m.bottom)].map { -Double($0) }
    if state.ownKind == .margins, state.own.count == 4, state.intrinsic.size.width == 1,
      (state.own.first?.expression.terms.contains { $0.variable === base.x }) == true
    {
      for (constraint, value) in zip(state.own, values) {
        try? solver.setConstant(value, for: constraint)
      }
      isDirty = true
      return
    }
    dropOwnConstraints(guide)
    state.ownKind = .margins
    state.intrinsic.size.width = 1
    addOwn(Constraint(state.x - base.x + values[0], .equal), to: state, "left")
    addOwn(Constraint(state.y - base.y + values[1], .equal), to: state, "top")
    addOwn(Constraint(state.width - base.width + values[2], .equal), to: state, "width")
    addOwn(Constraint(state.height - base.height + values[3], .equal), to: state, "height")
  }
}

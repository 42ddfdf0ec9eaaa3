@_spi(Layout) import Cassowary

/// One solver for one view tree: the root view owns it; every registered item's frame is in
/// the root's coordinates. A layout pass updates what changed, solves once and writes frames.
@MainActor
final class LayoutEngine {
  /// The solver; it frees the rows and symbols of removed constraints and variables.
  /// (A `let`: calls through a `var` retained and released it every time; a rebuild resets
  /// it.)
  let solver = Solver()
  unowned(unsafe) let root: UIView
  /// Whether the root is a window whose traits read right to left (kept by the window:
  /// every constraint with a leading or trailing attribute asks when it is built).
  @exclusivity(unchecked) var rootIsRightToLeft = false
  /// Installed user constraints, in no particular order (each knows its slot).
  @exclusivity(unchecked) var installed: [NSLayoutConstraint] = []
  /// Registered items' states (each reaches its item while the item lives).
  @exclusivity(unchecked) var items: [LayoutItemState] = []
  /// Items whose own constraints must be rebuilt before the next solve.
  /// (Their states, not the items: the root owns the engine, so holding the root here
  /// would keep a detached tree alive forever.)
  @exclusivity(unchecked) var dirtyItems: [LayoutItemState] = []
  /// Views to lay out (`layoutSubviews`) in the next pass. Held strongly (a view removed
  /// meanwhile lives until the pass drops it); the root is never queued here (it owns the
  /// engine): ``rootNeedsLayout`` stands for it.
  @exclusivity(unchecked) var needsLayoutViews: [UIView] = []
  /// Views whose `updateConstraints` must run in the next pass (the root: its flag).
  @exclusivity(unchecked) var needsUpdateConstraintsViews: [UIView] = []
  /// The root is queued for `layoutSubviews`.
  @exclusivity(unchecked) var rootNeedsLayout = false
  /// The root is queued for `updateConstraints`.
  @exclusivity(unchecked) var rootNeedsUpdateConstraints = false
  /// Set when anything changed since the last solve.
  @exclusivity(unchecked) var isDirty = false
  /// Set when a direction changed, so constraints with leading/trailing are rebuilt.
  @exclusivity(unchecked) var directionChanged = false
  /// The most constraints the solver held since it was made (see `compactIfShrunk`).
  @exclusivity(unchecked) var solverPeak = 0

  /// Above any UIKit priority below required (999 → 999 000), below required.
  static let insetStrength = Strength(999_500)
  /// A safe-area guide stays inside the base safe area at this strength (above the pull to
  /// the view's edges, below the required "inside the view, never inverted").
  static let safeClampStrength = Strength(999_700)
  static let rootStrength = Strength(999_900)

  init(root: UIView) {
    self.root = root
    rootIsRightToLeft = root.asWindow?.isRightToLeft ?? false
  }

  /// Clears the unowned references to the engine that items and constraints hold, and what
  /// the items had in this solver. Active constraints of views that outlive the root stay
  /// active without an engine ("orphans"); the next tree or layout pass that meets them
  /// installs them again (``UIView/installOrphanedConstraints()``), as UIKit's constraints
  /// stay with their views.
  isolated deinit {
    for state in items where state.engine === self {
      state.engine = nil
      state.own.removeAll()
      state.edits = []
      state.ownKind = .none
      state.index = -1
      state.suggestedSize = nil
    }
    for constraint in installed where constraint.engine === self {
      constraint.engine = nil
      constraint.solverHandle = nil
    }
  }

  // MARK: - Items

  /// Registers an item and, first, the views its frame depends on.
  func register(_ item: any LayoutItem) {
    register(state: item.layoutState)
  }

  /// ``register(_:)`` from the item's state (a constraint's: no item existential).
  func register(state: LayoutItemState) {
    if state.isRegistered(with: self) { return }
    if let view = state.ownerView {
      if let parent = view.superview { registerView(parent) }
    } else if let guide = state.ownerGuide, let owner = guide.owningView {
      registerView(owner)
    }
    state.engine = self
    state.index = items.count
    if items.capacity == 0 { items.reserveCapacity(32) }
    items.append(state)
    syncOwnConstraints(state: state)
  }

  /// Registers a view unless it already is (most parents are).
  private func registerView(_ view: UIView) {
    if let state = view._layoutState, state.isRegistered(with: self) { return }
    register(state: view.layoutState)
  }

  /// Removes an item's own constraints and forgets it.
  func unregister(_ item: any LayoutItem) {
    let state = item.layoutState
    guard state.engine === self else { return }
    dropOwnConstraints(item)
    let last = items.count - 1
    if state.index != last {
      let moved = items[last]
      items[state.index] = moved
      moved.index = state.index
    }
    items.removeLast()
    state.engine = nil
    state.index = -1
  }

  func markDirty(_ item: any LayoutItem) {
    dirtyItems.append(item.layoutState)
    isDirty = true
  }

  // MARK: - Own constraints

  func dropOwnConstraints(_ item: any LayoutItem) {
    let state = item.layoutState
    // A new item has nothing to drop: its empty lists are left as they are.
    if !state.own.isEmpty {
      for handle in state.own { try? solver.removeConstraint(handle) }
      state.own.removeAll()
    }
    if !state.edits.isEmpty {
      for variable in state.edits { try? solver.removeEditVariable(variable) }
      state.edits = []
    }
    state.ownKind = .none
    isDirty = true
  }

  /// (A value: the solver keeps it, no constraint object per own constraint.)
  func addOwn(_ constraint: InlineConstraint, to state: LayoutItemState, _ label: StaticString) {
    do {
      state.own.append(try solver.addConstraint(constraint), label)
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

  /// The required equality `a − b + constant == 0` (`a + constant == 0` without `b`), its
  /// terms inline.
  static func equal(_ a: Variable, _ b: Variable?, _ constant: Double) -> InlineConstraint {
    InlineConstraint(TermList(a, 1, b, -1), constant: constant, .equal)
  }

  /// Sets an own constraint's constant unless it already has it (a window resize leaves the
  /// safe-area guide's constants alone, for one).
  func setConstantIfChanged(_ value: Double, _ handle: ConstraintHandle) {
    guard solver.constant(of: handle) != value else { return }
    try? solver.setConstant(value, for: handle)
  }

  /// Sets the constants of an item's first own constraints, in order, where they changed
  /// (the constraints already have the shape the values are for).
  func setOwnConstants(_ values: [Double], of state: LayoutItemState) {
    for (handle, value) in zip(state.own, values) {
      setConstantIfChanged(value, handle)
    }
    isDirty = true
  }

  /// Builds or updates the constraints an item makes for itself.
  func syncOwnConstraints(_ item: any LayoutItem) {
    syncOwnConstraints(state: item.layoutState)
  }

  /// ``syncOwnConstraints(_:)`` from the item's state.
  func syncOwnConstraints(state: LayoutItemState) {
    guard state.isRegistered(with: self) else { return }
    // (The state knows which its item is: no dynamic cast.)
    if let view = state.ownerView {
      syncView(view, state)
    } else if let guide = state.ownerGuide {
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
        state.suggestedSize = nil
        // (No array literal to loop over: one more allocation.)
        state.edits.reserveCapacity(4)
        addRootEdit(state.x, state)
        addRootEdit(state.y, state)
        addRootEdit(state.width, state)
        addRootEdit(state.height, state)
      }
      let size = DoublePair(Double(view.frame.width), Double(view.frame.height))
      if state.suggestedSize != size {
        try? solver.suggestValue(0, for: state.x)
        try? solver.suggestValue(0, for: state.y)
        try? solver.suggestValue(size.x, for: state.width)
        try? solver.suggestValue(size.y, for: state.height)
        state.suggestedSize = size
      }
      isDirty = true
    case .frame:
      let frame = view.frame
      // (No `map`: a closure's main-actor isolation is checked at run time.)
      let values = [
        -Double(frame.minX), -Double(frame.minY), -Double(frame.width), -Double(frame.height),
      ]
      if state.ownKind == .frame, state.own.count == 4 {
        setOwnConstants(values, of: state)
        return
      }
      dropOwnConstraints(view)
      state.ownKind = .frame
      guard let parent = view.superview?.layoutState else { return }
      addOwn(Self.equal(state.x, parent.x, values[0]), to: state, "minX")
      addOwn(Self.equal(state.y, parent.y, values[1]), to: state, "minY")
      addOwn(Self.equal(state.width, nil, values[2]), to: state, "width")
      addOwn(Self.equal(state.height, nil, values[3]), to: state, "height")
    default:
      syncIntrinsic(view, state)
    }
  }

  private func addRootEdit(_ variable: Variable, _ state: LayoutItemState) {
    try? solver.addEditVariable(variable, strength: Self.rootStrength)
    state.edits.append(variable)
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
      for handle in state.own {
        // Each own constraint is on the width or the height variable.
        let width = solver.inlineConstraint(for: handle)?.hasTerm(with: state.width) ?? false
        let value = -Double(width ? key.size.width : key.size.height)
        do {
          try solver.setConstant(value, for: handle)
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
    func add(_ axis: Int, _ variable: Variable, _ value: CGFloat) {
      guard value >= 0 else { return }
      let hugging = key.hugging[axis]
      let compression = key.compression[axis]
      let terms = TermList(variable, 1)
      let constant = -Double(value)
      if !hugging.isRequired && !compression.isRequired {
        // One soft equality: growing past the intrinsic size costs the hugging priority,
        // shrinking below it the compression resistance (same optimum as the two
        // inequalities, one row instead of two).
        addOwn(
          InlineConstraint(
            terms, constant: constant, above: hugging.strength, below: compression.strength),
          to: state, axis == 0 ? "intrinsic.width" : "intrinsic.height")
        return
      }
      addOwn(
        InlineConstraint(
          terms, constant: constant, .lessThanOrEqual, strength: hugging.strength),
        to: state, axis == 0 ? "hugging.width" : "hugging.height")
      addOwn(
        InlineConstraint(
          terms, constant: constant, .greaterThanOrEqual, strength: compression.strength),
        to: state, axis == 0 ? "compression.width" : "compression.height")
    }
    add(0, state.width, key.size.width)
    add(1, state.height, key.size.height)
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
    case .scrollContent, .scrollFrame:
      syncScrollGuide(guide, view, state)
    }
  }

  /// A scroll view's guides, in the scroll view's content coordinates (where its subviews'
  /// constraints place them): the frame guide is the visible rectangle (its origin the
  /// content offset, its size the scroll view's); the content guide starts at the content
  /// origin and takes its size from user constraints (a weak pull to zero keeps it
  /// determined without them), and that size becomes the `contentSize`.
  private func syncScrollGuide(_ guide: UILayoutGuide, _ view: UIView, _ state: LayoutItemState) {
    let v = view.layoutState
    let isFrame = guide.role == .scrollFrame
    let offset = isFrame ? view.boundsOrigin : .zero
    let values = [-Double(offset.x), -Double(offset.y)]
    if state.ownKind == .scrollGuide, state.own.count == 4 {
      setOwnConstants(values, of: state)
      return
    }
    dropOwnConstraints(guide)
    state.ownKind = .scrollGuide
    addOwn(Self.equal(state.x, v.x, values[0]), to: state, "minX")
    addOwn(Self.equal(state.y, v.y, values[1]), to: state, "minY")
    if isFrame {
      addOwn(InlineConstraint(state.width - v.width, .equal), to: state, "width")
      addOwn(InlineConstraint(state.height - v.height, .equal), to: state, "height")
    } else {
      addOwn(InlineConstraint(state.width - 0, .equal, strength: .weak), to: state, "width")
      addOwn(InlineConstraint(state.height - 0, .equal, strength: .weak), to: state, "height")
    }
  }

  private func syncSafeArea(_ guide: UILayoutGuide, _ view: UIView, _ state: LayoutItemState) {
    let v = view.layoutState
    let add = view.additionalSafeArea
    if view.superview == nil {
      let window = view.asWindow?.windowSafeAreaInsets ?? .zero
      let insets = UIEdgeInsets(
        top: window.top + add.top, left: window.left + add.left,
        bottom: window.bottom + add.bottom, right: window.right + add.right)
      let values = [
        -Double(insets.left), -Double(insets.top), Double(insets.left + insets.right),
        Double(insets.top + insets.bottom),
      ]
      if state.ownKind == .safeArea, state.own.count == 4 {
        setOwnConstants(values, of: state)
        return
      }
      dropOwnConstraints(guide)
      state.ownKind = .safeArea
      addOwn(Self.equal(state.x, v.x, values[0]), to: state, "left")
      addOwn(Self.equal(state.y, v.y, values[1]), to: state, "top")
      addOwn(Self.equal(state.width, v.width, values[2]), to: state, "width")
      addOwn(Self.equal(state.height, v.height, values[3]), to: state, "height")
      return
    }
    // The safe area comes from the nearest ancestor whose controller adds insets, else
    // from the root. Solver coordinates ignore bounds origins, so inside a scrolled view
    // the base's safe edges sit `shift` further along than the base guide's variables.
    let baseView = view.safeAreaBase
    let shiftPoint = view.boundsOriginShift(upTo: baseView)
    let shift = DoublePair(Double(shiftPoint.x), Double(shiftPoint.y))
    if state.ownKind == .safeArea {
      if state.scrollShift != shift, state.own.count == 16 {
        let d = shift - state.scrollShift
        // The clamps to the base: left>=root, top>=root, right<=root, bottom<=root.
        for (index, delta) in [(1, d.x), (5, d.y), (11, d.x), (14, d.y)] {
          let handle = state.own[index]
          if let constant = solver.constant(of: handle) {
            setConstantIfChanged(constant - delta, handle)
          }
        }
        state.scrollShift = shift
        isDirty = true
      }
      return
    }
    dropOwnConstraints(guide)
    state.ownKind = .safeArea
    state.scrollShift = shift
    let (sx, sy) = (shift.x, shift.y)
    let baseGuide = (baseView ?? view.rootView).safeAreaLayoutGuide
    register(baseGuide)
    let r = baseGuide.layoutState
    // Each edge is the inner of the view's edge and the base's safe edge, moved in by the
    // view's own additional insets, and kept inside the view, never inverted (a view wholly
    // in the unsafe area gets an empty guide at its edge nearest the safe area, as
    // `safeAreaInsets` says).
    let strong = Self.insetStrength
    let clamp = Self.safeClampStrength
    let (l, t) = (Double(add.left), Double(add.top))
    let (rt, bm) = (Double(add.right), Double(add.bottom))
    addOwn(InlineConstraint(state.x - v.x - l, .greaterThanOrEqual), to: state, "left>=view")
    addOwn(
      InlineConstraint(state.x - r.x - l - sx, .greaterThanOrEqual, strength: clamp), to: state,
      "left>=root")
    addOwn(
      InlineConstraint(state.x - v.x - l, .lessThanOrEqual, strength: strong), to: state, "left")
    addOwn(InlineConstraint(state.x - (v.x + v.width), .lessThanOrEqual), to: state, "left<=view")
    addOwn(InlineConstraint(state.y - v.y - t, .greaterThanOrEqual), to: state, "top>=view")
    addOwn(
      InlineConstraint(state.y - r.y - t - sy, .greaterThanOrEqual, strength: clamp), to: state,
      "top>=root")
    addOwn(
      InlineConstraint(state.y - v.y - t, .lessThanOrEqual, strength: strong), to: state, "top")
    addOwn(InlineConstraint(state.y - (v.y + v.height), .lessThanOrEqual), to: state, "top<=view")
    addOwn(InlineConstraint(state.width + 0, .greaterThanOrEqual), to: state, "width>=0")
    addOwn(InlineConstraint(state.height + 0, .greaterThanOrEqual), to: state, "height>=0")
    let right = state.x + state.width
    let bottom = state.y + state.height
    addOwn(
      InlineConstraint(right - (v.x + v.width) + rt, .lessThanOrEqual), to: state, "right<=view")
    addOwn(
      InlineConstraint(right - (r.x + r.width) + rt - sx, .lessThanOrEqual, strength: clamp),
      to: state, "right<=root")
    addOwn(
      InlineConstraint(right - (v.x + v.width) + rt, .greaterThanOrEqual, strength: strong),
      to: state, "right")
    addOwn(
      InlineConstraint(bottom - (v.y + v.height) + bm, .lessThanOrEqual), to: state, "bottom<=view")
    addOwn(
      InlineConstraint(bottom - (r.y + r.height) + bm - sy, .lessThanOrEqual, strength: clamp),
      to: state, "bottom<=root")
    addOwn(
      InlineConstraint(bottom - (v.y + v.height) + bm, .greaterThanOrEqual, strength: strong),
      to: state, "bottom")
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
    let values = [
      -Double(m.left), -Double(m.top), Double(m.left + m.right), Double(m.top + m.bottom),
    ]
    if state.ownKind == .margins, state.own.count == 4, state.intrinsic.size.width == 1,
      solver.inlineConstraint(for: state.own[0])?.hasTerm(with: base.x) == true
    {
      setOwnConstants(values, of: state)
      return
    }
    dropOwnConstraints(guide)
    state.ownKind = .margins
    state.intrinsic.size.width = 1
    addOwn(Self.equal(state.x, base.x, values[0]), to: state, "left")
    addOwn(Self.equal(state.y, base.y, values[1]), to: state, "top")
    addOwn(Self.equal(state.width, base.width, values[2]), to: state, "width")
    addOwn(Self.equal(state.height, base.height, values[3]), to: state, "height")
  }
}

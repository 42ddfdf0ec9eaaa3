extension UIView {
  /// The window the view is in, if any.
  public var window: UIWindow? { rootView.asWindow }

  /// Adds `view` on top of the subviews, first removing it from its current superview.
  /// Adding a view to itself or to one of its descendants is reported and ignored.
  public func addSubview(_ view: UIView) {
    insertSubview(view, at: subviews.count)
  }

  /// Inserts `view` at `index` in ``subviews`` (clamped to the valid range).
  public func insertSubview(_ view: UIView, at index: Int) {
    if view === self || isDescendant(of: view) {
      let issue = LayoutIssue(
        kind: .invalidAttributes,
        message: "cannot add \(view.layoutName) as a subview of \(layoutName): it would be its"
          + " own ancestor", constraint: nil, conflicting: [], conflictingDescriptions: [])
      rootView.rootLayoutIssues.append(issue)
      LayoutIssue.log(issue)
      return
    }
    if view.superview === self {
      subviews.removeAll { $0 === view }
      subviews.insert(view, at: min(max(index, 0), subviews.count))
      return
    }
    view.removeFromSuperview()
    // (A view without a superview is its own root: no walk.)
    let oldWindow = view.superviewRef == nil ? view.asWindow : view.window
    view.willMove(toSuperview: self)
    // Most views are added at the end: an append, and room for a few from the start
    // (`insert` goes through the general replace and regrows from one element).
    if subviews.capacity == 0 { subviews.reserveCapacity(4) }
    if index >= subviews.count {
      subviews.append(view)
    } else {
      subviews.insert(view, at: max(index, 0))
    }
    view.superview = self
    if let moved = view._engine {
      view._engine = nil
      layoutEngine.adopt(moved)
    } else {
      if view._layoutState != nil || !view.subviews.isEmpty || !view.guides.isEmpty {
        // (A view that never took part in layout has nothing orphaned: no engine lookup.)
        view.installOrphanedConstraints(into: layoutEngine)
      }
      // Passes flagged while the subtree had no engine go to this tree's (if it has one).
      if view.needsLayoutFlag || view.needsUpdateConstraintsFlag || !view.subviews.isEmpty,
        existingLayoutEngine != nil
      {
        view.queuePendingPasses()
      }
    }
    view.didMoveToSuperview()
    didAddSubview(view)
    if view.window !== oldWindow { view.notifyWindowChange() }
    view.setNeedsLayout()
    setNeedsLayout()
  }

  /// Inserts `view` just above `sibling`.
  public func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
    let index = subviews.firstIndex { $0 === sibling }.map { $0 + 1 } ?? subviews.count
    insertSubview(view, at: index)
  }

  /// Inserts `view` just below `sibling`.
  public func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
    let index = subviews.firstIndex { $0 === sibling } ?? 0
    insertSubview(view, at: index)
  }

  /// Moves a subview to the front.
  public func bringSubviewToFront(_ view: UIView) {
    guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
    subviews.append(subviews.remove(at: index))
  }

  /// Moves a subview to the back.
  public func sendSubviewToBack(_ view: UIView) {
    guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
    subviews.insert(subviews.remove(at: index), at: 0)
  }

  /// Swaps two subviews.
  public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
    guard subviews.indices.contains(index1), subviews.indices.contains(index2) else { return }
    subviews.swapAt(index1, index2)
  }

  /// Removes the view from its superview. Constraints between the view's subtree and views
  /// outside it are deactivated (UIKit's behaviour); constraints inside the subtree stay
  /// active and go with it.
  public func removeFromSuperview() {
    guard let parent = superview else { return }
    let oldWindow = window
    willMove(toSuperview: nil)
    parent.willRemoveSubview(self)
    var moving: [NSLayoutConstraint] = []
    if let engine = parent.rootView._engine {
      moving = engine.detach(self)
    }
    parent.subviews.removeAll { $0 === self }
    superview = nil
    needsLayoutFlag = false
    needsUpdateConstraintsFlag = false
    if !moving.isEmpty {
      let engine = layoutEngine
      for constraint in moving { engine.install(constraint) }
    }
    didMoveToSuperview()
    if oldWindow != nil { notifyWindowChange() }
    parent.setNeedsLayout()
  }

  /// Installs the active constraints of the subtree that lost their engine (their root was
  /// freed while this subtree lived on) into `engine`.
  func installOrphanedConstraints(into engine: LayoutEngine) {
    if _layoutState == nil && subviews.isEmpty && guides.isEmpty { return }
    var orphans: [NSLayoutConstraint] = []
    forEachInSubtree { view in
      var states: [LayoutItemState] = []
      if let state = view._layoutState { states.append(state) }
      for guide in view.allLayoutGuides {
        if let state = guide.stateStorage { states.append(state) }
      }
      for state in states {
        for constraint in state.references where constraint.isActive && constraint.engine == nil {
          orphans.append(constraint)
        }
      }
    }
    guard !orphans.isEmpty else { return }
    var seen = Set<ObjectIdentifier>()
    for constraint in orphans.sorted(by: { $0.serial < $1.serial })
    where seen.insert(ObjectIdentifier(constraint)).inserted {
      engine.install(constraint)
    }
  }

  /// Whether the view is `view` or inside it.
  public func isDescendant(of view: UIView) -> Bool {
    // Up the unmanaged superview mirror: no reference taken per level.
    var current: Unmanaged<UIView>? = Unmanaged.passUnretained(self)
    let target = Unmanaged.passUnretained(view).toOpaque()
    while let candidate = current {
      if candidate.toOpaque() == target { return true }
      current = candidate.takeUnretainedValue().superviewRef
    }
    return false
  }

  /// The first view in the subtree (depth-first, self first) with this tag.
  public func viewWithTag(_ tag: Int) -> UIView? {
    if self.tag == tag { return self }
    for subview in subviews {
      if let found = subview.viewWithTag(tag) { return found }
    }
    return nil
  }

  func notifyWindowChange() {
    forEachInSubtree { $0.didMoveToWindow() }
  }

  /// Visits the view and its descendants, depth-first, parents before children.
  func forEachInSubtree(_ body: (UIView) -> Void) {
    body(self)
    for subview in subviews { subview.forEachInSubtree(body) }
  }

  /// Layout guides of the view, system ones included.
  var allLayoutGuides: [UILayoutGuide] {
    var list = guides
    if let guide = _safeAreaGuide { list.append(guide) }
    if let guide = _marginsGuide { list.append(guide) }
    return list
  }
}

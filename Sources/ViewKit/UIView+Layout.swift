extension UIView {
  /// "No intrinsic size on this axis" (-1).
  public static let noIntrinsicMetric: CGFloat = -1
  /// The smallest size (`systemLayoutSizeFitting` target).
  public static let layoutFittingCompressedSize = CGSize.zero
  /// The largest size (`systemLayoutSizeFitting` target).
  public static let layoutFittingExpandedSize = CGSize(width: 10_000_000, height: 10_000_000)

  // MARK: - Constraints

  /// Whether the frame is turned into required constraints (`true` for views made in code).
  /// Set `false` for views positioned by constraints.
  public var translatesAutoresizingMaskIntoConstraints: Bool {
    get { translatesStorage }
    set {
      guard newValue != translatesStorage else { return }
      translatesStorage = newValue
      if let state = _layoutState, let engine = state.engine { engine.markDirty(self) }
    }
  }

  /// The active constraints that reference this view.
  public var constraints: [NSLayoutConstraint] {
    _layoutState?.sortedReferences ?? []
  }

  /// Activates a constraint (the pre-anchor API).
  public func addConstraint(_ constraint: NSLayoutConstraint) { constraint.isActive = true }
  /// Activates constraints.
  public func addConstraints(_ constraints: [NSLayoutConstraint]) {
    NSLayoutConstraint.activate(constraints)
  }
  /// Deactivates a constraint.
  public func removeConstraint(_ constraint: NSLayoutConstraint) { constraint.isActive = false }
  /// Deactivates constraints.
  public func removeConstraints(_ constraints: [NSLayoutConstraint]) {
    NSLayoutConstraint.deactivate(constraints)
  }

  /// The layout guides added with ``addLayoutGuide(_:)``.
  public var layoutGuides: [UILayoutGuide] { guides }

  /// Adds a layout guide; its frame is in this view's coordinates.
  public func addLayoutGuide(_ guide: UILayoutGuide) {
    if let owner = guide.owningView, owner !== self { owner.removeLayoutGuide(guide) }
    guard !guides.contains(where: { $0 === guide }) else { return }
    guides.append(guide)
    guide.owningView = self
  }

  /// Removes a layout guide and deactivates the constraints that reference it.
  public func removeLayoutGuide(_ guide: UILayoutGuide) {
    guard let index = guides.firstIndex(where: { $0 === guide }) else { return }
    let references = guide.layoutState.sortedReferences
    NSLayoutConstraint.deactivate(references)
    guide.layoutState.engine?.unregister(guide)
    guides.remove(at: index)
    guide.owningView = nil
  }

  // MARK: - Intrinsic size

  /// How strongly the view resists growing past its intrinsic size on `axis` (250 by default).
  public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
    hugging[axis.rawValue]
  }

  /// Sets the hugging priority on `axis`.
  public func setContentHuggingPriority(
    _ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis
  ) {
    hugging[axis.rawValue] = priority
    invalidateIntrinsicContentSize()
  }

  /// How strongly the view resists shrinking below its intrinsic size (750 by default).
  public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis)
    -> UILayoutPriority
  {
    compression[axis.rawValue]
  }

  /// Sets the compression resistance priority on `axis`.
  public func setContentCompressionResistancePriority(
    _ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis
  ) {
    compression[axis.rawValue] = priority
    invalidateIntrinsicContentSize()
  }

  // MARK: - Layout pass

  /// Marks the view for ``layoutSubviews()`` in the next layout pass.
  public func setNeedsLayout() {
    guard !needsLayoutFlag else { return }
    needsLayoutFlag = true
    // A tree without an engine (a detached subtree being built) keeps the flag; the engine
    // that takes the tree queues it (no engine made, and later adopted, for every such tree).
    guard let engine = existingLayoutEngine else { return }
    if engine.root === self {
      engine.rootNeedsLayout = true
    } else {
      if engine.needsLayoutViews.capacity == 0 { engine.needsLayoutViews.reserveCapacity(32) }
      engine.needsLayoutViews.append(self)
    }
  }

  /// Lays out the tree now if anything changed: constraints are solved once and every
  /// frame they decide is written before this returns.
  public func layoutIfNeeded() {
    let root = rootView
    if let engine = root._engine {
      engine.layout()
    } else if root._layoutState != nil || !root.subviews.isEmpty || root.needsLayoutFlag
      || root.needsUpdateConstraintsFlag
    {
      // A tree whose window was freed: its constraints come back in its own engine.
      root.installOrphanedConstraints(into: root.layoutEngine)
      root._engine?.layout()
    }
  }

  /// Marks the view for ``updateConstraints()`` in the next layout pass.
  public func setNeedsUpdateConstraints() {
    guard !needsUpdateConstraintsFlag else { return }
    needsUpdateConstraintsFlag = true
    // (As in `setNeedsLayout`: a tree without an engine keeps the flag for its engine.)
    guard let engine = existingLayoutEngine else { return }
    if engine.root === self {
      engine.rootNeedsUpdateConstraints = true
    } else {
      engine.needsUpdateConstraintsViews.append(self)
    }
    engine.isDirty = true
  }

  /// Runs pending ``updateConstraints()`` calls.
  public func updateConstraintsIfNeeded() {
    guard needsUpdateConstraintsFlag else { return }
    needsUpdateConstraintsFlag = false
    updateConstraints()
  }

  /// Whether the view's frame is not fully determined by its constraints.
  public var hasAmbiguousLayout: Bool {
    layoutEngine.isAmbiguous(self)
  }

  /// The smallest (or largest) size the view's constraints allow near `targetSize`.
  public func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
    systemLayoutSizeFitting(
      targetSize, withHorizontalFittingPriority: .fittingSizeLevel,
      verticalFittingPriority: .fittingSizeLevel)
  }

  /// The size the view's constraints give when its width and height are pulled toward
  /// `targetSize` with the given priorities.
  public func systemLayoutSizeFitting(
    _ targetSize: CGSize, withHorizontalFittingPriority horizontal: UILayoutPriority,
    verticalFittingPriority vertical: UILayoutPriority
  ) -> CGSize {
    let engine = layoutEngine
    engine.layout()
    return engine.fittingSize(of: self, target: targetSize, priorities: (horizontal, vertical))
  }

  // MARK: - Margins and safe area

  /// Margins in leading/trailing terms (8 on each side by default).
  public var directionalLayoutMargins: NSDirectionalEdgeInsets {
    get { marginsStorage }
    set {
      marginsStorage = newValue
      if let guide = _marginsGuide, let engine = guide.layoutState.engine {
        engine.markDirty(guide)
      }
      layoutMarginsDidChange()
    }
  }

  /// Margins in left/right terms, resolved with the view's layout direction.
  public var layoutMargins: UIEdgeInsets {
    get { marginsStorage.resolved(effectiveUserInterfaceLayoutDirection) }
    set { directionalLayoutMargins = newValue.directional(effectiveUserInterfaceLayoutDirection) }
  }

  /// Whether the margins are measured from the safe area (true) or from the bounds.
  public var insetsLayoutMarginsFromSafeArea: Bool {
    get { insetsFromSafeAreaStorage }
    set {
      insetsFromSafeAreaStorage = newValue
      if let guide = _marginsGuide, let engine = guide.layoutState.engine {
        engine.markDirty(guide)
      }
    }
  }

  /// The bounds inset by the layout margins (and the safe area, see
  /// ``insetsLayoutMarginsFromSafeArea``).
  public var layoutMarginsGuide: UILayoutGuide {
    if let guide = _marginsGuide { return guide }
    let guide = UILayoutGuide(role: .margins, owner: self)
    _marginsGuide = guide
    return guide
  }

  /// The part of the view that the window's safe area covers.
  public var safeAreaLayoutGuide: UILayoutGuide {
    if let guide = _safeAreaGuide { return guide }
    let guide = UILayoutGuide(role: .safeArea, owner: self)
    _safeAreaGuide = guide
    return guide
  }
}

/// Sizes of a view tree's layout engine, for benchmarks and diagnostics.
public struct LayoutStatistics: Sendable, Hashable {
  /// Views and layout guides the solver knows.
  public var items: Int
  /// Active user constraints.
  public var userConstraints: Int
  /// Constraints in the solver: user constraints plus the engine's own (frame-derived,
  /// intrinsic size, safe area and margins).
  public var solverConstraints: Int
}

extension UIView {
  /// The layout engine's sizes for this view's tree.
  public var layoutStatistics: LayoutStatistics {
    guard let engine = rootView._engine else {
      return LayoutStatistics(items: 0, userConstraints: 0, solverConstraints: 0)
    }
    return LayoutStatistics(
      items: engine.items.count, userConstraints: engine.installed.count,
      solverConstraints: engine.solver.constraintCount)
  }
}

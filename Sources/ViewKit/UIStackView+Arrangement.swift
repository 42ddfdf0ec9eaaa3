extension UIStackView {
  private typealias Attribute = NSLayoutConstraint.Attribute

  private struct Axes {
    let lead: Attribute
    let trail: Attribute
    let center: Attribute
    let size: Attribute
    let crossLead: Attribute
    let crossTrail: Attribute
    let crossCenter: Attribute
    let crossSize: Attribute

    init(_ axis: NSLayoutConstraint.Axis) {
      if axis == .horizontal {
        (lead, trail, center, size) = (.leading, .trailing, .centerX, .width)
        (crossLead, crossTrail, crossCenter, crossSize) = (.top, .bottom, .centerY, .height)
      } else {
        (lead, trail, center, size) = (.top, .bottom, .centerY, .height)
        (crossLead, crossTrail, crossCenter, crossSize) = (.leading, .trailing, .centerX, .width)
      }
    }
  }

  /// `UISV-<attribute>` by attribute raw value, made once.
  private static let identifiers: [String] = (0...12).map {
    "UISV-" + (Attribute(rawValue: $0) ?? .notAnAttribute).name
  }

  /// Replaces the stack's constraints with ones for the visible arranged views.
  func rebuildArrangement() {
    NSLayoutConstraint.deactivate(stackConstraints)
    for guide in spacers { removeLayoutGuide(guide) }
    spacers = []
    var list: [NSLayoutConstraint] = []
    // Two hugs, two ends, and a gap and two cross-axis constraints per view (more for
    // spacers and proportions, which grow it).
    list.reserveCapacity(4 + 3 * arrangedSubviews.count)
    // (Item states, not item existentials: each constraint is made from them directly.)
    let box =
      isLayoutMarginsRelativeArrangement ? layoutMarginsGuide.layoutState : layoutState
    let axes = Axes(axis)
    // A loop, not `filter`: a closure's main-actor isolation is checked at run time.
    var views: [UIView] = []
    views.reserveCapacity(arrangedSubviews.count)
    for view in arrangedSubviews where !view.isHidden && view.superview === self {
      views.append(view)
    }

    func add(
      _ a: LayoutItemState, _ attrA: Attribute, _ relation: NSLayoutConstraint.Relation,
      _ b: LayoutItemState?, _ attrB: Attribute, multiplier: CGFloat = 1,
      _ constant: CGFloat = 0, priority: UILayoutPriority = .required
    ) {
      let constraint = NSLayoutConstraint(
        firstState: a, attrA, relation, secondState: b, attrB, multiplier: multiplier,
        constant: constant)
      constraint.priority = priority
      constraint.identifier = Self.identifiers[attrA.rawValue]
      list.append(constraint)
    }

    // The stack hugs its content when nothing else sizes it.
    let stack = layoutState
    add(stack, axes.size, .equal, nil, .notAnAttribute, 0, priority: UILayoutPriority(49))
    add(stack, axes.crossSize, .equal, nil, .notAnAttribute, 0, priority: UILayoutPriority(49))
    if let first = views.first, let last = views.last {
      add(first.layoutState, axes.lead, .equal, box, axes.lead)
      add(last.layoutState, axes.trail, .equal, box, axes.trail)
    }
    for (index, view) in views.enumerated() {
      if index > 0 {
        let previous = views[index - 1]
        let gap = customSpacing(after: previous)
        switch distribution {
        case .fill, .fillEqually, .fillProportionally:
          add(view.layoutState, axes.lead, .equal, previous.layoutState, axes.trail, gap)
        case .equalSpacing, .equalCentering:
          add(
            view.layoutState, axes.lead, .greaterThanOrEqual, previous.layoutState, axes.trail,
            gap)
          let spacer = UILayoutGuide()
          spacer.identifier = "UISV-spacing"
          addLayoutGuide(spacer)
          spacers.append(spacer)
          let fromEdge = distribution == .equalSpacing
          add(
            spacer.layoutState, axes.lead, .equal, previous.layoutState,
            fromEdge ? axes.trail : axes.center)
          add(
            spacer.layoutState, axes.trail, .equal, view.layoutState,
            fromEdge ? axes.lead : axes.center)
          if spacers.count > 1 {
            add(spacer.layoutState, axes.size, .equal, spacers[0].layoutState, axes.size)
          }
        }
      }
      if distribution == .fillEqually, index > 0 {
        add(view.layoutState, axes.size, .equal, views[0].layoutState, axes.size)
      }
      crossConstraints(for: view, first: views[0], axes: axes, box: box, add: add)
    }
    if distribution == .fillProportionally { proportional(views, axes: axes, add: add) }
    stackConstraints = list
    NSLayoutConstraint.activate(list)
  }

  private func crossConstraints(
    for view: UIView, first: UIView, axes: Axes, box: LayoutItemState,
    add: (
      LayoutItemState, Attribute, NSLayoutConstraint.Relation, LayoutItemState?, Attribute,
      CGFloat,
      CGFloat, UILayoutPriority
    ) -> Void
  ) {
    let view = view.layoutState
    switch alignment {
    case .fill:
      add(view, axes.crossLead, .equal, box, axes.crossLead, 1, 0, .required)
      add(view, axes.crossTrail, .equal, box, axes.crossTrail, 1, 0, .required)
    case .leading:
      add(view, axes.crossLead, .equal, box, axes.crossLead, 1, 0, .required)
      add(view, axes.crossTrail, .lessThanOrEqual, box, axes.crossTrail, 1, 0, .required)
    case .trailing:
      add(view, axes.crossTrail, .equal, box, axes.crossTrail, 1, 0, .required)
      add(view, axes.crossLead, .greaterThanOrEqual, box, axes.crossLead, 1, 0, .required)
    case .center:
      add(view, axes.crossCenter, .equal, box, axes.crossCenter, 1, 0, .required)
      add(view, axes.crossLead, .greaterThanOrEqual, box, axes.crossLead, 1, 0, .required)
    case .firstBaseline, .lastBaseline:
      let baseline: Attribute = alignment == .firstBaseline ? .firstBaseline : .lastBaseline
      if view !== first.layoutState, axis == .horizontal {
        add(view, baseline, .equal, first.layoutState, baseline, 1, 0, .required)
      }
      add(view, axes.crossLead, .greaterThanOrEqual, box, axes.crossLead, 1, 0, .required)
      add(view, axes.crossTrail, .lessThanOrEqual, box, axes.crossTrail, 1, 0, .required)
      add(view, axes.crossLead, .equal, box, axes.crossLead, 1, 0, UILayoutPriority(48))
    }
  }

  private func proportional(
    _ views: [UIView], axes: Axes,
    add: (
      LayoutItemState, Attribute, NSLayoutConstraint.Relation, LayoutItemState?, Attribute,
      CGFloat,
      CGFloat, UILayoutPriority
    ) -> Void
  ) {
    let lengths = views.map {
      axis == .horizontal ? $0.intrinsicContentSize.width : $0.intrinsicContentSize.height
    }
    guard let base = lengths.first, base > 0, lengths.allSatisfy({ $0 > 0 }) else { return }
    for (view, length) in zip(views, lengths).dropFirst() {
      add(
        view.layoutState, axes.size, .equal, views[0].layoutState, axes.size, length / base, 0,
        UILayoutPriority(999))
    }
  }
}

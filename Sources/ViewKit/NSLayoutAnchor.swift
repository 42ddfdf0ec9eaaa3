/// One attribute of a view or layout guide, for making constraints (UIKit's
/// `NSLayoutAnchor`). The subclasses only relate anchors of the same kind.
@MainActor
public class NSLayoutAnchor<AnchorType: AnyObject> {
  /// The item's solver variables. The item owns its anchors (each made once, as UIKit hands
  /// out the same anchor object every time), so an anchor reaches its item through the
  /// state, which does not own it: an anchor kept beyond its item has no item, like UIKit's
  /// weak one.
  let state: LayoutItemState
  let attribute: NSLayoutConstraint.Attribute

  init(state: LayoutItemState, attribute: NSLayoutConstraint.Attribute) {
    self.state = state
    self.attribute = attribute
  }

  /// The view or guide (`nil` once it is gone).
  public var anchorItem: AnyObject? { state.owner }

  func make(
    _ relation: NSLayoutConstraint.Relation, _ other: NSLayoutAnchor<AnchorType>?,
    multiplier: CGFloat = 1, constant: CGFloat
  ) -> NSLayoutConstraint {
    NSLayoutConstraint(
      firstState: state, attribute, relation, secondState: other?.state,
      other?.attribute ?? .notAnAttribute, multiplier: multiplier, constant: constant)
  }

  /// `self == anchor + constant` (inactive).
  public func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat = 0)
    -> NSLayoutConstraint
  {
    make(.equal, anchor, constant: c)
  }

  /// `self <= anchor + constant` (inactive).
  public func constraint(
    lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat = 0
  ) -> NSLayoutConstraint {
    make(.lessThanOrEqual, anchor, constant: c)
  }

  /// `self >= anchor + constant` (inactive).
  public func constraint(
    greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat = 0
  ) -> NSLayoutConstraint {
    make(.greaterThanOrEqual, anchor, constant: c)
  }
}

/// A horizontal position: leading, trailing, left, right or centre x.
@MainActor
public final class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {
  /// `self == anchor + multiplier × 8` (system spacing after `anchor`).
  public func constraint(equalToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat)
    -> NSLayoutConstraint
  {
    make(.equal, anchor, constant: 8 * multiplier)
  }

  /// `self >= anchor + multiplier × 8`.
  public func constraint(
    greaterThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat
  ) -> NSLayoutConstraint {
    make(.greaterThanOrEqual, anchor, constant: 8 * multiplier)
  }
}

/// A vertical position: top, bottom, centre y or a baseline.
@MainActor
public final class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {
  /// `self == anchor + multiplier × 8` (system spacing below `anchor`).
  public func constraint(equalToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat)
    -> NSLayoutConstraint
  {
    make(.equal, anchor, constant: 8 * multiplier)
  }

  /// `self >= anchor + multiplier × 8`.
  public func constraint(
    greaterThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat
  ) -> NSLayoutConstraint {
    make(.greaterThanOrEqual, anchor, constant: 8 * multiplier)
  }
}

/// A width or height.
@MainActor
public final class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
  /// `self == constant`.
  public func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint {
    make(.equal, nil, constant: c)
  }

  /// `self <= constant`.
  public func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
    make(.lessThanOrEqual, nil, constant: c)
  }

  /// `self >= constant`.
  public func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
    make(.greaterThanOrEqual, nil, constant: c)
  }

  /// `self == multiplier × anchor + constant`.
  public func constraint(
    equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat = 0
  ) -> NSLayoutConstraint {
    make(.equal, anchor, multiplier: m, constant: c)
  }

  /// `self <= multiplier × anchor + constant`.
  public func constraint(
    lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat = 0
  ) -> NSLayoutConstraint {
    make(.lessThanOrEqual, anchor, multiplier: m, constant: c)
  }

  /// `self >= multiplier × anchor + constant`.
  public func constraint(
    greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat,
    constant c: CGFloat = 0
  ) -> NSLayoutConstraint {
    make(.greaterThanOrEqual, anchor, multiplier: m, constant: c)
  }
}

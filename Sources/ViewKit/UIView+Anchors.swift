extension UIView: LayoutAnchorOwner {
  /// The view itself (see ``LayoutAnchorOwner``).
  public var _layoutAnchorItem: LayoutAnchorItem { LayoutAnchorItem(item: self) }

  /// The view's anchor for an attribute, made once (see ``LayoutAnchorOwner``).
  public final func _layoutAnchor(_ attribute: NSLayoutConstraint.Attribute) -> AnyObject {
    if let cached = anchorCache[attribute] { return cached }
    let anchor = makeAnchor(layoutState, attribute)
    anchorCache[attribute] = anchor
    return anchor
  }

  /// The first line's baseline (the bottom for views without text).
  public var firstBaselineAnchor: NSLayoutYAxisAnchor {
    unsafeDowncast(_layoutAnchor(.firstBaseline), to: NSLayoutYAxisAnchor.self)
  }
  /// The last line's baseline (the bottom for views without text).
  public var lastBaselineAnchor: NSLayoutYAxisAnchor {
    unsafeDowncast(_layoutAnchor(.lastBaseline), to: NSLayoutYAxisAnchor.self)
  }
}

extension UIView: LayoutAnchorOwner {
  /// The view itself (see ``LayoutAnchorOwner``).
  public var _layoutAnchorItem: LayoutAnchorItem { LayoutAnchorItem(item: self) }

  /// The first line's baseline (the bottom for views without text).
  public var firstBaselineAnchor: NSLayoutYAxisAnchor {
    anchor(.firstBaseline) { NSLayoutYAxisAnchor(state: $0, attribute: .firstBaseline) }
  }
  /// The last line's baseline (the bottom for views without text).
  public var lastBaselineAnchor: NSLayoutYAxisAnchor {
    anchor(.lastBaseline) { NSLayoutYAxisAnchor(state: $0, attribute: .lastBaseline) }
  }
}

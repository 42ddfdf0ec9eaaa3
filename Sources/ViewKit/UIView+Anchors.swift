extension UIView: LayoutAnchorOwner {
  /// The view itself (see ``LayoutAnchorOwner``).
  public var _layoutAnchorItem: LayoutAnchorItem { LayoutAnchorItem(item: self) }

  /// The first line's baseline (the bottom for views without text).
  public var firstBaselineAnchor: NSLayoutYAxisAnchor {
    .init(item: self, attribute: .firstBaseline)
  }
  /// The last line's baseline (the bottom for views without text).
  public var lastBaselineAnchor: NSLayoutYAxisAnchor {
    .init(item: self, attribute: .lastBaseline)
  }
}

/// What anchors belong to: ``UIView`` and ``UILayoutGuide`` (not a UIKit type; it gives both
/// one set of anchor properties).
///
/// Only ViewKit's types conform: the requirement is an implementation detail.
@MainActor
public protocol LayoutAnchorOwner: AnyObject {
  /// The item constraints made from this owner's anchors refer to (implementation detail).
  var _layoutAnchorItem: LayoutAnchorItem { get }
}

/// The layout item behind a ``LayoutAnchorOwner`` (opaque).
@MainActor
public struct LayoutAnchorItem {
  let item: any LayoutItem
}

extension LayoutAnchorOwner {
  /// Leading edge: left in left-to-right layouts, right in right-to-left ones (decided by
  /// the superview's direction, or the owning view's for a guide).
  public var leadingAnchor: NSLayoutXAxisAnchor {
    .init(item: _layoutAnchorItem.item, attribute: .leading)
  }
  /// Trailing edge.
  public var trailingAnchor: NSLayoutXAxisAnchor {
    .init(item: _layoutAnchorItem.item, attribute: .trailing)
  }
  /// Left edge (never flips).
  public var leftAnchor: NSLayoutXAxisAnchor {
    .init(item: _layoutAnchorItem.item, attribute: .left)
  }
  /// Right edge (never flips).
  public var rightAnchor: NSLayoutXAxisAnchor {
    .init(item: _layoutAnchorItem.item, attribute: .right)
  }
  /// Horizontal centre.
  public var centerXAnchor: NSLayoutXAxisAnchor {
    .init(item: _layoutAnchorItem.item, attribute: .centerX)
  }
  /// Top edge.
  public var topAnchor: NSLayoutYAxisAnchor {
    .init(item: _layoutAnchorItem.item, attribute: .top)
  }
  /// Bottom edge.
  public var bottomAnchor: NSLayoutYAxisAnchor {
    .init(item: _layoutAnchorItem.item, attribute: .bottom)
  }
  /// Vertical centre.
  public var centerYAnchor: NSLayoutYAxisAnchor {
    .init(item: _layoutAnchorItem.item, attribute: .centerY)
  }
  /// Width.
  public var widthAnchor: NSLayoutDimension {
    .init(item: _layoutAnchorItem.item, attribute: .width)
  }
  /// Height.
  public var heightAnchor: NSLayoutDimension {
    .init(item: _layoutAnchorItem.item, attribute: .height)
  }
}

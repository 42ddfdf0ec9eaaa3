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
    _layoutAnchorItem.item.anchor(.leading) { NSLayoutXAxisAnchor(state: $0, attribute: .leading) }
  }
  /// Trailing edge.
  public var trailingAnchor: NSLayoutXAxisAnchor {
    _layoutAnchorItem.item.anchor(.trailing) {
      NSLayoutXAxisAnchor(state: $0, attribute: .trailing)
    }
  }
  /// Left edge (never flips).
  public var leftAnchor: NSLayoutXAxisAnchor {
    _layoutAnchorItem.item.anchor(.left) { NSLayoutXAxisAnchor(state: $0, attribute: .left) }
  }
  /// Right edge (never flips).
  public var rightAnchor: NSLayoutXAxisAnchor {
    _layoutAnchorItem.item.anchor(.right) { NSLayoutXAxisAnchor(state: $0, attribute: .right) }
  }
  /// Horizontal centre.
  public var centerXAnchor: NSLayoutXAxisAnchor {
    _layoutAnchorItem.item.anchor(.centerX) { NSLayoutXAxisAnchor(state: $0, attribute: .centerX) }
  }
  /// Top edge.
  public var topAnchor: NSLayoutYAxisAnchor {
    _layoutAnchorItem.item.anchor(.top) { NSLayoutYAxisAnchor(state: $0, attribute: .top) }
  }
  /// Bottom edge.
  public var bottomAnchor: NSLayoutYAxisAnchor {
    _layoutAnchorItem.item.anchor(.bottom) { NSLayoutYAxisAnchor(state: $0, attribute: .bottom) }
  }
  /// Vertical centre.
  public var centerYAnchor: NSLayoutYAxisAnchor {
    _layoutAnchorItem.item.anchor(.centerY) { NSLayoutYAxisAnchor(state: $0, attribute: .centerY) }
  }
  /// Width.
  public var widthAnchor: NSLayoutDimension {
    _layoutAnchorItem.item.anchor(.width) { NSLayoutDimension(state: $0, attribute: .width) }
  }
  /// Height.
  public var heightAnchor: NSLayoutDimension {
    _layoutAnchorItem.item.anchor(.height) { NSLayoutDimension(state: $0, attribute: .height) }
  }
}

/// The anchors an item handed out, one slot per attribute, each made on first use (UIKit
/// returns the same anchor object every time).
@MainActor
struct AnchorCache {
  private var left: AnyObject?
  private var right: AnyObject?
  private var top: AnyObject?
  private var bottom: AnyObject?
  private var leading: AnyObject?
  private var trailing: AnyObject?
  private var width: AnyObject?
  private var height: AnyObject?
  private var centerX: AnyObject?
  private var centerY: AnyObject?
  private var lastBaseline: AnyObject?
  private var firstBaseline: AnyObject?

  /// The anchor of an attribute, or nil.
  subscript(attribute: NSLayoutConstraint.Attribute) -> AnyObject? {
    get {
      switch attribute {
      case .left: return left
      case .right: return right
      case .top: return top
      case .bottom: return bottom
      case .leading: return leading
      case .trailing: return trailing
      case .width: return width
      case .height: return height
      case .centerX: return centerX
      case .centerY: return centerY
      case .lastBaseline: return lastBaseline
      case .firstBaseline: return firstBaseline
      case .notAnAttribute: return nil
      }
    }
    set {
      switch attribute {
      case .left: left = newValue
      case .right: right = newValue
      case .top: top = newValue
      case .bottom: bottom = newValue
      case .leading: leading = newValue
      case .trailing: trailing = newValue
      case .width: width = newValue
      case .height: height = newValue
      case .centerX: centerX = newValue
      case .centerY: centerY = newValue
      case .lastBaseline: lastBaseline = newValue
      case .firstBaseline: firstBaseline = newValue
      case .notAnAttribute: break
      }
    }
  }
}

extension LayoutItem {
  /// The item's anchor for `attribute`, made by `make` the first time.
  func anchor<A: AnyObject>(
    _ attribute: NSLayoutConstraint.Attribute, _ make: (LayoutItemState) -> A
  ) -> A {
    if let cached = cachedAnchor(attribute) { return unsafeDowncast(cached, to: A.self) }
    let anchor = make(layoutState)
    cacheAnchor(anchor, attribute)
    return anchor
  }
}

/// What anchors belong to: ``UIView`` and ``UILayoutGuide`` (not a UIKit type; it gives both
/// one set of anchor properties).
///
/// Only ViewKit's types conform: the requirement is an implementation detail.
@MainActor
public protocol LayoutAnchorOwner: AnyObject {
  /// The item constraints made from this owner's anchors refer to (implementation detail).
  var _layoutAnchorItem: LayoutAnchorItem { get }
  /// The owner's anchor for an attribute, made on first use (implementation detail).
  func _layoutAnchor(_ attribute: NSLayoutConstraint.Attribute) -> AnyObject
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
    unsafeDowncast(_layoutAnchor(.leading), to: NSLayoutXAxisAnchor.self)
  }
  /// Trailing edge.
  public var trailingAnchor: NSLayoutXAxisAnchor {
    unsafeDowncast(_layoutAnchor(.trailing), to: NSLayoutXAxisAnchor.self)
  }
  /// Left edge (never flips).
  public var leftAnchor: NSLayoutXAxisAnchor {
    unsafeDowncast(_layoutAnchor(.left), to: NSLayoutXAxisAnchor.self)
  }
  /// Right edge (never flips).
  public var rightAnchor: NSLayoutXAxisAnchor {
    unsafeDowncast(_layoutAnchor(.right), to: NSLayoutXAxisAnchor.self)
  }
  /// Horizontal centre.
  public var centerXAnchor: NSLayoutXAxisAnchor {
    unsafeDowncast(_layoutAnchor(.centerX), to: NSLayoutXAxisAnchor.self)
  }
  /// Top edge.
  public var topAnchor: NSLayoutYAxisAnchor {
    unsafeDowncast(_layoutAnchor(.top), to: NSLayoutYAxisAnchor.self)
  }
  /// Bottom edge.
  public var bottomAnchor: NSLayoutYAxisAnchor {
    unsafeDowncast(_layoutAnchor(.bottom), to: NSLayoutYAxisAnchor.self)
  }
  /// Vertical centre.
  public var centerYAnchor: NSLayoutYAxisAnchor {
    unsafeDowncast(_layoutAnchor(.centerY), to: NSLayoutYAxisAnchor.self)
  }
  /// Width.
  public var widthAnchor: NSLayoutDimension {
    unsafeDowncast(_layoutAnchor(.width), to: NSLayoutDimension.self)
  }
  /// Height.
  public var heightAnchor: NSLayoutDimension {
    unsafeDowncast(_layoutAnchor(.height), to: NSLayoutDimension.self)
  }
}

/// A new anchor of the right class for an attribute of the item of `state`.
@MainActor
/// (`consuming`: the anchor takes the caller's reference to the state, no other retain.)
func makeAnchor(
  _ state: consuming LayoutItemState, _ attribute: NSLayoutConstraint.Attribute
) -> AnyObject {
  switch attribute {
  case .leading, .trailing, .left, .right, .centerX:
    return NSLayoutXAxisAnchor(state: state, attribute: attribute)
  case .width, .height:
    return NSLayoutDimension(state: state, attribute: attribute)
  case .top, .bottom, .centerY, .firstBaseline, .lastBaseline, .notAnAttribute:
    return NSLayoutYAxisAnchor(state: state, attribute: attribute)
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

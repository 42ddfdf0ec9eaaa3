/// An invisible rectangle that takes part in layout (UIKit's `UILayoutGuide`): add it to a
/// view with ``UIView/addLayoutGuide(_:)`` and constrain its anchors.
@MainActor
public class UILayoutGuide: LayoutItem {
  /// The view that owns the guide.
  public internal(set) weak var owningView: UIView?
  /// A name for logs.
  public var identifier = ""
  let role: Role
  lazy var layoutState = LayoutItemState()

  enum Role {
    case plain, safeArea, margins
  }

  /// A guide to add to a view.
  public init() {
    role = .plain
  }

  init(role: Role, owner: UIView) {
    self.role = role
    owningView = owner
    identifier = role == .safeArea ? "UIViewSafeAreaLayoutGuide" : "UIViewLayoutMarginsGuide"
  }

  /// The guide's frame in its owning view's coordinates, after layout.
  public var layoutFrame: CGRect {
    guard let owner = owningView else { return .zero }
    owner.layoutIfNeeded()
    guard layoutState.engine != nil, owner.layoutState.engine === layoutState.engine else {
      return role == .plain ? .zero : owner.bounds.inset(by: fallbackInsets(owner))
    }
    let mine = layoutState.solvedRect
    let theirs = owner.layoutState.solvedRect
    return CGRect(
      x: mine.minX - theirs.minX, y: mine.minY - theirs.minY, width: mine.width,
      height: mine.height)
  }

  private func fallbackInsets(_ owner: UIView) -> UIEdgeInsets {
    role == .safeArea ? owner.safeAreaInsets : owner.layoutMargins
  }

  var layoutParentView: UIView? { owningView }
  var layoutAnchorView: UIView? { owningView }
  var layoutName: String {
    let owner = owningView?.layoutName ?? "nil"
    return identifier.isEmpty ? "UILayoutGuide(\(owner))" : "\(identifier)(\(owner))"
  }
  var baselineOffsets: (first: CGFloat, last: CGFloat) { (0, 0) }

  /// Leading edge.
  public var leadingAnchor: NSLayoutXAxisAnchor { .init(item: self, attribute: .leading) }
  /// Trailing edge.
  public var trailingAnchor: NSLayoutXAxisAnchor { .init(item: self, attribute: .trailing) }
  /// Left edge.
  public var leftAnchor: NSLayoutXAxisAnchor { .init(item: self, attribute: .left) }
  /// Right edge.
  public var rightAnchor: NSLayoutXAxisAnchor { .init(item: self, attribute: .right) }
  /// Horizontal centre.
  public var centerXAnchor: NSLayoutXAxisAnchor { .init(item: self, attribute: .centerX) }
  /// Top edge.
  public var topAnchor: NSLayoutYAxisAnchor { .init(item: self, attribute: .top) }
  /// Bottom edge.
  public var bottomAnchor: NSLayoutYAxisAnchor { .init(item: self, attribute: .bottom) }
  /// Vertical centre.
  public var centerYAnchor: NSLayoutYAxisAnchor { .init(item: self, attribute: .centerY) }
  /// Width.
  public var widthAnchor: NSLayoutDimension { .init(item: self, attribute: .width) }
  /// Height.
  public var heightAnchor: NSLayoutDimension { .init(item: self, attribute: .height) }

  /// Whether the guide's frame is not fully determined by its constraints.
  public var hasAmbiguousLayout: Bool {
    guard let root = owningView?.rootView else { return true }
    return root.layoutEngine.isAmbiguous(self)
  }
}

/// An invisible rectangle that takes part in layout (UIKit's `UILayoutGuide`): add it to a
/// view with ``UIView/addLayoutGuide(_:)`` and constrain its anchors.
@MainActor
public final class UILayoutGuide: LayoutItem, LayoutAnchorOwner {
  /// The view that owns the guide.
  /// Not `weak` (see ``UIView/superview``): the owning view clears it in its `deinit`.
  @exclusivity(unchecked) public internal(set) unowned(unsafe) var owningView: UIView?
  /// A name for logs.
  @exclusivity(unchecked) public var identifier = ""
  let role: Role
  @exclusivity(unchecked) var stateStorage: LayoutItemState?
  @exclusivity(unchecked) var anchorCache = AnchorCache()
  var layoutState: LayoutItemState {
    if let stateStorage { return stateStorage }
    let state = LayoutItemState()
    state.ownerGuide = self
    stateStorage = state
    return state
  }

  enum Role {
    case plain, safeArea, margins, scrollContent, scrollFrame
  }

  /// A guide to add to a view.
  public init() {
    role = .plain
  }

  isolated deinit {
    stateStorage?.ownerGuide = nil
    stateStorage?.removeAllReferences()
  }

  init(role: Role, owner: UIView) {
    self.role = role
    owningView = owner
    switch role {
    case .plain: identifier = ""
    case .safeArea: identifier = "UIViewSafeAreaLayoutGuide"
    case .margins: identifier = "UIViewLayoutMarginsGuide"
    case .scrollContent: identifier = "UIScrollView-contentLayoutGuide"
    case .scrollFrame: identifier = "UIScrollView-frameLayoutGuide"
    }
  }

  /// The guide's frame in its owning view's coordinates, after layout.
  public var layoutFrame: CGRect {
    guard let owner = owningView else { return .zero }
    owner.layoutIfNeeded()
    guard layoutState.engine != nil, owner.layoutState.engine === layoutState.engine else {
      switch role {
      case .plain: return .zero
      case .safeArea, .margins: return owner.bounds.inset(by: fallbackInsets(owner))
      case .scrollFrame: return owner.bounds
      case .scrollContent:
        return CGRect(origin: .zero, size: (owner as? UIScrollView)?.contentSize ?? .zero)
      }
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

  /// The guide itself (see ``LayoutAnchorOwner``).
  public var _layoutAnchorItem: LayoutAnchorItem { LayoutAnchorItem(item: self) }

  /// The guide's anchor for an attribute, made once (see ``LayoutAnchorOwner``).
  public func _layoutAnchor(_ attribute: NSLayoutConstraint.Attribute) -> AnyObject {
    if let cached = anchorCache[attribute] { return cached }
    let anchor = makeAnchor(layoutState, attribute)
    anchorCache[attribute] = anchor
    return anchor
  }

  /// Whether the guide's frame is not fully determined by its constraints.
  public var hasAmbiguousLayout: Bool {
    guard let root = owningView?.rootView else { return true }
    return root.layoutEngine.isAmbiguous(self)
  }
}

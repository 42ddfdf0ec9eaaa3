/// Where a ``GMSNavigationHidingStackView`` puts its views vertically.
public enum GMSNavigationHidingStackPosition: Int, Sendable {
  /// From the top edge down.
  case top = 0
  /// Centred vertically, top to bottom.
  case center = 1
  /// From the bottom edge up: the first view sits at the bottom.
  case bottom = 2
}

/// How a ``GMSNavigationHidingStackView`` aligns each view horizontally.
public enum GMSNavigationHidingStackViewAlignment: Int, Sendable {
  /// Against the leading edge.
  case leading = 0
  /// Against the trailing edge.
  case trailing = 1
}

/// A vertical stack that hides views from the end of ``arrangedSubviews`` when they do not
/// fit its height, and shows them again when it grows (Guides/Spec.md §6, Guides/Decisions.md 9).
///
/// The visible set is the longest prefix whose heights and spacing fit. Its width is the
/// widest arranged view's. Do not set `isHidden` on the views it manages.
///
/// ```swift
/// let stack = GMSNavigationHidingStackView(position: .bottom, alignment: .trailing)
/// stack.arrangedSubviews = buttons.map(\.view)
/// ```
@preconcurrency @MainActor
public final class GMSNavigationHidingStackView: UIView {
  /// The vertical placement of the whole stack.
  public let position: GMSNavigationHidingStackPosition
  /// The horizontal alignment of each view.
  public let alignment: GMSNavigationHidingStackViewAlignment
  private var placement: [NSLayoutConstraint] = []
  private var visibleCount = -1

  /// A stack placed at `position` with views aligned to `alignment`.
  public init(
    position: GMSNavigationHidingStackPosition, alignment: GMSNavigationHidingStackViewAlignment
  ) {
    self.position = position
    self.alignment = alignment
    super.init(frame: .zero)
    translatesAutoresizingMaskIntoConstraints = false
    accessibilityIdentifier = "GMSNavigationHidingStackView"
  }

  /// The managed views, in priority order (index 0 hides last).
  public var arrangedSubviews: [UIView] = [] {
    didSet {
      NSLayoutConstraint.deactivate(placement)
      placement = []
      for view in oldValue where !arrangedSubviews.contains(where: { $0 === view }) {
        if view.superview === self { view.removeFromSuperview() }
        view.isHidden = false
      }
      for view in arrangedSubviews where view.superview !== self {
        view.translatesAutoresizingMaskIntoConstraints = false
        addSubview(view)
      }
      visibleCount = -1
      invalidateIntrinsicContentSize()
      setNeedsLayoutSafely()
    }
  }

  /// The vertical gap between views; 8 by default.
  public var spacing: CGFloat = 8 {
    didSet {
      visibleCount = -1
      setNeedsLayoutSafely()
    }
  }

  /// The widest arranged view's width; no intrinsic height.
  public override var intrinsicContentSize: CGSize {
    let width = arrangedSubviews.map { Self.size(of: $0).width }.max() ?? 0
    return CGSize(width: width, height: UIView.noIntrinsicMetric)
  }

  /// Flushes a detached stack's pending layout, so nothing keeps it alive.
  public override func didMoveToSuperview() {
    super.didMoveToSuperview()
    if superview == nil { layoutIfNeeded() }
  }

  /// Picks the views that fit and places them.
  public override func layoutSubviews() {
    let count = fittingCount(height: bounds.height)
    guard count != visibleCount else { return }
    visibleCount = count
    NSLayoutConstraint.deactivate(placement)
    placement = []
    for (index, view) in arrangedSubviews.enumerated() { view.isHidden = index >= count }
    let shown = Array(arrangedSubviews.prefix(count))
    let total =
      shown.reduce(CGFloat(0)) { $0 + Self.size(of: $1).height }
      + spacing * CGFloat(max(0, shown.count - 1))
    var offset: CGFloat =
      position == .center ? max(0, (bounds.height - total) / 2) : 0
    for view in shown {
      let size = Self.size(of: view)
      switch alignment {
      case .leading: placement.append(view.leadingAnchor.constraint(equalTo: leadingAnchor))
      case .trailing: placement.append(view.trailingAnchor.constraint(equalTo: trailingAnchor))
      }
      if position == .bottom {
        placement.append(view.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -offset))
      } else {
        placement.append(view.topAnchor.constraint(equalTo: topAnchor, constant: offset))
      }
      offset += size.height + spacing
    }
    NSLayoutConstraint.activate(placement)
  }

  /// How many leading views fit in `height`.
  func fittingCount(height: CGFloat) -> Int {
    var used: CGFloat = 0
    var count = 0
    for view in arrangedSubviews {
      let needed = Self.size(of: view).height + (count > 0 ? spacing : 0)
      if used + needed > height + 0.001 { break }
      used += needed
      count += 1
    }
    return count
  }

  private static func size(of view: UIView) -> CGSize {
    let size = view.intrinsicContentSize
    return CGSize(width: max(0, size.width), height: max(0, size.height))
  }
}

/// What a component needs to size itself: the map's size and safe area, and wide mode.
struct ComponentLayoutContext: Equatable {
  var mapSize = CGSize.zero
  var safeArea = UIEdgeInsets.zero
  var wideMode = false
  var rightToLeft = false

  /// The width of the turn card and ETA card (Guides/Decisions.md 5–6).
  var cardWidth: CGFloat { wideMode ? 360 : mapSize.width }
}

/// The base of every Google-provided component: sizes itself from its context, never gets
/// width or height constraints from the SDK, and lays its content out by hand.
@MainActor
class ComponentView: UIView {
  var context = ComponentLayoutContext() {
    didSet {
      guard context != oldValue else { return }
      if context.rightToLeft != oldValue.rightToLeft {
        semanticContentAttribute = context.rightToLeft ? .forceRightToLeft : .forceLeftToRight
      }
      guard superview != nil else { return }
      invalidateIntrinsicContentSize()
      setNeedsLayout()
    }
  }

  init(identifier: String) {
    super.init(frame: .zero)
    translatesAutoresizingMaskIntoConstraints = false
    accessibilityIdentifier = identifier
    semanticContentAttribute = .forceLeftToRight
    // The margins guide is the component's visible edge above and below (Guides/Spec.md §8):
    // stacking one component on another's `layoutMarginsGuide` (seed 003: the speed widget
    // on `etaCard.layoutMarginsGuide.topAnchor`) makes them touch, not overlap. Sideways,
    // the cards keep `headerFooterHorizontalPadding` for their content.
    let side = NavigationStyleValues.headerFooterHorizontalPadding
    directionalLayoutMargins = NSDirectionalEdgeInsets(
      top: 0, leading: side, bottom: 0, trailing: side)
  }

  /// Flushes a detached view's pending layout, so nothing keeps the view alive.
  override func didMoveToSuperview() {
    super.didMoveToSuperview()
    if superview == nil {
      layoutIfNeeded()
    } else {
      invalidateIntrinsicContentSize()
      setNeedsLayout()
    }
  }

  /// Applies day or night colours.
  func apply(_ theme: NavigationTheme) {}

  /// A frame in reading order: mirrored in right-to-left.
  func place(_ view: UIView, _ rect: CGRect) {
    var r = rect
    if context.rightToLeft { r.origin.x = bounds.width - rect.maxX }
    if view.frame != r { view.frame = r }
  }

  /// A label in the house font.
  static func label(size: CGFloat, weight: UIFont.Weight = .regular, name: String) -> UILabel {
    let label = UILabel()
    label.font = .systemFont(ofSize: size, weight: weight)
    label.accessibilityIdentifier = name
    return label
  }
}

extension UIView {
  /// `setNeedsLayout()`, then, for a view outside any tree, an immediate layout pass: a
  /// detached view's own layout engine holds the views it must lay out strongly, so a
  /// detached view left with a pending layout would never be freed.
  func setNeedsLayoutSafely() {
    setNeedsLayout()
    if superview == nil { layoutIfNeeded() }
  }
}

/// Sets text only when it changed, so a tick that changes nothing costs nothing.
@MainActor
func setText(_ label: UILabel, _ text: String) {
  if label.text != text { label.text = text }
}

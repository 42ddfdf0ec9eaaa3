/// A view that lines up its arranged subviews in a row or column (UIKit's `UIStackView`),
/// with constraints it rebuilds whenever the arrangement, a property or a subview's
/// visibility changes. Hidden arranged views collapse: they take no room and no spacing.
@MainActor
open class UIStackView: UIView {
  /// How arranged views share the stack's length.
  public enum Distribution: Int, Sendable, Hashable {
    /// Fill the length; the lowest-hugging view grows, the lowest-resistance view shrinks.
    case fill = 0
    /// Fill with equal lengths.
    case fillEqually
    /// Fill with lengths in proportion to intrinsic lengths.
    case fillProportionally
    /// Equal gaps between views (at least ``spacing``).
    case equalSpacing
    /// Equal distances between view centres (gaps at least ``spacing``).
    case equalCentering
  }

  /// How arranged views sit across the stack.
  public enum Alignment: Int, Sendable, Hashable {
    /// Stretch across.
    case fill = 0
    /// Leading edge (vertical stacks).
    case leading
    /// First baseline (horizontal stacks).
    case firstBaseline
    /// Centred.
    case center
    /// Trailing edge (vertical stacks).
    case trailing
    /// Last baseline (horizontal stacks).
    case lastBaseline

    /// Top edge (horizontal stacks): same as ``leading``.
    public static let top = Alignment.leading
    /// Bottom edge (horizontal stacks): same as ``trailing``.
    public static let bottom = Alignment.trailing
  }

  // (Stored properties without dynamic exclusivity checks: a rebuild reads them all.)
  /// The views laid out, in order (each is also a subview).
  @exclusivity(unchecked) public private(set) var arrangedSubviews: [UIView] = []
  /// Row (horizontal) or column (vertical).
  @exclusivity(unchecked) open var axis: NSLayoutConstraint.Axis = .horizontal {
    didSet { arrangementChanged() }
  }
  /// How views share the length.
  @exclusivity(unchecked) open var distribution: Distribution = .fill {
    didSet { arrangementChanged() }
  }
  /// How views sit across.
  @exclusivity(unchecked) open var alignment: Alignment = .fill { didSet { arrangementChanged() } }
  /// The gap between adjacent views.
  @exclusivity(unchecked) open var spacing: CGFloat = 0 { didSet { arrangementChanged() } }
  /// Whether views are laid out inside the layout margins instead of the bounds.
  @exclusivity(unchecked) open var isLayoutMarginsRelativeArrangement = false {
    didSet { arrangementChanged() }
  }

  @exclusivity(unchecked) var stackConstraints: [NSLayoutConstraint] = []
  @exclusivity(unchecked) var spacers: [UILayoutGuide] = []
  @exclusivity(unchecked) var customSpacings: [ObjectIdentifier: CGFloat] = [:]

  /// A stack with a frame.
  public override init(frame: CGRect) {
    super.init(frame: frame)
  }

  /// A stack of `views`, which become its subviews.
  public convenience init(arrangedSubviews views: [UIView]) {
    self.init(frame: .zero)
    for view in views { addArrangedSubview(view) }
  }

  /// Adds `view` at the end (and as a subview).
  open func addArrangedSubview(_ view: UIView) {
    insertArrangedSubview(view, at: arrangedSubviews.count)
  }

  /// Inserts `view` at `index` of the arrangement (and as a subview).
  open func insertArrangedSubview(_ view: UIView, at index: Int) {
    // Loops, not closures: a closure's main-actor isolation is checked at run time.
    var i = 0
    while i < arrangedSubviews.count {
      if arrangedSubviews[i] === view { arrangedSubviews.remove(at: i) } else { i += 1 }
    }
    if arrangedSubviews.capacity == 0 { arrangedSubviews.reserveCapacity(4) }
    if index >= arrangedSubviews.count {
      arrangedSubviews.append(view)
    } else {
      arrangedSubviews.insert(view, at: max(index, 0))
    }
    view.translatesAutoresizingMaskIntoConstraints = false
    if view.superview !== self { addSubview(view) }
    arrangementChanged()
  }

  /// Takes `view` out of the arrangement; it stays a subview (as in UIKit).
  open func removeArrangedSubview(_ view: UIView) {
    arrangedSubviews.removeAll { $0 === view }
    arrangementChanged()
  }

  /// A gap after `view` other than ``spacing``.
  open func setCustomSpacing(_ spacing: CGFloat, after view: UIView) {
    customSpacings[ObjectIdentifier(view)] = spacing
    arrangementChanged()
  }

  /// The gap after `view`.
  open func customSpacing(after view: UIView) -> CGFloat {
    customSpacings[ObjectIdentifier(view)] ?? spacing
  }

  /// Removing an arranged view from the stack also removes it from the arrangement.
  open override func willRemoveSubview(_ subview: UIView) {
    super.willRemoveSubview(subview)
    if arrangedSubviews.contains(where: { $0 === subview }) {
      arrangedSubviews.removeAll { $0 === subview }
      arrangementChanged()
    }
  }

  func arrangedSubviewVisibilityChanged(_ view: UIView) {
    if arrangedSubviews.contains(where: { $0 === view }) { arrangementChanged() }
  }

  private func arrangementChanged() {
    setNeedsUpdateConstraints()
    setNeedsLayout()
  }

  /// Rebuilds the stack's constraints.
  open override func updateConstraints() {
    super.updateConstraints()
    rebuildArrangement()
  }
}

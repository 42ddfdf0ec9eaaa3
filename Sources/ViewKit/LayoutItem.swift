import Cassowary

/// Something constraints can position: a ``UIView`` or a ``UILayoutGuide``.
@MainActor
protocol LayoutItem: AnyObject {
  /// The item's solver variables and registration.
  var layoutState: LayoutItemState { get }
  /// The view whose coordinate space the item's frame is in: a view's superview, a guide's
  /// owning view.
  var layoutParentView: UIView? { get }
  /// The view whose subtree the item belongs to for common-ancestor checks.
  var layoutAnchorView: UIView? { get }
  /// A short name for logs: the identifier, or the type.
  var layoutName: String { get }
  /// Offsets of the first and last baselines from the top and bottom (views only).
  var baselineOffsets: (first: CGFloat, last: CGFloat) { get }
  /// The anchor handed out for an attribute, or nil.
  func cachedAnchor(_ attribute: NSLayoutConstraint.Attribute) -> AnyObject?
  /// Keeps the anchor handed out for an attribute.
  func cacheAnchor(_ anchor: AnyObject, _ attribute: NSLayoutConstraint.Attribute)
}

/// Solver variables of one item, in root coordinates, and what the engine knows of it.
@MainActor
final class LayoutItemState {
  /// Minimum x in the root view's coordinates.
  let x: Variable
  /// Minimum y.
  let y: Variable
  /// Width.
  let width: Variable
  /// Height.
  let height: Variable
  /// The view or guide these variables belong to; cleared by its `deinit`. Not `weak`: a
  /// weak reference would give every view a side table and slow every retain and release.
  unowned(unsafe) var ownerView: UIView? { didSet { ownedByView = ownerView != nil } }
  /// See ``ownerView``.
  unowned(unsafe) var ownerGuide: UILayoutGuide? {
    didSet { ownedByGuide = ownerGuide != nil }
  }
  /// Whether the item lives (kept with the owner, so the hot paths test it without loading,
  /// and so retaining, the owner).
  var hasOwner: Bool { ownedByView || ownedByGuide }
  /// Whether the item is a live view.
  private var ownedByView = false
  /// The engine the item is registered with (cleared by the engine's `deinit`).
  unowned(unsafe) var engine: LayoutEngine? {
    didSet {
      // (No closure: its main-actor isolation would be checked at run time.)
      if let engine {
        engineKey = UnsafeRawPointer(Unmanaged.passUnretained(engine).toOpaque())
      } else {
        engineKey = nil
      }
    }
  }
  /// The engine's address, for ``isRegistered(with:)``.
  private var engineKey: UnsafeRawPointer?

  /// Whether the item is a live layout guide.
  private(set) var ownedByGuide = false
  /// Position in the engine's item list.
  @exclusivity(unchecked) var index = -1
  /// Constraints the engine made for the item itself (frame, intrinsic size, guide insets).
  @exclusivity(unchecked) var own: [Constraint] = []
  /// What each own constraint is, for reports.
  @exclusivity(unchecked) var ownLabels: [StaticString] = []
  /// What the own constraints encode.
  @exclusivity(unchecked) var ownKind = OwnKind.none
  /// Edit variables the engine made for the item (root views).
  @exclusivity(unchecked) var edits: [Variable] = []
  /// The size last suggested for a root's edit variables.
  @exclusivity(unchecked) var suggestedSize: SIMD2<Double>?
  /// For a safe-area guide below the root: the ancestors' bounds origins (scroll offsets)
  /// its clamps to the base's safe area were built with.
  @exclusivity(unchecked) var scrollShift = SIMD2<Double>(0, 0)
  /// Intrinsic size and priorities the own constraints were built from.
  @exclusivity(unchecked) var intrinsic = IntrinsicKey()
  /// Active user constraints that reference the item, in no particular order; each knows
  /// its slot here (``NSLayoutConstraint`` `firstSlot`/`secondSlot`), so adding and removing
  /// one is O(1) without hashing.
  @exclusivity(unchecked) var references: [NSLayoutConstraint] = []

  /// Whether the item is registered with `engine` (no reference taken).
  @inline(__always)
  func isRegistered(with engine: LayoutEngine) -> Bool {
    engineKey == UnsafeRawPointer(Unmanaged.passUnretained(engine).toOpaque())
  }

  /// The item, while it lives.
  var owner: (any LayoutItem)? {
    if let ownerView { return ownerView }
    return ownerGuide
  }

  init() {
    x = Variable()
    y = Variable()
    width = Variable()
    height = Variable()
  }

  /// Adds an active constraint; returns its slot.
  func addReference(_ constraint: NSLayoutConstraint) -> Int {
    // Most items have a handful of constraints: one allocation instead of three growths.
    if references.capacity == 0 { references.reserveCapacity(6) }
    references.append(constraint)
    return references.count - 1
  }

  /// Removes the constraint at `slot`; the last one moves into the hole.
  func removeReference(at slot: Int, _ constraint: NSLayoutConstraint) {
    let last = references.count - 1
    guard slot >= 0, slot <= last, references[slot] === constraint else { return }
    if slot != last {
      let moved = references[last]
      references[slot] = moved
      moved.referenceMoved(in: self, from: last, to: slot)
    }
    references.removeLast()
  }

  /// The active constraints that reference the item, oldest first.
  var sortedReferences: [NSLayoutConstraint] { references.sorted { $0.serial < $1.serial } }

  /// The current solved frame in root coordinates.
  var solvedRect: CGRect {
    CGRect(x: x.value, y: y.value, width: width.value, height: height.value)
  }

  enum OwnKind: Equatable {
    case none, root, frame, intrinsic, safeArea, margins, scrollGuide

    /// The UIKit name of such constraints in logs.
    var prefix: String {
      switch self {
      case .none: return "none"
      case .root: return "UIWindow-size"
      case .frame: return "NSAutoresizingMaskLayoutConstraint"
      case .intrinsic: return "NSContentSizeLayoutConstraint"
      case .safeArea: return "UIViewSafeAreaLayoutGuide"
      case .margins: return "UIViewLayoutMarginsGuide"
      case .scrollGuide: return "UIScrollView-layoutGuide"
      }
    }
  }

  struct IntrinsicKey: Equatable {
    var size = CGSize(width: -1, height: -1)
    var hugging = AxisPriorities(UILayoutPriority(250), UILayoutPriority(250))
    var compression = AxisPriorities(UILayoutPriority(750), UILayoutPriority(750))
  }
}

extension LayoutItem {
  /// The root of the item's tree.
  var layoutRootView: UIView? { layoutAnchorView?.rootView }
}

/// A priority per axis, indexed by `NSLayoutConstraint.Axis.rawValue`.
struct AxisPriorities: Equatable {
  var horizontal: UILayoutPriority
  var vertical: UILayoutPriority

  init(_ horizontal: UILayoutPriority, _ vertical: UILayoutPriority) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  subscript(axis: Int) -> UILayoutPriority {
    get { axis == 0 ? horizontal : vertical }
    set { if axis == 0 { horizontal = newValue } else { vertical = newValue } }
  }
}

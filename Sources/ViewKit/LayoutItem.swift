@_spi(Layout) import Cassowary

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
  @exclusivity(unchecked) var own = OwnConstraints()
  /// What the own constraints encode.
  @exclusivity(unchecked) var ownKind = OwnKind.none
  /// Edit variables the engine made for the item (root views).
  @exclusivity(unchecked) var edits: [Variable] = []
  /// The size last suggested for a root's edit variables.
  @exclusivity(unchecked) var suggestedSize: DoublePair?
  /// For a safe-area guide below the root: the ancestors' bounds origins (scroll offsets)
  /// its clamps to the base's safe area were built with.
  @exclusivity(unchecked) var scrollShift = DoublePair(0, 0)
  /// Intrinsic size and priorities the own constraints were built from.
  @exclusivity(unchecked) var intrinsic = IntrinsicKey()
  /// Active user constraints that reference the item, newest first: an intrusive doubly
  /// linked list through the constraints' ``NSLayoutConstraint/firstLinks`` and
  /// ``NSLayoutConstraint/secondLinks`` (no array to allocate and grow per item). The list
  /// holds a reference to each constraint (released when it leaves the list).
  @exclusivity(unchecked) var referenceHead = ReferenceLink()
  /// How many entries ``referenceHead`` starts (a constraint between an item and itself
  /// is there twice).
  @exclusivity(unchecked) private(set) var referenceCount = 0

  /// Whether the item is registered with `engine` (no reference taken).
  @inline(__always)
  func isRegistered(with engine: LayoutEngine) -> Bool {
    engineKey == UnsafeRawPointer(Unmanaged.passUnretained(engine).toOpaque())
  }

  /// The root of the item's tree (``LayoutItem/layoutRootView`` without the existential).
  var rootView: UIView? {
    // The walk through unowned references (binding the owner to a strong local retained and
    // released it on every call; only the root returned is retained).
    unowned(unsafe) var view: UIView
    if ownedByView {
      view = ownerView.unsafelyUnwrapped
    } else if ownedByGuide, let owning = ownerGuide.unsafelyUnwrapped.owningView {
      view = owning
    } else {
      return nil
    }
    while let parent = view.superviewRef { view = parent.takeUnretainedValue() }
    return view
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

  /// Adds an active constraint through its first (`asSecond` false) or second item's links.
  func addReference(_ constraint: NSLayoutConstraint, asSecond: Bool) {
    let node = Unmanaged.passRetained(constraint)
    let old = referenceHead
    constraint.setLinks(
      ReferenceLink(next: old.next, nextIsSecond: old.nextIsSecond, isLinked: true),
      asSecond: asSecond)
    // (No `_withUnsafeGuaranteedRef`: its closure's isolation is checked at run time.)
    if let next = old.next {
      NSLayoutConstraint.setPrevious(of: next, node, isSecond: asSecond, entry: old.nextIsSecond)
    }
    referenceHead = ReferenceLink(next: node, nextIsSecond: asSecond, isLinked: true)
    referenceCount += 1
  }

  /// Removes a constraint added with ``addReference(_:asSecond:)`` (nothing when it is not
  /// in the list).
  func removeReference(_ constraint: NSLayoutConstraint, asSecond: Bool) {
    let links = constraint.links(asSecond: asSecond)
    guard links.isLinked else { return }
    // The predecessor's forward link, or the head's.
    if let previous = links.previous {
      NSLayoutConstraint.setNext(
        of: previous, links.next, isSecond: links.nextIsSecond, entry: links.previousIsSecond)
    } else {
      referenceHead.next = links.next
      referenceHead.nextIsSecond = links.nextIsSecond
    }
    if let next = links.next {
      NSLayoutConstraint.setPrevious(
        of: next, links.previous, isSecond: links.previousIsSecond, entry: links.nextIsSecond)
    }
    constraint.setLinks(ReferenceLink(), asSecond: asSecond)
    referenceCount -= 1
    Unmanaged.passUnretained(constraint).release()
  }

  /// Empties the list (the item went), releasing every constraint; the constraints stay
  /// active, as UIKit's do when their view goes.
  func removeAllReferences() {
    var link = referenceHead
    referenceHead = ReferenceLink()
    referenceCount = 0
    while let node = link.next {
      let constraint = node.takeUnretainedValue()
      let isSecond = link.nextIsSecond
      link = constraint.links(asSecond: isSecond)
      constraint.setLinks(ReferenceLink(), asSecond: isSecond)
      node.release()
    }
  }

  /// Whether no active constraint references the item.
  var hasNoReferences: Bool { referenceHead.next == nil }

  /// The active constraints that reference the item, newest first (a constraint between
  /// the item and itself is there twice).
  var references: [NSLayoutConstraint] {
    var result: [NSLayoutConstraint] = []
    result.reserveCapacity(referenceCount)
    var link = referenceHead
    while let node = link.next {
      let constraint = node.takeUnretainedValue()
      result.append(constraint)
      link = constraint.links(asSecond: link.nextIsSecond)
    }
    return result
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

/// Two doubles (a size, a shift). Not `SIMD2<Double>`: its 16-byte alignment made every
/// item state an aligned allocation (`posix_memalign`, slower than `malloc`).
struct DoublePair: Equatable {
  var x: Double
  var y: Double

  init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }

  static func - (a: DoublePair, b: DoublePair) -> DoublePair { DoublePair(a.x - b.x, a.y - b.y) }
}

/// The constraints the engine made for an item — their handles in the engine's solver, where
/// they are kept as values — each with what it is (for reports): the first four inline (a
/// view's frame, intrinsic size or a guide's insets need at most four; two arrays per item
/// were two allocations), more in an array.
struct OwnConstraints: RandomAccessCollection {
  private var c0 = ConstraintHandle(tag: -1)
  private var c1 = ConstraintHandle(tag: -1)
  private var c2 = ConstraintHandle(tag: -1)
  private var c3 = ConstraintHandle(tag: -1)
  private var l0: StaticString = ""
  private var l1: StaticString = ""
  private var l2: StaticString = ""
  private var l3: StaticString = ""
  private var more: [(constraint: ConstraintHandle, label: StaticString)] = []
  /// The number of constraints.
  private(set) var count = 0

  var startIndex: Int { 0 }
  var endIndex: Int { count }

  subscript(i: Int) -> ConstraintHandle {
    get {
      switch i {
      case 0: return c0
      case 1: return c1
      case 2: return c2
      case 3: return c3
      default: return more[i - 4].constraint
      }
    }
    set {
      switch i {
      case 0: c0 = newValue
      case 1: c1 = newValue
      case 2: c2 = newValue
      case 3: c3 = newValue
      default: more[i - 4].constraint = newValue
      }
    }
  }

  /// What constraint `i` is.
  func label(at i: Int) -> StaticString {
    switch i {
    case 0: return l0
    case 1: return l1
    case 2: return l2
    case 3: return l3
    default: return more[i - 4].label
    }
  }

  /// Adds a constraint at the end.
  mutating func append(_ constraint: ConstraintHandle, _ label: StaticString) {
    switch count {
    case 0: (c0, l0) = (constraint, label)
    case 1: (c1, l1) = (constraint, label)
    case 2: (c2, l2) = (constraint, label)
    case 3: (c3, l3) = (constraint, label)
    default: more.append((constraint, label))
    }
    count += 1
  }

  /// Drops every constraint.
  mutating func removeAll() { self = OwnConstraints() }
}

/// One entry of an item's list of referencing constraints (``LayoutItemState``): the
/// neighbours and which of their two entries (first or second item) the list goes through.
/// Unretained: the list holds one reference per entry itself.
struct ReferenceLink {
  var next: Unmanaged<NSLayoutConstraint>?
  var previous: Unmanaged<NSLayoutConstraint>?
  var nextIsSecond = false
  var previousIsSecond = false
  /// Whether the entry is in a list.
  var isLinked = false

  init() {}

  init(next: Unmanaged<NSLayoutConstraint>?, nextIsSecond: Bool, isLinked: Bool) {
    self.next = next
    self.nextIsSecond = nextIsSecond
    self.isLinked = isLinked
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

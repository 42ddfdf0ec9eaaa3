@_spi(Layout) import Cassowary

/// A relation between two layout attributes: `first = multiplier × second + constant`
/// (UIKit's `NSLayoutConstraint`), solved by the window's ``Cassowary`` solver.
///
/// Constraints are reusable objects: activate, deactivate and activate again; changing
/// ``constant`` of an active constraint updates the solver in place.
///
/// ```swift
/// let c = label.leadingAnchor.constraint(equalTo: view.safeAreaLayoutGuide.leadingAnchor,
///                                        constant: 8)
/// c.priority = .defaultHigh
/// c.isActive = true
/// ```
@MainActor
public final class NSLayoutConstraint {
  /// The first item (a `UIView` or `UILayoutGuide`).
  public var firstItem: AnyObject? { firstLayoutItem }
  /// The second item, or `nil` for a constant.
  public var secondItem: AnyObject? { secondLayoutItem }
  /// The first item's attribute.
  public let firstAttribute: Attribute
  /// The second item's attribute (`.notAnAttribute` for a constant).
  public let secondAttribute: Attribute
  /// The relation.
  public let relation: Relation
  /// The multiplier of the second attribute.
  public let multiplier: CGFloat
  /// A name for logs.
  @exclusivity(unchecked) public var identifier: String?
  /// Whether the constraint should be archived (kept for compatibility).
  public var shouldBeArchived = false

  /// The items' variables: strong (no cycle: a state does not own its item); the items
  /// themselves are reached through them while they live, as UIKit's weak items.
  let firstState: LayoutItemState?
  let secondState: LayoutItemState?
  var firstLayoutItem: (any LayoutItem)? { firstState?.owner }
  var secondLayoutItem: (any LayoutItem)? { secondState?.owner }
  let serial: Int
  private static var nextSerial = 0
  /// Its handle in the engine's solver (nil while not installed, or broken).
  @exclusivity(unchecked) var solverHandle: ConstraintHandle?
  /// The engine it is installed in (cleared by the engine's `deinit`).
  unowned(unsafe) var engine: LayoutEngine?
  @exclusivity(unchecked) var isBroken = false
  @exclusivity(unchecked) var builtFlipped = false
  @exclusivity(unchecked) var structuralConstant: Double = 0
  @exclusivity(unchecked) private var activeFlag = false
  /// Links in the first and second items' lists of referencing constraints (while active).
  /// (Not isolated: neighbours' links are written through unmanaged references in
  /// ``setPrevious(of:_:isSecond:entry:)`` without retaining them; only the main actor
  /// touches them.)
  @exclusivity(unchecked) nonisolated(unsafe) var firstLinks = ReferenceLink()
  @exclusivity(unchecked) nonisolated(unsafe) var secondLinks = ReferenceLink()
  /// Slot in the engine's installed list (while installed).
  @exclusivity(unchecked) var installedSlot = -1

  convenience init(
    first: (any LayoutItem)?, _ firstAttribute: Attribute, _ relation: Relation,
    second: (any LayoutItem)?, _ secondAttribute: Attribute, multiplier: CGFloat,
    constant: CGFloat
  ) {
    self.init(
      firstState: first?.layoutState, firstAttribute, relation, secondState: second?.layoutState,
      secondAttribute, multiplier: multiplier, constant: constant)
  }

  /// A constraint between the items of two states (an anchor's).
  init(
    firstState: LayoutItemState?, _ firstAttribute: Attribute, _ relation: Relation,
    secondState: LayoutItemState?, _ secondAttribute: Attribute, multiplier: CGFloat,
    constant: CGFloat
  ) {
    self.firstState = firstState
    self.secondState = secondState
    self.firstAttribute = firstAttribute
    self.secondAttribute = secondState == nil ? .notAnAttribute : secondAttribute
    self.relation = relation
    self.multiplier = multiplier
    self.constant = constant
    serial = Self.nextSerial
    Self.nextSerial += 1
  }

  /// UIKit's explicit form: `item1.attribute1 = multiplier × item2.attribute2 + constant`.
  public convenience init(
    item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation,
    toItem view2: Any?, attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat
  ) {
    self.init(
      first: view1 as? any LayoutItem, attr1, relation, second: view2 as? any LayoutItem, attr2,
      multiplier: multiplier, constant: c)
  }

  /// The constant; setting it on an active constraint updates the solver in place.
  @exclusivity(unchecked) public var constant: CGFloat {
    didSet {
      guard constant != oldValue, let engine else { return }
      engine.updateConstant(of: self)
    }
  }

  /// The priority; 1000 is required.
  @exclusivity(unchecked) public var priority: UILayoutPriority = .required {
    didSet {
      guard priority != oldValue, let engine else { return }
      engine.reinstall(self)
    }
  }

  /// Whether the constraint takes part in layout. Activating an active constraint, or
  /// deactivating an inactive one, does nothing. Activating one whose items share no
  /// ancestor is reported (``LayoutIssue/Kind/noCommonAncestor``) and leaves it inactive.
  public var isActive: Bool {
    get { activeFlag }
    set {
      if newValue == activeFlag { return }
      newValue ? activate() : deactivate()
    }
  }

  /// Whether the constraint is active but was broken to resolve a conflict.
  public var isBrokenByEngine: Bool { isBroken }

  /// The first item's anchor.
  public var firstAnchor: NSLayoutAnchor<AnyObject>? {
    guard let firstState, firstState.owner != nil else { return nil }
    return NSLayoutAnchor(state: firstState, attribute: firstAttribute)
  }

  /// The second item's anchor.
  public var secondAnchor: NSLayoutAnchor<AnyObject>? {
    guard let secondState, secondState.owner != nil else { return nil }
    return NSLayoutAnchor(state: secondState, attribute: secondAttribute)
  }

  /// Activates every constraint.
  public class func activate(_ constraints: [NSLayoutConstraint]) {
    for constraint in constraints { constraint.isActive = true }
  }

  /// Deactivates every constraint.
  public class func deactivate(_ constraints: [NSLayoutConstraint]) {
    for constraint in constraints { constraint.isActive = false }
  }

  private func activate() {
    // The states, not the items: the items are only reached off the fast path.
    guard let firstState, firstState.hasOwner else {
      LayoutIssue.report(.missingItem, "constraint has no first item: \(description)", self)
      return
    }
    // (No closure here: a closure's main-actor isolation is checked at run time.)
    var liveSecond: LayoutItemState?
    if let secondState, secondState.hasOwner { liveSecond = secondState }
    if let problem = attributeProblem() {
      LayoutIssue.report(.invalidAttributes, problem, self, on: firstLayoutItem?.layoutAnchorView)
      return
    }
    guard constant.isFinite, multiplier.isFinite else {
      LayoutIssue.report(
        .nonFinite, "non-finite constant or multiplier: \(description)", self,
        on: firstLayoutItem?.layoutAnchorView)
      return
    }
    // Fast path: items registered with one engine share its root (no walk up the tree).
    let engine: LayoutEngine
    if let known = firstState.engine, liveSecond?.isRegistered(with: known) ?? true {
      engine = known
    } else {
      // (The roots from the states: no item existentials unless something is reported.)
      guard let firstRoot = firstState.rootView else {
        LayoutIssue.report(.missingItem, "layout guide has no owning view: \(description)", self)
        return
      }
      if let liveSecond, liveSecond.rootView !== firstRoot,
        let first = firstLayoutItem, let second = secondLayoutItem
      {
        LayoutIssue.report(
          .noCommonAncestor,
          "Unable to activate constraint with anchors \(first.layoutName) and"
            + " \(second.layoutName) because they have no common ancestor. Does the constraint"
            + " or its anchors reference items in different view hierarchies? \(description)",
          self, on: firstRoot)
        return
      }
      engine = firstRoot.layoutEngine
    }
    activeFlag = true
    firstState.addReference(self, asSecond: false)
    if let secondState { secondState.addReference(self, asSecond: true) }
    engine.install(self, firstState, liveSecond)
  }

  private func deactivate() {
    activeFlag = false
    firstState?.removeReference(self, asSecond: false)
    secondState?.removeReference(self, asSecond: true)
    engine?.uninstall(self)
  }

  /// The links of the first (`asSecond` false) or second item's list.
  @inline(__always)
  func links(asSecond: Bool) -> ReferenceLink { asSecond ? secondLinks : firstLinks }

  @inline(__always)
  func setLinks(_ links: ReferenceLink, asSecond: Bool) {
    if asSecond { secondLinks = links } else { firstLinks = links }
  }

  /// Sets the backward link of `target`'s entry `entry` (second when true), without
  /// retaining `target` (nonisolated, so the closure's isolation is not checked at run time).
  @inline(__always)
  nonisolated static func setPrevious(
    of target: Unmanaged<NSLayoutConstraint>, _ node: Unmanaged<NSLayoutConstraint>?,
    isSecond: Bool, entry: Bool
  ) {
    target._withUnsafeGuaranteedRef { constraint in
      if entry {
        constraint.secondLinks.previous = node
        constraint.secondLinks.previousIsSecond = isSecond
      } else {
        constraint.firstLinks.previous = node
        constraint.firstLinks.previousIsSecond = isSecond
      }
    }
  }

  /// Sets the forward link of `target`'s entry `entry` (second when true), without
  /// retaining `target`.
  @inline(__always)
  nonisolated static func setNext(
    of target: Unmanaged<NSLayoutConstraint>, _ node: Unmanaged<NSLayoutConstraint>?,
    isSecond: Bool, entry: Bool
  ) {
    target._withUnsafeGuaranteedRef { constraint in
      if entry {
        constraint.secondLinks.next = node
        constraint.secondLinks.nextIsSecond = isSecond
      } else {
        constraint.firstLinks.next = node
        constraint.firstLinks.nextIsSecond = isSecond
      }
    }
  }
}

/// The key of a transaction's animation duration (a number of seconds).
public let kCATransactionAnimationDuration = "animationDuration"
/// The key of whether a transaction's property changes run their implicit animations (a
/// `Bool`).
public let kCATransactionDisableActions = "disableActions"
/// The key of a transaction's timing function (a ``CAMediaTimingFunction``).
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
/// The key of a transaction's completion block.
public let kCATransactionCompletionBlock = "completionBlock"

/// A batch of layer changes and the animations they start (Core Animation's `CATransaction`).
///
/// Between ``begin()`` and ``commit()``, changes to the animatable properties of layers no view
/// backs — and of the map's layers: markers' position, rotation and opacity, the camera of
/// `GMSMapView.layer` — animate over ``animationDuration()`` along
/// ``animationTimingFunction()`` (linear when none is set), on the layer's clock, unless
/// ``disableActions()``. ``setCompletionBlock(_:)``'s block runs on the clock once every
/// animation added in the transaction has finished or been removed (on the next turn of the
/// clock when there are none), never inside ``commit()``.
///
/// ```swift
/// CATransaction.begin()
/// CATransaction.setAnimationDuration(2)
/// CATransaction.setCompletionBlock { marker.rotation = heading }
/// marker.position = next            // moves over 2 s on the map
/// CATransaction.commit()
/// ```
///
/// Settings made with no transaction open go to an implicit one, committed on the clock's
/// next turn (or by ``flush()``), as the run loop does on iOS. Nested transactions take the
/// settings of the enclosing one they do not set themselves.
@MainActor
open class CATransaction {
  /// One open transaction.
  @MainActor final class Frame {
    var values: [String: Any] = [:]
    let group = TransactionGroup()
    let isImplicit: Bool
    init(isImplicit: Bool) { self.isImplicit = isImplicit }
  }

  @exclusivity(unchecked) static var stack: [Frame] = []

  /// Opens a transaction (nested in the open one, if any).
  open class func begin() {
    stack.append(Frame(isImplicit: false))
  }

  /// Closes the innermost transaction: its completion block waits for its animations.
  /// Without an open transaction, nothing happens.
  open class func commit() {
    guard let frame = stack.popLast() else { return }
    frame.group.commit(block: frame.values[kCATransactionCompletionBlock] as? Block)
  }

  /// Commits an implicit transaction now (explicit ones stay open).
  open class func flush() {
    if stack.count == 1, stack[0].isImplicit { commit() }
  }

  /// Does nothing: everything here runs on the main actor.
  open class func lock() {}
  /// Does nothing: everything here runs on the main actor.
  open class func unlock() {}

  /// The duration of animations the transaction's changes start: 0.25 s unless set.
  open class func animationDuration() -> CFTimeInterval {
    explicitAnimationDuration ?? 0.25
  }

  /// Sets ``animationDuration()``.
  open class func setAnimationDuration(_ dur: CFTimeInterval) {
    setValue(dur, forKey: kCATransactionAnimationDuration)
  }

  /// The pacing of the animations the transaction's changes start; `nil` (linear) unless set.
  open class func animationTimingFunction() -> CAMediaTimingFunction? {
    value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction
  }

  /// Sets ``animationTimingFunction()``.
  open class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
    setValue(function, forKey: kCATransactionAnimationTimingFunction)
  }

  /// Whether the transaction's property changes take effect at once (false unless set).
  open class func disableActions() -> Bool {
    switch value(forKey: kCATransactionDisableActions) {
    case let flag as Bool: return flag
    case let other: return AnimatedValue(other).map { $0.components.x != 0 } ?? false
    }
  }

  /// Sets ``disableActions()``.
  open class func setDisableActions(_ flag: Bool) {
    setValue(flag, forKey: kCATransactionDisableActions)
  }

  /// The block run when the transaction's animations have finished.
  open class func completionBlock() -> (@MainActor () -> Void)? {
    stack.last?.values[kCATransactionCompletionBlock] as? Block
  }

  /// Sets ``completionBlock()`` (replacing the one set before in this transaction).
  open class func setCompletionBlock(_ block: (@MainActor () -> Void)?) {
    setValue(block, forKey: kCATransactionCompletionBlock)
  }

  /// A transaction setting: one of the `kCATransaction…` keys or any key of the app's,
  /// looked up in the innermost transaction that set it (the completion block only in the
  /// innermost).
  open class func value(forKey key: String) -> Any? {
    if key == kCATransactionCompletionBlock { return stack.last?.values[key] }
    for frame in stack.reversed() {
      if let value = frame.values[key] { return value }
    }
    return nil
  }

  /// Sets a transaction setting; `nil` removes it. With no transaction open, opens an
  /// implicit one.
  open class func setValue(_ anObject: Any?, forKey key: String) {
    if stack.isEmpty {
      let frame = Frame(isImplicit: true)
      stack.append(frame)
      UIView.fallbackClock.schedule(after: 0) {
        if stack.count == 1, stack[0] === frame { commit() }
      }
    }
    stack[stack.count - 1].values[key] = anObject
  }

  typealias Block = @MainActor () -> Void

  /// The duration set in the open transactions, `nil` when none set one (or none is open):
  /// what map camera animations use instead of their own duration.
  package static var explicitAnimationDuration: TimeInterval? {
    guard let value = AnimatedValue(value(forKey: kCATransactionAnimationDuration)) else {
      return nil
    }
    return max(0, value.components.x)
  }

  /// Whether a change made now animates: a transaction is open and actions are not disabled.
  package static var animatesChanges: Bool {
    !stack.isEmpty && !disableActions()
  }

  /// Registers an animation starting now with every open transaction; call `finish` on the
  /// result when it ends or is removed (their completion blocks wait for it). `nil` when no
  /// transaction is open.
  package static func animationStarted(on clock: any MainClock) -> TransactionAnimationToken? {
    guard !stack.isEmpty else { return nil }
    let groups = stack.map(\.group)
    for group in groups { group.add(clock: clock) }
    return TransactionAnimationToken(groups: groups)
  }
}

/// The animations of one transaction still running, and its completion block.
@MainActor
final class TransactionGroup {
  private var pending = 0
  private var committed = false
  private var block: CATransaction.Block?
  private var clock: (any MainClock)?

  func add(clock: any MainClock) {
    pending += 1
    if self.clock == nil { self.clock = clock }
  }

  func commit(block: CATransaction.Block?) {
    committed = true
    self.block = block
    fireIfDone()
  }

  func finish() {
    pending = max(0, pending - 1)
    fireIfDone()
  }

  private func fireIfDone() {
    guard committed, pending == 0, let block else { return }
    self.block = nil
    (clock ?? UIView.fallbackClock).schedule(after: 0) { block() }
  }
}

/// One animation's membership in the open transactions' groups.
@MainActor
package final class TransactionAnimationToken {
  private var groups: [TransactionGroup]

  init(groups: [TransactionGroup]) { self.groups = groups }

  /// The animation ended (finished or removed); only the first call counts.
  package func finish() {
    let done = groups
    groups = []
    for group in done { group.finish() }
  }
}

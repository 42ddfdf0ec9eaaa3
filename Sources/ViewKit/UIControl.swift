/// A closure-based action (UIKit's `UIAction`).
@MainActor
public final class UIAction {
  /// The title, for menus.
  public let title: String
  /// An identifier for removal.
  public let identifier: String
  let handler: @MainActor (UIAction) -> Void
  /// The control that sent it, while the handler runs.
  public private(set) weak var sender: UIControl?

  /// An action with a handler.
  public init(
    title: String = "", identifier: String? = nil,
    handler: @escaping @MainActor (UIAction) -> Void
  ) {
    self.title = title
    self.identifier = identifier ?? UUIDCounter.next()
    self.handler = handler
  }

  func perform(from control: UIControl) {
    sender = control
    handler(self)
    sender = nil
  }
}

/// Unique identifiers for actions, deterministic within a run.
@MainActor
enum UUIDCounter {
  static var value = 0
  static func next() -> String {
    value += 1
    return "action-\(value)"
  }
}

/// A view that sends actions on events (UIKit's `UIControl`).
@MainActor
open class UIControl: UIView {
  /// Control events (UIKit's `UIControl.Event`).
  public struct Event: OptionSet, Sendable, Hashable {
    /// The event bits.
    public let rawValue: UInt
    /// Events from bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// A touch went down.
    public static let touchDown = Event(rawValue: 1 << 0)
    /// A touch went up inside: a tap.
    public static let touchUpInside = Event(rawValue: 1 << 6)
    /// The value changed.
    public static let valueChanged = Event(rawValue: 1 << 12)
    /// The primary action (a tap, for buttons).
    public static let primaryActionTriggered = Event(rawValue: 1 << 13)
  }

  /// Whether the control responds.
  open var isEnabled = true
  /// Whether it is selected.
  open var isSelected = false
  /// Whether it is highlighted (touched).
  open var isHighlighted = false
  private var actions: [(UIAction, Event)] = []

  /// Adds an action for events.
  public func addAction(_ action: UIAction, for events: Event) {
    actions.append((action, events))
  }

  /// Removes an action by identity.
  public func removeAction(_ action: UIAction, for events: Event) {
    actions.removeAll { $0.0 === action && $0.1 == events }
  }

  /// Removes the action with this identifier.
  public func removeAction(identifiedBy identifier: String, for events: Event) {
    actions.removeAll { $0.0.identifier == identifier && $0.1 == events }
  }

  /// Runs the actions registered for `events`, in the order added (nothing when disabled).
  public func sendActions(for events: Event) {
    guard isEnabled else { return }
    for (action, registered) in actions where !registered.isDisjoint(with: events) {
      action.perform(from: self)
    }
  }

  /// A tap, as the touch system would deliver it: `touchUpInside` and the primary action.
  public func simulateTap() {
    sendActions(for: [.touchUpInside, .primaryActionTriggered])
  }
}

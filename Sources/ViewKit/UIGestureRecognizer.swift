/// Recognises a gesture on a view and calls its handlers (UIKit's `UIGestureRecognizer`).
///
/// Without Objective-C selectors, handlers are closures (`init(handler:)`,
/// ``addTarget(_:)``). There is no touch screen: tests and tools drive gestures with the
/// `simulate…` methods of the subclasses, which move through UIKit's states.
@MainActor
open class UIGestureRecognizer {
  /// Where a gesture is in its life (UIKit's `UIGestureRecognizer.State`).
  public enum State: Int, Sendable, Hashable {
    /// Waiting for touches.
    case possible = 0
    /// A continuous gesture began.
    case began
    /// A continuous gesture changed.
    case changed
    /// The gesture ended (a discrete gesture is recognised).
    case ended
    /// The gesture was cancelled.
    case cancelled
    /// The gesture failed.
    case failed

    /// A discrete gesture was recognised (same as ``ended``).
    public static let recognized = State.ended
  }

  /// The state.
  public internal(set) var state = State.possible
  /// Whether it recognises gestures.
  open var isEnabled = true
  /// The view it is attached to.
  public internal(set) weak var view: UIView?
  private var handlers: [@MainActor (UIGestureRecognizer) -> Void] = []

  /// A recogniser that calls `handler` on each state change.
  public init(handler: (@MainActor (UIGestureRecognizer) -> Void)? = nil) {
    if let handler { handlers.append(handler) }
  }

  /// Adds a handler.
  open func addTarget(_ handler: @escaping @MainActor (UIGestureRecognizer) -> Void) {
    handlers.append(handler)
  }

  /// Where the gesture is in `view`'s coordinates.
  open func location(in view: UIView?) -> CGPoint { locationInWindow(of: view) }

  var windowLocation = CGPoint.zero

  func locationInWindow(of view: UIView?) -> CGPoint {
    guard let view else { return windowLocation }
    return view.convert(windowLocation, from: nil)
  }

  func move(to newState: State) {
    guard isEnabled, view != nil else { return }
    state = newState
    for handler in handlers { handler(self) }
  }
}

/// A tap (UIKit's `UITapGestureRecognizer`).
@MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
  /// Taps needed.
  open var numberOfTapsRequired = 1

  /// A tap at `point` in the window's coordinates.
  public func simulateTap(at point: CGPoint) {
    windowLocation = point
    move(to: .ended)
    state = .possible
  }
}

/// A drag (UIKit's `UIPanGestureRecognizer`).
@MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
  private var translationInWindow = CGPoint.zero
  private var lastVelocity = CGPoint.zero

  /// The finger's movement since the gesture began.
  open func translation(in view: UIView?) -> CGPoint { translationInWindow }

  /// Resets the reported translation.
  open func setTranslation(_ translation: CGPoint, in view: UIView?) {
    translationInWindow = translation
  }

  /// The finger's speed in points per second.
  open func velocity(in view: UIView?) -> CGPoint { lastVelocity }

  /// A drag from `start` (window coordinates) through `steps` (movements, each over
  /// `interval` seconds): `began`, one `changed` per step, then `ended`.
  public func simulatePan(
    from start: CGPoint, steps: [CGPoint], interval: TimeInterval = 1.0 / 60
  ) {
    windowLocation = start
    translationInWindow = .zero
    lastVelocity = .zero
    move(to: .began)
    for step in steps {
      translationInWindow.x += step.x
      translationInWindow.y += step.y
      windowLocation.x += step.x
      windowLocation.y += step.y
      lastVelocity = CGPoint(x: step.x / interval, y: step.y / interval)
      move(to: .changed)
    }
    move(to: .ended)
    state = .possible
  }
}

extension UIView {
  /// Attaches a recogniser.
  public func addGestureRecognizer(_ recognizer: UIGestureRecognizer) {
    recognizer.view?.removeGestureRecognizer(recognizer)
    recognizers.append(recognizer)
    recognizer.view = self
  }

  /// Detaches a recogniser.
  public func removeGestureRecognizer(_ recognizer: UIGestureRecognizer) {
    recognizers.removeAll { $0 === recognizer }
    if recognizer.view === self { recognizer.view = nil }
  }

  /// The attached recognisers.
  public var gestureRecognizers: [UIGestureRecognizer]? {
    recognizers.isEmpty ? nil : recognizers
  }
}

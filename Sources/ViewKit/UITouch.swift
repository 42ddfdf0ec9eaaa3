/// A finger on the screen (UIKit's `UITouch`).
///
/// There is no touch screen: ``UIWindow/sendTouches(_:at:)`` delivers touches as
/// `UIApplication.sendEvent(_:)` would, to the view under each finger where it went down
/// (the nearest view up from it that handles touches, ``UITouchResponding``).
@MainActor
public final class UITouch: Hashable {
  /// Where a touch is in its life (UIKit's `UITouch.Phase`).
  public enum Phase: Int, Sendable, Hashable {
    /// The finger went down.
    case began = 0
    /// The finger moved.
    case moved
    /// The finger is down and did not move.
    case stationary
    /// The finger lifted.
    case ended
    /// The system cancelled the touch.
    case cancelled
  }

  /// The phase.
  public internal(set) var phase: Phase
  /// When the touch last changed, in seconds of the window's clock.
  public internal(set) var timestamp: TimeInterval
  /// Taps in quick succession at about the same place (1 for a single tap).
  public internal(set) var tapCount: Int
  /// The view the finger went down on.
  public internal(set) weak var view: UIView?
  /// The window.
  public internal(set) weak var window: UIWindow?
  var windowLocation: CGPoint
  var previousWindowLocation: CGPoint

  init(phase: Phase, timestamp: TimeInterval, tapCount: Int, location: CGPoint) {
    self.phase = phase
    self.timestamp = timestamp
    self.tapCount = tapCount
    windowLocation = location
    previousWindowLocation = location
  }

  /// Where the finger is in `view`'s coordinates (the window's when `nil`).
  public func location(in view: UIView?) -> CGPoint {
    guard let view else { return windowLocation }
    return view.convert(windowLocation, from: nil)
  }

  /// Where the finger was before its last move, in `view`'s coordinates.
  public func previousLocation(in view: UIView?) -> CGPoint {
    guard let view else { return previousWindowLocation }
    return view.convert(previousWindowLocation, from: nil)
  }

  /// Identity.
  public nonisolated static func == (a: UITouch, b: UITouch) -> Bool { a === b }
  /// Hashes the identity.
  public nonisolated func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

/// One delivery of touches (UIKit's `UIEvent` of type touches).
@MainActor
public final class UIEvent {
  /// Every finger down (or lifting) in this event.
  public let allTouches: Set<UITouch>?
  /// When it happened, in seconds of the window's clock.
  public let timestamp: TimeInterval

  init(touches: Set<UITouch>, timestamp: TimeInterval) {
    allTouches = touches
    self.timestamp = timestamp
  }

  /// The touches that went down on `view`.
  public func touches(for view: UIView) -> Set<UITouch>? {
    allTouches?.filter { $0.view === view }
  }
}

/// A view that handles touches itself (UIKit's `touchesBegan(_:with:)` family, which every
/// `UIResponder` has; here a view opts in by conforming).
@MainActor
public protocol UITouchResponding: AnyObject {
  /// Fingers went down.
  func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?)
  /// Fingers moved.
  func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?)
  /// Fingers lifted.
  func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?)
  /// The touches were cancelled.
  func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?)
}

/// The fingers down on each window.
@MainActor
private var activeTouches: [ObjectIdentifier: [Int: UITouch]] = [:]
/// The last finger lifted on each window without moving (for tap counts).
@MainActor
private var lastTaps: [ObjectIdentifier: (time: TimeInterval, location: CGPoint, count: Int)] = [:]

extension UIView {
  /// The nearest view from this one up that handles touches.
  public var touchResponder: (any UITouchResponding)? {
    var view: UIView? = self
    while let current = view {
      if let responder = current as? any UITouchResponding { return responder }
      view = current.superview
    }
    return nil
  }
}

extension UIWindow {
  /// Delivers one touch event as `UIApplication.sendEvent(_:)` would: each finger (by an id
  /// of the caller's choosing) at a window point in a phase, at `time` on the window's
  /// clock (now when `nil`). A finger that begins is hit-tested (``UIView/hitTest(_:with:)``)
  /// and stays with that view until it ends; each view's handler (``UITouchResponding``)
  /// gets its own fingers. A finger beginning within 0.35 s and 40 points of the last tap
  /// counts one more in ``UITouch/tapCount``. Ids not down are ignored unless beginning.
  ///
  /// ```swift
  /// window.sendTouches([(1, .began, CGPoint(x: 100, y: 200))])
  /// clock.advance(by: 0.1)
  /// window.sendTouches([(1, .ended, CGPoint(x: 100, y: 200))])
  /// ```
  public func sendTouches(
    _ fingers: [(id: Int, phase: UITouch.Phase, location: CGPoint)], at time: TimeInterval? = nil
  ) {
    layoutIfNeeded()
    let key = ObjectIdentifier(self)
    let now = time ?? clock.now
    var down = activeTouches[key] ?? [:]
    var changed: [UITouch] = []
    for finger in fingers {
      if finger.phase == .began {
        var count = 1
        if let last = lastTaps[key], now - last.time <= 0.35,
          hypot(finger.location.x - last.location.x, finger.location.y - last.location.y) <= 40
        {
          count = last.count + 1
        }
        let touch = UITouch(
          phase: .began, timestamp: now, tapCount: count, location: finger.location)
        touch.window = self
        touch.view = hitTest(finger.location, with: nil)
        down[finger.id]?.phase = .cancelled
        down[finger.id] = touch
        changed.append(touch)
      } else if let touch = down[finger.id] {
        touch.previousWindowLocation = touch.windowLocation
        touch.windowLocation = finger.location
        touch.phase = finger.phase
        touch.timestamp = now
        changed.append(touch)
        if finger.phase == .ended || finger.phase == .cancelled {
          down[finger.id] = nil
          if finger.phase == .ended {
            lastTaps[key] = (now, finger.location, touch.tapCount)
          }
        }
      }
    }
    activeTouches[key] = down.isEmpty ? nil : down
    let all = Set(changed).union(down.values)
    let event = UIEvent(touches: all, timestamp: now)
    // Group by responder, in the order fingers were given.
    var groups: [(responder: any UITouchResponding, touches: [UITouch])] = []
    for touch in changed {
      guard let responder = touch.view?.touchResponder else { continue }
      if let i = groups.firstIndex(where: { $0.responder === responder }) {
        groups[i].touches.append(touch)
      } else {
        groups.append((responder, [touch]))
      }
    }
    for group in groups {
      for phase in [UITouch.Phase.began, .moved, .stationary, .ended, .cancelled] {
        let touches = Set(group.touches.filter { $0.phase == phase })
        guard !touches.isEmpty else { continue }
        switch phase {
        case .began: group.responder.touchesBegan(touches, with: event)
        case .moved, .stationary: group.responder.touchesMoved(touches, with: event)
        case .ended: group.responder.touchesEnded(touches, with: event)
        case .cancelled: group.responder.touchesCancelled(touches, with: event)
        }
      }
    }
  }
}

import CSDL2
import Demo
import Foundation
import NavigationCore
import NavigationUI
import ViewKit

/// The fingers the mouse stands for: the left button is one finger; the right button (or
/// Shift with the left) is two fingers mirrored about the window's centre, so dragging
/// pinches and rotates the map, as the iOS simulator's Option-drag does.
@MainActor
final class MouseFingers {
  /// Fingers down (ids 1 and 2), or none.
  var pivot: CGPoint?
  var down = false
}

extension LiveLoop {
  /// Handles every queued SDL event.
  func pollEvents(at now: Double) {
    var event = SDL_Event()
    while SDL_PollEvent(&event) != 0 {
      handle(event, at: now)
      if closeReason != nil { return }
    }
  }

  private func handle(_ event: SDL_Event, at now: Double) {
    switch event.type {
    case SDL_QUIT.rawValue: closeReason = "window"
    case SDL_WINDOWEVENT.rawValue: handleWindow(event.window)
    case SDL_KEYDOWN.rawValue:
      guard event.key.repeat == 0 else { return }
      pendingInput.append(now)
      handleKey(event.key.keysym.sym)
    case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue:
      guard event.button.which != UInt32.max else { return }  // SDL_TOUCH_MOUSEID
      pendingInput.append(now)
      mouseButton(event.button, down: event.type == SDL_MOUSEBUTTONDOWN.rawValue)
    case SDL_MOUSEMOTION.rawValue:
      guard event.motion.which != UInt32.max, mouse.down else { return }
      pendingInput.append(now)
      mouseMoved(to: point(x: event.motion.x, y: event.motion.y))
    case SDL_MOUSEWHEEL.rawValue:
      guard event.wheel.which != UInt32.max, event.wheel.y != 0 else { return }
      pendingInput.append(now)
      var x: Int32 = 0
      var y: Int32 = 0
      SDL_GetMouseState(&x, &y)
      pinch(at: point(x: x, y: y), by: pow(1.25, Double(event.wheel.y)))
    case SDL_FINGERDOWN.rawValue, SDL_FINGERMOTION.rawValue, SDL_FINGERUP.rawValue:
      pendingInput.append(now)
      let finger = event.tfinger
      let phase: UITouch.Phase =
        event.type == SDL_FINGERDOWN.rawValue
        ? .began : event.type == SDL_FINGERUP.rawValue ? .ended : .moved
      let location = CGPoint(
        x: Double(finger.x) * size.width, y: Double(finger.y) * size.height)
      touch([(100 + Int(truncatingIfNeeded: finger.fingerId), phase, location)])
    case SDL_USEREVENT.rawValue:
      // A finger pushed by the latency measurement, stamped when it was pushed.
      let finger = DragInjector.decode(event.user)
      pendingInput.append(finger.pushed)
      touch([(7, finger.phase, finger.location)])
    default: break
    }
  }

  /// A window point from window coordinates (pixels on X11: points × scale).
  private func point(x: Int32, y: Int32) -> CGPoint {
    let window = screen.windowSize
    return CGPoint(
      x: Double(x) * size.width / Double(max(1, window.width)),
      y: Double(y) * size.height / Double(max(1, window.height)))
  }

  /// Delivers fingers through the window's touch path and reports them.
  func touch(_ fingers: [(id: Int, phase: UITouch.Phase, location: CGPoint)]) {
    session.window.sendTouches(fingers)
    for finger in fingers {
      emit(
        "touch",
        [
          .init("id", "\(finger.id)"), .init("phase", Self.name(finger.phase)),
          .number("x", finger.location.x), .number("y", finger.location.y),
        ])
    }
    if fingers.contains(where: { $0.phase == .ended || $0.phase == .cancelled }) {
      emit("camera", cameraFields())
    }
  }

  private static func name(_ phase: UITouch.Phase) -> String {
    switch phase {
    case .began: "began"
    case .moved: "moved"
    case .stationary: "stationary"
    case .ended: "ended"
    case .cancelled: "cancelled"
    }
  }

  private func mouseButton(_ button: SDL_MouseButtonEvent, down: Bool) {
    let location = point(x: button.x, y: button.y)
    let twoFingers =
      button.button == UInt8(SDL_BUTTON_RIGHT)
      || (button.button == UInt8(SDL_BUTTON_LEFT)
        && SDL_GetModState().rawValue & KMOD_SHIFT.rawValue != 0)
    guard button.button == UInt8(SDL_BUTTON_LEFT) || twoFingers else { return }
    if down {
      guard !mouse.down else { return }
      mouse.down = true
      if twoFingers {
        let pivot = CGPoint(x: size.width / 2, y: size.height / 2)
        mouse.pivot = pivot
        touch([(1, .began, location), (2, .began, mirrored(location, about: pivot))])
      } else {
        mouse.pivot = nil
        touch([(1, .began, location)])
      }
    } else {
      guard mouse.down else { return }
      mouse.down = false
      if let pivot = mouse.pivot {
        touch([(1, .ended, location), (2, .ended, mirrored(location, about: pivot))])
      } else {
        touch([(1, .ended, location)])
      }
      mouse.pivot = nil
    }
  }

  private func mouseMoved(to location: CGPoint) {
    if let pivot = mouse.pivot {
      touch([(1, .moved, location), (2, .moved, mirrored(location, about: pivot))])
    } else {
      touch([(1, .moved, location)])
    }
  }

  private func mirrored(_ p: CGPoint, about c: CGPoint) -> CGPoint {
    CGPoint(x: 2 * c.x - p.x, y: 2 * c.y - p.y)
  }

  /// Two fingers 80 points apart about `center` spreading by `factor` (the mouse wheel).
  func pinch(at center: CGPoint, by factor: Double) {
    let half = 40.0
    let spread = half * factor
    touch([
      (3, .began, CGPoint(x: center.x - half, y: center.y)),
      (4, .began, CGPoint(x: center.x + half, y: center.y)),
    ])
    touch([
      (3, .moved, CGPoint(x: center.x - spread, y: center.y)),
      (4, .moved, CGPoint(x: center.x + spread, y: center.y)),
    ])
    touch([
      (3, .ended, CGPoint(x: center.x - spread, y: center.y)),
      (4, .ended, CGPoint(x: center.x + spread, y: center.y)),
    ])
  }

  private func handleWindow(_ event: SDL_WindowEvent) {
    switch UInt32(event.event) {
    case SDL_WINDOWEVENT_CLOSE.rawValue: closeReason = "window"
    case SDL_WINDOWEVENT_SIZE_CHANGED.rawValue:
      let points = CGSize(
        width: max(100, Double(event.data1) / scale), height: max(100, Double(event.data2) / scale))
      resize(to: points)
    default: break
    }
  }

  /// Resizes the root view (the window) and the map view filling it.
  func resize(to points: CGSize) {
    guard points != size else { return }
    size = points
    session.window.frame = CGRect(origin: .zero, size: points)
    session.mapView.frame = session.window.bounds
    session.window.layoutIfNeeded()
    emit("resized", [.init("size", "\(Int(points.width))x\(Int(points.height))")])
  }

  /// The keyboard shortcuts (Guides/LiveWindow.md).
  private func handleKey(_ key: SDL_Keycode) {
    let mapView = session.mapView
    var action: String
    switch key {
    case Int32(SDLK_ESCAPE.rawValue), Int32(UnicodeScalar("q").value):
      closeReason = "escape"
      action = "close"
    case Int32(UnicodeScalar("n").value):
      mapView.lightingMode = mapView.lightingMode == .lowLight ? .normal : .lowLight
      action = mapView.lightingMode == .lowLight ? "night" : "day"
    case Int32(UnicodeScalar("p").value):
      let prompts: [NavigationPrompt] = [
        .incident(title: "Accident ahead"), .traffic(title: "Slow traffic ahead", distance: 300),
        .betterRoute(title: "Faster route available", savings: 120),
      ]
      let prompt = prompts[promptIndex % prompts.count]
      promptIndex += 1
      let shown = session.navigator?.showPrompt(prompt) ?? false
      action = shown ? "prompt" : "prompt-refused"
    case Int32(UnicodeScalar("x").value):
      session.navigator?.dismissPrompt()
      action = "dismiss-prompt"
    case Int32(SDLK_SPACE.rawValue):
      paused.toggle()
      action = paused ? "pause" : "resume"
    case Int32(UnicodeScalar("=").value), Int32(UnicodeScalar("+").value),
      Int32(SDLK_KP_PLUS.rawValue),
      Int32(UnicodeScalar("]").value):
      timeScale = min(64, max(0.25, timeScale) * 2)
      action = "faster"
    case Int32(UnicodeScalar("-").value), Int32(SDLK_KP_MINUS.rawValue),
      Int32(UnicodeScalar("[").value):
      timeScale = max(0.25, timeScale / 2)
      action = "slower"
    case Int32(UnicodeScalar("0").value), Int32(UnicodeScalar("1").value):
      timeScale = 1
      action = "normal-speed"
    case Int32(UnicodeScalar("r").value):
      mapView.cameraMode = .following
      action = "recenter"
    case Int32(UnicodeScalar("o").value):
      mapView.cameraMode = mapView.cameraMode == .overview ? .following : .overview
      action = "overview"
    default:
      return
    }
    emit("key", [.init("action", action), .number("timeScale", timeScale, digits: 2)])
  }
}

/// The root of a view tree on a screen (UIKit's `UIWindow`), with the host-set safe area
/// and the clock that drives its animations and timers.
///
/// ```swift
/// let clock = ManualClock()
/// let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844),
///                       safeAreaInsets: UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0),
///                       clock: clock)
/// ```
@MainActor
open class UIWindow: UIView {
  /// The clock for animations, timers and everything time-based in this window.
  public let clock: any MainClock
  /// The screen the window is on.
  public var screen: UIScreen
  /// What the renderer showing this window adds when its views are drawn with
  /// `drawHierarchy(in:afterScreenUpdates:)` or `layer.render(in:)` (its map, catalogue
  /// images): set by that renderer, never process-wide.
  package var paintingHooks: (any ViewTreePaintingHooks)?
  var windowSafeAreaInsets: UIEdgeInsets
  var windowTraits: UITraitCollection {
    didSet {
      isRightToLeft = windowTraits.layoutDirection == .rightToLeft
      _engine?.rootIsRightToLeft = isRightToLeft
    }
  }
  /// Whether ``windowTraits`` read right to left (kept with them: every constraint with a
  /// leading or trailing attribute asks when it is built).
  @exclusivity(unchecked) private(set) var isRightToLeft = false
  private static weak var newestClockObject: AnyObject?

  /// A window with a frame, safe-area insets (set by the host: notch, home indicator) and
  /// a clock (the shared real-time clock by default).
  public init(
    frame: CGRect, safeAreaInsets: UIEdgeInsets = .zero,
    clock: any MainClock = RealTimeClock.shared,
    screen: UIScreen = .main
  ) {
    self.clock = clock
    self.screen = screen
    windowSafeAreaInsets = safeAreaInsets
    windowTraits = UITraitCollection(size: frame.size, idiom: screen.traitIdiom)
    super.init(frame: frame)
    isWindowView = true
    isRightToLeft = windowTraits.layoutDirection == .rightToLeft
    Self.newestClockObject = clock
    if let manual = clock as? ManualClock {
      let token = clockToken
      manual.addObserver {
        guard let window = token.window else { return false }
        window.layoutIfNeeded()
        return true
      }
    }
  }

  /// What the clock's observer holds instead of a weak reference to the window (which would
  /// give the window a side table and slow every retain and release of the root).
  final class Token {
    unowned(unsafe) var window: UIWindow?
  }
  private lazy var clockToken: Token = {
    let token = Token()
    token.window = self
    return token
  }()

  isolated deinit {
    clockToken.window = nil
  }

  /// A window filling the main screen, on the real-time clock.
  public convenience init() {
    self.init(frame: UIScreen.main.bounds)
  }

  static var newestClock: (any MainClock)? { newestClockObject as? any MainClock }

  /// The window's root view controller; its view fills the window.
  open var rootViewController: UIViewController? {
    didSet {
      guard rootViewController !== oldValue else { return }
      if let old = oldValue, let view = old.viewIfLoaded, view.superview === self {
        old.beginAppearance(false)
        view.removeFromSuperview()
        old.endAppearance(false)
      }
      if let controller = rootViewController, let view = controller.view {
        view.frame = bounds
        controller.beginAppearance(true)
        // Beneath whatever the window already shows (a dialog presented before the
        // controller's view was loaded stays on top).
        insertSubview(view, at: 0)
        controller.endAppearance(true)
      }
    }
  }

  /// Shows the window (kept for source compatibility).
  open func makeKeyAndVisible() { isHidden = false }

  /// The safe-area insets the host set; changing them moves every safe-area guide.
  public func setSafeAreaInsets(_ insets: UIEdgeInsets) {
    guard insets != windowSafeAreaInsets else { return }
    windowSafeAreaInsets = insets
    if let guide = _safeAreaGuide, let engine = guide.layoutState.engine {
      engine.markDirty(guide)
    }
    forEachInSubtree { $0.safeAreaInsetsDidChange() }
  }

  /// The window's trait collection (size classes, direction, appearance).
  public func setTraitCollection(_ traits: UITraitCollection) {
    let old = windowTraits
    windowTraits = traits
    if old.layoutDirection != traits.layoutDirection { directionDidChange() }
    forEachInSubtree { $0.traitCollectionDidChange(old) }
  }

  func windowSizeChanged() {
    windowTraits = windowTraits.with(size: frame.size)
    if let state = _layoutState, let engine = state.engine {
      engine.markDirty(self)
      if let guide = _safeAreaGuide { engine.markDirty(guide) }
    }
  }
}

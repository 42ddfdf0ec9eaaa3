/// What a transition's alongside animations and completions are told (UIKit's
/// `UIViewControllerTransitionCoordinatorContext`).
@MainActor
public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
  /// The transition's length in seconds.
  var transitionDuration: TimeInterval { get }
  /// Whether it animates.
  var isAnimated: Bool { get }
  /// Whether it was cancelled.
  var isCancelled: Bool { get }
  /// The target transform's rotation (0 here).
  var targetTransformRotation: CGFloat { get }
}

/// Runs animations alongside a size or trait transition (UIKit's
/// `UIViewControllerTransitionCoordinator`).
@MainActor
public protocol UIViewControllerTransitionCoordinator:
  UIViewControllerTransitionCoordinatorContext
{
  /// Adds an animation that runs inside the transition's animation block, and a completion
  /// that runs after it on the window's clock. Returns `true`.
  @discardableResult
  func animate(
    alongsideTransition animation: (
      @MainActor (any UIViewControllerTransitionCoordinatorContext) -> Void
    )?,
    completion: (@MainActor (any UIViewControllerTransitionCoordinatorContext) -> Void)?
  ) -> Bool
}

extension UIViewControllerTransitionCoordinator {
  /// Adds an animation that runs alongside the transition.
  @discardableResult
  public func animate(
    alongsideTransition animation: (
      @MainActor (any UIViewControllerTransitionCoordinatorContext) -> Void
    )?
  ) -> Bool {
    animate(alongsideTransition: animation, completion: nil)
  }
}

/// The coordinator ``UIWindow/transition(to:safeAreaInsets:duration:)`` hands out.
@MainActor
final class WindowTransitionCoordinator: UIViewControllerTransitionCoordinator {
  let transitionDuration: TimeInterval
  var isAnimated: Bool { transitionDuration > 0 }
  let isCancelled = false
  let targetTransformRotation: CGFloat = 0
  var alongside: [@MainActor (any UIViewControllerTransitionCoordinatorContext) -> Void] = []
  var completions: [@MainActor (any UIViewControllerTransitionCoordinatorContext) -> Void] = []

  init(duration: TimeInterval) {
    transitionDuration = duration
  }

  func animate(
    alongsideTransition animation: (
      @MainActor (any UIViewControllerTransitionCoordinatorContext) -> Void
    )?,
    completion: (@MainActor (any UIViewControllerTransitionCoordinatorContext) -> Void)?
  ) -> Bool {
    if let animation { alongside.append(animation) }
    if let completion { completions.append(completion) }
    return true
  }
}

extension UIWindow {
  /// Resizes the window as a rotation or split-screen change would: the root view
  /// controller's `willTransition(to:with:)` (when the traits change) and
  /// `viewWillTransition(to:with:)` run first; then, inside one animation of `duration`, the
  /// window takes its new size and safe area, the coordinator's alongside animations run and
  /// the tree is laid out; completions run after `duration` on the clock.
  public func transition(
    to size: CGSize, safeAreaInsets insets: UIEdgeInsets, duration: TimeInterval = 0.3
  ) {
    let coordinator = WindowTransitionCoordinator(duration: duration)
    let oldTraits = windowTraits
    let newTraits = oldTraits.with(size: size)
    if newTraits != oldTraits {
      rootViewController?.willTransition(to: newTraits, with: coordinator)
    }
    rootViewController?.viewWillTransition(to: size, with: coordinator)
    UIView.animate(withDuration: duration) {
      self.frame = CGRect(origin: self.frame.origin, size: size)
      self.setSafeAreaInsets(insets)
      if let view = self.rootViewController?.viewIfLoaded,
        view.translatesAutoresizingMaskIntoConstraints
      {
        view.frame = CGRect(origin: .zero, size: size)
      }
      for animation in coordinator.alongside { animation(coordinator) }
      self.layoutIfNeeded()
    } completion: { _ in
      for completion in coordinator.completions { completion(coordinator) }
    }
    if newTraits != oldTraits {
      forEachInSubtree { $0.traitCollectionDidChange(oldTraits) }
      rootViewController?.notifyTraitChange(oldTraits)
    }
  }
}

extension UIViewController {
  func notifyTraitChange(_ old: UITraitCollection) {
    traitCollectionDidChange(old)
    for child in children { child.notifyTraitChange(old) }
  }
}

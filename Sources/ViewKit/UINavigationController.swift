/// A stack of view controllers, the top one on screen (UIKit's `UINavigationController`).
/// Pushes and pops slide on the window's clock; completion callbacks follow the animation.
@MainActor
open class UINavigationController: UIViewController {
  /// The stack, bottom first.
  public private(set) var viewControllers: [UIViewController] = []

  /// A stack with a root controller.
  public init(rootViewController: UIViewController) {
    super.init()
    viewControllers = [rootViewController]
    addChild(rootViewController)
    rootViewController.navigationControllerStorage = self
  }

  /// The controller on top.
  public var topViewController: UIViewController? { viewControllers.last }
  /// The controller whose view is shown (the top one).
  public var visibleViewController: UIViewController? { viewControllers.last }

  /// Shows the root controller's view.
  open override func viewDidLoad() {
    super.viewDidLoad()
    if let top = topViewController { show(top) }
  }

  private func show(_ controller: UIViewController) {
    guard let child = controller.view else { return }
    child.frame = view.bounds
    view.addSubview(child)
  }

  /// Pushes a controller; its view slides in from the trailing edge when `animated`.
  open func pushViewController(_ controller: UIViewController, animated: Bool) {
    let previous = topViewController
    addChild(controller)
    controller.navigationControllerStorage = self
    viewControllers.append(controller)
    guard isViewLoaded, let incoming = controller.view else { return }
    controller.beginAppearance(true)
    previous?.beginAppearance(false)
    let width = view.bounds.width
    incoming.frame = view.bounds.offsetBy(dx: animated ? width : 0, dy: 0)
    view.addSubview(incoming)
    let finish = {
      previous?.viewIfLoaded?.removeFromSuperview()
      previous?.endAppearance(false)
      controller.endAppearance(true)
      controller.didMove(toParent: self)
    }
    guard animated else {
      finish()
      return
    }
    UIView.animate(withDuration: 0.35) {
      incoming.frame = self.view.bounds
    } completion: { _ in
      finish()
    }
  }

  /// Pops the top controller (never the root); returns it.
  @discardableResult
  open func popViewController(animated: Bool) -> UIViewController? {
    guard viewControllers.count > 1, let leaving = viewControllers.popLast() else { return nil }
    let revealed = viewControllers.last
    guard isViewLoaded else {
      leaving.removeFromParent()
      return leaving
    }
    leaving.beginAppearance(false)
    revealed?.beginAppearance(true)
    if let revealed { show(revealed) }
    if let outgoing = leaving.viewIfLoaded { view.bringSubviewToFront(outgoing) }
    let finish = {
      leaving.viewIfLoaded?.removeFromSuperview()
      leaving.willMove(toParent: nil)
      leaving.removeFromParent()
      leaving.navigationControllerStorage = nil
      leaving.endAppearance(false)
      revealed?.endAppearance(true)
    }
    guard animated, let outgoing = leaving.viewIfLoaded else {
      finish()
      return leaving
    }
    UIView.animate(withDuration: 0.35) {
      outgoing.frame = self.view.bounds.offsetBy(dx: self.view.bounds.width, dy: 0)
    } completion: { _ in
      finish()
    }
    return leaving
  }
}

extension UIViewController {
  /// The navigation controller this controller is in.
  public var navigationController: UINavigationController? {
    var current: UIViewController? = self
    while let controller = current {
      if let navigation = controller.navigationControllerStorage { return navigation }
      current = controller.parent
    }
    return nil
  }
}

/// A controller that owns a view and follows its appearance (UIKit's `UIViewController`).
@MainActor
open class UIViewController {
  private var loadedView: UIView?
  /// The parent controller, for children.
  public private(set) weak var parent: UIViewController?
  /// Child controllers, in the order added.
  public private(set) var children: [UIViewController] = []
  /// A title.
  open var title: String?
  /// Extra insets added to the view's safe area: its `safeAreaLayoutGuide` and
  /// `safeAreaInsets` move in by them, and so do those of its subviews (and of child
  /// controllers' views), which are measured from it.
  open var additionalSafeAreaInsets = UIEdgeInsets.zero {
    didSet {
      guard additionalSafeAreaInsets != oldValue else { return }
      loadedView?.safeAreaDidChangeInSubtree()
      viewSafeAreaInsetsDidChange()
    }
  }
  /// Whether the view is on screen (between `viewDidAppear` and `viewWillDisappear`).
  public private(set) var isAppeared = false
  weak var navigationControllerStorage: UINavigationController?
  /// The controller this one presents modally (strong: a presenter keeps what it shows).
  public internal(set) var presentedViewController: UIViewController?
  /// The controller that presented this one.
  public internal(set) weak var presentingViewController: UIViewController?
  /// How ``present(_:animated:completion:)`` shows this controller.
  open var modalPresentationStyle: UIModalPresentationStyle = .automatic
  /// Whether a presentation or dismissal of this controller is animating.
  var isTransitioning = false

  /// A controller whose view is made by ``loadView()`` on first use.
  public init() {}

  /// UIKit's designated initializer; nibs do not exist here.
  public convenience init(nibName: String?, bundle: Bundle?) {
    self.init()
  }

  /// The view, loaded on first access.
  open var view: UIView! {
    get {
      loadViewIfNeeded()
      return loadedView
    }
    set {
      loadedView = newValue
      newValue?.owningController = self
    }
  }

  /// The view if loaded, without loading it.
  public var viewIfLoaded: UIView? { loadedView }
  /// Whether the view is loaded.
  public var isViewLoaded: Bool { loadedView != nil }

  /// Loads the view now if it is not loaded, then calls ``viewDidLoad()``.
  public func loadViewIfNeeded() {
    guard loadedView == nil else { return }
    loadView()
    if loadedView == nil { view = UIView(frame: UIScreen.main.bounds) }
    viewDidLoad()
  }

  /// Makes the view; override to make your own.
  open func loadView() {
    view = UIView(frame: UIScreen.main.bounds)
  }

  /// Called once after the view loaded.
  open func viewDidLoad() {}
  /// Called before the view appears.
  open func viewWillAppear(_ animated: Bool) {}
  /// Called after the view appeared.
  open func viewDidAppear(_ animated: Bool) {}
  /// Called before the view disappears.
  open func viewWillDisappear(_ animated: Bool) {}
  /// Called after the view disappeared.
  open func viewDidDisappear(_ animated: Bool) {}
  /// Called before the view lays out its subviews.
  open func viewWillLayoutSubviews() {}
  /// Called after the view laid out its subviews.
  open func viewDidLayoutSubviews() {}
  /// Called after the view's safe-area insets changed (``additionalSafeAreaInsets``).
  open func viewSafeAreaInsetsDidChange() {}
  /// Called when the traits changed.
  open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

  /// The window's traits.
  open var traitCollection: UITraitCollection {
    loadedView?.traitCollection ?? UITraitCollection()
  }

  /// Called before the trait collection changes (rotation, size class change); animate
  /// alongside with the coordinator. Forwards to children.
  open func willTransition(
    to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator
  ) {
    for child in children { child.willTransition(to: newCollection, with: coordinator) }
  }

  /// Called before the view's size changes. Forwards to children.
  open func viewWillTransition(
    to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator
  ) {
    for child in children { child.viewWillTransition(to: size, with: coordinator) }
  }

  /// Adds a child controller (add its view yourself, then call `didMove(toParent:)`).
  open func addChild(_ child: UIViewController) {
    guard child.parent !== self else { return }
    child.removeFromParent()
    child.willMove(toParent: self)
    children.append(child)
    child.parent = self
  }

  /// Removes the controller from its parent.
  open func removeFromParent() {
    guard let parent else { return }
    parent.children.removeAll { $0 === self }
    self.parent = nil
  }

  /// Presents `viewController` modally over this controller's window: its view fills the
  /// window (following it when it resizes), sliding up from the bottom when `animated`. The
  /// appearance calls run around the transition and `completion` runs on the window's clock
  /// after it, never inside this call. Presenting while already presenting, from a view not
  /// in a window, or a controller that is already presented is reported
  /// (``LayoutIssue/Kind/invalidPresentation``) and ignored, as UIKit does.
  open func present(
    _ viewController: UIViewController, animated flag: Bool,
    completion: (@MainActor () -> Void)? = nil
  ) {
    presentModally(viewController, animated: flag, completion: completion)
  }

  /// Dismisses the controller this one presents, or, when it presents none, this controller
  /// from its presenter: the view slides down when `animated`, leaves the window, and the
  /// presenter's view comes back; `completion` runs on the clock after it.
  open func dismiss(animated flag: Bool, completion: (@MainActor () -> Void)? = nil) {
    dismissModally(animated: flag, completion: completion)
  }

  /// Called before the parent changes.
  open func willMove(toParent parent: UIViewController?) {}
  /// Called after the parent changed.
  open func didMove(toParent parent: UIViewController?) {}

  func beginAppearance(_ appearing: Bool) {
    appearing ? viewWillAppear(false) : viewWillDisappear(false)
    for child in children { child.beginAppearance(appearing) }
  }

  func endAppearance(_ appearing: Bool) {
    isAppeared = appearing
    appearing ? viewDidAppear(false) : viewDidDisappear(false)
    for child in children { child.endAppearance(appearing) }
  }
}

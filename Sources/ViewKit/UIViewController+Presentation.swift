/// How a presented controller covers its presenter (UIKit's `UIModalPresentationStyle`).
public enum UIModalPresentationStyle: Int, Sendable, Hashable {
  /// The presented view fills the window; the presenter's view leaves the window until the
  /// dismissal (and gets the disappear and appear calls).
  case fullScreen = 0
  /// The presented view fills the window over the presenter's, which stays.
  case overFullScreen = 5
  /// The system's choice: ``fullScreen`` here.
  case automatic = -2
}

extension UIViewController {
  /// How long an animated presentation or dismissal slides, in seconds on the window's clock.
  public static let modalTransitionDuration: TimeInterval = 0.3

  /// Presents `viewController` modally over this controller's window: its view fills the
  /// window (following it when it resizes), sliding up from the bottom when `animated`. The
  /// appearance calls run around the transition and `completion` runs on the window's clock
  /// after it, never inside this call. Presenting while already presenting, from a view not
  /// in a window, or a controller that is already presented is reported
  /// (``LayoutIssue/Kind/invalidPresentation``) and ignored, as UIKit does.
  func presentModally(
    _ viewController: UIViewController, animated flag: Bool,
    completion: (@MainActor () -> Void)? = nil
  ) {
    guard let window = viewIfLoaded?.window else {
      presentationIssue(
        "Attempt to present \(viewController.typeName) on \(typeName) whose view is not in the"
          + " window hierarchy.")
      return
    }
    if let presented = presentedViewController {
      presentationIssue(
        "Attempt to present \(viewController.typeName) on \(typeName) which is already"
          + " presenting \(presented.typeName).")
      return
    }
    if viewController.presentingViewController != nil || viewController === self {
      presentationIssue(
        "Application tried to present modally a view controller \(viewController.typeName)"
          + " that is already being presented.")
      return
    }
    presentedViewController = viewController
    viewController.presentingViewController = self
    let covers = viewController.modalPresentationStyle != .overFullScreen
    let view: UIView = viewController.view
    view.translatesAutoresizingMaskIntoConstraints = true
    view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    let final = window.bounds
    if covers { beginAppearance(false) }
    viewController.beginAppearance(true)
    UIView.performWithoutAnimation {
      view.frame = flag ? final.offsetBy(dx: 0, dy: final.height) : final
      window.addSubview(view)
    }
    viewController.isTransitioning = true
    UIView.animate(
      withDuration: flag ? Self.modalTransitionDuration : 0, delay: 0, options: [.curveEaseOut],
      animations: { view.frame = final },
      completion: { [weak self] _ in
        viewController.isTransitioning = false
        if covers, let self, let own = self.viewIfLoaded, own.window === window {
          own.removeFromSuperview()
          self.endAppearance(false)
        }
        viewController.endAppearance(true)
        completion?()
      })
  }

  /// Dismisses the controller this one presents, or, when it presents none, this controller
  /// from its presenter: the view slides down when `animated`, leaves the window, and the
  /// presenter's view comes back; `completion` runs on the clock after it.
  func dismissModally(animated flag: Bool, completion: (@MainActor () -> Void)?) {
    if let presented = presentedViewController {
      presented.dismissFromPresenter(self, animated: flag, completion: completion)
    } else if let presenter = presentingViewController {
      dismissFromPresenter(presenter, animated: flag, completion: completion)
    } else {
      completion.map { done in
        let clock = viewIfLoaded?.window?.clock ?? UIView.fallbackClock
        clock.schedule(at: clock.now, repeatInterval: nil) { _ in done() }
      }
    }
  }

  private func dismissFromPresenter(
    _ presenter: UIViewController, animated flag: Bool, completion: (@MainActor () -> Void)?
  ) {
    // A controller this one presents goes first, without animation (UIKit dismisses the
    // whole stack above the presenter at once).
    presentedViewController?.dismissFromPresenter(self, animated: false, completion: nil)
    guard let view = viewIfLoaded, let window = view.window else {
      presenter.presentedViewController = nil
      presentingViewController = nil
      return
    }
    let covers = modalPresentationStyle != .overFullScreen
    if covers, let below = presenter.viewIfLoaded, below.superview == nil {
      below.frame = window.bounds
      presenter.beginAppearance(true)
      window.insertSubview(below, belowSubview: view)
    }
    beginAppearance(false)
    isTransitioning = true
    let gone = window.bounds.offsetBy(dx: 0, dy: window.bounds.height)
    UIView.animate(
      withDuration: flag ? Self.modalTransitionDuration : 0, delay: 0, options: [.curveEaseIn],
      animations: { if flag { view.frame = gone } },
      completion: { [weak self] _ in
        guard let self else { return }
        self.isTransitioning = false
        view.removeFromSuperview()
        presenter.presentedViewController = nil
        self.presentingViewController = nil
        self.endAppearance(false)
        if covers { presenter.endAppearance(true) }
        completion?()
      })
  }

  var typeName: String { String(describing: type(of: self)) }

  private func presentationIssue(_ message: String) {
    let issue = LayoutIssue(
      kind: .invalidPresentation, message: message, constraint: nil, conflicting: [],
      conflictingDescriptions: [])
    if let root = viewIfLoaded?.rootView {
      root.rootLayoutIssues.append(issue)
    } else {
      LayoutIssue.unattachedIssues.append(issue)
    }
    LayoutIssue.log(issue)
  }
}

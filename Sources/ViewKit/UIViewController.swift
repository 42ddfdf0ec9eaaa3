/// Placeholder replaced below.
@MainActor
open class UIViewController {
  /// The view.
  public lazy var view: UIView = UIView()
  var viewIfLoaded: UIView? { view }
  func beginAppearance(_ appearing: Bool) {}
  func endAppearance(_ appearing: Bool) {}
}

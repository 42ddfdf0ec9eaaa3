/// Placeholder replaced below.
@MainActor
open class UIStackView: UIView {
  func arrangedSubviewVisibilityChanged(_ view: UIView) {}
}

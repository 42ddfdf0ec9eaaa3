extension UIView {
  /// How a view fills its bounds with content (UIKit's `UIView.ContentMode`).
  public enum ContentMode: Int, Sendable, Hashable {
    /// Stretch.
    case scaleToFill = 0
    /// Fit inside, keeping the aspect ratio.
    case scaleAspectFit
    /// Fill, keeping the aspect ratio.
    case scaleAspectFill
    /// Redraw on bounds change.
    case redraw
    /// Centre.
    case center
    /// Top.
    case top
    /// Bottom.
    case bottom
    /// Left.
    case left
    /// Right.
    case right
  }
}

import ViewKit

/// A plain view positioned by constraints, named for reports.
@MainActor
func makeView(_ name: String, intrinsic: CGSize? = nil) -> UIView {
  let view = intrinsic.map { FixedSizeView(size: $0) } ?? UIView()
  view.accessibilityIdentifier = name
  view.translatesAutoresizingMaskIntoConstraints = false
  return view
}

/// A view with a fixed intrinsic content size.
@MainActor
final class FixedSizeView: UIView {
  var size: CGSize {
    didSet { invalidateIntrinsicContentSize() }
  }

  init(size: CGSize) {
    self.size = size
    super.init(frame: .zero)
  }

  override var intrinsicContentSize: CGSize { size }
}

/// The iPhone-like window of DESIGN's public contract.
@MainActor
func makeWindow(clock: ManualClock = ManualClock(), rtl: Bool = false) -> UIWindow {
  LayoutIssue.logsToStandardError = false
  let window = UIWindow(
    frame: CGRect(x: 0, y: 0, width: 390, height: 844),
    safeAreaInsets: UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0), clock: clock)
  if rtl { window.semanticContentAttribute = .forceRightToLeft }
  return window
}

extension CGRect {
  /// `x,y,w,h` rounded to 0.01 for readable expectations.
  var short: String {
    [minX, minY, width, height].map { String(format: "%g", ($0 * 100).rounded() / 100) }.joined(
      separator: ",")
  }
}

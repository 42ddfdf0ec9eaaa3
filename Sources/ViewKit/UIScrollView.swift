/// What a scroll view tells its delegate (UIKit's `UIScrollViewDelegate`).
@MainActor
public protocol UIScrollViewDelegate: AnyObject {
  /// The content offset changed.
  func scrollViewDidScroll(_ scrollView: UIScrollView)
  /// A drag is about to start.
  func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
  /// A drag ended.
  func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
}

extension UIScrollViewDelegate {
  /// Does nothing.
  public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
  /// Does nothing.
  public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
  /// Does nothing.
  public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
  {}
}

/// A view whose content is larger than its bounds and scrolls (UIKit's `UIScrollView`):
/// the content offset is the bounds' origin.
@MainActor
open class UIScrollView: UIView {
  /// The size of the scrollable content: set it, or let constraints to
  /// ``contentLayoutGuide`` decide it (each layout pass then writes it).
  open var contentSize = CGSize.zero
  var contentGuideStorage: UILayoutGuide?
  var frameGuideStorage: UILayoutGuide?

  /// The content area, in content coordinates: constrain subviews to its edges, and its
  /// size (so the ``contentSize``) follows them. Its origin is the content's origin.
  public var contentLayoutGuide: UILayoutGuide {
    if let contentGuideStorage { return contentGuideStorage }
    let guide = UILayoutGuide(role: .scrollContent, owner: self)
    guides.append(guide)
    contentGuideStorage = guide
    return guide
  }

  /// The visible rectangle, in content coordinates: its size is the scroll view's and its
  /// origin the ``contentOffset``, so views pinned to it stay put on screen while the
  /// content scrolls, and `frameLayoutGuide.widthAnchor` gives content the viewport's width.
  public var frameLayoutGuide: UILayoutGuide {
    if let frameGuideStorage { return frameGuideStorage }
    let guide = UILayoutGuide(role: .scrollFrame, owner: self)
    guides.append(guide)
    frameGuideStorage = guide
    return guide
  }

  /// Writes a content size solved from ``contentLayoutGuide`` (layout passes only).
  func contentSizeFromLayout(_ size: CGSize) {
    if size != contentSize { contentSize = size }
  }
  /// Extra room around the content.
  open var contentInset = UIEdgeInsets.zero
  /// Whether the user can scroll.
  open var isScrollEnabled = true
  /// Whether it bounces at the ends.
  open var bounces = true
  /// Whether the vertical indicator shows.
  open var showsVerticalScrollIndicator = true
  /// Whether the horizontal indicator shows.
  open var showsHorizontalScrollIndicator = true
  /// Whether scrolling stops on multiples of the bounds.
  open var isPagingEnabled = false
  /// The delegate.
  open weak var delegate: (any UIScrollViewDelegate)?
  /// Whether a drag is in progress.
  public private(set) var isDragging = false
  private var dragStartOffset = CGPoint.zero

  /// The pan recogniser that scrolls the view; drive it with
  /// ``UIPanGestureRecognizer/simulatePan(from:steps:interval:)``.
  public private(set) lazy var panGestureRecognizer: UIPanGestureRecognizer = {
    let pan = UIPanGestureRecognizer()
    pan.addTarget { [weak self] recognizer in
      guard let self, let pan = recognizer as? UIPanGestureRecognizer else { return }
      self.handlePan(pan)
    }
    addGestureRecognizer(pan)
    return pan
  }()

  private func handlePan(_ pan: UIPanGestureRecognizer) {
    guard isScrollEnabled else { return }
    switch pan.state {
    case .began:
      isDragging = true
      dragStartOffset = contentOffset
      delegate?.scrollViewWillBeginDragging(self)
    case .changed:
      let moved = pan.translation(in: self)
      contentOffset = clamped(
        CGPoint(x: dragStartOffset.x - moved.x, y: dragStartOffset.y - moved.y))
    case .ended, .cancelled, .failed:
      isDragging = false
      delegate?.scrollViewDidEndDragging(self, willDecelerate: false)
    case .possible:
      break
    }
  }

  /// The point of the content at the bounds' top left.
  open var contentOffset: CGPoint {
    get { bounds.origin }
    set {
      guard newValue != boundsOrigin else { return }
      boundsOrigin = newValue
      boundsOriginDidChange()
      if let guide = frameGuideStorage, let engine = guide.layoutState.engine {
        engine.markDirty(guide)
      }
      setNeedsLayout()
      delegate?.scrollViewDidScroll(self)
    }
  }

  /// The content inset plus the safe area.
  open var adjustedContentInset: UIEdgeInsets {
    let safe = safeAreaInsets
    return UIEdgeInsets(
      top: contentInset.top + safe.top, left: contentInset.left + safe.left,
      bottom: contentInset.bottom + safe.bottom, right: contentInset.right + safe.right)
  }

  /// The smallest and largest offsets.
  public var offsetRange: (min: CGPoint, max: CGPoint) {
    let inset = adjustedContentInset
    let minimum = CGPoint(x: -inset.left, y: -inset.top)
    let maximum = CGPoint(
      x: max(minimum.x, contentSize.width + inset.right - bounds.width),
      y: max(minimum.y, contentSize.height + inset.bottom - bounds.height))
    return (minimum, maximum)
  }

  /// Moves the offset (the bounds origin is not animated: the new offset holds at once).
  open func setContentOffset(_ offset: CGPoint, animated: Bool) {
    if animated {
      UIView.animate(withDuration: 0.3) { self.contentOffset = offset }
    } else {
      contentOffset = offset
    }
  }

  /// Scrolls the least distance that shows `rect` (in content coordinates).
  open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
    var offset = contentOffset
    if rect.minY < offset.y { offset.y = rect.minY }
    if rect.maxY > offset.y + bounds.height { offset.y = rect.maxY - bounds.height }
    if rect.minX < offset.x { offset.x = rect.minX }
    if rect.maxX > offset.x + bounds.width { offset.x = rect.maxX - bounds.width }
    setContentOffset(clamped(offset), animated: animated)
  }

  /// A user drag by `translation` (finger movement in points) through
  /// ``panGestureRecognizer``: the offset moves the opposite way, clamped to the content.
  open func drag(by translation: CGPoint) {
    let start = convert(CGPoint(x: bounds.midX, y: bounds.midY), to: nil)
    panGestureRecognizer.simulatePan(from: start, steps: [translation])
  }

  private func clamped(_ point: CGPoint) -> CGPoint {
    let range = offsetRange
    return CGPoint(
      x: min(max(point.x, range.min.x), range.max.x),
      y: min(max(point.y, range.min.y), range.max.y))
  }
}

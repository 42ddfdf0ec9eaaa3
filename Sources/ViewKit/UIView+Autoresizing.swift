extension UIView {
  /// How a view that translates its frame into constraints follows its superview's size
  /// (UIKit's `UIView.AutoresizingMask`).
  public struct AutoresizingMask: OptionSet, Sendable, Hashable {
    /// The mask bits.
    public let rawValue: UInt
    /// A mask from bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The left margin stretches.
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    /// The width stretches.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// The right margin stretches.
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    /// The top margin stretches.
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    /// The height stretches.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    /// The bottom margin stretches.
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
  }

  /// Resizes subviews that translate their masks after this view's size changed from `old`.
  func autoresizeSubviews(from old: CGSize) {
    let new = frameStorage.size
    for subview in subviews
    where subview.translatesAutoresizingMaskIntoConstraints && !subview.autoresizingMask.isEmpty {
      let mask = subview.autoresizingMask
      let frame = subview.frameStorage
      let (x, width) = Self.distribute(
        delta: new.width - old.width, lead: frame.minX, size: frame.width,
        trail: old.width - frame.maxX,
        flexible: (
          mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth),
          mask.contains(.flexibleRightMargin)
        ))
      let (y, height) = Self.distribute(
        delta: new.height - old.height, lead: frame.minY, size: frame.height,
        trail: old.height - frame.maxY,
        flexible: (
          mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight),
          mask.contains(.flexibleBottomMargin)
        ))
      subview.frame = CGRect(x: x, y: y, width: width, height: height)
    }
  }

  /// Shares `delta` among the flexible parts of one axis in proportion to their lengths (in
  /// equal parts when those are all zero), as UIKit does.
  private static func distribute(
    delta: CGFloat, lead: CGFloat, size: CGFloat, trail: CGFloat,
    flexible: (Bool, Bool, Bool)
  ) -> (CGFloat, CGFloat) {
    guard delta != 0, delta.isFinite else { return (lead, size) }
    let parts = [
      flexible.0 ? max(lead, 0) : 0, flexible.1 ? max(size, 0) : 0,
      flexible.2 ? max(trail, 0) : 0,
    ]
    let count = [flexible.0, flexible.1, flexible.2].filter { $0 }.count
    guard count > 0 else { return (lead, size) }
    let total = parts.reduce(0, +)
    func share(_ index: Int, _ isFlexible: Bool) -> CGFloat {
      guard isFlexible else { return 0 }
      return total > 0 ? delta * parts[index] / total : delta / CGFloat(count)
    }
    return (lead + share(0, flexible.0), size + share(1, flexible.1))
  }
}

/// An image (UIKit's `UIImage`): its size in points, scale and name. Pixels are the
/// renderer's business; layout only needs the size.
public final class UIImage: Sendable, Hashable {
  /// How a template image is tinted.
  public enum RenderingMode: Int, Sendable, Hashable {
    /// Decided by context.
    case automatic = 0
    /// The image's own colours.
    case alwaysOriginal
    /// Drawn in the tint colour.
    case alwaysTemplate
  }

  /// The size in points.
  public let size: CGSize
  /// Pixels per point.
  public let scale: CGFloat
  /// The name it was made from, if any.
  public let name: String?
  /// The rendering mode.
  public let renderingMode: RenderingMode
  /// The tint colour of a template image.
  public let tintColor: UIColor?

  /// An image of a given size.
  public init(
    size: CGSize, scale: CGFloat = 1, name: String? = nil,
    renderingMode: RenderingMode = .automatic, tintColor: UIColor? = nil
  ) {
    self.size = size
    self.scale = scale
    self.name = name
    self.renderingMode = renderingMode
    self.tintColor = tintColor
  }

  /// A symbol image (24 × 24 points).
  public convenience init?(systemName: String) {
    guard !systemName.isEmpty else { return nil }
    self.init(
      size: CGSize(width: 24, height: 24), scale: 3, name: systemName,
      renderingMode: .alwaysTemplate)
  }

  /// The same image with another rendering mode.
  public func withRenderingMode(_ mode: RenderingMode) -> UIImage {
    UIImage(size: size, scale: scale, name: name, renderingMode: mode, tintColor: tintColor)
  }

  /// The same image tinted.
  public func withTintColor(_ color: UIColor) -> UIImage {
    UIImage(size: size, scale: scale, name: name, renderingMode: renderingMode, tintColor: color)
  }

  /// Value equality.
  public static func == (lhs: UIImage, rhs: UIImage) -> Bool {
    lhs.size == rhs.size && lhs.scale == rhs.scale && lhs.name == rhs.name
      && lhs.renderingMode == rhs.renderingMode && lhs.tintColor == rhs.tintColor
  }

  /// Hashes the values.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(size.width)
    hasher.combine(size.height)
    hasher.combine(name)
  }
}

/// A view that shows an image (UIKit's `UIImageView`); its intrinsic size is the image's.
@MainActor
open class UIImageView: UIView {
  /// The image.
  open var image: UIImage? { didSet { invalidateIntrinsicContentSize() } }
  /// The image shown while highlighted.
  open var highlightedImage: UIImage?
  /// Whether highlighted.
  open var isHighlighted = false

  /// An image view showing `image`, sized to it.
  public init(image: UIImage?) {
    self.image = image
    super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
    isUserInteractionEnabled = false
  }

  /// An image view with a frame.
  public override init(frame: CGRect) {
    super.init(frame: frame)
    isUserInteractionEnabled = false
  }

  /// The image's size, or no intrinsic size without an image.
  open override var intrinsicContentSize: CGSize {
    image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
  }

  /// The image's size.
  open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? .zero }
}

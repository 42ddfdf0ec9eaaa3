/// A tappable title and image (UIKit's `UIButton`), sized by its content.
@MainActor
open class UIButton: UIControl {
  /// The kind of button.
  public enum ButtonType: Int, Sendable, Hashable {
    /// No styling.
    case custom = 0
    /// The system style.
    case system
    /// A close button.
    case close
  }

  /// The button's type.
  public let buttonType: ButtonType
  /// The label showing the title.
  public let titleLabel: UILabel?
  /// The image view.
  public let imageView: UIImageView?
  /// Padding around the content.
  open var contentEdgeInsets = UIEdgeInsets.zero { didSet { invalidateIntrinsicContentSize() } }
  private var titles: [UInt: String] = [:]
  private var images: [UInt: UIImage] = [:]

  /// A button of a type.
  public init(type: ButtonType) {
    buttonType = type
    titleLabel = UILabel()
    imageView = UIImageView(frame: .zero)
    super.init(frame: .zero)
    titleLabel?.font = .systemFont(ofSize: 17, weight: type == .system ? .regular : .regular)
    isAccessibilityElement = true
    accessibilityTraits = .button
  }

  /// A custom button with a frame.
  public override init(frame: CGRect) {
    buttonType = .custom
    titleLabel = UILabel()
    imageView = UIImageView(frame: .zero)
    super.init(frame: frame)
    isAccessibilityElement = true
    accessibilityTraits = .button
  }

  /// A system button that runs `primaryAction` on tap.
  public convenience init(type: ButtonType = .system, primaryAction: UIAction?) {
    self.init(type: type)
    if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
  }

  /// Control states (UIKit's `UIControl.State`).
  public struct State: OptionSet, Sendable, Hashable {
    /// The state bits.
    public let rawValue: UInt
    /// States from bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Normal.
    public static let normal = State([])
    /// Highlighted.
    public static let highlighted = State(rawValue: 1 << 0)
    /// Disabled.
    public static let disabled = State(rawValue: 1 << 1)
    /// Selected.
    public static let selected = State(rawValue: 1 << 2)
  }

  /// Sets the title for a state.
  open func setTitle(_ title: String?, for state: State) {
    titles[state.rawValue] = title
    if state == .normal {
      titleLabel?.text = title
      if title != nil, let titleLabel, titleLabel.superview == nil { addSubview(titleLabel) }
      setNeedsLayout()
    }
    accessibilityLabel = accessibilityLabel ?? title
    invalidateIntrinsicContentSize()
  }

  /// The title for a state (the normal one when unset).
  open func title(for state: State) -> String? { titles[state.rawValue] ?? titles[0] }

  /// Sets the image for a state.
  open func setImage(_ image: UIImage?, for state: State) {
    images[state.rawValue] = image
    if state == .normal {
      imageView?.image = image
      if image != nil, let imageView, imageView.superview == nil { addSubview(imageView) }
      setNeedsLayout()
    }
    invalidateIntrinsicContentSize()
  }

  /// The image for a state (the normal one when unset).
  open func image(for state: State) -> UIImage? { images[state.rawValue] ?? images[0] }

  /// The title's text size.
  public var currentTitle: String? { title(for: .normal) }

  /// Image and title side by side, plus the content insets.
  open override var intrinsicContentSize: CGSize {
    let titleSize = currentTitle.map { _ in titleLabel?.intrinsicContentSize ?? .zero } ?? .zero
    let imageSize = image(for: .normal)?.size ?? .zero
    let width = titleSize.width + imageSize.width
    let height = max(titleSize.height, imageSize.height)
    return CGSize(
      width: width + contentEdgeInsets.left + contentEdgeInsets.right,
      height: height + contentEdgeInsets.top + contentEdgeInsets.bottom)
  }

  /// The intrinsic size.
  open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

  /// Places the image, then the title, side by side, centred in the bounds less the content
  /// insets, each at its own size (as a UIKit button with centred content).
  open override func layoutSubviews() {
    super.layoutSubviews()
    let content = bounds.inset(by: contentEdgeInsets)
    let imageSize = image(for: .normal)?.size ?? .zero
    let titleSize = currentTitle.map { _ in titleLabel?.intrinsicContentSize ?? .zero } ?? .zero
    var x = content.midX - (imageSize.width + titleSize.width) / 2
    if let imageView, imageView.superview === self {
      let frame = CGRect(
        x: x, y: content.midY - imageSize.height / 2, width: imageSize.width,
        height: imageSize.height)
      if imageView.frame != frame { imageView.frame = frame }
    }
    x += imageSize.width
    if let titleLabel, titleLabel.superview === self {
      let frame = CGRect(
        x: x, y: content.midY - titleSize.height / 2, width: titleSize.width,
        height: titleSize.height)
      if titleLabel.frame != frame { titleLabel.frame = frame }
    }
  }
}

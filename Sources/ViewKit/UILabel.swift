import Text

/// Text alignment (UIKit's `NSTextAlignment`).
public typealias NSTextAlignment = TextAlignment
/// Wrapping and truncation (UIKit's `NSLineBreakMode`).
public typealias NSLineBreakMode = TextLineBreakMode

/// A read-only text view (UIKit's `UILabel`) that sizes itself with the `Text` module:
/// shaping, bidi and line breaking of any script.
///
/// One line by default; with ``numberOfLines`` 0 (any) or more than 1 it wraps at
/// ``preferredMaxLayoutWidth`` or, when that is 0, at the width layout gives it (a second
/// pass, as UIKit does).
@MainActor
open class UILabel: UIView {
  /// The text.
  open var text: String? { didSet { if text != oldValue { textChanged() } } }
  /// The font (the 17 pt system font by default).
  open var font: UIFont! = .systemFont(ofSize: 17) { didSet { textChanged() } }
  /// The text colour.
  open var textColor: UIColor! = .label
  /// Line alignment.
  open var textAlignment: NSTextAlignment = .natural
  /// The most lines shown; 0 for any number.
  open var numberOfLines = 1 { didSet { textChanged() } }
  /// How long text is wrapped or truncated.
  open var lineBreakMode: NSLineBreakMode = .byTruncatingTail { didSet { textChanged() } }
  /// The wrapping width for multi-line labels; 0 to use the width from layout.
  open var preferredMaxLayoutWidth: CGFloat = 0 { didSet { textChanged() } }
  /// Whether the text is drawn enabled.
  open var isEnabled = true
  /// Whether the font shrinks to fit (kept for compatibility; not applied).
  open var adjustsFontSizeToFitWidth = false
  /// The smallest scale when shrinking (kept for compatibility).
  open var minimumScaleFactor: CGFloat = 0

  private var cached: (key: Key, result: TextMeasurement?)?
  private var wrapWidthUsed: CGFloat?
  /// The last measuring error (a missing font), or `nil`.
  public private(set) var textError: TextError?

  private struct Key: Equatable {
    var text: String
    var font: UIFont
    var width: CGFloat?
    var lines: Int
    var mode: NSLineBreakMode
  }

  /// A label with a frame (not using constraints until told).
  public override init(frame: CGRect) {
    super.init(frame: frame)
  }

  private func textChanged() {
    cached = nil
    invalidateIntrinsicContentSize()
    setNeedsLayout()
  }

  /// The laid-out text for the current width: lines, baselines, direction.
  public var textLayout: TextMeasurement? {
    measure(width: wrapWidth(for: bounds.width > 0 ? bounds.width : nil))
  }

  private func wrapWidth(for available: CGFloat?) -> CGFloat? {
    guard numberOfLines != 1 else { return nil }
    if preferredMaxLayoutWidth > 0 { return preferredMaxLayoutWidth }
    return available
  }

  private func measure(width: CGFloat?) -> TextMeasurement? {
    guard let text, !text.isEmpty else { return nil }
    let key = Key(
      text: text, font: font, width: width, lines: numberOfLines, mode: lineBreakMode)
    if let cached, cached.key == key { return cached.result }
    do {
      let result = try TextShaper.shared.measure(
        text, font: font.fontDescription, maxWidth: width.map { Double(max($0, 1)) },
        maxLines: numberOfLines, lineBreakMode: lineBreakMode, alignment: textAlignment)
      textError = nil
      cached = (key, result)
      return result
    } catch {
      textError = error
      cached = (key, nil)
      return nil
    }
  }

  private func pixelCeil(_ value: Double) -> CGFloat {
    let scale = window?.screen.scale ?? UIScreen.main.scale
    return (CGFloat(value) * scale - 1e-6).rounded(.up) / scale
  }

  /// The text's size, ceiled to whole pixels; zero for no text.
  open override var intrinsicContentSize: CGSize {
    let width = wrapWidth(for: wrapWidthUsedOrNil())
    guard let measured = measure(width: width) else { return .zero }
    return CGSize(width: pixelCeil(measured.width), height: pixelCeil(measured.height))
  }

  private func wrapWidthUsedOrNil() -> CGFloat? {
    if let wrapWidthUsed, wrapWidthUsed > 0 { return wrapWidthUsed }
    return nil
  }

  /// The text's size within `size.width` (for multi-line labels).
  open override func sizeThatFits(_ size: CGSize) -> CGSize {
    let limit = size.width > 0 && size.width < 1e6 ? size.width : nil
    guard let measured = measure(width: wrapWidth(for: limit)) else { return .zero }
    return CGSize(width: pixelCeil(measured.width), height: pixelCeil(measured.height))
  }

  /// Re-measures a wrapping label at its new width (UIKit's two-pass label layout).
  open override func layoutSubviews() {
    super.layoutSubviews()
    guard numberOfLines != 1, preferredMaxLayoutWidth == 0, bounds.width > 0,
      wrapWidthUsed != bounds.width
    else { return }
    wrapWidthUsed = bounds.width
    invalidateIntrinsicContentSize()
  }

  /// The first baseline's distance from the top.
  open override var firstBaselineOffsetFromTop: CGFloat {
    CGFloat(textLayout?.firstBaseline ?? Double(frameStorage.height))
  }

  /// The last baseline's distance from the bottom.
  open override var lastBaselineOffsetFromBottom: CGFloat {
    guard let layout = textLayout else { return 0 }
    return max(0, frameStorage.height - CGFloat(layout.lastBaseline))
  }
}

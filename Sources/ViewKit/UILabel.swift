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
/// pass, as UIKit does). ``attributedText`` fonts size the text; with
/// ``adjustsFontSizeToFitWidth`` the font shrinks (down to ``minimumScaleFactor``) when the
/// width layout gives is less than the text needs.
@MainActor
open class UILabel: UIView {
  /// The text. Setting it replaces ``attributedText`` with plain text.
  open var text: String? {
    didSet {
      if settingAttributed { return }
      let wasAttributed = attributedStorage != nil
      attributedStorage = nil
      if text != oldValue || wasAttributed { textChanged() }
    }
  }
  /// The font (the 17 pt system font by default); ``attributedText`` ranges without a font
  /// use it.
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
  /// Whether the font shrinks, down to ``minimumScaleFactor``, when the label is narrower
  /// than its text (or, with several lines, when the text needs more lines than allowed).
  /// As in UIKit, the intrinsic size stays the full-size text's: constraints decide the
  /// width, and the text shrinks to fit it (see ``fontScale``).
  open var adjustsFontSizeToFitWidth = false { didSet { textChanged() } }
  /// The smallest scale when shrinking; 0 (the default) means no shrinking, as in UIKit.
  open var minimumScaleFactor: CGFloat = 0 { didSet { textChanged() } }

  var attributedStorage: NSAttributedString?
  private var settingAttributed = false
  private var cached: [Key: TextMeasurement?] = [:]
  private var wrapWidthUsed: CGFloat?
  /// The last measuring error (a missing font, a bad attribute range), or `nil`.
  public private(set) var textError: TextError?

  private struct Key: Hashable {
    var text: String
    var font: UIFont
    var spans: [TextAttributeSpan]
    var scale: CGFloat
    var width: CGFloat?
    var lines: Int
    var mode: NSLineBreakMode
  }

  /// A label with a frame (not using constraints until told).
  public override init(frame: CGRect) {
    super.init(frame: frame)
  }

  /// The styled text: fonts (``NSAttributedString/Key/font``) and colours
  /// (``NSAttributedString/Key/foregroundColor``) per range. Fonts change the measured and
  /// intrinsic size. Setting it sets ``text`` to its string; reading it after ``text`` was
  /// set gives that text in the label's font and colour.
  open var attributedText: NSAttributedString? {
    get {
      if let attributedStorage { return attributedStorage }
      guard let text else { return nil }
      var attributes: [NSAttributedString.Key: Any] = [:]
      if let font { attributes[.font] = font }
      if let textColor { attributes[.foregroundColor] = textColor }
      return NSAttributedString(string: text, attributes: attributes)
    }
    set {
      settingAttributed = true
      defer { settingAttributed = false }
      attributedStorage = newValue.map { NSAttributedString(attributedString: $0) }
      text = newValue?.string
      textChanged()
    }
  }

  private func textChanged() {
    cached = [:]
    invalidateIntrinsicContentSize()
    setNeedsLayout()
  }

  /// The laid-out text for the current width: lines, baselines, direction (with the font
  /// scaled by ``fontScale``).
  public var textLayout: TextMeasurement? {
    let available = bounds.width > 0 ? bounds.width : nil
    return measure(width: wrapWidth(for: available), scale: fontScale)
  }

  /// The factor ``adjustsFontSizeToFitWidth`` scales the font by at the current width:
  /// the largest (to about 1%) of ``minimumScaleFactor``…1 at which the text fits; 1 when
  /// not adjusting or when it fits already.
  public var fontScale: CGFloat {
    guard adjustsFontSizeToFitWidth, minimumScaleFactor > 0, minimumScaleFactor < 1,
      bounds.width > 0
    else { return 1 }
    let available = bounds.width
    let wrap = wrapWidth(for: available)
    func fits(_ scale: CGFloat) -> Bool {
      guard let measured = measure(width: wrap, scale: scale) else { return true }
      if numberOfLines == 1 { return CGFloat(measured.width) <= available + 0.001 }
      let lineLimitOK = numberOfLines == 0 || measured.totalLineCount <= numberOfLines
      return lineLimitOK && !measured.isTruncated
    }
    if fits(1) { return 1 }
    var low = minimumScaleFactor
    if !fits(low) { return low }
    var high: CGFloat = 1
    while high - low > 0.01 {
      let middle = (low + high) / 2
      if fits(middle) { low = middle } else { high = middle }
    }
    return low
  }

  private func wrapWidth(for available: CGFloat?) -> CGFloat? {
    guard numberOfLines != 1 else { return nil }
    if preferredMaxLayoutWidth > 0 { return preferredMaxLayoutWidth }
    return available
  }

  private func measure(width: CGFloat?, scale: CGFloat = 1) -> TextMeasurement? {
    guard let text, !text.isEmpty, let font else { return nil }
    let spans = textAttributeSpans
    let key = Key(
      text: text, font: font, spans: spans, scale: scale, width: width, lines: numberOfLines,
      mode: lineBreakMode)
    if let hit = cached[key] { return hit }
    if cached.count >= 32 { cached = [:] }
    var description = font.fontDescription
    description.size *= Double(scale)
    do {
      let result = try TextShaper.shared.measure(
        text, font: description, spans: Self.scaled(spans, by: scale),
        maxWidth: width.map { Double(max($0, 1)) }, maxLines: numberOfLines,
        lineBreakMode: lineBreakMode, alignment: textAlignment)
      textError = nil
      cached[key] = result
      return result
    } catch {
      textError = error
      cached[key] = .some(nil)
      return nil
    }
  }

  private func pixelCeil(_ value: Double) -> CGFloat {
    let scale = window?.screen.scale ?? UIScreen.main.scale
    return (CGFloat(value) * scale - 1e-6).rounded(.up) / scale
  }

  /// The full-size text's size (attributed fonts included), ceiled to whole pixels; zero
  /// for no text.
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

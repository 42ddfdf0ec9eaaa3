import Foundation

/// The metrics of the screen a step image is drawn for (`GMSNavigationScreenMetrics`);
/// ``UIScreen`` conforms, so apps pass their screen.
@preconcurrency @MainActor
public protocol GMSNavigationScreenMetrics: AnyObject {
  /// The screen's bounds in points.
  var bounds: CGRect { get }
  /// The physical screen's bounds in pixels.
  var nativeBounds: CGRect { get }
  /// The physical screen's scale factor.
  var nativeScale: CGFloat { get }
  /// The screen's natural scale factor (pixels per point).
  var scale: CGFloat { get }
}

extension UIScreen: GMSNavigationScreenMetrics {}

/// How ``GMSNavigationNavInfo/instructions(for:options:)`` formats a step's instruction
/// (`GMSNavigationInstructionOptions`). Setting a `null_resettable` property to `nil`
/// restores its default.
@preconcurrency @MainActor
public final class GMSNavigationInstructionOptions {
  private var _imageOptions: GMSNavigationStepInfoImageOptions?
  private var _primaryFont: UIFont?
  private var _secondaryFont: UIFont?
  private var _tertiaryFont: UIFont?
  private var _textColor: UIColor?
  private var _exitCueBackgroundColor: UIColor?

  /// Options for inline images (default options when reset).
  public var imageOptions: GMSNavigationStepInfoImageOptions! {
    get { _imageOptions ?? GMSNavigationStepInfoImageOptions() }
    set { _imageOptions = newValue }
  }
  /// Whether the long-distance format ("Stay on … for 80 km") is off. The instruction
  /// compiler here never writes that format, so both values give the same text.
  public var disableLongDistanceFormat = false
  /// The road line's font (default bold 30, the header's).
  public var primaryFont: UIFont! {
    get { _primaryFont ?? .boldSystemFont(ofSize: 30) }
    set { _primaryFont = newValue }
  }
  /// The "toward" line's font (default bold 24).
  public var secondaryFont: UIFont! {
    get { _secondaryFont ?? .boldSystemFont(ofSize: 24) }
    set { _secondaryFont = newValue }
  }
  /// The font of small parts: exit numbers, conjunctions (default bold 18).
  public var tertiaryFont: UIFont! {
    get { _tertiaryFont ?? .boldSystemFont(ofSize: 18) }
    set { _tertiaryFont = newValue }
  }
  /// The text colour (default white).
  public var textColor: UIColor! {
    get { _textColor ?? .white }
    set { _textColor = newValue }
  }
  /// The height given to primary road shields (OSM `ref` badges are drawn as text here).
  public var primaryRoadShieldHeight: CGFloat = 0
  /// The height given to secondary road shields.
  public var secondaryRoadShieldHeight: CGFloat = 0
  /// The outline width around road shields (default 0: none).
  public var roadShieldOutlineWidth: CGFloat = 0
  /// The outline colour around road shields (default `nil`: none).
  public var roadShieldOutlineColor: UIColor?
  /// The height of the exit-number cue.
  public var exitNumberHeight: CGFloat = 0
  /// The exit-number cue's background (default the header's dark green).
  public var exitCueBackgroundColor: UIColor! {
    get { _exitCueBackgroundColor ?? UIColor(rgb: 0x0B_80_43) }
    set { _exitCueBackgroundColor = newValue }
  }

  /// Default options.
  public init() {}
}

extension NSAttributedString.Key {
  /// The background colour of a range (UIKit's `NSAttributedString.Key.backgroundColor`).
  public static let backgroundColor = NSAttributedString.Key(rawValue: "NSBackgroundColor")
}

extension GMSNavigationNavInfo {
  /// The instruction for `stepInfo` as the header writes it, one attributed string a line:
  /// the road (an "Exit N" cue first when the step has an exit number, in the tertiary
  /// font on the cue colour) in the primary font, then — when the full road name has a
  /// "toward" part after " / " — that part in the secondary font. A step without a road
  /// name gives its full instruction text.
  @preconcurrency @MainActor
  public func instructions(
    for stepInfo: GMSNavigationStepInfo, options: GMSNavigationInstructionOptions
  ) -> [NSAttributedString] {
    let parts = stepInfo.fullRoadName.components(separatedBy: " / ")
    let road = stepInfo.simpleRoadName.isEmpty ? (parts.first ?? "") : stepInfo.simpleRoadName
    let first = NSMutableAttributedString(string: "")
    if let exit = stepInfo.exitNumber, !exit.isEmpty {
      first.append(
        NSAttributedString(
          string: "Exit \(exit) ",
          attributes: [
            .font: options.tertiaryFont as Any, .foregroundColor: options.textColor as Any,
            .backgroundColor: options.exitCueBackgroundColor as Any,
          ]))
    }
    first.append(
      NSAttributedString(
        string: road.isEmpty ? stepInfo.fullInstructionText : road,
        attributes: [.font: options.primaryFont as Any, .foregroundColor: options.textColor as Any]
      ))
    var lines: [NSAttributedString] = [first]
    let toward = parts.dropFirst().joined(separator: " / ")
    if !toward.isEmpty {
      lines.append(
        NSAttributedString(
          string: toward,
          attributes: [
            .font: options.secondaryFont as Any, .foregroundColor: options.textColor as Any,
          ]))
    }
    return lines
  }
}

/// The speedometer's colours per alert severity and lighting mode
/// (`GMSNavigationSpeedometerUIOptions`); set on ``GMSUISettings/speedometerUIOptions``.
/// `nil` there gives the defaults: minor alerts red text on white (day) or on dark grey
/// (night), major alerts white text on red.
@preconcurrency @MainActor
public class GMSNavigationSpeedometerUIOptions {
  struct Key: Hashable {
    let severity: Int
    let lighting: Int
  }
  var text: [Key: UIColor] = [:]
  var background: [Key: UIColor] = [:]

  /// The default colours.
  public init() {}

  /// The text colour for `speedAlertSeverity` in `lightingMode`; clear for `.unknown` and
  /// `.notSpeeding`.
  public func textColor(
    for speedAlertSeverity: GMSNavigationSpeedAlertSeverity,
    lightingMode: GMSNavigationLightingMode
  ) -> UIColor {
    guard let key = Self.key(speedAlertSeverity, lightingMode) else { return .clear }
    return text[key] ?? (speedAlertSeverity == .major ? .white : .systemRed)
  }

  /// The icon background for `speedAlertSeverity` in `lightingMode`; clear for `.unknown`
  /// and `.notSpeeding`.
  public func backgroundColor(
    for speedAlertSeverity: GMSNavigationSpeedAlertSeverity,
    lightingMode: GMSNavigationLightingMode
  ) -> UIColor {
    guard let key = Self.key(speedAlertSeverity, lightingMode) else { return .clear }
    if let set = background[key] { return set }
    if speedAlertSeverity == .major { return .systemRed }
    return lightingMode == .lowLight ? UIColor(rgb: 0x20_21_24) : .white
  }

  static func key(
    _ severity: GMSNavigationSpeedAlertSeverity, _ lighting: GMSNavigationLightingMode
  ) -> Key? {
    guard severity == .minor || severity == .major else { return nil }
    return Key(severity: severity.rawValue, lighting: lighting.rawValue)
  }

  /// A copy.
  public func copy() -> GMSNavigationSpeedometerUIOptions {
    let copy = GMSNavigationSpeedometerUIOptions()
    copy.text = text
    copy.background = background
    return copy
  }

  /// A mutable copy.
  public func mutableCopy() -> GMSNavigationMutableSpeedometerUIOptions {
    let copy = GMSNavigationMutableSpeedometerUIOptions()
    copy.text = text
    copy.background = background
    return copy
  }
}

/// The settable twin of ``GMSNavigationSpeedometerUIOptions``
/// (`GMSNavigationMutableSpeedometerUIOptions`).
public final class GMSNavigationMutableSpeedometerUIOptions: GMSNavigationSpeedometerUIOptions {
  /// Sets the text colour for `speedAlertSeverity` in `lightingMode`; a no-op for `.unknown`
  /// and `.notSpeeding`.
  public func setTextColor(
    _ color: UIColor, for speedAlertSeverity: GMSNavigationSpeedAlertSeverity,
    lightingMode: GMSNavigationLightingMode
  ) {
    guard let key = Self.key(speedAlertSeverity, lightingMode) else { return }
    text[key] = color
  }

  /// Sets the icon background for `speedAlertSeverity` in `lightingMode`; a no-op for
  /// `.unknown` and `.notSpeeding`.
  public func setBackgroundColor(
    _ color: UIColor, for speedAlertSeverity: GMSNavigationSpeedAlertSeverity,
    lightingMode: GMSNavigationLightingMode
  ) {
    guard let key = Self.key(speedAlertSeverity, lightingMode) else { return }
    background[key] = color
  }
}

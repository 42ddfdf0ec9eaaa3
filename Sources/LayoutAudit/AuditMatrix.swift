import Foundation
import ViewKit

/// One screen the audit runs a delegate on: a size, its safe area, a direction, the speed
/// widget's settings and an optional resize during guidance.
public struct AuditConfiguration: Sendable, CustomStringConvertible {
  /// A short name, e.g. "phone portrait ltr".
  public var name: String
  /// The map's size.
  public var size: CGSize
  /// The window's safe-area insets.
  public var safeArea: UIEdgeInsets
  /// Whether the map is laid out right to left.
  public var rightToLeft: Bool
  /// Whether the speedometer and the speed limit are shown.
  public var speedWidget: Bool
  /// The size (and safe area) the map is resized to in each navigation state, if any.
  public var resize: (size: CGSize, safeArea: UIEdgeInsets)?

  /// Makes a configuration.
  public init(
    name: String, size: CGSize, safeArea: UIEdgeInsets, rightToLeft: Bool = false,
    speedWidget: Bool = true, resize: (size: CGSize, safeArea: UIEdgeInsets)? = nil
  ) {
    self.name = name
    self.size = size
    self.safeArea = safeArea
    self.rightToLeft = rightToLeft
    self.speedWidget = speedWidget
    self.resize = resize
  }

  /// The name.
  public var description: String { name }
}

/// The screens an audit runs a delegate on.
public struct AuditMatrix: Sendable {
  /// The configurations, in order.
  public var configurations: [AuditConfiguration]

  /// Makes a matrix.
  public init(configurations: [AuditConfiguration]) { self.configurations = configurations }

  struct Device {
    let name: String
    let portrait: CGSize
    let portraitSafe: UIEdgeInsets
    let landscapeSafe: UIEdgeInsets
  }

  static let phone = Device(
    name: "phone", portrait: CGSize(width: 390, height: 844),
    portraitSafe: UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0),
    landscapeSafe: UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47))
  static let smallPhone = Device(
    name: "small phone", portrait: CGSize(width: 320, height: 568),
    portraitSafe: UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0),
    landscapeSafe: UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
  static let tablet = Device(
    name: "tablet", portrait: CGSize(width: 820, height: 1180),
    portraitSafe: UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0),
    landscapeSafe: UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0))

  static func configurations(_ device: Device, rtl: Bool) -> [AuditConfiguration] {
    let p = device.portrait
    let l = CGSize(width: p.height, height: p.width)
    let dir = rtl ? "rtl" : "ltr"
    return [
      AuditConfiguration(
        name: "\(device.name) portrait \(dir)", size: p, safeArea: device.portraitSafe,
        rightToLeft: rtl, resize: (l, device.landscapeSafe)),
      AuditConfiguration(
        name: "\(device.name) landscape \(dir)", size: l, safeArea: device.landscapeSafe,
        rightToLeft: rtl, speedWidget: !rtl, resize: (p, device.portraitSafe)),
    ]
  }

  /// Phone, small phone and tablet; portrait and landscape (standard and wide); left to
  /// right and right to left; a rotation in each navigation state.
  public static let `default` = AuditMatrix(
    configurations: [phone, smallPhone, tablet].flatMap { d in
      configurations(d, rtl: false) + configurations(d, rtl: true)
    })

  /// A small matrix for tests: phone portrait left to right (rotating to landscape) and
  /// phone landscape right to left.
  public static let quick = AuditMatrix(
    configurations: [configurations(phone, rtl: false)[0], configurations(phone, rtl: true)[1]])
}

/// Identifies a Google button (Guides/Spec.md §5.2). Integer-backed and open: later releases
/// may add identifiers, so compare with known values and keep unknown ones.
///
/// ```swift
/// for button in newState.buttons where button.type == .compass { … }
/// ```
public struct NavigationButtonKnownType: Hashable, Sendable, RawRepresentable,
  CustomStringConvertible
{
  /// The integer identifier.
  public let rawValue: Int

  /// An identifier; unknown values are kept as they are.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// The compass button (raw value 0).
  public static let compass = NavigationButtonKnownType(rawValue: 0)
  /// The incident-report button (raw value 1).
  public static let reporting = NavigationButtonKnownType(rawValue: 1)

  /// The built-in layout's my-location button (raw value 2; never in a delegate's `buttons`).
  public static let myLocation = NavigationButtonKnownType(rawValue: 2)

  /// `compass`, `reporting`, `myLocation`, or `unknown(n)`.
  public var description: String {
    switch rawValue {
    case 0: return "compass"
    case 1: return "reporting"
    case 2: return "myLocation"
    default: return "unknown(\(rawValue))"
    }
  }
}

import Cassowary

/// The priority of a layout constraint, 1…1000 (UIKit's `UILayoutPriority`).
///
/// The solver sees `.required` (1000) as a required constraint and any other priority `p` as
/// a preference of strength `p × 1000`, so UIKit's ordering holds (750 is between the
/// solver's medium and strong).
public struct UILayoutPriority: RawRepresentable, Sendable, Hashable, Comparable,
  ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, CustomStringConvertible
{
  /// The priority value.
  public var rawValue: Float

  /// A priority from its value.
  public init(rawValue: Float) { self.rawValue = rawValue }

  /// A priority from its value.
  public init(_ rawValue: Float) { self.rawValue = rawValue }

  /// A priority from a literal.
  public init(floatLiteral value: Float) { rawValue = value }

  /// A priority from a literal.
  public init(integerLiteral value: Int) { rawValue = Float(value) }

  /// 1000: the constraint must hold.
  public static let required = UILayoutPriority(1000)
  /// 750: compression resistance's default.
  public static let defaultHigh = UILayoutPriority(750)
  /// 510.
  public static let dragThatCanResizeScene = UILayoutPriority(510)
  /// 500.
  public static let sceneSizeStayPut = UILayoutPriority(500)
  /// 490.
  public static let dragThatCannotResizeScene = UILayoutPriority(490)
  /// 250: content hugging's default.
  public static let defaultLow = UILayoutPriority(250)
  /// 50: the priority `systemLayoutSizeFitting` uses for the target size.
  public static let fittingSizeLevel = UILayoutPriority(50)

  /// Orders by value.
  public static func < (lhs: UILayoutPriority, rhs: UILayoutPriority) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// `priority + 1`.
  public static func + (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority {
    UILayoutPriority(lhs.rawValue + rhs)
  }

  /// `priority - 1`.
  public static func - (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority {
    UILayoutPriority(lhs.rawValue - rhs)
  }

  /// The value, e.g. `750`.
  public var description: String {
    rawValue.isFinite && rawValue == rawValue.rounded() ? String(Int(rawValue)) : String(rawValue)
  }

  /// Whether this priority is required (1000 or more).
  var isRequired: Bool { rawValue >= 1000 }

  /// The solver strength for this priority.
  @inline(__always)
  var strength: Strength {
    isRequired ? .required : Strength(Double(max(rawValue, 1)) * 1000)
  }
}

import Foundation

/// The error domain of ``GMSMapView/setLayoutDelegate(_:)`` errors.
public let GMSMapViewNavigationLayoutErrorDomain = "GMSMapViewNavigationLayoutErrorDomain"

/// Why ``GMSMapView/setLayoutDelegate(_:)`` refused a delegate (Guides/Spec.md §14.2).
///
/// ```swift
/// do { try mapView.setLayoutDelegate(delegate) } catch let error as GMSMapViewNavigationLayoutError {
///   print(error.code)   // .cannotSetDelegateWhileNavigationEnabled
/// }
/// ```
public struct GMSMapViewNavigationLayoutError: Error, CustomNSError, Hashable, Sendable,
  CustomStringConvertible
{
  /// The error codes, with the original's raw values.
  public enum Code: Int, Sendable, Hashable {
    /// An internal error while setting the delegate.
    case `internal` = 0
    /// Navigation is enabled on the map view: disable it first.
    case cannotSetDelegateWhileNavigationEnabled = 1
    /// The map view was made for a CarPlay screen, which uses fixed templates.
    case cannotSetDelegateOnCarPlayScreen = 2
  }

  /// What went wrong.
  public let code: Code

  /// An error with `code`.
  public init(_ code: Code) { self.code = code }

  /// `GMSMapViewNavigationLayoutErrorDomain`.
  public static var errorDomain: String { GMSMapViewNavigationLayoutErrorDomain }
  /// The code's raw value.
  public var errorCode: Int { code.rawValue }
  /// The description under `NSLocalizedDescriptionKey`.
  public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: description] }

  /// A message saying what to do.
  public var description: String {
    switch code {
    case .internal:
      return "internal error while setting the layout delegate"
    case .cannotSetDelegateWhileNavigationEnabled:
      return "cannot set the layout delegate while navigation is enabled on this map view;"
        + " set it before isNavigationEnabled = true or after disabling navigation"
    case .cannotSetDelegateOnCarPlayScreen:
      return "cannot set a layout delegate on a map view made for a CarPlay screen"
    }
  }
}

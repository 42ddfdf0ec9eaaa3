import Foundation
import NavigationUI
import ViewKit

/// Two views a layout means to overlap, such as a prompt sliding over the ETA card or a
/// badge on a card, so the audit's `overlap` rule lets them pass.
///
/// Views are named as findings name them: by accessibility identifier, else by class name.
/// The SDK's components are `"turnCard"`, `"etaCard"`, `"prompt"`, `"speedWidget"`,
/// `"tripProgressBar"`, `"googleLogo"`, `"compassButton"`, `"reportButton"`.
///
/// ```swift
/// LayoutAudit(matrix: .default, allowedOverlaps: [AllowedOverlap("prompt", "etaCard")])
/// ```
public struct AllowedOverlap: Sendable, Hashable, CustomStringConvertible {
  /// One view's name.
  public var first: String
  /// The other's; the order does not matter.
  public var second: String
  /// Only in moments whose name starts with this (e.g. `"guidance+prompt"`), or `nil` for all.
  public var statePrefix: String?

  /// Allows `first` and `second` to overlap, in every moment or only in moments whose name
  /// starts with `statePrefix`.
  public init(_ first: String, _ second: String, inStatesStartingWith statePrefix: String? = nil) {
    self.first = first
    self.second = second
    self.statePrefix = statePrefix
  }

  /// Whether this allows views named `a` and `b` to overlap in `state`.
  public func allows(_ a: String, _ b: String, in state: String) -> Bool {
    ((first == a && second == b) || (first == b && second == a))
      && (statePrefix.map { state.hasPrefix($0) } ?? true)
  }

  /// `first ↔ second`, with the state prefix if any.
  public var description: String {
    "\(first) ↔ \(second)" + (statePrefix.map { " (in \($0)…)" } ?? "")
  }
}

/// A layout delegate that declares what the audit should accept from it. Conform in the app
/// or, to keep the audit out of the app, in the test target:
///
/// ```swift
/// extension MyDelegate: LayoutAuditDeclaring {
///   var allowedOverlaps: [AllowedOverlap] { [AllowedOverlap("badge", "turnCard")] }
/// }
/// ```
@MainActor
public protocol LayoutAuditDeclaring {
  /// Overlaps of opaque views the layout means to have.
  var allowedOverlaps: [AllowedOverlap] { get }
}

/// A checked moment that produced findings, while the window still shows it.
@MainActor
public struct AuditFrame {
  /// The window the map fills.
  public let window: UIWindow
  /// The map view under audit.
  public let mapView: GMSMapView
  /// The window clock's time.
  public let time: TimeInterval
  /// The findings this moment produced (before deduplication across configurations).
  public let findings: [LayoutFinding]
}

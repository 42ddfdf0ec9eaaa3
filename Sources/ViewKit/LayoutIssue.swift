/// A problem the layout engine found and recovered from, as UIKit logs them: the report
/// names the constraints involved; layout goes on.
///
/// Issues are kept on the root view of the tree they happened in (read them with
/// ``UIView/layoutIssues`` on any view of the tree) and written to standard error unless
/// ``logsToStandardError`` is off.
public struct LayoutIssue: Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Sendable, Hashable {
    /// A required constraint conflicts with other required constraints; ``constraint`` was
    /// broken (it stays active, without effect) and ``conflicting`` lists the others.
    case unsatisfiable
    /// The constraint's items are in different view trees; it was not activated.
    case noCommonAncestor
    /// An item of the constraint is gone, or a guide has no owning view.
    case missingItem
    /// The two attributes cannot be related (size with position, x with y, leading with left).
    case invalidAttributes
    /// A constant or multiplier is NaN or infinite.
    case nonFinite
    /// A modal presentation or dismissal that cannot happen (the presenter is already
    /// presenting, is not in a window, or the controller is already presented); ignored.
    case invalidPresentation
  }

  /// What went wrong.
  public let kind: Kind
  /// The message, as logged.
  public let message: String
  /// The constraint the issue is about (the one broken, for conflicts).
  public let constraint: NSLayoutConstraint?
  /// The other user constraints in the conflicting set.
  public let conflicting: [NSLayoutConstraint]
  /// The engine's own constraints in the conflicting set (frame-derived, intrinsic size,
  /// safe area), described.
  public let conflictingDescriptions: [String]

  /// Whether issues are written to standard error (on by default).
  @MainActor public static var logsToStandardError = true

  /// The message.
  public var description: String { message }

  @MainActor
  static func log(_ issue: LayoutIssue) {
    guard logsToStandardError else { return }
    FileHandle.standardError.write(Data("[LayoutConstraints] \(issue.message)\n".utf8))
  }

  @MainActor
  static func report(
    _ kind: Kind, _ message: String, _ constraint: NSLayoutConstraint, on view: UIView? = nil
  ) {
    let issue = LayoutIssue(
      kind: kind, message: message, constraint: constraint, conflicting: [],
      conflictingDescriptions: [])
    if let root = view?.rootView {
      root.rootLayoutIssues.append(issue)
    } else {
      unattachedIssues.append(issue)
    }
    log(issue)
  }

  /// Issues about constraints with no view to keep them on.
  @MainActor public static var unattachedIssues: [LayoutIssue] = []
}

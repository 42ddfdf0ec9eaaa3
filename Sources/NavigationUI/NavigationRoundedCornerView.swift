/// A view whose corners can be rounded selectively (Guides/Spec.md §7.1). Prompts round their top
/// corners by default; a prompt above a bottom sheet may round all four.
@MainActor
public protocol NavigationRoundedCornerView: AnyObject {
  /// The rounded corners.
  var roundedCorners: CACornerMask { get set }
}

/// The view handed to the prompt callbacks: a `UIView` with selectable rounded corners.
public typealias NavigationPromptView = UIView & NavigationRoundedCornerView

/// Measurements, in points, that Google components use, so custom views line up with them
/// (Guides/Spec.md §8, values from Guides/Decisions.md 1).
///
/// ```swift
/// button.topAnchor.constraint(equalTo: navMap.topAnchor,
///                             constant: NavigationStyleValues.headerTopPadding)
/// ```
public final class NavigationStyleValues {
  /// Gap between a button and the start or end edge of the map.
  public class var buttonHorizontalPadding: CGFloat { 12 }
  /// Gap between a button and a solid element above or below it.
  public class var buttonVerticalPadding: CGFloat { 12 }
  /// Corner radius of the turn card, ETA card and prompts.
  public class var defaultCornerRadius: CGFloat { 12 }
  /// Gap between a non-button control (the speed widget) and the edge of its element.
  public class var elementHorizontalPadding: CGFloat { 12 }
  /// Gap between the turn card or ETA card content and the edge of the UI.
  public class var headerFooterHorizontalPadding: CGFloat { 8 }
  /// The turn card's nominal height (its fixed height, plus the safe-area inset it covers).
  public class var headerNominalHeight: CGFloat { 120 }
  /// Top margin for a button in the top corner opposite the turn card.
  public class var headerTopPadding: CGFloat { 8 }

  private init() {}
}

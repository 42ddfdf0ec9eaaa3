/// A rule the layout audit checks: the spec's rules for layout delegates (Guides/Spec.md §10.A,
/// D1–D17, those that can be checked) and the audit's own.
///
/// ``id`` is the spelling findings print (`"D3"`, `"overlap"`, `"touch-target"`, …);
/// `LayoutRule(rawValue:)` reads it back. Guides/LayoutAudit.md explains each rule and why D1,
/// D2, D6 and D17 have no case.
public enum LayoutRule: String, CaseIterable, Sendable, Hashable, Identifiable,
  CustomStringConvertible
{
  /// D3: the Google logo and the viewport are in the map's tree, not hidden or transparent,
  /// sized and on the map, in every navigation state.
  case d3 = "D3"
  /// D4: no width or height constraint from the delegate on the logo, turn card, ETA card,
  /// speed widget or prompts (their size is theirs).
  case d4 = "D4"
  /// D5: Google views are added only under the map view (as subviews of it or of a container
  /// inside it).
  case d5 = "D5"
  /// D7: after `stopGuidance` no active-guidance view or constraint is left; no prompt is on
  /// screen outside guidance; after `disableNavigationUI` no view or layout guide is left.
  case d7 = "D7"
  /// D8: the delegate's constraints use leading/trailing, never `left`/`right` anchors (right
  /// to left layouts).
  case d8 = "D8"
  /// D9: no legacy layout setting (`isNavigationHeaderEnabled`, `isNavigationFooterEnabled`,
  /// `isNavigationTripProgressBarEnabled`, `isNavigationReportIncidentButtonEnabled`,
  /// `padding`) changed and no constraint on a legacy layout guide while a delegate is active.
  case d9 = "D9"
  /// D10: no view added inside a Google component and no constraint from outside a component to
  /// a view inside it.
  case d10 = "D10"
  /// D11: buttons are found by type, not index: handed over in reverse order, the same button
  /// types are placed, and those outside hiding stacks in the same places.
  case d11 = "D11"
  /// D12: the views of a hiding stack are hidden exactly as the stack decides (nobody else sets
  /// `isHidden` on them).
  case d12 = "D12"
  /// D13: in standard mode the viewport's top is constrained directly to the turn card's
  /// bottom (camera stability).
  case d13 = "D13"
  /// D14: a settled prompt overlaps neither the viewport, the logo nor the buttons.
  case d14 = "D14"
  /// D15: in wide mode the turn card and the ETA card are on the leading edge, the turn card
  /// above.
  case d15 = "D15"
  /// D16: after the speed widget changes size, no view overlaps it that did not before (its
  /// neighbours are anchored to it).
  case d16 = "D16"
  /// No two opaque views overlap unless the layout declares it (``AllowedOverlap``).
  case overlap = "overlap"
  /// No opaque view covers the vehicle (the viewport's centre) or a quarter of the viewport.
  case opaqueViewport = "opaque-viewport"
  /// The layout engine broke a required constraint that conflicts with others.
  case conflict = "conflict"
  /// The layout engine refused a constraint: items in different trees, a missing item,
  /// attributes that cannot be related, a non-finite constant or multiplier.
  case constraintMisuse = "constraint-misuse"
  /// A visible constrained view whose frame the constraints do not determine.
  case ambiguous = "ambiguous"
  /// Every visible control is at least 44 × 44 pt.
  case touchTarget = "touch-target"
  /// The logo and the buttons are inside the map's safe-area layout guide.
  case safeArea = "safe-area"
  /// The audit could not run its moments: the delegate was refused, navigation could not be
  /// enabled, or no route was found.
  case setup = "setup"

  /// The rule's spelling in findings, e.g. `"D3"` or `"opaque-viewport"`.
  public var id: String { rawValue }

  /// The rule's spelling in findings (``id``).
  public var description: String { rawValue }
}

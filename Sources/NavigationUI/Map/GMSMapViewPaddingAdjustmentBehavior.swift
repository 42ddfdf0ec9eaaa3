/// How the safe area's insets combine with ``GMSMapView/padding`` (Guides/Spec.md §14.6,
/// Google Maps' `GMSMapViewPaddingAdjustmentBehavior`): the result frames the camera and, in
/// the built-in layout, the viewport.
///
/// ```swift
/// mapView.padding = UIEdgeInsets(top: 20, left: 0, bottom: 60, right: 0)
/// mapView.paddingAdjustmentBehavior = .never   // the padding alone, from the map's edges
/// ```
public enum GMSMapViewPaddingAdjustmentBehavior: UInt, Sendable, Hashable {
  /// The safe area's insets are added to the padding (the default).
  case always = 0
  /// Per edge, the larger of the safe area's inset and the padding.
  case automatic = 1
  /// The padding alone, measured from the map view's edges.
  case never = 2

  /// The insets from the map view's edges for `padding` inside `safeArea`.
  func insets(padding: UIEdgeInsets, safeArea: UIEdgeInsets) -> UIEdgeInsets {
    func edge(_ safe: CGFloat, _ pad: CGFloat) -> CGFloat {
      switch self {
      case .always: return safe + pad
      case .automatic: return max(safe, pad)
      case .never: return pad
      }
    }
    return UIEdgeInsets(
      top: edge(safeArea.top, padding.top), left: edge(safeArea.left, padding.left),
      bottom: edge(safeArea.bottom, padding.bottom), right: edge(safeArea.right, padding.right))
  }
}

extension GMSMapView {
  /// ``padding`` combined with the safe area by ``paddingAdjustmentBehavior``: the insets
  /// from the map view's edges of the area the camera frames.
  public var adjustedPadding: UIEdgeInsets {
    paddingAdjustmentBehavior.insets(padding: padding, safeArea: safeAreaInsets)
  }
}

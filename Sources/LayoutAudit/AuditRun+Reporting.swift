import Foundation
import ViewKit

/// How findings are made and worded.
extension AuditRun {
  /// Records a finding of `rule` at the moment `state`, naming `views`.
  func report(_ rule: LayoutRule, _ state: String, _ views: [UIView], _ message: String) {
    findings.append(
      LayoutFinding(
        rule: rule, state: state, configuration: configuration.name, size: mapView.bounds.size,
        views: views.map(Self.name), message: message))
  }

  /// A frame as findings print it: `(x, y, w×h)` in whole points.
  static func text(_ r: CGRect) -> String {
    "(\(points(r.minX)), \(points(r.minY)), \(points(r.width))×\(points(r.height)))"
  }

  /// A view as findings name it: its accessibility identifier, else its class name.
  static func name(_ view: UIView) -> String {
    view.accessibilityIdentifier ?? "\(type(of: view))"
  }
}

/// A coordinate rounded to whole points for messages; never traps on NaN or infinity.
func points(_ value: CGFloat) -> String {
  value.isFinite && abs(value) < 1e15 ? String(Int(value.rounded())) : "\(value)"
}

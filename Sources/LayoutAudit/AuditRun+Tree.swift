import Foundation
import NavigationUI
import ViewKit

/// What the checks ask of the map's tree: the components, visibility, frames, constraints.
extension AuditRun {
  var guidance: (any ActiveGuidanceUIState)? { recorder.guidance }

  /// The components of the current state (and the prompts seen), for D5 and friends.
  func fixedSizeComponents() -> [UIView] {
    var views: [UIView] = []
    if let s = recorder.current { views.append(s.googleLogo) }
    if recorder.phase == .guidance, let g = guidance {
      views += [g.turnCard, g.etaCard, g.speedWidget]
    }
    views += recorder.prompts.filter { $0.superview != nil }
    return views
  }

  func isInTree(_ view: UIView) -> Bool { view.window === window }

  func isVisible(_ view: UIView) -> Bool {
    var v: UIView? = view
    while let current = v {
      if current.isHidden || current.alpha <= 0.01 { return false }
      v = current.superview
    }
    return true
  }

  func frame(_ view: UIView) -> CGRect { view.convert(view.bounds, to: mapView) }

  func current<T>(as: T.Type) -> T? { recorder.current as? T }

  /// Every active constraint touching a view of the map's tree, deduplicated, in order.
  func allConstraints() -> [NSLayoutConstraint] {
    var seen = Set<ObjectIdentifier>()
    var out: [NSLayoutConstraint] = []
    func walk(_ v: UIView) {
      for c in v.constraints where seen.insert(ObjectIdentifier(c)).inserted { out.append(c) }
      for s in v.subviews { walk(s) }
    }
    walk(mapView)
    return out
  }

  /// The Google components, whose insides are the SDK's business.
  func components() -> [UIView] {
    var views: [UIView] = recorder.prompts
    if let s = recorder.current { views += [s.googleLogo, s.viewport] }
    if let g = guidance {
      views += [g.turnCard, g.etaCard, g.speedWidget, g.tripProgressBar] + g.buttons.map(\.view)
    }
    if let r = recorder.ready { views += r.buttons.map(\.view) }
    return views
  }

  /// Whether the constraint only relates views inside one component (the SDK's own).
  func isInternal(_ c: NSLayoutConstraint) -> Bool {
    let items = [c.firstItem, c.secondItem].compactMap { $0 }
    let comps = components()
    return items.allSatisfy { item in
      guard let v = (item as? UIView) ?? (item as? UILayoutGuide)?.owningView else { return false }
      return comps.contains { comp in v !== comp && v.isDescendant(of: comp) }
        || (recorder.sdkConstraints.contains(c))
    }
  }

  func views(of c: NSLayoutConstraint) -> [UIView] {
    [c.firstItem, c.secondItem].compactMap { ($0 as? UIView) ?? ($0 as? UILayoutGuide)?.owningView }
  }
}

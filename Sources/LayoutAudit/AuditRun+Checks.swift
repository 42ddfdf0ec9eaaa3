import Foundation
import NavigationUI
import ViewKit

/// The checks of one moment, one function per rule (D9, D10, D11 and D16 are in
/// AuditRun+DelegateRules.swift, `overlap` in AuditRun+Overlap.swift).
extension AuditRun {
  func checkD3(_ state: String, _ s: any NavigationUIState) {
    for (view, what) in [(s.googleLogo, "logo"), (s.viewport, "viewport")] {
      guard view.isDescendant(of: mapView) else {
        report(.d3, state, [view], "the \(what) is not in the map's hierarchy")
        continue
      }
      if !isVisible(view) {
        report(.d3, state, [view], "the \(what) is hidden or transparent")
        continue
      }
      let f = frame(view)
      if f.width < 1 || f.height < 1 {
        report(.d3, state, [view], "the \(what) has no size (\(f))")
      } else if !f.intersects(mapView.bounds) || !f.isFinite {
        report(.d3, state, [view], "the \(what) is off the map (\(f))")
      }
    }
  }

  func checkD4(_ state: String) {
    for view in fixedSizeComponents() {
      for c in view.constraints where c.firstItem === view && !isInternal(c) {
        guard c.firstAttribute == .width || c.firstAttribute == .height else { continue }
        if recorder.sdkConstraints.contains(c) { continue }
        report(
          .d4, state, views(of: c),
          "\(c.firstAttribute == .width ? "width" : "height") constraint on a fixed-size component")
      }
    }
  }

  func checkD5(_ state: String, _ s: any NavigationUIState) {
    var views = [s.googleLogo, s.viewport] + recorder.prompts
    if let g = guidance {
      views += [g.turnCard, g.etaCard, g.speedWidget, g.tripProgressBar] + g.buttons.map(\.view)
    }
    if let r = recorder.ready { views += r.buttons.map(\.view) }
    for view in views where view.superview != nil && !view.isDescendant(of: mapView) {
      report(
        .d5, state, [view, view.superview!],
        "Google view added outside the map view and its descendants")
    }
  }

  func checkGuidanceGone(_ state: String) {
    guard let g = guidance else { return }
    let ready = Set((recorder.ready?.buttons ?? []).map { ObjectIdentifier($0.view) })
    var views = [g.turnCard, g.etaCard, g.speedWidget, g.tripProgressBar]
    views += g.buttons.map(\.view).filter { !ready.contains(ObjectIdentifier($0)) }
    for view in views where view.superview != nil {
      report(.d7, state, [view], "active-guidance view left after stopGuidance")
    }
    for c in allConstraints() {
      let items = [c.firstItem, c.secondItem].compactMap { $0 as? UIView }
      if items.contains(where: { v in views.contains { $0 === v } }) {
        report(.d7, state, items, "active-guidance constraint still active after stopGuidance")
      }
    }
  }

  func checkD8(_ state: String) {
    for c in allConstraints() where !isInternal(c) {
      let physical: Set<NSLayoutConstraint.Attribute> = [.left, .right]
      if physical.contains(c.firstAttribute) || physical.contains(c.secondAttribute) {
        report(
          .d8, state, views(of: c),
          "constraint uses left/right anchors; use leading/trailing for right-to-left layouts")
      }
    }
  }

  /// The hiding stack shows the leading views that fit its height and hides the rest; any
  /// other pattern means someone set `isHidden` on a managed view.
  func checkD12(_ state: String) {
    var stacks: [GMSNavigationHidingStackView] = []
    func walk(_ v: UIView) {
      for sub in v.subviews {
        if let stack = sub as? GMSNavigationHidingStackView { stacks.append(stack) }
        walk(sub)
      }
    }
    walk(mapView)
    for stack in stacks {
      var used: CGFloat = 0
      var fitting = 0
      for view in stack.arrangedSubviews {
        let height = max(0, view.intrinsicContentSize.height)
        let needed = height + (fitting > 0 ? stack.spacing : 0)
        if used + needed > stack.bounds.height + 0.001 { break }
        used += needed
        fitting += 1
      }
      for (index, view) in stack.arrangedSubviews.enumerated()
      where view.isHidden != (index >= fitting) {
        report(
          .d12, state, [view, stack],
          "isHidden is \(view.isHidden) on a view the hiding stack manages (it "
            + (index >= fitting ? "does not fit" : "fits") + ")")
      }
    }
  }

  func checkD13(_ state: String, _ g: any ActiveGuidanceUIState) {
    guard !g.wideMode, g.turnCard.isDescendant(of: mapView), g.viewport.isDescendant(of: mapView)
    else { return }
    let pinned = g.viewport.constraints.contains { c in
      c.isActive && c.relation == .equal
        && ((c.firstItem === g.viewport && c.firstAttribute == .top
          && c.secondItem === g.turnCard && c.secondAttribute == .bottom)
          || (c.firstItem === g.turnCard && c.firstAttribute == .bottom
            && c.secondItem === g.viewport && c.secondAttribute == .top))
    }
    if !pinned {
      report(
        .d13, state, [g.viewport, g.turnCard],
        "viewport top is not constrained directly to the turn card's bottom")
    }
  }

  /// A settled prompt must not cover the viewport, the logo or the buttons.
  func checkD14(_ state: String, _ s: any NavigationUIState) {
    var others: [UIView] = [s.viewport, s.googleLogo]
    if let g = current(as: (any ActiveGuidanceUIState).self) { others += g.buttons.map(\.view) }
    for prompt in recorder.prompts where prompt.isDescendant(of: mapView) && isVisible(prompt) {
      let p = frame(prompt)
      for other in others where other.isDescendant(of: mapView) && isVisible(other) {
        let o = frame(other)
        let overlap = p.intersection(o)
        if !overlap.isNull, overlap.width > 0.5, overlap.height > 0.5 {
          report(
            .d14, state, [prompt, other],
            "the prompt at \(Self.text(p)) overlaps \(Self.name(other)) at \(Self.text(o))")
        }
      }
    }
  }

  func checkD15(_ state: String, _ g: any ActiveGuidanceUIState) {
    guard g.wideMode else { return }
    let rtl = mapView.effectiveUserInterfaceLayoutDirection == .rightToLeft
    let safe = mapView.safeAreaInsets
    let bounds = mapView.bounds
    for (card, name) in [(g.turnCard, "turn card"), (g.etaCard, "ETA card")]
    where card.isDescendant(of: mapView) {
      let f = frame(card)
      let onLeading =
        rtl ? f.maxX >= bounds.maxX - safe.right - 1 : f.minX <= bounds.minX + safe.left + 1
      if !onLeading {
        report(.d15, state, [card], "the \(name) is not on the leading edge in wide mode")
      }
    }
    if g.turnCard.isDescendant(of: mapView), g.etaCard.isDescendant(of: mapView),
      frame(g.turnCard).minY > frame(g.etaCard).minY
    {
      report(
        .d15, state, [g.turnCard, g.etaCard], "the turn card is below the ETA card in wide mode")
    }
  }

  func collectIssues(_ state: String) {
    let issues = mapView.layoutIssues
    guard issues.count > issuesSeen else { return }
    for issue in issues[issuesSeen...] {
      let views = ([issue.constraint].compactMap { $0 } + issue.conflicting).flatMap(self.views)
      let rule = issue.kind == .unsatisfiable ? LayoutRule.conflict : .constraintMisuse
      report(rule, state, views, issue.message)
    }
    issuesSeen = issues.count
  }

  func checkAmbiguity(_ state: String, _ s: any NavigationUIState) {
    var views: [UIView] = []
    func walk(_ v: UIView) {
      for sub in v.subviews {
        views.append(sub)
        if !components().contains(where: { $0 === sub }) { walk(sub) }
      }
    }
    walk(mapView)
    // Hidden views (such as those a hiding stack hides) need no frame.
    for view in views where !view.translatesAutoresizingMaskIntoConstraints && isVisible(view) {
      if view.hasAmbiguousLayout {
        report(
          .ambiguous, state, [view], "the view's frame is not fully determined by constraints")
      }
    }
  }

  func checkTouchTargets(_ state: String, _ s: any NavigationUIState) {
    var targets: [UIView] = []
    func walk(_ v: UIView) {
      for sub in v.subviews {
        if sub is UIControl, sub.isUserInteractionEnabled, isVisible(sub) { targets.append(sub) }
        walk(sub)
      }
    }
    walk(mapView)
    for view in targets {
      let f = frame(view)
      if f.width < 44 - 0.001 || f.height < 44 - 0.001 {
        report(
          .touchTarget, state, [view],
          "touch target \(points(f.width))×\(points(f.height)) pt is smaller than 44×44 pt")
      }
    }
  }

  func checkOpaqueViewport(_ state: String, _ s: any NavigationUIState) {
    let viewport = s.viewport
    guard viewport.isDescendant(of: mapView) else { return }
    let vf = frame(viewport)
    let vehicle = CGPoint(x: vf.midX, y: vf.midY)
    let buttons = components().filter { $0 is UIControl }
    func walk(_ v: UIView) {
      for sub in v.subviews {
        if sub === viewport || viewport.isDescendant(of: sub) {
          walk(sub)
          continue
        }
        if buttons.contains(where: { sub === $0 || sub.isDescendant(of: $0) }) { continue }
        if sub === s.googleLogo { continue }
        let opaque =
          isVisible(sub) && sub.alpha >= 0.99 && (sub.backgroundColor?.alpha ?? 0) >= 0.99
        if opaque {
          let f = frame(sub)
          let overlap = f.intersection(vf)
          if f.contains(vehicle)
            || (!overlap.isNull && overlap.width * overlap.height > 0.25 * vf.width * vf.height)
          {
            report(
              .opaqueViewport, state, [sub, viewport],
              "opaque view at \(Self.text(f)) covers the viewport at \(Self.text(vf))")
          }
          continue
        }
        if !components().contains(where: { $0 === sub }) { walk(sub) }
      }
    }
    walk(mapView)
  }

  /// The logo (the recenter button) and the buttons must be inside the map's safe-area
  /// layout guide (the frame delegates constrain to).
  func checkSafeArea(_ state: String, _ s: any NavigationUIState) {
    let safe = mapView.safeAreaLayoutGuide.layoutFrame.insetBy(dx: -0.5, dy: -0.5)
    var views: [UIView] = [s.googleLogo]
    if let g = current(as: (any ActiveGuidanceUIState).self) { views += g.buttons.map(\.view) }
    if let r = current(as: (any NavigationReadyUIState).self) { views += r.buttons.map(\.view) }
    for view in views where view.isDescendant(of: mapView) && isVisible(view) {
      let f = frame(view)
      if !safe.contains(f) {
        report(
          .safeArea, state, [view],
          "\(Self.name(view)) at \(Self.text(f)) is outside the safe area \(Self.text(safe))")
      }
    }
  }
}

extension CGRect {
  fileprivate var isFinite: Bool {
    minX.isFinite && minY.isFinite && width.isFinite && height.isFinite
  }
}

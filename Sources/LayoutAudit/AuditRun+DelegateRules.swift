import Foundation
import NavigationUI
import ViewKit

/// The legacy layout settings of `GMSUISettings` (Guides/Spec.md §11), as one comparable value.
struct LegacySettings: Equatable {
  var header, footer, tripProgressBar, reportButton: Bool
  var padding: UIEdgeInsets
  var paddingAdjustment: GMSMapViewPaddingAdjustmentBehavior

  @MainActor init(_ map: GMSMapView) {
    let s = map.settings
    header = s.isNavigationHeaderEnabled
    footer = s.isNavigationFooterEnabled
    tripProgressBar = s.isNavigationTripProgressBarEnabled
    reportButton = s.isNavigationReportIncidentButtonEnabled
    padding = map.padding
    paddingAdjustment = map.paddingAdjustmentBehavior
  }

  /// The names of the properties that differ from `other`.
  func changes(from other: LegacySettings) -> [String] {
    var names: [String] = []
    if header != other.header { names.append("settings.isNavigationHeaderEnabled") }
    if footer != other.footer { names.append("settings.isNavigationFooterEnabled") }
    if tripProgressBar != other.tripProgressBar {
      names.append("settings.isNavigationTripProgressBarEnabled")
    }
    if reportButton != other.reportButton {
      names.append("settings.isNavigationReportIncidentButtonEnabled")
    }
    if padding != other.padding { names.append("padding") }
    if paddingAdjustment != other.paddingAdjustment { names.append("paddingAdjustmentBehavior") }
    return names
  }
}

extension AuditRun {
  /// The map's legacy layout guides (Guides/Spec.md §11), which have no effect with a delegate.
  var legacyGuides: [(UILayoutGuide, String)] {
    [
      (mapView.navigationHeaderLayoutGuide, "navigationHeaderLayoutGuide"),
      (mapView.navigationFooterLayoutGuide, "navigationFooterLayoutGuide"),
      (mapView.bottomTrailingButtonsLayoutGuide, "bottomTrailingButtonsLayoutGuide"),
      (
        mapView.bottomTrailingButtonsAlternateLayoutGuide,
        "bottomTrailingButtonsAlternateLayoutGuide"
      ),
    ]
  }

  /// The constraints on the legacy guides now (the SDK's own, before the delegate runs).
  func legacyGuideConstraints() -> IdentitySet<NSLayoutConstraint> {
    let guides = legacyGuides.map(\.0)
    var found = IdentitySet<NSLayoutConstraint>()
    for c in allConstraints() {
      let items = [c.firstItem, c.secondItem].compactMap { $0 as? UILayoutGuide }
      if items.contains(where: { item in guides.contains { $0 === item } }) {
        found.insert(c)
      }
    }
    return found
  }

  /// D9: no legacy layout settings changed and no constraint on a legacy layout guide while
  /// the delegate is active.
  func checkD9(_ state: String) {
    guard !builtIn, let before = legacyBefore else { return }
    for name in LegacySettings(mapView).changes(from: before) where reportedD9.insert(name).inserted
    {
      report(
        .d9, state, [mapView],
        "the legacy layout property \(name) was changed while a layout delegate is active")
    }
    let sdk = sdkGuideConstraints
    for c in allConstraints() where !sdk.contains(c) {
      let items = [c.firstItem, c.secondItem]
      for (guide, name) in legacyGuides where items.contains(where: { $0 === guide }) {
        report(
          .d9, state, views(of: c).filter { $0 !== mapView } + [mapView],
          "constraint on the legacy layout guide \(name), which has no effect with a delegate")
      }
    }
  }

  /// D10: no view added inside a Google component and no constraint from outside a component
  /// to a view inside it.
  func checkD10(_ state: String) {
    guard !builtIn else { return }
    for component in components() where component.isDescendant(of: mapView) {
      func walk(_ view: UIView) {
        for sub in view.subviews {
          if !recorder.sdkDescendants.contains(sub) {
            report(
              .d10, state, [sub, component],
              "a view was added inside \(Self.name(component)), whose insides belong to the SDK")
            continue
          }
          walk(sub)
        }
      }
      walk(component)
    }
    let comps = components()
    for c in allConstraints() where !recorder.sdkConstraints.contains(c) {
      let items = views(of: c)
      guard items.count == 2 else { continue }
      for (inner, other) in [(items[0], items[1]), (items[1], items[0])] {
        guard
          let owner = comps.first(where: { inner !== $0 && inner.isDescendant(of: $0) }),
          other !== owner, !other.isDescendant(of: owner)
        else { continue }
        report(
          .d10, state, [inner, other],
          "constraint to \(Self.name(inner)) inside \(Self.name(owner)); anchor to the "
            + "component itself")
      }
    }
  }

  /// D16 probe: the speed widget changes size (speedometer and speed limit toggled); views
  /// that did not overlap it before and do now were not anchored to it.
  func probeD16(_ state: String) {
    guard let g = guidance, g.speedWidget.isDescendant(of: mapView) else { return }
    let widget = g.speedWidget
    func overlapping() -> [UIView] {
      guard isVisible(widget) else { return [] }
      let w = frame(widget)
      guard w.width > 0.5, w.height > 0.5 else { return [] }
      var found: [UIView] = []
      func walk(_ view: UIView) {
        for sub in view.subviews {
          if sub === widget { continue }
          if sub === g.viewport || widget.isDescendant(of: sub) {
            walk(sub)
            continue
          }
          guard isVisible(sub) else { continue }
          let o = frame(sub).intersection(w)
          if !o.isNull, o.width > 0.5, o.height > 0.5 { found.append(sub) }
          if !components().contains(where: { $0 === sub }) { walk(sub) }
        }
      }
      walk(mapView)
      return found
    }
    let before = overlapping()
    let speedometer = mapView.shouldDisplaySpeedometer
    let limit = mapView.shouldDisplaySpeedLimit
    mapView.shouldDisplaySpeedometer = !speedometer
    mapView.shouldDisplaySpeedLimit = !limit
    settle(0.5)
    for view in overlapping() where !before.contains(where: { $0 === view }) {
      report(
        .d16, state, [view, widget],
        "\(Self.name(view)) at \(Self.text(frame(view))) overlaps the speed widget at "
          + "\(Self.text(frame(widget))) after it resized; anchor the widget's neighbours to it")
    }
    mapView.shouldDisplaySpeedometer = speedometer
    mapView.shouldDisplaySpeedLimit = limit
    settle(0.5)
  }

  /// What D11 compares between a run and its reversed-buttons probe: which button types are
  /// placed, and where the ones the delegate placed itself (outside hiding stacks) are.
  func recordButtons(_ state: String) {
    var buttons: [any NavigationUIButton] = []
    if let g = current(as: (any ActiveGuidanceUIState).self) { buttons = g.buttons }
    if let r = current(as: (any NavigationReadyUIState).self) { buttons = r.buttons }
    var seen: [String: String] = [:]
    for button in buttons where button.view.isDescendant(of: mapView) {
      // A hiding stack shows what fits, in the order it was given: being in it is what counts.
      if button.view.superview is GMSNavigationHidingStackView {
        seen["\(button.type)"] = "in a hiding stack"
      } else {
        seen["\(button.type)"] = isVisible(button.view) ? Self.text(frame(button.view)) : "hidden"
      }
    }
    buttonRecord[state] = seen
  }

  /// D11 findings: moments where the reversed-buttons probe shows other buttons, or places
  /// the delegate's own buttons elsewhere, than this run.
  func compareButtons(with probe: AuditRun) -> [LayoutFinding] {
    var out: [LayoutFinding] = []
    for (state, seen) in buttonRecord.sorted(by: { $0.key < $1.key }) {
      guard let other = probe.buttonRecord[state], other != seen else { continue }
      let types = Set(seen.keys).union(other.keys).sorted().filter { seen[$0] != other[$0] }
      out.append(
        LayoutFinding(
          rule: .d11, state: state, configuration: configuration.name + " (buttons reversed)",
          size: mapView.bounds.size, views: types.map { "button \($0)" },
          message: "with the buttons listed in another order the layout shows or places "
            + "\(types.joined(separator: ", ")) differently; find buttons by type, not index"))
    }
    return out
  }
}

/// The SDK's own slot layout, used when no layout delegate is set (DESIGN decision 12): the
/// header at the top, the footer at the bottom, buttons in corners, the trip progress bar on
/// the leading side (SPEC §12.6 geometry), the accessory view below the header, the legacy
/// layout guides and ``GMSMapView/padding``.
@MainActor
final class BuiltInLayout {
  unowned let mapView: GMSMapView
  let headerGuide = UILayoutGuide()
  let footerGuide = UILayoutGuide()
  var buttonsGuide: UILayoutGuide?
  var alternateButtonsGuide = UILayoutGuide()
  private var views: [UIView] = []
  private var constraints: [NSLayoutConstraint] = []
  private var guideConstraints: [NSLayoutConstraint] = []
  private var promptConstraints: [NSLayoutConstraint] = []
  private var installed = false

  init(mapView: GMSMapView) {
    self.mapView = mapView
    headerGuide.identifier = "navigationHeaderLayoutGuide"
    footerGuide.identifier = "navigationFooterLayoutGuide"
    alternateButtonsGuide.identifier = "bottomTrailingButtonsAlternateLayoutGuide"
    mapView.addLayoutGuide(headerGuide)
    mapView.addLayoutGuide(footerGuide)
    resetGuides(header: nil, footer: nil)
  }

  /// Whether the built-in layout is what shows (navigation enabled, no delegate).
  var isActive: Bool { installed && mapView.layoutDelegate == nil }

  func install() {
    installed = true
    rebuild()
  }

  func uninstall() {
    tearDown()
    installed = false
    resetGuides(header: nil, footer: nil)
  }

  func rebuildIfActive() { if isActive { rebuild() } }

  private func tearDown() {
    NSLayoutConstraint.deactivate(constraints)
    constraints = []
    for view in views { view.removeFromSuperview() }
    views = []
  }

  private func add(_ view: UIView) {
    view.translatesAutoresizingMaskIntoConstraints = false
    mapView.addSubview(view)
    views.append(view)
  }

  /// Lays out the components for the current phase and settings.
  func rebuild() {
    guard isActive, let c = mapView.components else { return }
    tearDown()
    let settings = mapView.settings
    let safe = mapView.safeAreaLayoutGuide
    let pad = mapView.padding
    let margin = NavigationStyleValues.buttonHorizontalPadding
    let guiding = mapView.phase == .activeGuidance
    var header: UIView?
    var footer: UIView?
    var list: [NSLayoutConstraint] = []
    if guiding && settings.isNavigationTripProgressBarEnabled {
      add(c.tripProgressBar)
      let tall = c.tripProgressBar.heightAnchor.constraint(equalToConstant: 400)
      tall.priority = .defaultLow
      list += [
        c.tripProgressBar.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: margin),
        c.tripProgressBar.bottomAnchor.constraint(equalTo: mapView.bottomAnchor, constant: -210),
        c.tripProgressBar.topAnchor.constraint(
          greaterThanOrEqualTo: mapView.topAnchor, constant: 170),
        c.tripProgressBar.heightAnchor.constraint(lessThanOrEqualToConstant: 400), tall,
      ]
    }
    add(c.viewport)
    if guiding && settings.isNavigationHeaderEnabled {
      add(c.turnCard)
      header = c.turnCard
      list += [
        c.turnCard.topAnchor.constraint(equalTo: mapView.topAnchor),
        c.turnCard.leadingAnchor.constraint(equalTo: mapView.leadingAnchor),
      ]
      if let accessory = mapView.headerAccessory {
        let height = accessory.heightForAccessoryViewConstrained(
          to: CGSize(width: c.context.cardWidth, height: mapView.bounds.height / 3), on: mapView)
        if height > 0, height < mapView.bounds.height / 3 {
          add(accessory)
          header = accessory
          list += [
            accessory.topAnchor.constraint(equalTo: c.turnCard.bottomAnchor),
            accessory.leadingAnchor.constraint(equalTo: c.turnCard.leadingAnchor),
            accessory.widthAnchor.constraint(equalTo: c.turnCard.widthAnchor),
            accessory.heightAnchor.constraint(equalToConstant: height),
          ]
        }
      }
    }
    if guiding && settings.isNavigationFooterEnabled {
      add(c.etaCard)
      footer = c.etaCard
      list += [
        c.etaCard.bottomAnchor.constraint(equalTo: mapView.bottomAnchor),
        c.etaCard.leadingAnchor.constraint(equalTo: mapView.leadingAnchor),
      ]
    }
    resetGuides(header: header, footer: footer)
    let top = header?.bottomAnchor ?? safe.topAnchor
    let bottom = footer?.topAnchor ?? safe.bottomAnchor
    list += [
      c.viewport.topAnchor.constraint(equalTo: top, constant: pad.top),
      c.viewport.bottomAnchor.constraint(equalTo: bottom, constant: -pad.bottom),
      c.viewport.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: pad.left),
      c.viewport.trailingAnchor.constraint(equalTo: safe.trailingAnchor, constant: -pad.right),
    ]
    add(c.logo)
    list += [
      c.logo.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: margin + pad.left),
      c.logo.bottomAnchor.constraint(equalTo: bottom, constant: -margin - pad.bottom),
    ]
    if settings.compassButton {
      add(c.compassButton)
      list += [
        c.compassButton.trailingAnchor.constraint(
          equalTo: safe.trailingAnchor, constant: -margin - pad.right),
        c.compassButton.topAnchor.constraint(equalTo: top, constant: margin + pad.top),
      ]
    }
    if guiding {
      add(c.speedWidget)
      list += [
        c.speedWidget.leadingAnchor.constraint(equalTo: c.logo.leadingAnchor),
        c.speedWidget.bottomAnchor.constraint(equalTo: c.logo.topAnchor, constant: -margin),
      ]
      if settings.isNavigationReportIncidentButtonEnabled {
        add(c.reportButton)
        let guide = buttonsGuide ?? footerGuide
        list += [
          c.reportButton.trailingAnchor.constraint(
            equalTo: safe.trailingAnchor, constant: -margin - pad.right),
          c.reportButton.bottomAnchor.constraint(
            equalTo: guide === footerGuide ? bottom : guide.topAnchor,
            constant: -margin - pad.bottom),
        ]
      }
    }
    constraints = list
    NSLayoutConstraint.activate(list)
    if let prompt = mapView.promptView { place(prompt) }
  }

  /// Pins the legacy guides to the header and footer, or gives them zero height.
  private func resetGuides(header: UIView?, footer: UIView?) {
    NSLayoutConstraint.deactivate(guideConstraints)
    let m = mapView
    guideConstraints = [
      headerGuide.leadingAnchor.constraint(equalTo: m.leadingAnchor),
      headerGuide.trailingAnchor.constraint(equalTo: header?.trailingAnchor ?? m.trailingAnchor),
      headerGuide.topAnchor.constraint(equalTo: m.topAnchor),
      header.map { headerGuide.bottomAnchor.constraint(equalTo: $0.bottomAnchor) }
        ?? headerGuide.heightAnchor.constraint(equalToConstant: 0),
      footerGuide.leadingAnchor.constraint(equalTo: m.leadingAnchor),
      footerGuide.trailingAnchor.constraint(equalTo: footer?.trailingAnchor ?? m.trailingAnchor),
      footerGuide.bottomAnchor.constraint(equalTo: m.bottomAnchor),
      footer.map { footerGuide.topAnchor.constraint(equalTo: $0.topAnchor) }
        ?? footerGuide.heightAnchor.constraint(equalToConstant: 0),
    ]
    NSLayoutConstraint.activate(guideConstraints)
  }

  private func place(_ prompt: UIView) {
    NSLayoutConstraint.deactivate(promptConstraints)
    if prompt.superview !== mapView { mapView.addSubview(prompt) }
    let above = mapView.settings.isNavigationFooterEnabled && mapView.phase == .activeGuidance
    promptConstraints = [
      prompt.leadingAnchor.constraint(equalTo: mapView.safeAreaLayoutGuide.leadingAnchor),
      prompt.bottomAnchor.constraint(
        equalTo: above ? footerGuide.topAnchor : mapView.safeAreaLayoutGuide.bottomAnchor),
    ]
    NSLayoutConstraint.activate(promptConstraints)
  }

  /// Shows a prompt above the footer (the built-in layout does not animate prompts).
  func showPrompt(_ prompt: PromptView, replacing old: PromptView?) {
    old?.removeFromSuperview()
    place(prompt)
  }

  /// Removes a prompt.
  func hidePrompt(_ prompt: PromptView) {
    NSLayoutConstraint.deactivate(promptConstraints)
    promptConstraints = []
    prompt.removeFromSuperview()
  }
}

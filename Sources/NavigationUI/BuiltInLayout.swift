/// The SDK's own slot layout, used when no layout delegate is set (Guides/Decisions.md 12): the
/// header at the top, the footer at the bottom, buttons in corners, the trip progress bar on
/// the leading side (Guides/Spec.md §12.6), the accessory view below the header, the legacy
/// layout guides and ``GMSMapView/padding``.
@MainActor
final class BuiltInLayout {
  unowned let mapView: GMSMapView
  let headerGuide = UILayoutGuide()
  let footerGuide = UILayoutGuide()
  var buttonsGuide: UILayoutGuide?
  /// The app's alternate guide for the bottom-trailing buttons, if it set one.
  var alternateButtonsGuide: UILayoutGuide?
  /// The default alternate guide: only its top is constrained, to the safe area's bottom.
  let defaultAlternateButtonsGuide = UILayoutGuide()
  /// The bottom of the map content: above the footer and above a prompt on screen.
  let contentGuide = UILayoutGuide()
  private let bottomStack = GMSNavigationHidingStackView(position: .bottom, alignment: .trailing)
  private let topStack = GMSNavigationHidingStackView(position: .top, alignment: .trailing)
  private let speedStack = GMSNavigationHidingStackView(position: .bottom, alignment: .leading)
  private var views: [UIView] = []
  private var constraints: [NSLayoutConstraint] = []
  private var guideConstraints: [NSLayoutConstraint] = []
  private var promptConstraints: [NSLayoutConstraint] = []
  private var installed = false
  /// The accessory view on screen (to fade in only a new one).
  private weak var shownAccessory: UIView?

  init(mapView: GMSMapView) {
    self.mapView = mapView
    headerGuide.identifier = "navigationHeaderLayoutGuide"
    footerGuide.identifier = "navigationFooterLayoutGuide"
    defaultAlternateButtonsGuide.identifier = "bottomTrailingButtonsAlternateLayoutGuide"
    mapView.addLayoutGuide(defaultAlternateButtonsGuide)
    defaultAlternateButtonsGuide.topAnchor.constraint(
      equalTo: mapView.safeAreaLayoutGuide.bottomAnchor
    ).isActive = true
    mapView.addLayoutGuide(headerGuide)
    mapView.addLayoutGuide(footerGuide)
    mapView.addLayoutGuide(contentGuide)
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
    shownAccessory = nil
    installed = false
    resetGuides(header: nil, footer: nil)
  }

  /// Lays the controls out again: the navigation layout when active, else, without
  /// navigation, the plain map's controls.
  func rebuildIfActive() {
    if isActive {
      rebuild()
    } else if !mapView.navigationEnabled {
      rebuildPlain()
    }
  }

  /// Takes the plain map's controls off before a layout delegate gets the components.
  func removePlainControls() {
    if !installed { tearDown() }
  }

  /// Without navigation (with or without a delegate), the map's own controls
  /// (Guides/Spec.md §12): the compass in the top trailing corner, the my-location button
  /// in the bottom trailing corner, inside the safe area and ``GMSMapView/padding``. They are
  /// made the first time one is needed, so a plain map facing north costs nothing.
  func rebuildPlain() {
    guard !mapView.navigationEnabled else { return }
    let settings = mapView.settings
    let wantsCompass =
      settings.compassButton && (mapView.components != nil || !mapView.isCameraNorth)
    guard wantsCompass || settings.myLocationButton || !views.isEmpty else { return }
    let c = mapView.makeComponents()
    tearDown()
    let safe = mapView.safeAreaLayoutGuide
    let pad = mapView.padding
    let margin = NavigationStyleValues.buttonHorizontalPadding
    var list: [NSLayoutConstraint] = []
    if settings.compassButton {
      add(c.compassButton)
      list += [
        c.compassButton.trailingAnchor.constraint(
          equalTo: safe.trailingAnchor, constant: -margin - pad.right),
        c.compassButton.topAnchor.constraint(equalTo: safe.topAnchor, constant: margin + pad.top),
      ]
    }
    if settings.myLocationButton {
      add(c.myLocationButton)
      list += [
        c.myLocationButton.trailingAnchor.constraint(
          equalTo: safe.trailingAnchor, constant: -margin - pad.right),
        c.myLocationButton.bottomAnchor.constraint(
          equalTo: safe.bottomAnchor, constant: -margin - pad.bottom),
      ]
    }
    constraints = list
    NSLayoutConstraint.activate(list)
    mapView.updateCompass(animated: false)
  }

  /// The accessory view's height for the map's size, or `nil` when it must hide: on a short
  /// landscape screen (less than 480 pt tall) or when it asks for no height or for more than
  /// a third of the map (Guides/Spec.md §12.3).
  private func accessoryHeight(
    _ accessory: any UIView & GMSNavigationAccessoryView, width: CGFloat
  ) -> CGFloat? {
    let size = mapView.bounds.size
    if size.width > size.height && size.height < 480 { return nil }
    let available = CGSize(width: width, height: (size.height / 3).rounded(.down))
    let height = accessory.heightForAccessoryViewConstrained(to: available, on: mapView)
    guard height.isFinite, height > 0, height <= available.height else { return nil }
    return height
  }

  private func tearDown() {
    NSLayoutConstraint.deactivate(constraints)
    constraints = []
    for view in views { view.removeFromSuperview() }
    views = []
    for stack in [bottomStack, topStack, speedStack] { stack.arrangedSubviews = [] }
  }

  private func add(_ view: UIView) {
    view.translatesAutoresizingMaskIntoConstraints = false
    mapView.addSubview(view)
    views.append(view)
  }

  /// Lays out the components for the current phase and settings. Views are added in
  /// drawing order: the trip progress bar, the viewport, the header (card and accessory), the
  /// footer, the logo, then the button and speed stacks.
  func rebuild() {
    guard isActive, let c = mapView.components else { return }
    tearDown()
    let settings = mapView.settings
    let guiding = mapView.phase == .activeGuidance
    c.turnCard.showsSecondaryRow = true
    if !guiding || !settings.isNavigationHeaderEnabled { shownAccessory = nil }
    var list: [NSLayoutConstraint] = []
    if guiding && settings.isNavigationTripProgressBarEnabled {
      list += tripProgressBarConstraints(c)
    }
    add(c.viewport)
    var header: UIView?
    if guiding && settings.isNavigationHeaderEnabled {
      header = layOutHeader(c, into: &list)
    }
    var footer: UIView?
    if guiding && settings.isNavigationFooterEnabled {
      add(c.etaCard)
      footer = c.etaCard
      list += [
        c.etaCard.bottomAnchor.constraint(equalTo: mapView.bottomAnchor),
        c.etaCard.leadingAnchor.constraint(equalTo: mapView.leadingAnchor),
      ]
    }
    resetGuides(header: header, footer: footer)
    list += viewportConstraints(c, header: header, footer: footer)
    list += controlConstraints(c, below: header?.bottomAnchor, guiding: guiding)
    constraints = list
    NSLayoutConstraint.activate(list)
    if let prompt = mapView.promptView { place(prompt) }
    mapView.updateCompass(animated: false)
  }

  /// Adds the trip progress bar on the leading side, between the header's room and the
  /// footer's (Guides/Spec.md §12.6).
  private func tripProgressBarConstraints(_ c: NavigationComponents) -> [NSLayoutConstraint] {
    let safe = mapView.safeAreaLayoutGuide
    add(c.tripProgressBar)
    let tall = c.tripProgressBar.heightAnchor.constraint(equalToConstant: 400)
    tall.priority = .defaultLow
    return [
      c.tripProgressBar.leadingAnchor.constraint(
        equalTo: safe.leadingAnchor, constant: NavigationStyleValues.elementHorizontalPadding),
      c.tripProgressBar.bottomAnchor.constraint(equalTo: mapView.bottomAnchor, constant: -210),
      c.tripProgressBar.topAnchor.constraint(
        greaterThanOrEqualTo: mapView.topAnchor, constant: 170),
      c.tripProgressBar.heightAnchor.constraint(lessThanOrEqualToConstant: 400), tall,
    ]
  }

  /// Adds the turn card at the top and, when the app set one that fits, the accessory view
  /// below it; returns the lowest of them (the header).
  private func layOutHeader(
    _ c: NavigationComponents, into list: inout [NSLayoutConstraint]
  ) -> UIView {
    add(c.turnCard)
    var header: UIView = c.turnCard
    list += [
      c.turnCard.topAnchor.constraint(equalTo: mapView.topAnchor),
      c.turnCard.leadingAnchor.constraint(equalTo: mapView.leadingAnchor),
    ]
    // The accessory view replaces the card's secondary row (Guides/Spec.md §12.3).
    var accessoryShown = false
    if let accessory = mapView.headerAccessory,
      let height = accessoryHeight(accessory, width: c.context.cardWidth)
    {
      let isNew = shownAccessory !== accessory
      shownAccessory = accessory
      add(accessory)
      header = accessory
      accessoryShown = true
      list += [
        accessory.topAnchor.constraint(equalTo: c.turnCard.bottomAnchor),
        accessory.leadingAnchor.constraint(equalTo: c.turnCard.leadingAnchor),
        accessory.widthAnchor.constraint(equalTo: c.turnCard.widthAnchor),
        accessory.heightAnchor.constraint(equalToConstant: height),
      ]
      if isNew && mapView.window != nil {
        accessory.alpha = 0
        UIView.animate(withDuration: GMSMapView.compassFadeDuration) { accessory.alpha = 1 }
      } else if accessory.alpha != 1 {
        accessory.alpha = 1
      }
    }
    c.turnCard.showsSecondaryRow = !accessoryShown
    if !accessoryShown { shownAccessory = nil }
    return header
  }

  /// The content guide above the footer, and the viewport between the header and it: the
  /// viewport keeps the padding from the header and footer, and where they are absent the
  /// padding combined with the safe area (`paddingAdjustmentBehavior`).
  private func viewportConstraints(
    _ c: NavigationComponents, header: UIView?, footer: UIView?
  ) -> [NSLayoutConstraint] {
    let safe = mapView.safeAreaLayoutGuide
    let pad = mapView.padding
    let inset = mapView.adjustedPadding
    let safeInsets = mapView.safeAreaInsets
    let below = footer?.topAnchor ?? mapView.bottomAnchor
    let belowInset = footer == nil ? inset.bottom - pad.bottom : 0
    let low = contentGuide.bottomAnchor.constraint(equalTo: below, constant: -belowInset)
    low.priority = .defaultLow
    let content = [
      contentGuide.heightAnchor.constraint(equalToConstant: 0),
      contentGuide.bottomAnchor.constraint(lessThanOrEqualTo: below, constant: -belowInset), low,
    ]
    let viewportTop =
      header.map { c.viewport.topAnchor.constraint(equalTo: $0.bottomAnchor, constant: pad.top) }
      ?? c.viewport.topAnchor.constraint(equalTo: mapView.topAnchor, constant: inset.top)
    return content + [
      viewportTop,
      c.viewport.bottomAnchor.constraint(equalTo: contentGuide.topAnchor, constant: -pad.bottom),
      c.viewport.leadingAnchor.constraint(
        equalTo: safe.leadingAnchor, constant: inset.left - safeInsets.left),
      c.viewport.trailingAnchor.constraint(
        equalTo: safe.trailingAnchor, constant: safeInsets.right - inset.right),
    ]
  }

  /// Adds the logo, the bottom buttons, the compass and the speed widget between the header
  /// (`below` it, else the safe area's top) and the content's bottom. Buttons and the speed
  /// widget sit in hiding stacks so that, when a prompt or a short screen leaves no room
  /// between the header and the content bottom, they hide instead of overlapping the cards,
  /// the prompt or each other.
  private func controlConstraints(
    _ c: NavigationComponents, below headerBottom: NSLayoutYAxisAnchor?, guiding: Bool
  ) -> [NSLayoutConstraint] {
    let settings = mapView.settings
    let safe = mapView.safeAreaLayoutGuide
    let pad = mapView.padding
    let margin = NavigationStyleValues.buttonHorizontalPadding
    let top = headerBottom ?? safe.topAnchor
    let bottom = contentGuide.topAnchor
    add(c.logo)
    var list = [
      c.logo.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: margin + pad.left),
      c.logo.bottomAnchor.constraint(equalTo: bottom, constant: -margin - pad.bottom),
    ]
    let trailing = -margin - pad.right
    var bottomButtons: [UIView] = []
    if guiding && settings.isNavigationReportIncidentButtonEnabled {
      bottomButtons.append(c.reportButton)
    }
    if settings.myLocationButton { bottomButtons.append(c.myLocationButton) }
    bottomStack.spacing = NavigationStyleValues.buttonVerticalPadding
    bottomStack.arrangedSubviews = bottomButtons
    add(bottomStack)
    // When the header and footer do not span the map's width (wide mode), the buttons use
    // the alternate guide (Guides/Spec.md §14.6); else the buttons guide, else the content.
    let narrowCards = c.context.cardWidth < mapView.bounds.width
    let alternate = alternateButtonsGuide ?? defaultAlternateButtonsGuide
    let buttonsBottom =
      guiding
      ? (narrowCards ? alternate.topAnchor : buttonsGuide?.topAnchor ?? bottom) : bottom
    list += [
      bottomStack.trailingAnchor.constraint(equalTo: safe.trailingAnchor, constant: trailing),
      bottomStack.topAnchor.constraint(equalTo: top, constant: margin + pad.top),
      bottomStack.bottomAnchor.constraint(equalTo: buttonsBottom, constant: -margin - pad.bottom),
    ]
    if settings.compassButton {
      // The compass keeps the top corner, above the room the bottom buttons need.
      let reserved = bottomButtons.reduce(CGFloat(0)) {
        $0 + $1.intrinsicContentSize.height + bottomStack.spacing
      }
      topStack.arrangedSubviews = [c.compassButton]
      add(topStack)
      list += [
        topStack.trailingAnchor.constraint(equalTo: safe.trailingAnchor, constant: trailing),
        topStack.topAnchor.constraint(equalTo: top, constant: margin + pad.top),
        topStack.bottomAnchor.constraint(equalTo: bottomStack.bottomAnchor, constant: -reserved),
      ]
    }
    if guiding {
      speedStack.arrangedSubviews = [c.speedWidget]
      add(speedStack)
      // The speed widget is a non-button control: its gap to the edge is
      // `elementHorizontalPadding` (Guides/Spec.md §8).
      list += [
        speedStack.leadingAnchor.constraint(
          equalTo: safe.leadingAnchor,
          constant: NavigationStyleValues.elementHorizontalPadding + pad.left),
        speedStack.topAnchor.constraint(equalTo: top, constant: margin + pad.top),
        speedStack.bottomAnchor.constraint(equalTo: c.logo.topAnchor, constant: -margin),
      ]
    }
    return list
  }

  /// Fades out an accessory view that is being replaced or removed (Guides/Spec.md §12.3):
  /// it stays where it was, out of the layout, until the fade ends.
  func fadeOut(_ accessory: UIView) {
    guard let index = views.firstIndex(where: { $0 === accessory }) else { return }
    views.remove(at: index)
    guard mapView.window != nil else {
      accessory.removeFromSuperview()
      return
    }
    let frame = accessory.frame
    NSLayoutConstraint.deactivate(constraints.filter { $0.firstItem === accessory })
    accessory.translatesAutoresizingMaskIntoConstraints = true
    accessory.frame = frame
    let map = mapView
    UIView.animate(withDuration: GMSMapView.compassFadeDuration) {
      accessory.alpha = 0
    } completion: { [weak accessory, weak map] _ in
      guard let accessory, let map, map.headerAccessory !== accessory else { return }
      accessory.removeFromSuperview()
      accessory.alpha = 1
      accessory.translatesAutoresizingMaskIntoConstraints = false
    }
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
      contentGuide.bottomAnchor.constraint(lessThanOrEqualTo: prompt.topAnchor),
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

import Foundation

/// What the map's own controls keep between camera moves: the compass's pending fade and the
/// lighting mode the app chose.
@MainActor
final class MapControlsState {
  /// The compass fades this long after the camera reached north.
  var compassFade: ClockTimer?
  /// The lighting mode the app set (`nil`: the navigator's suggestion applies).
  var appLightingMode: GMSNavigationLightingMode?
}

extension GMSMapView {
  /// Seconds the compass stays after the camera turned north before it fades.
  static let compassFadeDelay: TimeInterval = 1
  /// Seconds the compass takes to fade in or out.
  static let compassFadeDuration: TimeInterval = 0.25

  /// The map's own controls on it while navigation is off (the compass and the my-location
  /// button, Guides/Spec.md §12.1): they belong to the map, not to the navigation UI, so tools
  /// checking that navigation left nothing behind (the layout audit) leave them out.
  public var mapControlViews: [UIView] {
    guard !navigationEnabled, let components else { return [] }
    return [components.compassButton, components.myLocationButton].filter {
      $0.superview === self
    }
  }

  /// Whether the camera faces north (within a hundredth of a degree).
  var isCameraNorth: Bool {
    let b = cameraStorage.bearing
    return min(b, 360 - b) < 0.01
  }

  /// Whether the header accessory view is on screen (it hides the compass).
  var isShowingHeaderAccessory: Bool {
    guard let accessory = headerAccessory else { return false }
    return accessory.superview === self && !accessory.isHidden
  }

  /// Whether the built-in controls show the compass now (Guides/Spec.md §12.1): never when
  /// ``GMSUISettings/compassButton`` is off or a header accessory shows; always while
  /// navigation has the camera following the vehicle or the route overview (a tap switches
  /// between them); otherwise while the camera's bearing is not north.
  var compassShouldShow: Bool {
    guard settings.compassButton, !isShowingHeaderAccessory else { return false }
    if navigationEnabled && cameraMode != .free { return true }
    return !isCameraNorth
  }

  /// Shows or hides the compass for the camera, the mode and the settings. A compass the
  /// camera turned north fades ``compassFadeDelay`` later; other reasons hide it at once.
  /// A layout delegate's compass is the delegate's: it is always drawn.
  func updateCompass(animated: Bool) {
    guard let button = components?.compassButton else { return }
    if layoutDelegate != nil && navigationEnabled {
      controls.compassFade?.invalidate()
      controls.compassFade = nil
      if button.alpha != 1 { button.alpha = 1 }
      return
    }
    if compassShouldShow {
      controls.compassFade?.invalidate()
      controls.compassFade = nil
      guard button.alpha < 1 else { return }
      if animated && window != nil {
        UIView.animate(withDuration: Self.compassFadeDuration) { button.alpha = 1 }
      } else {
        button.alpha = 1
      }
      return
    }
    guard button.alpha > 0, controls.compassFade == nil else { return }
    guard animated, window != nil else {
      button.alpha = 0
      return
    }
    let clock = self.clock
    controls.compassFade = clock.schedule(
      at: clock.now + Self.compassFadeDelay, repeatInterval: nil
    ) { [weak self] _ in
      guard let self else { return }
      self.controls.compassFade = nil
      guard !self.compassShouldShow, let button = self.components?.compassButton else { return }
      UIView.animate(withDuration: Self.compassFadeDuration) { button.alpha = 0 }
    }
  }

  /// The camera moved: the compass's needle turns; off north on a plain map, the compass
  /// appears (its controls are made the first time).
  func cameraDidChangeForControls() {
    guard let components else {
      if !navigationEnabled && settings.compassButton && !isCameraNorth {
        builtIn.rebuildIfActive()
      }
      return
    }
    components.compassButton.show(bearing: cameraStorage.bearing)
    updateCompass(animated: true)
  }

  /// The compass was tapped: during navigation (not free) the camera switches between
  /// following and the route overview; otherwise it turns north and the compass fades.
  func compassTapped() {
    if navigationEnabled && cameraMode != .free {
      cameraMode = cameraMode == .overview ? .following : .overview
    } else {
      startCameraAnimation(to: cameraStorage.with(bearing: 0))
    }
  }

  /// Moves the camera to the device's location, when known (the my-location button); the
  /// map delegate may take the tap instead.
  func showMyLocation() {
    guard mapState.delegate?.didTapMyLocationButton(for: self) != true else { return }
    guard let fix = navigator?.lastLocation ?? roadSnappedLocationProvider?.lastLocation else {
      return
    }
    if navigationEnabled && cameraMode == .following {
      // Following already shows the vehicle: keep following.
      updateCamera()
      return
    }
    startCameraAnimation(to: cameraStorage.with(target: fix.coordinate))
  }

  /// Shows the recenter button (in place of the logo) when navigation is enabled, the camera
  /// does not follow the vehicle and ``GMSUISettings/isRecenterButtonEnabled`` is on.
  func updateRecenterButton() {
    guard let components else { return }
    let show = cameraMode != .following && navigationEnabled && settings.isRecenterButtonEnabled
    guard show != components.logo.isRecenter else { return }
    components.logo.setRecenter(show, theme: components.theme)
    if phase == .activeGuidance { refreshContent() }
  }

  // MARK: - Lighting

  /// The look in effect: the app's ``lightingMode`` when it set one; else, during navigation,
  /// the navigator's suggestion (Guides/Spec.md §12.4); else dark when the map view's trait
  /// collection is dark.
  var isLowLight: Bool {
    switch overrideUserInterfaceStyle {
    case .dark: return true
    case .light: return false
    case .unspecified: break
    }
    if let chosen = controls.appLightingMode { return chosen == .lowLight }
    if navigationEnabled, let suggested = navigator?.suggestedLightingMode {
      return suggested == .lowLight
    }
    return traitCollection.userInterfaceStyle == .dark
  }

  /// The navigator suggested another lighting mode: the map follows it unless the app chose
  /// one.
  func suggestedLightingModeChanged() {
    guard controls.appLightingMode == nil else { return }
    refreshTheme()
  }
}

import Foundation
import NavigationCore
import NavigationUI
import Rendering
import ViewKit

/// One picture of the settings gallery: a control of "Modify the navigation UI"
/// (Guides/Spec.md §12) shown on the built-in layout.
public struct SettingsGalleryShot: Sendable {
  /// What it shows ("Night mode").
  public var title: String
  /// The settings used, as an app writes them.
  public var code: String
  /// The screen, a PNG at the configuration's scale.
  public var png: Data
}

/// The header accessory view of the gallery: a banner under the primary header.
@MainActor
final class GalleryAccessoryView: UIView, GMSNavigationAccessoryView {
  private let label = UILabel()

  init() {
    super.init(frame: .zero)
    backgroundColor = UIColor(rgb: 0x202124)
    label.text = "Parking at the destination: 12 spaces free"
    label.textColor = .white
    label.font = .systemFont(ofSize: 15, weight: .medium)
    label.translatesAutoresizingMaskIntoConstraints = false
    addSubview(label)
    NSLayoutConstraint.activate([
      label.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16),
      label.centerYAnchor.constraint(equalTo: centerYAnchor),
    ])
  }

  func heightForAccessoryViewConstrained(to size: CGSize, on mapView: GMSMapView) -> CGFloat {
    min(44, size.height)
  }
}

extension DemoSession {
  /// One gallery entry: a title, the code shown with it, and what it does to a session.
  struct GallerySetting {
    var title: String
    var code: String
    var at: TimeInterval = 14
    var apply: @MainActor (DemoSession) -> Void
  }

  /// Gives the session's route a posted limit of `kmh` everywhere and drives it again from
  /// where the vehicle is, so the speedometer screens show the sign (Monaco's extract tags
  /// few `maxspeed`s).
  static func postLimit(_ kmh: Double, on session: DemoSession) {
    guard let navigator = session.navigator, var route = navigator.currentRoute,
      let end = route.geometry.last,
      let waypoint = GMSNavigationWaypoint(location: end, title: "Casino")
    else { return }
    for i in route.legs.indices {
      var a = route.legs[i].annotation ?? RouteLegAnnotation()
      a.maxSpeeds = Array(
        repeating: .known(value: kmh, unit: .kilometersPerHour), count: max(a.distances.count, 1))
      route.legs[i].annotation = a
    }
    navigator.routeProvider = FixedRouteProvider(routes: [route])
    navigator.setDestinations([waypoint]) { _ in }
    session.clock.advance(by: 0)
    navigator.isGuidanceActive = true
    session.mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
  }

  /// The gallery's settings, in order.
  static var gallerySettings: [GallerySetting] {
    [
      GallerySetting(title: "Night mode", code: "mapView.lightingMode = .lowLight") {
        $0.mapView.lightingMode = .lowLight
      },
      GallerySetting(
        title: "Custom header colours",
        code: """
          mapView.settings.navigationHeaderPrimaryBackgroundColor = .blue
          mapView.settings.navigationHeaderSecondaryBackgroundColor = .red
          """
      ) {
        $0.mapView.settings.navigationHeaderPrimaryBackgroundColor = .blue
        $0.mapView.settings.navigationHeaderSecondaryBackgroundColor = .red
      },
      GallerySetting(title: "Header accessory view", code: "mapView.setHeaderAccessory(banner)") {
        $0.mapView.setHeaderAccessory(GalleryAccessoryView())
      },
      GallerySetting(
        title: "Directions list",
        code: """
          let list = GMSNavigationDirectionsListController(navigator: mapView.navigator!)
          view.addSubview(list.directionsListView)
          """
      ) { session in
        guard let navigator = session.navigator else { return }
        let list = GMSNavigationDirectionsListController(navigator: navigator)
        let view = list.directionsListView
        view.translatesAutoresizingMaskIntoConstraints = true
        view.frame = session.window.bounds.inset(by: session.window.safeAreaInsets)
        session.window.addSubview(view)
        session.galleryKeepAlive.append(list)
      },
      GallerySetting(
        title: "Speedometer under the limit", code: "mapView.shouldDisplaySpeedometer = true"
      ) {
        $0.mapView.shouldDisplaySpeedometer = true
        postLimit(50, on: $0)
        $0.mapView.locationSimulator?.speedMultiplier = 0.5
      },
      GallerySetting(
        title: "Speedometer, minor alert",
        code: """
          mapView.shouldDisplaySpeedometer = true
          options.setSpeedAlertThresholdPercentage(0.05, for: .minor)
          options.setSpeedAlertThresholdPercentage(5, for: .major)
          """
      ) {
        $0.mapView.shouldDisplaySpeedometer = true
        let options = GMSNavigationMutableSpeedAlertOptions()
        options.setSpeedAlertThresholdPercentage(0.05, for: .minor)
        options.setSpeedAlertThresholdPercentage(5, for: .major)
        $0.navigator?.speedAlertOptions = options
        postLimit(30, on: $0)
        $0.mapView.locationSimulator?.speedMultiplier = 2
      },
      GallerySetting(
        title: "Speedometer, major alert",
        code: "mapView.shouldDisplaySpeedometer = true  // driving far over the limit"
      ) {
        $0.mapView.shouldDisplaySpeedometer = true
        postLimit(30, on: $0)
        $0.mapView.locationSimulator?.speedMultiplier = 4
      },
      GallerySetting(
        title: "Trip progress bar",
        code: "mapView.settings.isNavigationTripProgressBarEnabled = true", at: 30
      ) {
        $0.mapView.settings.isNavigationTripProgressBarEnabled = true
      },
      GallerySetting(title: "Compass (following)", code: "mapView.settings.compassButton = true") {
        $0.mapView.settings.compassButton = true
      },
      GallerySetting(title: "Compass off", code: "mapView.settings.compassButton = false") {
        $0.mapView.settings.compassButton = false
      },
      GallerySetting(title: "Recenter button", code: "// the user pans the map") {
        _ = $0.mapView.simulateGesture(.scroll(dx: 0, dy: 160))
      },
      GallerySetting(
        title: "Destination markers on", code: "mapView.settings.showsDestinationMarkers = true"
      ) {
        $0.mapView.cameraMode = .overview
      },
      GallerySetting(
        title: "Destination markers off",
        code: "mapView.settings.showsDestinationMarkers = false"
      ) {
        $0.mapView.cameraMode = .overview
        $0.mapView.settings.showsDestinationMarkers = false
      },
      GallerySetting(title: "Buildings on (tilted)", code: "mapView.isBuildingsEnabled = true") {
        $0.mapView.isBuildingsEnabled = true
      },
      GallerySetting(title: "Buildings off", code: "mapView.isBuildingsEnabled = false") {
        $0.mapView.isBuildingsEnabled = false
      },
    ]
  }

  /// The settings gallery: for each control of "Modify the navigation UI", a fresh session on
  /// `configuration` with the built-in layout and no scheduled prompts, the setting applied
  /// after the start, driven to a few seconds in and rendered.
  ///
  /// - Throws: ``DemoError`` when a session cannot start or a screen cannot be drawn.
  public static func settingsGallery(_ configuration: DemoConfiguration) throws(DemoError)
    -> [SettingsGalleryShot]
  {
    var base = configuration
    base.layout = .builtin
    base.prompts = []
    var shots: [SettingsGalleryShot] = []
    for setting in gallerySettings {
      let session = try DemoSession(configuration: base)
      session.advance(to: 1)
      setting.apply(session)
      session.advance(to: setting.at)
      shots.append(
        SettingsGalleryShot(
          title: setting.title, code: setting.code, png: try session.renderPNG().png))
    }
    return shots
  }
}

// The members Google's Flutter (Swift) and React Native (Objective-C, here in Swift spelling)
// plugins use on the navigation flow, one statement each, compiled in Swift 5 mode from a
// non-isolated class as the plugins do, and run against a live session.
import Foundation
import NavigationUI
import Testing

final class PluginMemberUse: NSObject {
  var seen: [String] = []

  func session(_ session: GMSNavigationSession) {
    session.isStarted = true
    session.travelMode = .twoWheeler
    _ = session.navigator
    _ = session.locationSimulator
    _ = session.roadSnappedLocationProvider?.allowsBackgroundLocationUpdates
    session.roadSnappedLocationProvider?.allowsBackgroundLocationUpdates = false
    session.roadSnappedLocationProvider?.startUpdatingLocation()
    session.roadSnappedLocationProvider?.stopUpdatingLocation()
  }

  func navigator(_ navigator: GMSNavigator) {
    navigator.add(self)
    navigator.isGuidanceActive = false
    navigator.stopGuidanceAtArrival = false
    navigator.shouldDisplayPrompts = true
    navigator.sendsBackgroundNotifications = true
    navigator.voiceGuidance = .silent
    navigator.audioDeviceType = .bluetooth
    navigator.isVibrationEnabled = false
    navigator.avoidsHighways = false
    navigator.avoidsTolls = true
    navigator.avoidsFerries = true
    navigator.timeUpdateThreshold = 1
    navigator.distanceUpdateThreshold = 1
    seen.append("\(navigator.timeToNextDestination) \(navigator.distanceToNextDestination)")
    seen.append("\(navigator.delayCategoryToNextDestination.rawValue)")
    seen.append("\(navigator.routeLegs?.count ?? 0) \(navigator.currentRouteLeg == nil)")
    seen.append("\(navigator.traveledPath.count())")
    seen.append("\(navigator.suggestedLightingMode)")
    let options = GMSNavigationMutableRoutingOptions()
    options.routingStrategy = .shorter
    options.alternateRoutesStrategy = .one
    options.targetDistancesMeters = [NSNumber(value: 1500)]
    seen.append("\(options.routingStrategy) \(options.targetDistancesMeters?.count ?? 0)")
    let alerts = GMSNavigationMutableSpeedAlertOptions()
    alerts.setSpeedAlertThresholdPercentage(5, for: .minor)
    navigator.speedAlertOptions = alerts
    navigator.speedAlertOptions = nil
    _ = navigator.remove(self)
  }

  func waypoints() -> [GMSNavigationWaypoint] {
    let here = CLLocationCoordinate2D(latitude: 43.7394, longitude: 7.4275)
    var out: [GMSNavigationWaypoint?] = [
      GMSNavigationWaypoint(location: here, title: "a"),
      GMSNavigationWaypoint(location: here, title: "b", preferSameSideOfRoad: true),
      GMSNavigationWaypoint(location: here, title: "c", preferredSegmentHeading: 90),
      GMSNavigationWaypoint(placeID: "osm:way/4229658", title: "d"),
    ]
    let mutable = GMSNavigationMutableWaypoint(location: here, title: "e")
    mutable?.vehicleStopover = true
    mutable?.preferSameSideOfRoad = false
    out.append(mutable)
    for waypoint in out.compactMap({ $0 }) {
      seen.append(
        "\(waypoint.title) \(waypoint.placeID ?? "") \(waypoint.preferSameSideOfRoad) "
          + "\(waypoint.preferredHeading) \(waypoint.vehicleStopover) "
          + "\(CLLocationCoordinate2DIsValid(waypoint.coordinate))")
    }
    return out.compactMap { $0 }
  }

  func leg(_ leg: GMSRouteLeg) {
    seen.append("\(leg.destinationCoordinate.latitude) \(leg.destinationWaypoint?.title ?? "")")
    if let path = leg.path, path.count() > 0 {
      seen.append("\(path.coordinate(at: 0).latitude) \(path.encodedPath().isEmpty)")
    }
  }

  func step(_ step: GMSNavigationStepInfo) {
    seen.append(
      "\(step.maneuver.rawValue) \(step.fullRoadName) \(step.simpleRoadName) "
        + "\(step.fullInstructionText) \(step.exitNumber ?? "") \(step.drivingSide.rawValue) "
        + "\(step.roundaboutTurnNumber) \(step.stepNumber) \(step.distanceFromPrevStepMeters) "
        + "\(step.timeFromPrevStepSeconds)")
    for lane in step.lanes ?? [] {
      for direction in lane.laneDirections {
        seen.append("\(direction.laneShape.rawValue):\(direction.recommended ? 1 : 0)")
      }
    }
    let image = step.maneuverImage(with: nil) ?? UIImage(size: .zero)
    seen.append("\(image.scale) \(image.size.width) \(image.size.height)")
    _ = step.lanesImage(with: nil)
  }

  func services() {
    GMSServices.setAbnormalTerminationReportingEnabled(true)
    GMSServices.addInternalUsageAttributionID("gmp_flutter")
    _ = GMSServices.provideAPIKey("key")
    GMSNavigationServices.shouldOnlyShowDriverAwarenesssDisclaimer = false
    _ = GMSNavigationServices.navSDKVersion()
    _ = GMSNavigationServices.openSourceLicenseInfo()
    let params = GMSNavigationTermsDialogUIParams(
      backgroundColor: nil, titleFont: nil, titleColor: nil, mainTextFont: nil,
      mainTextColor: nil, buttonsFont: nil, cancelButtonTextColor: nil,
      acceptButtonTextColor: nil)
    let options = GMSNavigationTermsAndConditionsOptions(companyName: "Plugin")
    options.title = "Terms"
    options.uiParams = params
    options.shouldOnlyShowDriverAwarenessDialog = false
    GMSNavigationServices.showTermsAndConditionsDialogIfNeeded(with: options) { _ in }
    GMSNavigationServices.showTermsAndConditionsDialogIfNeeded(
      withTitle: "Terms", companyName: "Plugin"
    ) { _ in }
  }

  func mapView(_ mapView: GMSMapView, session: GMSNavigationSession) {
    _ = mapView.enableNavigation(with: session)
    mapView.isNavigationEnabled = true
    mapView.cameraMode = .overview
    mapView.followingPerspective = .tilted
    mapView.followingZoomLevel = GMSNavigationNoFollowingZoomLevel
    mapView.lightingMode = .lowLight
    mapView.shouldDisplaySpeedometer = true
    mapView.shouldDisplaySpeedLimit = true
    mapView.isBuildingsEnabled = true
    mapView.isTrafficEnabled = false
    mapView.isIndoorEnabled = true
    mapView.isMyLocationEnabled = true
    seen.append("\(mapView.myLocation == nil) \(mapView.isIncidentReportingAvailable)")
    if !mapView.isIncidentReportingAvailable {
      mapView.presentReportIncidentsPanel(nil, completion: nil)
    }
    mapView.travelMode = .driving
    mapView.settings.isNavigationHeaderEnabled = true
    mapView.settings.isNavigationFooterEnabled = true
    mapView.settings.isNavigationTripProgressBarEnabled = false
    mapView.settings.isNavigationReportIncidentButtonEnabled = true
    mapView.settings.isRecenterButtonEnabled = true
    mapView.settings.showsIncidentCards = true
    mapView.settings.showsDestinationMarkers = true
    mapView.settings.showsTrafficLights = false
    mapView.settings.showsStopSigns = false
    mapView.settings.compassButton = true
    mapView.settings.myLocationButton = false
    mapView.settings.allowScrollGesturesDuringRotateOrZoom = true
    mapView.settings.indoorPicker = true
    mapView.settings.navigationHeaderPrimaryBackgroundColor = .black
    mapView.settings.navigationHeaderSecondaryBackgroundColor = .black
    mapView.settings.navigationHeaderPrimaryBackgroundColorNightMode = .black
    mapView.settings.navigationHeaderSecondaryBackgroundColorNightMode = .black
    mapView.settings.navigationHeaderLargeManeuverIconColor = .white
    mapView.settings.navigationHeaderSmallManeuverIconColor = .white
    mapView.settings.navigationHeaderGuidanceRecommendedLaneColor = .white
    mapView.settings.navigationHeaderNextStepTextColor = .white
    mapView.settings.navigationHeaderDistanceValueTextColor = .white
    mapView.settings.navigationHeaderDistanceUnitsTextColor = .white
    mapView.settings.navigationHeaderInstructionsTextColor = .white
    mapView.settings.setAllGesturesEnabled(true)
    mapView.camera = GMSCameraPosition(
      latitude: 43.74, longitude: 7.42, zoom: 15, bearing: 0, viewingAngle: 30)
  }
}

extension PluginMemberUse: GMSNavigatorListener {
  func navigator(_ navigator: GMSNavigator, didArriveAt waypoint: GMSNavigationWaypoint) {
    seen.append("arrived \(waypoint.title)")
  }

  func navigator(_ navigator: GMSNavigator, didUpdateRemainingTime time: TimeInterval) {
    seen.append("time \(time)")
  }

  func navigator(
    _ navigator: GMSNavigator,
    didUpdate speedAlertSeverity: GMSNavigationSpeedAlertSeverity,
    speedingPercentage percentageAboveLimit: CGFloat
  ) {
    seen.append("speeding \(speedAlertSeverity.rawValue) \(percentageAboveLimit)")
  }

  func navigator(_ navigator: GMSNavigator, didUpdate navInfo: GMSNavigationNavInfo) {
    let steps: [GMSNavigationStepInfo] = (navInfo.remainingSteps + [navInfo.currentStep])
      .compactMap { $0 }
    seen.append(
      "navInfo \(navInfo.navState.rawValue) \(navInfo.routeChanged) \(steps.count) "
        + "\(navInfo.distanceToCurrentStepMeters) \(navInfo.distanceToFinalDestinationMeters) "
        + "\(navInfo.timeToCurrentStepSeconds) \(navInfo.timeToFinalDestinationSeconds)")
    steps.forEach(step)
  }

  func navigatorWillPresentPrompt(_ navigator: GMSNavigator) { seen.append("prompt") }
  func navigatorDidDismissPrompt(_ navigator: GMSNavigator) { seen.append("dismiss") }
}

@Suite struct PluginMemberTypecheckTests {
  @MainActor @Test func pluginMembersWorkOnALiveSession() throws {
    try GMSNavigationServices.acceptTermsAndConditions(persisting: false)
    let use = PluginMemberUse()
    let session = try #require(GMSNavigationServices.createNavigationSession())
    let clock = ManualClock()
    session.clock = clock
    use.session(session)
    session.travelMode = .driving
    let navigator = try #require(session.navigator)
    use.navigator(navigator)
    navigator.add(use)
    use.services()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844), clock: clock)
    let mapView = GMSMapView(frame: window.bounds)
    window.addSubview(mapView)
    use.mapView(mapView, session: session)
    session.locationSimulator?.simulateLocation(
      at: CLLocationCoordinate2D(latitude: 43.7296, longitude: 7.4168))
    var status: GMSRouteStatus?
    navigator.setDestinations(use.waypoints().suffix(2).dropLast()) { status = $0 }
    clock.advance(by: 0)
    #expect(status == .OK)
    navigator.isGuidanceActive = true
    session.locationSimulator?.simulateLocationsAlongExistingRoute()
    clock.advance(by: 3)
    #expect(use.seen.contains { $0.hasPrefix("navInfo 1 ") })
    for leg in navigator.routeLegs ?? [] { use.leg(leg) }
    #expect(use.seen.count > 20)
  }
}

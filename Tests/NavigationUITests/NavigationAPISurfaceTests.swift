// Every public member of the Navigation SDK for iOS's navigation classes, one statement each,
// in the Swift spelling an iOS app writes against the original headers (argument labels,
// optionality, closure shapes, enum case names), run against a live session on the Monaco
// map. Grouped by class; the member count of each group is in its comment.
import Foundation
import NavigationCore
import NavigationUI
import Testing
import ViewKit

/// A client object as apps write them: an `NSObject` that listens to the navigator, the
/// road-snapped provider and the map's navigation UI.
final class SurfaceClient: NSObject, GMSNavigatorListener, GMSRoadSnappedLocationProviderListener,
  GMSMapViewNavigationUIDelegate
{
  var seen: [String] = []

  // GMSNavigatorListener: 11 callbacks.
  func navigator(_ navigator: GMSNavigator, didArriveAt waypoint: GMSNavigationWaypoint) {
    seen.append("arrive \(waypoint.title)")
  }
  func navigatorDidChangeRoute(_ navigator: GMSNavigator) { seen.append("route") }
  func navigator(_ navigator: GMSNavigator, didUpdateRemainingTime time: TimeInterval) {
    seen.append("time")
  }
  func navigator(
    _ navigator: GMSNavigator, didUpdateRemainingDistance distance: CLLocationDistance
  ) { seen.append("distance") }
  func navigator(_ navigator: GMSNavigator, didUpdate delayCategory: GMSNavigationDelayCategory) {
    seen.append("delay")
  }
  func navigator(
    _ navigator: GMSNavigator,
    didChangeSuggestedLightingMode lightingMode: GMSNavigationLightingMode
  ) { seen.append("lighting") }
  func navigator(
    _ navigator: GMSNavigator, didUpdateSpeedingPercentage percentageAboveLimit: CGFloat
  ) { seen.append("speeding%") }
  func navigator(
    _ navigator: GMSNavigator, didUpdate speedAlertSeverity: GMSNavigationSpeedAlertSeverity,
    speedingPercentage percentageAboveLimit: CGFloat
  ) { seen.append("severity") }
  func navigator(_ navigator: GMSNavigator, didUpdate navInfo: GMSNavigationNavInfo) {
    seen.append("navInfo")
  }
  func navigatorWillPresentPrompt(_ navigator: GMSNavigator) { seen.append("prompt") }
  func navigatorDidDismissPrompt(_ navigator: GMSNavigator) { seen.append("dismiss") }

  // GMSRoadSnappedLocationProviderListener: 1 callback.
  func locationProvider(
    _ locationProvider: GMSRoadSnappedLocationProvider, didUpdate location: CLLocation
  ) { seen.append("fix") }

  // GMSMapViewNavigationUIDelegate: 1 callback.
  func mapViewDidTapRecenterButton(_ mapView: GMSMapView) { seen.append("recenter") }
}

@MainActor
@Suite struct NavigationAPISurfaceTests {
  let here = CLLocationCoordinate2D(latitude: 43.7296, longitude: 7.4168)
  let casino = CLLocationCoordinate2D(latitude: 43.7394, longitude: 7.4275)

  /// A started session on a manual clock, shown in a map view, the vehicle at `here`.
  func session() throws -> (GMSNavigationSession, GMSMapView, ManualClock, SurfaceClient) {
    try GMSNavigationServices.acceptTermsAndConditions(persisting: false)
    let session = try #require(GMSNavigationServices.createNavigationSession())
    let clock = ManualClock()
    session.clock = clock
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844), clock: clock)
    let mapView = GMSMapView(frame: window.bounds)
    window.addSubview(mapView)
    let client = SurfaceClient()
    session.locationSimulator?.simulateLocation(at: here)
    return (session, mapView, clock, client)
  }

  // GMSNavigationServices: 11; GMSNavigationTermsAndConditionsOptions: 6;
  // GMSNavigationTermsDialogUIParams: 9.
  @Test func servicesAndTerms() {
    let params = GMSNavigationTermsDialogUIParams(
      backgroundColor: .white, titleFont: .systemFont(ofSize: 20), titleColor: .black,
      mainTextFont: .systemFont(ofSize: 14), mainTextColor: .darkGray,
      buttonsFont: .boldSystemFont(ofSize: 14), cancelButtonTextColor: .red,
      acceptButtonTextColor: .blue)
    params.backgroundColor = .white
    params.titleFont = .systemFont(ofSize: 21)
    params.titleColor = .black
    params.mainTextFont = .systemFont(ofSize: 15)
    params.mainTextColor = .black
    params.buttonsFont = .systemFont(ofSize: 15)
    params.cancelButtonTextColor = .gray
    params.acceptButtonTextColor = .blue
    let options = GMSNavigationTermsAndConditionsOptions(companyName: "Surface Co.")
    options.companyName = "Surface Co."
    options.title = "Terms"
    options.shouldOnlyShowDriverAwarenessDialog = false
    options.uiParams = params
    let copied = options.copy()
    #expect(copied.companyName == "Surface Co." && copied.uiParams === params)
    GMSNavigationServices.shouldOnlyShowDriverAwarenesssDisclaimer = false
    GMSNavigationServices.setAbnormalTerminationReportingEnabled(false)
    var answers: [Bool] = []
    GMSNavigationServices.showTermsAndConditionsDialogIfNeeded(with: options) { answers.append($0) }
    GMSNavigationServices.showTermsAndConditionsDialogIfNeeded(
      withTitle: "Terms", companyName: "Surface Co.", uiParams: params
    ) { answers.append($0) }
    GMSNavigationServices.showTermsAndConditionsDialogIfNeeded(
      withTitle: nil, companyName: "Surface Co."
    ) { answers.append($0) }
    GMSNavigationServices.showTermsAndConditionsDialogIfNeeded(withCompanyName: "Surface Co.") {
      answers.append($0)
    }
    _ = GMSNavigationServices.areTermsAndConditionsAccepted()
    #expect(!GMSNavigationServices.openSourceLicenseInfo().isEmpty)
    #expect(!GMSNavigationServices.navSDKVersion().isEmpty)
    GMSNavigationServices.resetTermsAndConditionsAccepted()
    try? GMSNavigationServices.acceptTermsAndConditions(persisting: false)
    #expect(GMSNavigationServices.createNavigationSession() != nil)
    GMSNavigationServices.setAbnormalTerminationReportingEnabled(true)
  }

  // GMSNavigationSession: 5; GMSNavigator: 32; GMSRouteLeg: 3.
  @Test func sessionAndNavigator() throws {
    let (session, mapView, clock, client) = try session()
    session.isStarted = true
    session.travelMode = .driving
    #expect(mapView.enableNavigation(with: session))
    let navigator = try #require(session.navigator)
    _ = try #require(session.locationSimulator)
    _ = try #require(session.roadSnappedLocationProvider)
    navigator.add(client)
    navigator.avoidsHighways = false
    navigator.avoidsTolls = false
    navigator.avoidsFerries = true
    navigator.licensePlateRestriction = GMSNavigationLicensePlateRestriction(
      licensePlateLastDigit: 7, countryCode: "ID")
    navigator.stopGuidanceAtArrival = true
    navigator.timeUpdateThreshold = 1
    navigator.distanceUpdateThreshold = 1
    navigator.voiceGuidance = .silent
    navigator.audioDeviceType = .builtInOnly
    navigator.isVibrationEnabled = false
    navigator.sendsBackgroundNotifications = false
    navigator.shouldDisplayPrompts = true
    let alerts = GMSNavigationMutableSpeedAlertOptions()
    navigator.speedAlertOptions = alerts
    #expect(navigator.timeToNextDestination == CLTimeIntervalMax)
    #expect(navigator.distanceToNextDestination == CLLocationDistanceMax)
    let target = GMSNavigationWaypoint(location: casino, title: "Casino")!
    var statuses: [GMSRouteStatus] = []
    navigator.setDestinations([target]) { statuses.append($0) }
    navigator.setDestinations([target], routingOptions: GMSNavigationRoutingOptions()) {
      statuses.append($0)
    }
    navigator.setDestinations([target], routeToken: "token") { statuses.append($0) }
    clock.advance(by: 0)
    #expect(statuses == [.OK, .OK, .OK])
    var info: GMSNavigationRouteInfo??
    navigator.getRouteInfo(forDestination: target, with: GMSNavigationRoutingOptions()) {
      info = .some($0)
    }
    clock.advance(by: 0)
    let best = try #require(info??.timeAndDistance(for: .defaultBest))
    let shorter = try #require(info??.timeAndDistance(for: .shorter))
    #expect(best.durationSeconds > 0 && best.distanceMeters > 500)
    #expect(shorter.distanceMeters <= best.distanceMeters + 1)
    navigator.isGuidanceActive = true
    session.locationSimulator?.simulateLocationsAlongExistingRoute()
    clock.advance(by: 5)
    #expect(navigator.timeToNextDestination < CLTimeIntervalMax)
    #expect(navigator.distanceToNextDestination < CLLocationDistanceMax)
    _ = navigator.delayCategoryToNextDestination
    #expect(navigator.time(to: target) == navigator.timeToNextDestination)
    #expect(navigator.distance(to: target) == navigator.distanceToNextDestination)
    let leg = try #require(navigator.currentRouteLeg)
    #expect(leg.destinationWaypoint?.title == "Casino")
    #expect(CLLocationCoordinate2DIsValid(leg.destinationCoordinate))
    #expect((leg.path?.count() ?? 0) > 1)
    #expect(navigator.routeLegs?.count == 1)
    #expect(navigator.traveledPath.count() >= 1)
    _ = navigator.suggestedLightingMode
    var refused: (any Error)?
    navigator.setTransactionIDs(["ride-1"], errorHandler: nil)
    navigator.setTransactionIDs([String(repeating: "x", count: 65)]) { refused = $0 }
    clock.advance(by: 0)
    #expect(navigator.transactionIDs == ["ride-1"])
    #expect("\(refused.map { "\($0)" } ?? "")".contains("transaction ID 0"))
    var next: (GMSNavigationWaypoint?, GMSRouteStatus)?
    navigator.continueToNextDestination(completion: { next = ($0, $1) })
    clock.advance(by: 0)
    #expect(next?.0 == nil && next?.1 == .noWaypointsError)
    #expect(navigator.continueToNextDestination() == nil)
    navigator.clearDestinations()
    #expect(navigator.remove(client))
    #expect(navigator.licensePlateRestriction?.lastDigit == 7)
    #expect(client.seen.contains("navInfo") && client.seen.contains("route"))
    session.isStarted = false
  }

  // GMSNavigationWaypoint: 12; GMSNavigationMutableWaypoint: 3.
  @Test func waypoints() throws {
    let a = try #require(GMSNavigationWaypoint(location: casino, title: "a"))
    let b = try #require(GMSNavigationWaypoint(placeID: "osm:way/4229658", title: "b"))
    let c = try #require(
      GMSNavigationWaypoint(location: casino, title: "c", preferSameSideOfRoad: true))
    let d = try #require(
      GMSNavigationWaypoint(location: casino, title: "d", preferredSegmentHeading: 90))
    #expect(a.title == "a" && a.placeID == nil && CLLocationCoordinate2DIsValid(a.coordinate))
    #expect(b.placeID == "osm:way/4229658" && !CLLocationCoordinate2DIsValid(b.coordinate))
    #expect(c.preferSameSideOfRoad && c.preferredHeading == -1)
    #expect(d.preferredHeading == 90 && !d.vehicleStopover)
    #expect(
      GMSNavigationWaypoint(location: casino, title: "e", preferredSegmentHeading: 400) == nil)
    let copy: GMSNavigationWaypoint = d.copy()
    let mutable: GMSNavigationMutableWaypoint = d.mutableCopy()
    mutable.preferSameSideOfRoad = true
    mutable.preferredHeading = 180
    mutable.vehicleStopover = true
    // The mutable twin has the same initialisers (React Native plugin's spelling).
    let byPlace = try #require(GMSNavigationMutableWaypoint(placeID: "osm:way/4229658", title: "f"))
    let byLocation = try #require(GMSNavigationMutableWaypoint(location: casino, title: "g"))
    #expect(byPlace.placeID != nil && byLocation.placeID == nil)
    #expect(copy.preferredHeading == 90)
    #expect(mutable.preferredHeading == 180 && !mutable.preferSameSideOfRoad)
    #expect(mutable.vehicleStopover)
  }

  // GMSRoadSnappedLocationProvider: 5 (+ listener above).
  @Test func roadSnappedProvider() throws {
    let (session, _, clock, client) = try session()
    session.isStarted = true
    let provider = try #require(session.roadSnappedLocationProvider)
    provider.add(client)
    provider.allowsBackgroundLocationUpdates = true
    provider.startUpdatingLocation()
    session.locationSimulator?.simulateLocation(at: casino)
    clock.advance(by: 1)
    #expect(client.seen.contains("fix"))
    // A plain map (no navigation) shows this provider's fixes as its my-location.
    let passenger = GMSMapView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
    passenger.isMyLocationEnabled = true
    passenger.roadSnappedMyLocationSource = provider
    #expect(passenger.roadSnappedMyLocationSource === provider)
    let shown = try #require(passenger.myLocation)
    #expect(abs(shown.coordinate.latitude - casino.latitude) < 0.001)
    provider.stopUpdatingLocation()
    #expect(provider.remove(client))
    #expect(!provider.remove(client))
  }

  // GMSLocationSimulator: 14.
  @Test func simulator() throws {
    let (session, _, clock, _) = try session()
    session.isStarted = true
    let simulator = try #require(session.locationSimulator)
    simulator.avoidsHighways = false
    simulator.avoidsTolls = false
    simulator.avoidsFerries = true
    simulator.speedMultiplier = 2
    simulator.isLocationJitteringEnabled = false
    simulator.licensePlateRestriction = nil
    simulator.isPaused = false
    var statuses: [GMSRouteStatus] = []
    let target = GMSNavigationWaypoint(location: casino, title: "Casino")!
    simulator.simulateAlongNewRoute(toDestinations: [target]) { statuses.append($0) }
    simulator.simulateAlongNewRoute(
      toDestinations: [target],
      routingOptions: GMSNavigationRoutingOptions(routingStrategy: .shorter)
    ) { statuses.append($0) }
    clock.advance(by: 0)
    #expect(statuses.last == .OK)
    simulator.simulateLocationsAlongExistingRoute()
    simulator.simulateNavigationPrompt()
    simulator.simulateTrafficIncidentReport()
    simulator.simulateLocation(at: here)
    simulator.stopSimulation()
  }

  // GMSMapView (Navigation): 20; GMSMapView (CarPlay): 3; GMSMapViewOptions.screen: 1.
  @Test func mapViewNavigation() throws {
    let (session, mapView, _, client) = try session()
    let options = GMSMapViewOptions()
    options.screen = UIScreen.main
    // With the terms accepted a map view has its navigator before navigation is enabled,
    // so listeners added early hear the first route.
    #expect(GMSMapView(options: options).navigator != nil)
    mapView.navigationUIDelegate = client
    #expect(mapView.enableNavigation(with: session))
    mapView.isNavigationEnabled = true
    _ = try #require(mapView.navigator)
    _ = try #require(mapView.roadSnappedLocationProvider)
    _ = try #require(mapView.locationSimulator)
    mapView.cameraMode = .following
    mapView.followingPerspective = .topDownHeadingUp
    mapView.travelMode = .driving
    mapView.lightingMode = .lowLight
    mapView.shouldDisplaySpeedLimit = true
    mapView.shouldDisplaySpeedometer = true
    _ = mapView.navigationHeaderLayoutGuide
    _ = mapView.navigationFooterLayoutGuide
    mapView.routeCalloutFormat = .time
    mapView.followingZoomLevel = 17
    mapView.followingZoomLevel = GMSNavigationNoFollowingZoomLevel
    mapView.roadSnappedMyLocationSource = session.roadSnappedLocationProvider
    mapView.cameraMode = .free
    let before = mapView.camera.target
    mapView.didBeginPanGesture()
    mapView.didUpdatePanGesture(withTranslation: CGPoint(x: 40, y: 0), velocity: .zero)
    mapView.didUpdatePanGesture(withTranslation: CGPoint(x: 80, y: 0), velocity: .zero)
    mapView.didEndPanGesture(withVelocity: CGPoint(x: 10, y: 0))
    // Dragging the map right shows what lies west: the camera's target moves west.
    #expect(mapView.camera.target.longitude < before.longitude)
    #expect(abs(mapView.camera.target.latitude - before.latitude) < 1e-6)
  }

  // GMSUISettings (Navigation): 22.
  @Test func settings() throws {
    let (_, mapView, _, _) = try session()
    let settings = mapView.settings
    settings.isNavigationHeaderEnabled = true
    settings.isNavigationFooterEnabled = true
    settings.isNavigationTripProgressBarEnabled = false
    settings.isRecenterButtonEnabled = true
    settings.showsIncidentCards = true
    settings.showsDestinationMarkers = true
    settings.showsTrafficLights = false
    settings.showsStopSigns = false
    settings.navigationHeaderPrimaryBackgroundColor = .blue
    settings.navigationHeaderSecondaryBackgroundColor = .blue
    settings.navigationHeaderBackgroundAlpha = 0.9
    settings.navigationHeaderPrimaryBackgroundColorNightMode = .black
    settings.navigationHeaderSecondaryBackgroundColorNightMode = .black
    settings.navigationHeaderLargeManeuverIconColor = .white
    settings.navigationHeaderSmallManeuverIconColor = .white
    settings.navigationHeaderGuidanceRecommendedLaneColor = .white
    settings.navigationHeaderNextStepTextColor = .white
    settings.navigationHeaderNextStepFont = .systemFont(ofSize: 15)
    settings.navigationHeaderDistanceValueTextColor = .white
    settings.navigationHeaderDistanceValueFont = .boldSystemFont(ofSize: 26)
    settings.navigationHeaderDistanceUnitsTextColor = .white
    settings.navigationHeaderDistanceUnitsFont = .systemFont(ofSize: 16)
    settings.navigationHeaderInstructionsTextColor = .white
    settings.navigationHeaderInstructionsFirstRowFont = .boldSystemFont(ofSize: 28)
    settings.navigationHeaderInstructionsSecondRowFont = .boldSystemFont(ofSize: 22)
    settings.navigationHeaderInstructionsConjunctionsFont = .boldSystemFont(ofSize: 16)
    let speedometer = GMSNavigationMutableSpeedometerUIOptions()
    speedometer.setTextColor(.yellow, for: .minor, lightingMode: .normal)
    settings.speedometerUIOptions = speedometer
    speedometer.setTextColor(.green, for: .minor, lightingMode: .normal)
    // The settings keep a copy, as the original's `copy` property does.
    #expect(
      settings.speedometerUIOptions?.textColor(for: .minor, lightingMode: .normal) == .yellow)
  }

  // GMSNavigationNavInfo: 11; GMSNavigationStepInfo: 13; GMSNavigationStepInfoImageOptions: 3;
  // GMSNavigationLane: 1; GMSNavigationLaneDirection: 2; GMSNavigationInstructionOptions: 13.
  @Test func navInfoAndSteps() throws {
    let (session, mapView, clock, client) = try session()
    #expect(mapView.enableNavigation(with: session))
    let navigator = try #require(session.navigator)
    var infos: [GMSNavigationNavInfo] = []
    final class Feed: NSObject, GMSNavigatorListener {
      var got: (GMSNavigationNavInfo) -> Void = { _ in }
      func navigator(_ navigator: GMSNavigator, didUpdate navInfo: GMSNavigationNavInfo) {
        got(navInfo)
      }
    }
    let feed = Feed()
    feed.got = { infos.append($0) }
    navigator.add(feed)
    navigator.add(client)
    navigator.setDestinations([GMSNavigationWaypoint(location: casino, title: "Casino")!]) { _ in }
    clock.advance(by: 0)
    navigator.isGuidanceActive = true
    session.locationSimulator?.simulateLocationsAlongExistingRoute()
    clock.advance(by: 3)
    let info = try #require(infos.last)
    #expect(info.navState == .enroute)
    let step = try #require(info.currentStep)
    _ = info.remainingSteps
    _ = info.routeChanged
    #expect(info.timeToCurrentStepSeconds >= 0 && info.distanceToCurrentStepMeters >= 0)
    #expect(info.timeToFinalDestinationSeconds >= info.timeToCurrentStepSeconds)
    #expect(info.distanceToFinalDestinationMeters >= info.distanceToCurrentStepMeters)
    #expect(info.roundedTime(20) == 60)
    #expect(info.roundedDistance(1234).unit == .kilometers)
    _ = step.maneuver
    _ = step.fullRoadName
    _ = step.simpleRoadName
    #expect(!step.fullInstructionText.isEmpty)
    _ = step.exitNumber
    #expect(step.drivingSide == .right)
    _ = step.roundaboutTurnNumber
    #expect(step.stepNumber >= 0)
    #expect(step.distanceFromPrevStepMeters >= 0 && step.timeFromPrevStepSeconds >= 0)
    let imageOptions = GMSNavigationStepInfoImageOptions()
    imageOptions.screenMetrics = UIScreen.main
    imageOptions.maneuverImageSize = .square48
    let image = try #require(step.maneuverImage(with: imageOptions))
    #expect(image.size == CGSize(width: 48, height: 48) && image.scale == UIScreen.main.scale)
    for lane in step.lanes ?? [] {
      for direction in lane.laneDirections { _ = (direction.laneShape, direction.recommended) }
    }
    _ = step.lanesImage(with: nil)
    let format = GMSNavigationInstructionOptions()
    format.imageOptions = imageOptions
    format.disableLongDistanceFormat = true
    format.primaryFont = .boldSystemFont(ofSize: 28)
    format.secondaryFont = nil
    format.tertiaryFont = .systemFont(ofSize: 12)
    format.textColor = .black
    format.primaryRoadShieldHeight = 20
    format.secondaryRoadShieldHeight = 16
    format.roadShieldOutlineWidth = 1
    format.roadShieldOutlineColor = .gray
    format.exitNumberHeight = 14
    format.exitCueBackgroundColor = .yellow
    let lines = info.instructions(for: step, options: format)
    let first = try #require(lines.first)
    #expect(!first.string.isEmpty)
    let font = first.attribute(.font, at: first.length - 1, effectiveRange: nil) as? UIFont
    #expect(font?.pointSize == 28)
    #expect(format.secondaryFont?.pointSize == 24, "nil resets the secondary font")
    _ = navigator.remove(feed)
  }

  // GMSNavigationRoutingOptions: 7 (+3 setters on the mutable twin);
  // GMSNavigationSpeedAlertOptions: 5; GMSNavigationSpeedometerUIOptions: 6.
  @Test func optionObjects() {
    let routing = GMSNavigationMutableRoutingOptions()
    routing.routingStrategy = .deltaToTargetDistance
    routing.alternateRoutesStrategy = .one
    routing.targetDistancesMeters = [NSNumber(value: 2000)]
    _ = GMSNavigationRoutingOptions(routingStrategy: .shorter)
    _ = GMSNavigationRoutingOptions(alternateRoutesStrategy: .none)
    _ = GMSNavigationRoutingOptions(targetDistancesMeters: [NSNumber(value: 100)])
    let frozen: GMSNavigationRoutingOptions = routing.copy()
    let thawed: GMSNavigationMutableRoutingOptions = frozen.mutableCopy()
    #expect(thawed.targetDistancesMeters?.first?.doubleValue == 2000)
    let alerts = GMSNavigationMutableSpeedAlertOptions()
    alerts.setSpeedAlertThresholdPercentage(0.05, for: .minor)
    alerts.setSpeedAlertThresholdPercentage(0.1, for: .major)
    alerts.severityUpgradeDurationSeconds = 5
    let fixed: GMSNavigationSpeedAlertOptions = alerts.copy()
    #expect(fixed.thresholdPercentage(for: .major) == 0.1)
    #expect(fixed.severityUpgradeDurationSeconds == 5)
    _ = fixed.mutableCopy()
    let colours = GMSNavigationMutableSpeedometerUIOptions()
    colours.setTextColor(.white, for: .major, lightingMode: .lowLight)
    colours.setBackgroundColor(.purple, for: .major, lightingMode: .lowLight)
    colours.setBackgroundColor(.purple, for: .notSpeeding, lightingMode: .lowLight)
    let kept: GMSNavigationSpeedometerUIOptions = colours.copy()
    #expect(kept.backgroundColor(for: .major, lightingMode: .lowLight) == .purple)
    #expect(kept.backgroundColor(for: .notSpeeding, lightingMode: .lowLight) == .clear)
    #expect(kept.textColor(for: .minor, lightingMode: .normal) == .systemRed)
    _ = kept.mutableCopy()
  }

  // GMSNavigationRouteInfo: 1; GMSNavigationTimeAndDistance: 2;
  // GMSNavigationLicensePlateRestriction: 3; GMSNavigationTransactionRecorder: 4.
  @Test func billingAndRestrictions() async throws {
    let plate = try #require(
      GMSNavigationLicensePlateRestriction(licensePlateLastDigit: 3, countryCode: "BZ"))
    #expect(plate.lastDigit == 3 && plate.countryCode == "BZ")
    #expect(
      GMSNavigationLicensePlateRestriction(licensePlateLastDigit: 10, countryCode: "ID") == nil)
    #expect(GMSNavigationLicensePlateRestriction(licensePlateLastDigit: 1, countryCode: "") == nil)
    let recorder = GMSNavigationTransactionRecorder.sharedInstance()
    let id = GMSNavigationTransactionRecorder.generateTransactionID()
    #expect(!id.isEmpty && id.count <= 64)
    let stop = GMSNavigationWaypoint(location: casino, title: "Casino")
    recorder.recordPickup(at: stop, forTransactionIDs: [id])
    recorder.recordDropoff(at: nil, forTransactionIDs: [id], withErrorHandler: nil)
    var failures: [String] = []
    recorder.recordPickup(at: stop, forTransactionIDs: []) { failures.append("\($0)") }
    await Task.yield()
    await Task.yield()
    #expect(recorder.events.suffix(2).map(\.kind) == [.pickup, .dropoff])
    #expect(recorder.events.last?.transactionIDs == [id])
    #expect(failures.count == 1)
  }

  // Enumerations, every case by its Swift name (66 maneuvers, 10 lane shapes, 12 route
  // statuses and the rest).
  @Test func enumerationCases() {
    let modes: [GMSNavigationCameraMode] = [.free, .following, .overview]
    let perspectives: [GMSNavigationCameraPerspective] = [
      .tilted, .topDownNorthUp, .topDownHeadingUp,
    ]
    let travel: [GMSNavigationTravelMode] = [.driving, .cycling, .walking, .twoWheeler, .taxicab]
    let voice: [GMSNavigationVoiceGuidance] = [.silent, .alertsOnly, .alertsAndGuidance]
    let audio: [GMSVoiceGuidanceAudioDeviceType] = [.builtInOnly, .bluetooth]
    let statuses: [GMSRouteStatus] = [
      .internalError, .OK, .noRouteFound, .networkError, .quotaExceeded, .apiKeyNotAuthorized,
      .canceled, .duplicateWaypointsError, .noWaypointsError, .locationUnavailable,
      .waypointError, .travelModeUnsupported,
    ]
    let lighting: [GMSNavigationLightingMode] = [.normal, .lowLight]
    let strategies: [GMSNavigationRoutingStrategy] = [
      .defaultBest, .shorter, .deltaToTargetDistance,
    ]
    let callouts: [GMSNavigationRouteCalloutFormat] = [.default, .time, .distance]
    let alternates: [GMSNavigationAlternateRoutesStrategy] = [.all, .none, .one]
    let severities: [GMSNavigationSpeedAlertSeverity] = [.unknown, .notSpeeding, .minor, .major]
    let states: [GMSNavigationNavState] = [.unknown, .enroute, .rerouting, .stopped]
    let sides: [GMSNavigationDrivingSide] = [.none, .left, .right]
    let delays: [GMSNavigationDelayCategory] = [.noData, .heavy, .medium, .light]
    let sizes: [GMSNavigationManeuverImageSize] = [.square48, .square96]
    let shapes: [GMSNavigationLaneShape] = [
      .unknown, .straight, .slightLeft, .slightRight, .normalLeft, .normalRight, .sharpLeft,
      .sharpRight, .uTurnLeft, .uTurnRight,
    ]
    let maneuvers: [GMSNavigationManeuver] = [
      .unknown, .depart, .destination, .destinationLeft, .destinationRight, .straight, .turnLeft,
      .turnRight, .turnKeepLeft, .turnKeepRight, .turnSlightLeft, .turnSlightRight,
      .turnSharpLeft, .turnSharpRight, .turnUTurnClockwise, .turnUTurnCounterClockwise,
      .mergeUnspecified, .mergeLeft, .mergeRight, .forkLeft, .forkRight, .onRampUnspecified,
      .onRampLeft, .onRampRight, .onRampKeepLeft, .onRampKeepRight, .onRampSlightLeft,
      .onRampSlightRight, .onRampSharpLeft, .onRampSharpRight, .onRampUTurnClockwise,
      .onRampUTurnCounterClockwise, .offRampUnspecified, .offRampLeft, .offRampRight,
      .offRampKeepLeft, .offRampKeepRight, .offRampSlightLeft, .offRampSlightRight,
      .offRampSharpLeft, .offRampSharpRight, .offRampUTurnClockwise,
      .offRampUTurnCounterClockwise, .roundaboutClockwise, .roundaboutCounterClockwise,
      .roundaboutStraightClockwise, .roundaboutStraightCounterClockwise,
      .roundaboutLeftClockwise, .roundaboutLeftCounterClockwise, .roundaboutRightClockwise,
      .roundaboutRightCounterClockwise, .roundaboutSlightLeftClockwise,
      .roundaboutSlightLeftCounterClockwise, .roundaboutSlightRightClockwise,
      .roundaboutSlightRightCounterClockwise, .roundaboutSharpLeftClockwise,
      .roundaboutSharpLeftCounterClockwise, .roundaboutSharpRightClockwise,
      .roundaboutSharpRightCounterClockwise, .roundaboutUTurnClockwise,
      .roundaboutUTurnCounterClockwise, .roundaboutExitClockwise, .roundaboutExitCounterClockwise,
      .ferryBoat, .ferryTrain, .nameChange,
    ]
    // Raw values are the original header's.
    #expect(modes.map(\.rawValue) == [0, 1, 2])
    #expect(perspectives.map(\.rawValue) == [0, 1, 2])
    #expect(travel.map(\.rawValue) == [0, 1, 2, 3, 4])
    #expect(voice.map(\.rawValue) == [0, 1, 2])
    #expect(audio.map(\.rawValue) == [0, 1])
    #expect(statuses.map(\.rawValue) == Array(0...11))
    #expect(lighting.map(\.rawValue) == [0, 1])
    #expect(strategies.map(\.rawValue) == [0, 1, 2])
    #expect(callouts.map(\.rawValue) == [0, 1, 2])
    #expect(alternates.map(\.rawValue) == [0, 1, 2])
    #expect(severities.map(\.rawValue) == [-2, -1, 0, 1])
    #expect(states.map(\.rawValue) == [0, 1, 2, 3])
    #expect(sides.map(\.rawValue) == [0, 1, 2])
    #expect(delays.map(\.rawValue) == [0, 1, 2, 3])
    #expect(sizes.count == 2)
    #expect(shapes.map(\.rawValue) == Array(0...9))
    #expect(maneuvers.map(\.rawValue) == Array(0...65))
  }
}

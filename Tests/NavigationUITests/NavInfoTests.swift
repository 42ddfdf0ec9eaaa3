import Foundation
import NavigationCore
import NavigationUI
import Rendering
import Testing
import ViewKit

@MainActor
@Suite struct NavInfoTests {
  /// A harness routed to the casino with guidance on and a listener attached.
  func guided() throws -> (Harness, RecordingListener, [RouteStep]) {
    let h = try Harness(delegate: nil)
    let listener = RecordingListener()
    h.navigator.add(listener)
    #expect(h.enableAndRoute() == .OK)
    h.navigator.isGuidanceActive = true
    let route = try #require(h.navigator.currentRoute)
    return (h, listener, route.legs.flatMap(\.steps))
  }

  @Test func firstNavInfoDescribesTheRouteFromTheStart() throws {
    let (h, listener, steps) = try guided()
    #expect(steps.count >= 3)
    h.mapView.locationSimulator?.simulateLocation(at: Harness.origin)
    let info = try #require(listener.navInfos.last)
    let route = try #require(h.navigator.currentRoute)
    let progress = try #require(h.navigator.routeProgress)
    #expect(info.navState == .enroute)
    #expect(info.routeChanged)
    let current = try #require(info.currentStep)
    #expect(current.stepNumber == 1)
    #expect(current.distanceFromPrevStepMeters == steps[0].distance)
    #expect(current.timeFromPrevStepSeconds == steps[0].expectedTravelTime)
    #expect(current.maneuver != .unknown && current.maneuver != .depart)
    #expect(current.drivingSide == .right)
    #expect(current.simpleRoadName == (steps[1].name.isEmpty ? steps[1].ref ?? "" : steps[1].name))
    #expect(!current.fullInstructionText.isEmpty)
    #expect(info.remainingSteps.map(\.stepNumber) == Array(2..<steps.count))
    let last = try #require(info.remainingSteps.last)
    #expect([.destination, .destinationLeft, .destinationRight].contains(last.maneuver))
    #expect(info.distanceToFinalDestinationMeters == progress.distanceRemaining)
    #expect(info.timeToFinalDestinationSeconds == progress.durationRemaining)
    #expect(abs(info.distanceToFinalDestinationMeters - route.distance) < 30)
    #expect(
      info.distanceToCurrentStepMeters
        == progress.currentLegProgress.currentStepProgress.distanceRemaining)
    #expect(info.distanceToCurrentStepMeters <= steps[0].distance + 1)
    #expect(info.timeToCurrentStepSeconds <= steps[0].expectedTravelTime + 1)
    // Every remaining step against its route step.
    for (info, step) in zip(info.remainingSteps, steps[2...]) {
      #expect(info.step == step)
      #expect(info.fullRoadName.contains(step.name))
      #expect(info.lanes?.count == step.lanesBeforeManeuver.flatMap { $0.isEmpty ? nil : $0.count })
      switch step.maneuver.type {
      case .roundabout, .rotary, .roundaboutTurn:
        #expect(info.roundaboutTurnNumber == step.maneuver.exit ?? -1)
        #expect("\(info.maneuver)".hasPrefix("roundabout"))
      default:
        #expect(info.roundaboutTurnNumber == -1)
      }
      if step.maneuver.type != .offRamp { #expect(info.exitNumber == nil) }
      #expect(info.distanceFromPrevStepMeters > 0)
    }
    // The next update is not a route change.
    h.mapView.locationSimulator?.simulateLocation(at: Harness.origin)
    #expect(listener.navInfos.last?.routeChanged == false)
  }

  /// With two destinations, the next-destination time and distance are the current leg's
  /// remainder (the final ones add the legs after it); past the first destination they
  /// follow the second leg; a stopped NavInfo has none.
  @Test func nextDestinationFieldsFollowTheLegs() throws {
    let h = try Harness(delegate: nil)
    let listener = RecordingListener()
    h.navigator.add(listener)
    h.mapView.isNavigationEnabled = true
    h.mapView.locationSimulator?.simulateLocation(at: Harness.origin)
    let via = CLLocationCoordinate2D(latitude: 43.7330, longitude: 7.4240)
    var status: GMSRouteStatus?
    h.navigator.setDestinations(
      [
        GMSNavigationWaypoint(location: via, title: "Via")!,
        GMSNavigationWaypoint(location: Harness.casino, title: "Casino")!,
      ]
    ) { status = $0 }
    h.clock.advance(by: 0)
    #expect(status == .OK)
    h.navigator.isGuidanceActive = true
    let route = try #require(h.navigator.currentRoute)
    #expect(route.legs.count == 2)
    h.mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
    var sawSecondLeg = false
    for _ in 0..<600 where h.navigator.isGuidanceActive {
      h.clock.advance(by: 1)
      guard let info = listener.navInfos.last, info.navState == .enroute,
        let progress = h.navigator.routeProgress
      else { continue }
      let leg = progress.currentLegProgress
      #expect(info.distanceToNextDestinationMeters == leg.distanceRemaining)
      #expect(info.timeToNextDestinationSeconds == leg.durationRemaining)
      let later = route.legs.dropFirst(progress.legIndex + 1)
      let after = later.reduce(0.0) { $0 + $1.distance }
      #expect(
        abs(info.distanceToFinalDestinationMeters - (leg.distanceRemaining + after)) < 1)
      if progress.legIndex == 1 {
        sawSecondLeg = true
        #expect(info.distanceToNextDestinationMeters == info.distanceToFinalDestinationMeters)
      } else {
        #expect(
          (info.distanceToNextDestinationMeters ?? .infinity)
            < info.distanceToFinalDestinationMeters - 100)
      }
    }
    #expect(sawSecondLeg)
    let stopped = try #require(listener.navInfos.last)
    #expect(stopped.navState == .stopped)
    #expect(
      stopped.timeToNextDestinationSeconds == nil && stopped.distanceToNextDestinationMeters == nil)
  }

  @Test func stepsAdvanceDistancesShrinkAndArrivalStops() throws {
    let (h, listener, steps) = try guided()
    h.mapView.locationSimulator?.speedMultiplier = 4
    h.mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
    h.clock.advance(by: 600)
    let enroute = listener.navInfos.filter { $0.navState == .enroute }
    #expect(enroute.count > 5)
    let numbers = enroute.compactMap(\.currentStep?.stepNumber)
    #expect(numbers == numbers.sorted())
    #expect(Set(numbers).count > 1)
    let finals = enroute.map(\.distanceToFinalDestinationMeters)
    #expect(zip(finals, finals.dropFirst()).allSatisfy { $0 >= $1 })
    for info in enroute {
      let n = try #require(info.currentStep?.stepNumber)
      #expect(info.remainingSteps.count == steps.count - n - 1)
    }
    let stopped = try #require(listener.navInfos.last)
    #expect(stopped.navState == .stopped)
    #expect(stopped.currentStep == nil)
    #expect(listener.arrivals.map(\.title) == ["Casino"])
  }

  @Test func thresholdsLimitRemainingTimeAndDistanceCallbacks() throws {
    let (h, listener, _) = try guided()
    h.navigator.timeUpdateThreshold = 30
    h.navigator.distanceUpdateThreshold = CLLocationDistanceMax
    h.mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
    h.clock.advance(by: 120)
    #expect(listener.distances.isEmpty)
    #expect(listener.times.count >= 2)
    #expect(zip(listener.times, listener.times.dropFirst()).allSatisfy { abs($0 - $1) >= 30 })
    h.navigator.timeUpdateThreshold = -1  // the default: one second
    let before = listener.times.count
    h.clock.advance(by: 10)
    #expect(listener.times.count >= before + 5)
  }

  @Test func speedingFeedNeedsOptionsForSeverity() throws {
    let (h, listener, _) = try guided()
    h.mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
    h.clock.advance(by: 5)
    #expect(!listener.speeding.isEmpty)
    #expect(listener.speeding.allSatisfy { $0 == -1 || $0 >= 0 })
    #expect(listener.severities.isEmpty)
    let options = GMSNavigationMutableSpeedAlertOptions()
    options.setSpeedAlertThresholdPercentage(0.2, for: .major)
    options.setSpeedAlertThresholdPercentage(0.5, for: .minor)  // raises major to 0.5
    #expect(options.thresholdPercentage(for: .major) == 0.5)
    options.severityUpgradeDurationSeconds = 4
    h.navigator.speedAlertOptions = options
    h.clock.advance(by: 5)
    #expect(listener.severities.count >= 4)
  }

  @Test func maneuverEnumKeepsTheHeaderRawValuesAndImages() throws {
    #expect(GMSNavigationManeuver.allCases.count == 66)
    #expect(GMSNavigationManeuver.allCases.map(\.rawValue) == Array(0...65))
    #expect(GMSNavigationManeuver.turnUTurnCounterClockwise.rawValue == 15)
    #expect(GMSNavigationManeuver.roundaboutSlightRightClockwise.rawValue == 53)
    #expect(GMSNavigationManeuver.roundaboutSharpLeftClockwise.rawValue == 55)
    #expect(GMSNavigationManeuver.roundaboutExitCounterClockwise.rawValue == 62)
    #expect(GMSNavigationManeuver.nameChange.rawValue == 65)
    #expect(GMSNavigationLaneShape.uTurnRight.rawValue == 9)
    #expect(GMSNavigationNavState.stopped.rawValue == 3)
    #expect(GMSNavigationDelayCategory.light.rawValue == 3)
    #expect(GMSNavigationDrivingSide.right.rawValue == 2)
    let (h, listener, _) = try guided()
    h.mapView.locationSimulator?.simulateLocation(at: Harness.origin)
    let step = try #require(listener.navInfos.last?.currentStep)
    let big = try #require(step.maneuverImage(with: nil))
    #expect(big.size == CGSize(width: 96, height: 96))
    let options = GMSNavigationStepInfoImageOptions()
    options.maneuverImageSize = .square48
    let small = try #require(step.maneuverImage(with: options))
    #expect(small.size == CGSize(width: 48, height: 48))
    #expect(small.name == GMSManeuverImageName.name(for: step.maneuver))
    #expect(GMSManeuverImageName.name(for: .turnLeft) == "gms.maneuver.turn-left")
    #expect(
      GMSManeuverImageName.name(for: .roundaboutSharpLeftCounterClockwise)
        == "gms.maneuver.roundabout-sharp-left-ccw")
    // Every maneuver's picture is in the renderer's catalogue, drawn as a vector.
    for maneuver in GMSNavigationManeuver.allCases {
      let name = GMSManeuverImageName.name(for: maneuver)
      #expect(ImageCatalog.standard.content(named: name) != nil, "\(maneuver) → \(name)")
    }
    #expect(
      GMSManeuverImageName.name(for: .roundaboutLeftClockwise)
        != GMSManeuverImageName.name(for: .roundaboutLeftCounterClockwise))
    #expect((step.lanes == nil) == (step.lanesImage(with: nil) == nil))
    _ = h
  }

  @Test func routeLegsTraveledPathAndWaypointTimes() throws {
    let (h, _, _) = try guided()
    let legs = try #require(h.navigator.routeLegs)
    #expect(legs.count == 1)
    #expect(legs[0].destinationWaypoint?.title == "Casino")
    let full = try #require(legs[0].path)
    #expect(full.count() > 2)
    #expect(abs(full.length(of: .geodesic) - h.navigator.currentRoute!.distance) < 5)
    #expect(h.navigator.traveledPath.count() == 0)
    h.mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
    h.clock.advance(by: 20)
    #expect(h.navigator.traveledPath.count() >= 20)
    let current = try #require(h.navigator.currentRouteLeg)
    let remaining = try #require(current.path)
    #expect(remaining.count() < full.count() + 1)
    #expect(remaining.coordinate(at: 0) == h.navigator.lastLocation?.coordinate)
    let casino = try #require(h.navigator.destinations.first)
    #expect(h.navigator.time(to: casino) == h.navigator.timeToNextDestination)
    #expect(h.navigator.distance(to: casino) == h.navigator.distanceToNextDestination)
    let stranger = GMSNavigationWaypoint(location: Harness.origin, title: "x")!
    #expect(h.navigator.time(to: stranger) == CLTimeIntervalMax)
  }
}

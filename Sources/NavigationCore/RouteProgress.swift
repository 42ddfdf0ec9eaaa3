/// Progress along the current step.
public struct RouteStepProgress: Sendable, Hashable {
  /// The step.
  public var step: RouteStep?
  /// Index of the step in its leg (nil for a leg without steps).
  public var stepIndex: Int?
  /// Meters traveled on the step.
  public var distanceTraveled: CLLocationDistance
  /// Meters left on the step: the distance to the next maneuver.
  public var distanceRemaining: CLLocationDistance
  /// Expected seconds left on the step.
  public var durationRemaining: Double
  /// Share of the step traveled, 0…1.
  public var fractionTraveled: Double
  /// The lanes ahead on this step, for the next maneuver, when the route has them.
  public var currentLanes: [Lane]?

  /// The banner to show now: the last one whose trigger distance has been reached
  /// (banners trigger when no more than `distanceAlongStep` meters of the step remain).
  public var visualInstruction: VisualInstruction? {
    step.flatMap { Self.triggered($0.visualInstructions, \.distanceAlongStep, distanceRemaining) }
  }

  /// The announcement whose trigger distance was reached most recently; speak it when it
  /// differs from the one before.
  public var spokenInstruction: SpokenInstruction? {
    step.flatMap { Self.triggered($0.spokenInstructions, \.distanceAlongStep, distanceRemaining) }
  }

  static func triggered<T>(_ items: [T], _ distance: KeyPath<T, Double>, _ remaining: Double) -> T?
  {
    var found: T?
    for item in items where item[keyPath: distance] + 0.5 >= remaining {
      if let f = found, f[keyPath: distance] < item[keyPath: distance] { continue }
      found = item
    }
    return found ?? items.first
  }
}

/// Progress along the current leg.
public struct RouteLegProgress: Sendable, Hashable {
  /// Index of the leg in the route.
  public var legIndex: Int
  /// The leg.
  public var leg: RouteLeg
  /// Meters traveled on the leg.
  public var distanceTraveled: CLLocationDistance
  /// Meters left on the leg.
  public var distanceRemaining: CLLocationDistance
  /// Expected seconds left on the leg, scaled by the observed pace.
  public var durationRemaining: Double
  /// Share of the leg traveled, 0…1.
  public var fractionTraveled: Double
  /// Progress on the current step.
  public var currentStepProgress: RouteStepProgress
  /// The step after the current one, when there is one.
  public var upcomingStep: RouteStep?
  /// The step after the upcoming one, when there is one.
  public var followOnStep: RouteStep?

  /// The current step.
  public var currentStep: RouteStep? { currentStepProgress.step }
  /// Index of the current step in the leg.
  public var stepIndex: Int? { currentStepProgress.stepIndex }
}

/// Progress along the whole route, as components show it.
public struct RouteProgress: Sendable, Hashable {
  /// The route.
  public var route: Route
  /// Index of the current leg.
  public var legIndex: Int
  /// Progress on the current leg.
  public var currentLegProgress: RouteLegProgress
  /// Meters traveled on the route.
  public var distanceTraveled: CLLocationDistance
  /// Meters left on the route.
  public var distanceRemaining: CLLocationDistance
  /// Expected seconds left, from the route's speeds scaled by the observed pace.
  public var durationRemaining: Double
  /// Share of the route traveled, 0…1.
  public var fractionTraveled: Double
  /// The speed limit where the traveller is, when the route has one.
  public var currentSpeedLimit: SpeedLimit?
  /// The waypoints not reached yet.
  public var remainingWaypoints: [Waypoint]
  /// Time of arrival (same clock as `now` passed in).
  public var estimatedTimeOfArrival: Double

  /// Meters to the next maneuver.
  public var distanceToNextManeuver: CLLocationDistance {
    currentLegProgress.currentStepProgress.distanceRemaining
  }
  /// The current step.
  public var currentStep: RouteStep? { currentLegProgress.currentStep }
  /// The next step.
  public var upcomingStep: RouteStep? { currentLegProgress.upcomingStep }
  /// The lanes for the next maneuver.
  public var currentLanes: [Lane]? { currentLegProgress.currentStepProgress.currentLanes }
}

extension Navigator {
  /// The progress for `state`, with the arrival time counted from `now`.
  ///
  /// - Complexity: O(log n + steps in the current step's intersections).
  public func progress(for state: NavigationState, now: Double) -> RouteProgress {
    let legCount = route.legs.count
    let d = min(max(0, state.distanceTraveled), track.length)
    let segment = min(state.segmentIndex, max(0, track.segmentCount - 1))
    var slotIndex = track.slotIndex(ofSegment: segment)
    let legIndex = min(
      max(track.slot(ofSegment: segment).legIndex, state.waypointsReached), max(0, legCount - 1))
    if track.slots.indices.contains(slotIndex), track.slots[slotIndex].legIndex < legIndex,
      track.legFirstSlot.indices.contains(legIndex)
    {
      slotIndex = track.legFirstSlot[legIndex]
    }
    if state.status == .complete { slotIndex = max(0, track.slots.count - 1) }
    let slot =
      track.slots.isEmpty
      ? RouteTrack.StepSlot(legIndex: 0, stepIndex: nil, startDistance: 0, endDistance: 0)
      : track.slots[slotIndex]
    let pace = state.paceFactor
    let timeHere = track.expectedTime(at: d)
    let legStart = legIndex > 0 ? track.legEndDistance[legIndex - 1] : 0
    let legEnd =
      legIndex < track.legEndDistance.count ? track.legEndDistance[legIndex] : track.length
    let leg =
      route.legs.isEmpty
      ? RouteLeg(steps: [], geometry: [], distance: 0, expectedTravelTime: 0) : route.legs[legIndex]

    let stepLength = slot.endDistance - slot.startDistance
    let stepTraveled = min(max(0, d - slot.startDistance), stepLength)
    let step = slot.stepIndex.map { leg.steps[$0] }
    let stepProgress = RouteStepProgress(
      step: step, stepIndex: slot.stepIndex, distanceTraveled: stepTraveled,
      distanceRemaining: max(0, stepLength - stepTraveled),
      durationRemaining: max(0, track.expectedTime(at: slot.endDistance) - timeHere) * pace,
      fractionTraveled: stepLength > 0 ? stepTraveled / stepLength : 1,
      currentLanes: step.flatMap { lanesAhead(on: $0, traveled: stepTraveled) })
    var upcoming: RouteStep?
    var followOn: RouteStep?
    if let i = slot.stepIndex {
      if i + 1 < leg.steps.count { upcoming = leg.steps[i + 1] }
      if i + 2 < leg.steps.count { followOn = leg.steps[i + 2] }
    }
    let legLength = legEnd - legStart
    let legTraveled = min(max(0, d - legStart), legLength)
    let legProgress = RouteLegProgress(
      legIndex: legIndex, leg: leg, distanceTraveled: legTraveled,
      distanceRemaining: max(0, legLength - legTraveled),
      durationRemaining: max(0, track.expectedTime(at: legEnd) - timeHere) * pace,
      fractionTraveled: legLength > 0 ? legTraveled / legLength : 1,
      currentStepProgress: stepProgress, upcomingStep: upcoming, followOnStep: followOn)
    let remaining = max(0, track.expectedTime - timeHere) * pace
    var limit: SpeedLimit?
    if !track.segmentMaxSpeed.isEmpty {
      limit = track.segmentMaxSpeed[min(segment, track.segmentMaxSpeed.count - 1)]
    }
    let reached = min(state.waypointsReached + 1, route.waypoints.count)
    return RouteProgress(
      route: route, legIndex: legIndex, currentLegProgress: legProgress, distanceTraveled: d,
      distanceRemaining: max(0, track.length - d), durationRemaining: remaining,
      fractionTraveled: track.length > 0 ? d / track.length : 1, currentSpeedLimit: limit,
      remainingWaypoints: Array(route.waypoints.dropFirst(reached)),
      estimatedTimeOfArrival: now + remaining)
  }

  /// The first intersection with lanes on `step` that is not behind the traveller.
  func lanesAhead(on step: RouteStep, traveled: Double) -> [Lane]? {
    var along = 0.0
    var k = 0
    let g = step.shape
    for x in step.intersections {
      // Intersections lie on vertices of the step's shape, in order.
      let location = x.location
      while k + 1 < g.count, g[k] != location {
        along += Geodesy.distance(g[k], g[k + 1])
        k += 1
      }
      if k + 1 >= g.count && (g.count == 0 || g[g.count - 1] != location) {
        return step.lanesBeforeManeuver
      }
      if let lanes = x.lanes, along + 5 >= traveled { return lanes }
    }
    return nil
  }
}

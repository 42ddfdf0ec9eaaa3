import Foundation

/// The navigator: a pure function from (state, location fix) to the next state, in the manner
/// of Ferrostar. It reads no clock: time comes from the fixes' timestamps.
///
/// Snapping only considers the route ahead — a bounded window forward from the current
/// segment — so loops, overlapping roads and U-turns never make progress jump, and progress
/// never goes backwards. One update costs O(window), independent of the route's length.
///
/// ```swift
/// let navigator = Navigator(route: route)
/// var state = navigator.start()
/// for fix in fixes { state = navigator.update(state, with: fix) }
/// let progress = navigator.progress(for: state, now: state.lastFix?.timestamp ?? 0)
/// ```
public struct Navigator: Sendable {
  /// The route being followed.
  public let route: Route
  /// The route flattened for snapping.
  public let track: RouteTrack
  /// Tuning.
  public var configuration: NavigatorConfiguration

  /// A navigator for `route`.
  ///
  /// - Complexity: O(n) in the route's shape points, once.
  public init(route: Route, configuration: NavigatorConfiguration = NavigatorConfiguration()) {
    self.route = route
    self.track = RouteTrack(route: route)
    self.configuration = configuration
  }

  /// The state at the start of the route, before any fix.
  public func start() -> NavigationState {
    var s = NavigationState.idle
    s.status = .navigating
    let (c, course) = track.coordinate(at: 0)
    s.snappedLocation = c
    s.snappedCourse = course
    return s
  }

  /// The next state after `fix`. Invalid fixes (non-finite or invalid coordinates, negative
  /// accuracy, time going backwards) leave the state as it is.
  ///
  /// - Complexity: O(window): at most ``NavigatorConfiguration/maximumWindowSegments`` segments.
  public func update(_ state: NavigationState, with fix: CLLocation) -> NavigationState {
    guard state.status != .idle, state.status != .complete else { return state }
    guard fix.coordinate.isValid, fix.horizontalAccuracy >= 0, fix.timestamp.isFinite else {
      return state
    }
    if let last = state.lastFix, fix.timestamp < last.timestamp { return state }
    var next = state
    let dt = state.lastFix.map { fix.timestamp - $0.timestamp } ?? 0
    next.lastFix = fix
    if next.startedAt == nil { next.startedAt = fix.timestamp }
    if case .arrivedAtWaypoint = next.status { next.status = .navigating }

    let wasOff = state.deviation != nil
    let speed = fix.speed >= 0 && fix.speed.isFinite ? fix.speed : 0
    let expectedAdvance = speed * dt
    let threshold =
      configuration.offRouteThreshold
      + min(max(0, fix.horizontalAccuracy - 10), configuration.maximumAccuracyAllowance)
    let reach = searchReach(
      state, fix: fix, dt: dt, threshold: threshold, expectedAdvance: expectedAdvance)
    guard let best = snap(fix, from: state, reach: reach, expectedAdvance: expectedAdvance) else {
      return state
    }
    if best.distance > threshold {
      let since = state.deviation?.startedAt ?? fix.timestamp
      next.deviation = RouteDeviation(
        distanceFromRoute: best.distance, startedAt: since, duration: fix.timestamp - since)
      let lasted = fix.timestamp - since >= configuration.rerouteAfter
      next.status =
        (lasted || state.status == .reroutingRequested) ? .reroutingRequested : .offRoute
      return next
    }
    next.deviation = nil
    next.status = .navigating
    advance(&next, from: state, to: best, fix: fix, dt: dt, wasOff: wasOff)
    updatePace(&next, now: fix.timestamp)
    markArrivals(&next, fix: fix)
    return next
  }

  /// How far ahead of `state`'s progress to look for `fix`: a little more than the vehicle
  /// can have driven; everything reachable after a gap, while off route, or on a first fix
  /// away from the start.
  func searchReach(
    _ state: NavigationState, fix: CLLocation, dt: Double, threshold: Double,
    expectedAdvance: Double
  ) -> Double {
    let accuracy = min(max(0, fix.horizontalAccuracy), configuration.maximumAccuracyAllowance)
    var reach = max(configuration.minimumLookahead, 2 * expectedAdvance + 50)
    if let start = track.points.first, state.lastFix == nil {
      let fromStart = Geodesy.distance(fix.coordinate, start)
      reach =
        fromStart <= threshold
        ? min(reach, fromStart + 2 * accuracy + 20) : configuration.maximumLookahead
    } else if state.deviation != nil || dt > 10 {
      reach = configuration.maximumLookahead
    } else if fix.speed >= 0, fix.speed.isFinite, dt > 0 {
      // With a known speed, progress cannot plausibly jump further than this.
      reach = min(reach, (2 * fix.speed + 5) * dt + 2 * accuracy + 10)
    }
    return min(reach, configuration.maximumLookahead)
  }

  /// Moves `next`'s progress to the on-route candidate `best`, never backwards. Progress may
  /// advance at most a speed-based amount per update, so along-track noise cannot ratchet
  /// it ahead of the vehicle (the search window is wider, to find the right segment; this
  /// cap only limits how far the estimate moves).
  func advance(
    _ next: inout NavigationState, from state: NavigationState, to best: Candidate,
    fix: CLLocation, dt: Double, wasOff: Bool
  ) {
    var cap = Double.infinity
    if state.lastFix != nil, !wasOff, fix.speed >= 0, fix.speed.isFinite, dt > 0 {
      cap = (2 * fix.speed + 5) * dt + 5
    }
    if best.along > state.distanceTraveled + cap {
      let along = state.distanceTraveled + cap
      let (c, course) = track.coordinate(at: along)
      next.segmentIndex = max(
        state.segmentIndex, min(track.segment(containing: along), best.segment))
      next.distanceTraveled = along
      next.snappedLocation = c
      next.snappedCourse = course
    } else if best.along >= state.distanceTraveled {
      next.segmentIndex = max(state.segmentIndex, best.segment)
      next.distanceTraveled = best.along
      next.snappedLocation = best.coordinate
      next.snappedCourse = best.course
    }
  }

  /// Marks the waypoints `next` has reached at `fix`, possibly several legs at once after a
  /// gap: an intermediate one makes the status arrived (progress moved to its leg's end),
  /// the last one completes the route.
  func markArrivals(_ next: inout NavigationState, fix: CLLocation) {
    let legCount = track.legEndDistance.count
    while next.waypointsReached < legCount, hasReached(leg: next.waypointsReached, next, fix) {
      let leg = next.waypointsReached
      next.waypointsReached += 1
      if next.waypointsReached == legCount {
        next.status = .complete
        next.distanceTraveled = max(next.distanceTraveled, track.length)
        next.segmentIndex = max(next.segmentIndex, track.segmentCount - 1)
      } else {
        next.status = .arrivedAtWaypoint(legIndex: leg)
        let legEnd = track.legEndDistance[leg]
        if next.distanceTraveled < legEnd {
          next.distanceTraveled = legEnd
          next.segmentIndex = max(
            next.segmentIndex, min(track.segment(containing: legEnd), track.segmentCount - 1))
        }
      }
    }
  }

  /// Whether the end of `leg` is reached: progress within the arrival threshold of it, or,
  /// in the last stretch before it, the fix itself within the threshold (widened by the
  /// fix's accuracy) of the waypoint — so a noisy last fix that projects short still arrives.
  func hasReached(leg: Int, _ state: NavigationState, _ fix: CLLocation) -> Bool {
    let end = track.legEndDistance[leg]
    let threshold = configuration.arrivalThreshold
    if state.distanceTraveled >= end - threshold { return true }
    guard state.distanceTraveled >= end - 4 * threshold else { return false }
    let (point, _) = track.coordinate(at: end)
    let allowance = min(max(0, fix.horizontalAccuracy), 2 * threshold)
    return Geodesy.distance(fix.coordinate, point) <= threshold + allowance
  }

  struct Candidate {
    var segment: Int
    var along: Double
    var distance: Double
    var coordinate: CLLocationCoordinate2D
    var course: CLLocationDirection
    var score: Double
  }

  /// The best place for `fix` on the window ahead of `state`.
  ///
  /// Candidates are compared in a local equirectangular frame around the fix (exact to
  /// millimetres over a window of a few kilometres); only the winner gets a haversine
  /// distance. The scan stops early once the ahead penalty alone exceeds the best score.
  func snap(
    _ fix: CLLocation, from state: NavigationState, reach: Double, expectedAdvance: Double
  ) -> Candidate? {
    let count = track.segmentCount
    guard count > 0 else { return nil }
    let from = min(state.segmentIndex, count - 1)
    let limit = state.distanceTraveled + reach
    let useCourse = fix.course >= 0 && fix.speed >= 1
    let points = track.points
    let cumulative = track.cumulativeDistance
    let bearings = track.segmentBearing
    let metersPerDegree = Geodesy.earthRadius * .pi / 180
    let k = cos(fix.coordinate.latitude * .pi / 180)
    let fx = fix.coordinate.longitude
    let fy = fix.coordinate.latitude
    var bestScore = Double.infinity
    var bestSegment = -1
    var bestFraction = 0.0
    var j = from
    while j < count, j - from < configuration.maximumWindowSegments {
      let ahead = cumulative[j] - state.distanceTraveled - expectedAdvance
      if j > from && (cumulative[j] > limit || configuration.aheadPenalty * ahead > bestScore) {
        break
      }
      let a = points[j]
      let b = points[j + 1]
      let bx = (b.longitude - a.longitude) * k
      let by = b.latitude - a.latitude
      let px = (fx - a.longitude) * k
      let py = fy - a.latitude
      let len2 = bx * bx + by * by
      var t = len2 > 0 ? (px * bx + py * by) / len2 : 0
      if !(t > 0) { t = 0 } else if t > 1 { t = 1 }
      let segLength = cumulative[j + 1] - cumulative[j]
      var along = cumulative[j] + t * segLength
      if along < state.distanceTraveled {
        along = state.distanceTraveled
        t = segLength > 0 ? (along - cumulative[j]) / segLength : 0
      } else if along > limit {
        along = limit
        t = segLength > 0 ? (along - cumulative[j]) / segLength : 0
      }
      let dx = px - t * bx
      let dy = py - t * by
      var score = (dx * dx + dy * dy).squareRoot() * metersPerDegree
      score += configuration.aheadPenalty * max(0, along - state.distanceTraveled - expectedAdvance)
      if useCourse && segLength > 0.5
        && Geodesy.angleDifference(Double(bearings[j]), fix.course) > 100
      {
        score += configuration.coursePenalty
      }
      if score < bestScore {
        bestScore = score
        bestSegment = j
        bestFraction = t
      }
      j += 1
    }
    guard bestSegment >= 0 else { return nil }
    let a = points[bestSegment]
    let b = points[bestSegment + 1]
    let segLength = cumulative[bestSegment + 1] - cumulative[bestSegment]
    let coordinate = Geodesy.interpolate(a, b, fraction: bestFraction)
    return Candidate(
      segment: bestSegment,
      along: max(state.distanceTraveled, cumulative[bestSegment] + bestFraction * segLength),
      distance: Geodesy.distance(fix.coordinate, coordinate), coordinate: coordinate,
      course: segLength > 0.5 ? Double(bearings[bestSegment]) : state.snappedCourse,
      score: bestScore)
  }

  func updatePace(_ state: inout NavigationState, now: Double) {
    guard let start = state.startedAt else { return }
    let expected = track.expectedTime(at: state.distanceTraveled)
    let elapsed = now - start
    guard expected > 30, elapsed > 0 else { return }
    state.paceFactor = min(2, max(0.5, elapsed / expected))
  }
}

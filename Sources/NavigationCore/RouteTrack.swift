/// A route flattened into one polyline with everything the navigator needs precomputed:
/// cumulative distance and expected time at each point, and the leg and step of each segment.
///
/// Build it once per route; every lookup is O(1) or O(log n).
public struct RouteTrack: Sendable {
  /// Where a step (or a whole step-less leg) lies on the track.
  public struct StepSlot: Sendable, Hashable {
    /// Index of the leg in the route.
    public var legIndex: Int
    /// Index of the step in its leg, or nil for a leg without steps.
    public var stepIndex: Int?
    /// Distance along the track where the step starts.
    public var startDistance: CLLocationDistance
    /// Distance along the track where the step ends.
    public var endDistance: CLLocationDistance
  }

  /// The points of all legs, junctions not repeated.
  public private(set) var points: [CLLocationCoordinate2D] = []
  /// Distance along the track at each point; `cumulativeDistance[0] == 0`.
  public private(set) var cumulativeDistance: [Double] = []
  /// Expected elapsed time at each point from the route's speeds.
  public private(set) var cumulativeTime: [Double] = []
  /// For each segment (point `i` to `i + 1`), the index into ``slots``.
  public private(set) var segmentSlot: [Int32] = []
  /// Initial bearing of each segment in degrees.
  public private(set) var segmentBearing: [Float] = []
  /// Speed limit of each segment; empty when the route has none.
  public private(set) var segmentMaxSpeed: [SpeedLimit] = []
  /// Steps in route order (one slot for each step-less leg).
  public private(set) var slots: [StepSlot] = []
  /// Distance along the track where each leg ends.
  public private(set) var legEndDistance: [Double] = []
  /// For each leg, the index of its first slot.
  public private(set) var legFirstSlot: [Int] = []
  /// For each leg, the track index of the leg geometry's first point: leg geometry index `i`
  /// (as in annotations, incidents and intersections) is track point `legShapeOffset[leg] + i`.
  public private(set) var legShapeOffset: [Int] = []

  /// Number of segments.
  public var segmentCount: Int { max(0, points.count - 1) }
  /// Total length in meters.
  public var length: Double { cumulativeDistance.last ?? 0 }
  /// Total expected time in seconds.
  public var expectedTime: Double { cumulativeTime.last ?? 0 }

  /// Flattens `route`.
  ///
  /// - Complexity: O(n) in the number of shape points.
  public init(route: Route) {
    var hasSpeedLimits = false
    for leg in route.legs where !(leg.annotation?.maxSpeeds.isEmpty ?? true) {
      hasSpeedLimits = true
    }
    var segDurations: [Double] = []
    for (legIndex, leg) in route.legs.enumerated() {
      legFirstSlot.append(slots.count)
      let parts: [(Int?, [CLLocationCoordinate2D], Double)] =
        leg.steps.isEmpty
        ? [(nil, leg.geometry, leg.expectedTravelTime)]
        : leg.steps.enumerated().map {
          ($0.offset, $0.element.geometry, $0.element.expectedTravelTime)
        }
      let legFirstSegment = points.isEmpty ? 0 : points.count - 1
      var annotationBase = legFirstSegment
      var first = true
      for (stepIndex, part, time) in parts {
        let slot = Int32(slots.count)
        let start = length
        let firstNewSegment = segmentSlot.count
        var skipFirst = false
        var skipAll = false
        if let last = points.last, let head = part.first {
          if part.allSatisfy({ $0 == last }) {
            skipAll = true
          } else if head == last {
            skipFirst = true
          } else if first {
            annotationBase += 1  // a connecting segment precedes the leg's own shape
          }
        }
        for (k, p) in part.enumerated() where !skipAll {
          if k == 0 && skipFirst { continue }
          if let last = points.last {
            cumulativeDistance.append(length + Geodesy.distance(last, p))
            segmentSlot.append(slot)
          } else {
            cumulativeDistance.append(0)
          }
          points.append(p)
        }
        first = false
        // Spread the step's time over its segments by length.
        let stepLength = length - start
        for s in firstNewSegment..<segmentSlot.count {
          let d = cumulativeDistance[s + 1] - cumulativeDistance[s]
          segDurations.append(stepLength > 0 ? time * d / stepLength : 0)
        }
        slots.append(
          StepSlot(
            legIndex: legIndex, stepIndex: stepIndex, startDistance: start, endDistance: length))
      }
      legShapeOffset.append(annotationBase)
      if let a = leg.annotation {
        let count = max(0, segmentSlot.count - annotationBase)
        if a.durations.count == count {
          // The annotation gives the shape of the speeds within a step; the step's own time
          // (which also holds turn costs the annotation leaves out) gives its total.
          let firstSlot = legFirstSlot[legIndex]
          var sums = [Double](repeating: 0, count: slots.count - firstSlot)
          for k in 0..<count {
            sums[Int(segmentSlot[annotationBase + k]) - firstSlot] += a.durations[k]
          }
          for k in 0..<count {
            let slot = Int(segmentSlot[annotationBase + k]) - firstSlot
            let time = parts[slot].2
            let scale = sums[slot] > 0 && time > 0 ? time / sums[slot] : 1
            segDurations[annotationBase + k] = a.durations[k] * scale
          }
        }
        if hasSpeedLimits {
          while segmentMaxSpeed.count < annotationBase { segmentMaxSpeed.append(.unknown) }
          for k in 0..<count {
            segmentMaxSpeed.append(k < a.maxSpeeds.count ? a.maxSpeeds[k] : .unknown)
          }
        }
      }
      legEndDistance.append(length)
    }
    if hasSpeedLimits {
      while segmentMaxSpeed.count < segmentSlot.count { segmentMaxSpeed.append(.unknown) }
    }
    if points.count == 1 {
      points.append(points[0])
      cumulativeDistance.append(0)
      segmentSlot.append(0)
      segDurations.append(0)
    }
    segmentBearing.reserveCapacity(segmentSlot.count)
    for i in 0..<segmentSlot.count {
      segmentBearing.append(Float(Geodesy.bearing(points[i], points[i + 1])))
    }
    cumulativeTime = [0]
    cumulativeTime.reserveCapacity(points.count)
    for d in segDurations { cumulativeTime.append((cumulativeTime.last ?? 0) + d) }
  }

  /// The slot of the segment at `index`, clamped to the track.
  public func slot(ofSegment index: Int) -> StepSlot {
    guard !segmentSlot.isEmpty else {
      return slots.first ?? StepSlot(legIndex: 0, stepIndex: nil, startDistance: 0, endDistance: 0)
    }
    return slots[Int(segmentSlot[min(max(0, index), segmentSlot.count - 1)])]
  }

  /// Index into ``slots`` of the segment at `index`.
  public func slotIndex(ofSegment index: Int) -> Int {
    guard !segmentSlot.isEmpty else { return 0 }
    return Int(segmentSlot[min(max(0, index), segmentSlot.count - 1)])
  }

  /// The segment containing `distance` along the track (binary search).
  ///
  /// - Complexity: O(log n).
  public func segment(containing distance: Double) -> Int {
    var lo = 0
    var hi = max(0, cumulativeDistance.count - 2)
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if cumulativeDistance[mid] <= distance { lo = mid } else { hi = mid - 1 }
    }
    return lo
  }

  /// The point `distance` meters along the track, and the segment's bearing there.
  public func coordinate(at distance: Double) -> (CLLocationCoordinate2D, CLLocationDirection) {
    guard points.count >= 2 else { return (points.first ?? CLLocationCoordinate2D(), 0) }
    let d = min(max(0, distance), length)
    let s = segment(containing: d)
    let a = points[s]
    let b = points[s + 1]
    let len = cumulativeDistance[s + 1] - cumulativeDistance[s]
    let t = len > 0 ? (d - cumulativeDistance[s]) / len : 0
    return (Geodesy.interpolate(a, b, fraction: t), Geodesy.bearing(a, b))
  }

  /// Expected elapsed time at `distance` along the track, interpolated within its segment.
  public func expectedTime(at distance: Double) -> Double {
    guard points.count >= 2 else { return 0 }
    let d = min(max(0, distance), length)
    let s = segment(containing: d)
    let len = cumulativeDistance[s + 1] - cumulativeDistance[s]
    let t = len > 0 ? (d - cumulativeDistance[s]) / len : 0
    return cumulativeTime[s] + (cumulativeTime[s + 1] - cumulativeTime[s]) * t
  }

  /// Expected speed in m/s on the segment at `index` (distance over expected time).
  public func expectedSpeed(onSegment index: Int) -> Double {
    guard index >= 0, index + 1 < cumulativeTime.count else { return 0 }
    let dt = cumulativeTime[index + 1] - cumulativeTime[index]
    let dd = cumulativeDistance[index + 1] - cumulativeDistance[index]
    return dt > 0 ? dd / dt : 0
  }
}

/// An incident on the route ahead of the traveller.
public struct IncidentAhead: Sendable, Hashable {
  /// The incident.
  public var incident: Incident
  /// Index of the leg it is on.
  public var legIndex: Int
  /// Meters from the traveller to where it starts.
  public var distance: CLLocationDistance
}

extension Navigator {
  /// Meters along the track of leg geometry index `index` of leg `leg`, if it is on the track.
  func trackDistance(leg: Int, geometryIndex index: Int) -> Double? {
    guard track.legShapeOffset.indices.contains(leg), index >= 0 else { return nil }
    let point = track.legShapeOffset[leg] + index
    guard point < track.cumulativeDistance.count else { return nil }
    return track.cumulativeDistance[point]
  }

  /// Incidents that start ahead of the traveller within `distance` meters, nearest first.
  /// Incidents already entered (started behind, ending ahead) count at distance 0.
  ///
  /// - Complexity: O(incidents on the remaining legs).
  public func incidentsAhead(
    of state: NavigationState, within distance: CLLocationDistance
  ) -> [IncidentAhead] {
    var out: [IncidentAhead] = []
    let here = state.distanceTraveled
    for (legIndex, leg) in route.legs.enumerated() where legIndex >= state.waypointsReached {
      for incident in leg.incidents {
        guard
          let start = trackDistance(leg: legIndex, geometryIndex: incident.geometryIndexStart ?? 0)
        else { continue }
        let end =
          incident.geometryIndexEnd.flatMap { trackDistance(leg: legIndex, geometryIndex: $0) }
          ?? start
        guard end >= here, start - here <= distance else { continue }
        out.append(
          IncidentAhead(incident: incident, legIndex: legIndex, distance: max(0, start - here)))
      }
    }
    return out.sorted {
      $0.distance != $1.distance
        ? $0.distance < $1.distance : $0.incident.identifier < $1.incident.identifier
    }
  }

  /// Meters to the first segment ahead (within `distance`) whose congestion is at least
  /// `level` (`.heavy` or `.severe`), or nil when there is none or no congestion data.
  ///
  /// - Complexity: O(segments within `distance`).
  public func congestionAhead(
    of state: NavigationState, within distance: CLLocationDistance,
    atLeast level: CongestionLevel = .heavy
  ) -> CLLocationDistance? {
    let rank: (CongestionLevel) -> Int = {
      switch $0 {
      case .severe: return 4
      case .heavy: return 3
      case .moderate: return 2
      case .low: return 1
      default: return 0
      }
    }
    let wanted = rank(level)
    var segment = min(state.segmentIndex, max(0, track.segmentCount - 1))
    let here = state.distanceTraveled
    while segment < track.segmentCount, track.cumulativeDistance[segment] - here <= distance {
      let leg = track.slot(ofSegment: segment).legIndex
      let index = segment - track.legShapeOffset[leg]
      if let congestion = route.legs[leg].annotationStorage?.congestion,
        index >= 0, index < congestion.count,
        rank(congestion[index]) >= wanted
      {
        return max(0, track.cumulativeDistance[segment] - here)
      }
      segment += 1
    }
    return nil
  }
}

extension PromptPolicy {
  /// Whether an alternative route arriving in `alternativeDuration` seconds is worth a
  /// better-route prompt against `currentDurationRemaining`: it must save at least
  /// ``minimumBetterRouteSavings`` seconds and ``minimumBetterRouteFraction`` of the time.
  public func isBetterRoute(
    currentDurationRemaining: Double, alternativeDuration: Double
  ) -> Bool {
    let saving = currentDurationRemaining - alternativeDuration
    return saving >= minimumBetterRouteSavings
      && saving >= currentDurationRemaining * minimumBetterRouteFraction
  }
}

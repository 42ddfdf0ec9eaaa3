extension InstructionStep {
  /// The compiler's view of a route step: its maneuver, names, mode, driving side and the
  /// lanes at its first intersection.
  public init(_ step: RouteStep) {
    let m = step.maneuver
    let modifier = m.modifier.map(\.rawValue).flatMap { $0.isEmpty || $0 == "none" ? nil : $0 }
    let lanes = step.intersections.first?.lanes.map { lanes in
      lanes.map { lane in
        InstructionLane(
          indications: lane.indications.map(\.rawValue), valid: lane.valid, active: lane.active)
      }
    }
    self.init(
      maneuver: InstructionManeuver(
        type: m.type.rawValue, modifier: modifier, exit: m.exit, bearingAfter: m.bearingAfter,
        bearingBefore: m.bearingBefore),
      name: step.name, ref: step.ref, destinations: step.destinations, exits: step.exits,
      rotaryName: step.rotaryName, mode: step.mode.description, drivingSide: step.drivingSide,
      intersections: lanes.map { [InstructionIntersection(lanes: $0)] })
  }
}

extension Route {
  /// The route with instruction text written, in `language`, for every maneuver whose source
  /// gave none (OSRM without banners, the embedded router): each step's maneuver gets its
  /// `instruction`, and each step that has no banner or announcement gets one for the
  /// maneuver that ends it, shown and spoken over the whole step (the convention of
  /// Mapbox-style responses, where a step's banners describe the next maneuver).
  ///
  /// A step the compiler cannot phrase (an unknown language, a maneuver without the modifier
  /// its type needs) keeps what it had.
  ///
  /// ```swift
  /// let compiler = InstructionCompiler(catalog: try InstructionCatalog.loadDefault())
  /// let spoken = route.withGeneratedInstructions(language: "fr", compiler: compiler)
  /// ```
  public func withGeneratedInstructions(language: String, compiler: InstructionCompiler) -> Route {
    var route = self
    for l in route.legs.indices {
      let options = InstructionOptions(legIndex: l, legCount: route.legs.count)
      let steps = route.legs[l].steps
      let texts = steps.map { step in
        (try? compiler.compile(InstructionStep(step), language: language, options: options))
      }
      for s in steps.indices {
        if route.legs[l].steps[s].maneuver.instruction == nil, let own = texts[s] {
          route.legs[l].steps[s].maneuver.instruction = own
        }
        guard s + 1 < steps.count, let next = texts[s + 1] else { continue }
        let upcoming = steps[s + 1].maneuver
        let distance = steps[s].distance
        if route.legs[l].steps[s].visualInstructions.isEmpty {
          route.legs[l].steps[s].visualInstructions = [
            VisualInstruction(
              distanceAlongStep: distance,
              primary: VisualInstructionLine(
                text: next, maneuverType: upcoming.type, maneuverDirection: upcoming.modifier))
          ]
        }
        if route.legs[l].steps[s].spokenInstructions.isEmpty {
          route.legs[l].steps[s].spokenInstructions = [
            SpokenInstruction(distanceAlongStep: distance, text: next)
          ]
        }
      }
    }
    return route
  }
}

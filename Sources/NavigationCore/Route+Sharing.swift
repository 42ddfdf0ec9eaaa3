extension Route {
  /// The route with equal strings and equal out-of-line parts (step details, intersection
  /// extras, banner lines, SSML wrapping) sharing one copy; its values are unchanged.
  ///
  /// Decoders call this once on what they return, so a decoded route holds each road name,
  /// instruction text and markup once however many steps repeat it.
  func sharingStorage() -> Route {
    var pool = StoragePool()
    var r = self
    for l in r.legs.indices {
      r.legs[l].summary = pool.intern(r.legs[l].summary)
      for s in r.legs[l].steps.indices {
        r.legs[l].steps[s].share(&pool)
      }
    }
    for w in r.waypoints.indices { r.waypoints[w].name = pool.intern(r.waypoints[w].name) }
    return r
  }
}

extension RouteStep {
  /// Shares equal strings and boxes with the rest of a decoded route.
  mutating func share(_ pool: inout StoragePool) {
    name = pool.intern(name)
    maneuver.instruction = pool.intern(maneuver.instruction)
    var d = details.value
    d.ref = pool.intern(d.ref)
    d.destinations = pool.intern(d.destinations)
    d.exits = pool.intern(d.exits)
    d.rotaryName = pool.intern(d.rotaryName)
    details = pool.intern(
      d == StepDetails.standard.value ? Shared(box: StepDetails.standard) : Shared(d))
    for n in intersections.indices { intersections[n].share(&pool) }
    for n in visualInstructions.indices { visualInstructions[n].share(&pool) }
    for n in spokenInstructions.indices { spokenInstructions[n].share(&pool) }
  }
}

extension PromptPolicy {
  /// Raises a prompt at `now`. App prompts, and prompts at least as important as the one on
  /// screen, take effect at once (see ``PromptPolicy``); others wait for ``update(_:now:distanceToManeuver:)``.
  public func raise(
    _ state: PromptQueueState, kind: PromptKind, title: String, now: Double,
    distanceToManeuver: CLLocationDistance = .infinity
  ) -> (PromptQueueState, [PromptEvent]) {
    var s = state
    if kind != .app && !shouldDisplayPrompts { return (s, []) }
    let request = PromptRequest(
      id: s.nextID, kind: kind, title: title, priority: priority(of: kind), raisedAt: now)
    s.nextID += 1
    if let on = s.currentPrompt, on.kind == kind, on.title == title, kind != .app {
      return (state, [])
    }
    if s.pending.contains(where: { $0.kind == kind && $0.title == title && kind != .app }) {
      return (state, [])
    }
    if let on = s.currentPrompt, kind == .app || request.priority >= on.priority,
      kind == .app || distanceToManeuver >= quietDistanceBeforeManeuver
    {
      s.currentPrompt = request
      s.currentShownAt = now
      return (s, [.change(from: on, to: request)])
    }
    if s.currentPrompt == nil, kind == .app {
      s.currentPrompt = request
      s.currentShownAt = now
      return (s, [.show(request)])
    }
    s.pending.append(request)
    sortPending(&s)
    let (after, events) = update(s, now: now, distanceToManeuver: distanceToManeuver)
    return (after, events)
  }

  /// Hides the prompt on screen (the app or the user dismissed it).
  public func dismiss(_ state: PromptQueueState, now: Double) -> (PromptQueueState, [PromptEvent]) {
    guard let on = state.currentPrompt else { return (state, []) }
    var s = state
    s.currentPrompt = nil
    s.lastHiddenAt = now
    return (s, [.hide(on)])
  }

  /// Applies time and position: auto-dismisses, drops stale or suppressed prompts, and shows
  /// the best waiting one when the rules allow.
  public func update(
    _ state: PromptQueueState, now: Double, distanceToManeuver: CLLocationDistance = .infinity
  ) -> (PromptQueueState, [PromptEvent]) {
    var s = state
    var events: [PromptEvent] = []
    if !shouldDisplayPrompts {
      s.pending.removeAll { $0.kind != .app }
      if let on = s.currentPrompt, on.kind != .app {
        s.currentPrompt = nil
        s.lastHiddenAt = now
        events.append(.hide(on))
      }
    }
    if let on = s.currentPrompt {
      let limit = on.kind == .app ? appPromptAutoDismissAfter : autoDismissAfter
      if let limit, now - s.currentShownAt >= limit {
        s.currentPrompt = nil
        s.lastHiddenAt = now
        events.append(.hide(on))
      }
    }
    s.pending.removeAll { $0.kind != .app && now - $0.raisedAt > pendingLifetime }
    guard s.currentPrompt == nil, let best = s.pending.first else { return (s, events) }
    if best.kind != .app {
      if distanceToManeuver < quietDistanceBeforeManeuver { return (s, events) }
      if let hidden = s.lastHiddenAt, now - hidden < minimumGap { return (s, events) }
    }
    s.pending.removeFirst()
    s.currentPrompt = best
    s.currentShownAt = now
    events.append(.show(best))
    return (s, events)
  }

  func sortPending(_ s: inout PromptQueueState) {
    s.pending.sort { a, b in
      a.priority != b.priority ? a.priority > b.priority : a.id < b.id
    }
  }
}

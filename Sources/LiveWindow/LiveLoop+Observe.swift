import Demo
import Foundation
import NavigationCore
import NavigationUI
import ViewKit

/// What the loop last reported, so it reports changes only.
struct Observed {
  var cameraMode: GMSNavigationCameraMode?
  var wide: Bool?
  var vehicleTime: TimeInterval?
  var controls = ""
  var lighting: GMSNavigationLightingMode?
}

extension LiveLoop {
  /// Reports what changed since the last frame: session events (layout callbacks,
  /// navigator events, app actions), wide mode, the camera mode, the vehicle, where the
  /// controls are, and what the voice said. Without an event handler nothing is worked out
  /// (walking the tree for the controls' frames was 8 % of a frame's CPU); what was queued is
  /// still taken.
  func observe() {
    let events = session.takeEvents()
    let spokenSentences = voice?.takeSpoken() ?? []
    guard options.onEvent != nil else { return }
    for event in events {
      emit("callback", [.init("source", event.source.rawValue), .init("name", event.name)])
    }
    let mapView = session.mapView
    if observed.wide != mapView.isWideMode {
      observed.wide = mapView.isWideMode
      emit("wide", [.init("value", "\(mapView.isWideMode)")])
    }
    if observed.cameraMode != mapView.cameraMode {
      observed.cameraMode = mapView.cameraMode
      emit("camera", cameraFields())
    }
    if observed.lighting != mapView.lightingMode {
      observed.lighting = mapView.lightingMode
      emit("lighting", [.init("mode", mapView.lightingMode == .lowLight ? "night" : "day")])
    }
    if let fix = session.navigator?.lastLocation, fix.timestamp != observed.vehicleTime {
      observed.vehicleTime = fix.timestamp
      emit(
        "vehicle",
        [
          .number("lat", fix.coordinate.latitude, digits: 6),
          .number("lon", fix.coordinate.longitude, digits: 6),
          .number("course", fix.course), .number("clock", fix.timestamp, digits: 2),
        ])
    }
    let controls = controlFields()
    let line = controls.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    if line != observed.controls {
      observed.controls = line
      emit("controls", controls)
    }
    for spoken in spokenSentences {
      var fields: [LiveEvent.Field] = [
        .init("text", spoken.text), .number("seconds", spoken.seconds, digits: 2),
        .init("played", "\(spoken.played)"),
      ]
      if let error = spoken.error { fields.append(.init("error", error)) }
      emit("voice", fields)
    }
  }

  /// The camera's mode, target, zoom and bearing.
  func cameraFields() -> [LiveEvent.Field] {
    let camera = session.mapView.camera
    let mode: String
    switch session.mapView.cameraMode {
    case .following: mode = "following"
    case .overview: mode = "overview"
    case .free: mode = "free"
    }
    return [
      .init("mode", mode), .number("lat", camera.target.latitude, digits: 6),
      .number("lon", camera.target.longitude, digits: 6),
      .number("zoom", Double(camera.zoom), digits: 2),
      .number("bearing", camera.bearing),
      .init("recenterShown", "\(session.mapView.isShowingRecenterButton)"),
    ]
  }

  /// Where the turn card, the recenter button (the logo), the ETA card and a prompt are on
  /// screen, in window points (`none` when not visible).
  func controlFields() -> [LiveEvent.Field] {
    let names = [
      ("turnCard", "turnCard"), ("recenter", "googleLogo"), ("eta", "etaCard"),
      ("prompt", "prompt"),
    ]
    var found: [String: UIView] = [:]
    collect(session.window, into: &found, names: Set(names.map(\.1)))
    let frames: [LiveEvent.Field] = names.map { key, identifier in
      guard let view = found[identifier], isVisible(view) else { return .init(key, "none") }
      return .rect(key, view.convert(view.bounds, to: nil))
    }
    return frames + [.init("recenterShown", "\(session.mapView.isShowingRecenterButton)")]
  }

  private func collect(_ view: UIView, into found: inout [String: UIView], names: Set<String>) {
    if let id = view.accessibilityIdentifier, names.contains(id), found[id] == nil {
      found[id] = view
    }
    for subview in view.subviews { collect(subview, into: &found, names: names) }
  }

  private func isVisible(_ view: UIView) -> Bool {
    var current: UIView? = view
    while let v = current {
      if v.isHidden || v.alpha <= 0.01 { return false }
      current = v.superview
    }
    let frame = view.convert(view.bounds, to: nil)
    return !frame.isEmpty && session.window.bounds.intersects(frame)
  }
}

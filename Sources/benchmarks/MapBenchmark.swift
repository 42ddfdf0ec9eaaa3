import Demo
import Foundation
import NavigationCore
import NavigationUI
import Rendering
import ViewKit

// `benchmarks map [--frames N] [--save DIR] [--parts]`: the map with an app's overlays against the same map
// without them, in one run (frames alternate) — warm (same camera), moved (centre moved:
// the kept overlay raster follows) and zoomed (every overlay drawn again) — a tap
// hit-tested among 10,000 markers, camera animation frames against moved frames, and the
// overlay items of 1,000 advanced markers with collisions against the same without. With
// `--save`, the last frame of each kind with the overlays is written to DIR as a PNG (to
// compare pictures before and after a change to the drawing). `--parts` runs only the zoomed
// frames of the map alone, with the markers only, the polylines only and both, `--frames`
// of each (to compare two
// builds' drawing of the overlays quickly).

/// Runs the map suite.
@MainActor
func runMapBenchmark(_ arguments: [String]) throws {
  var frames = 20
  var saved: URL?
  var partsOnly = false
  var onlyPart: String?
  var rest = Arguments(arguments)
  while let argument = rest.next() {
    switch argument {
    case "--frames": frames = try rest.positiveInteger(after: argument)
    case "--parts": partsOnly = true
    case "--part":
      partsOnly = true
      guard let name = rest.next() else {
        throw BenchmarkError(description: "--part needs a name: map, markers, polylines or all")
      }
      onlyPart = name
    case "--save":
      guard let directory = rest.next() else {
        throw BenchmarkError(description: "--save needs a directory")
      }
      saved = URL(fileURLWithPath: directory, isDirectory: true)
    default: throw BenchmarkError(description: "unknown option \(argument)")
    }
  }
  let map = try BaseMap.bundled()
  let clock = ManualClock()
  let window = UIWindow(
    frame: CGRect(x: 0, y: 0, width: 390, height: 844), clock: clock)
  let mapView = GMSMapView(frame: window.bounds)
  window.addSubview(mapView)
  let monaco = CLLocationCoordinate2D(latitude: 43.7384, longitude: 7.4246)
  mapView.camera = GMSCameraPosition(target: monaco, zoom: 16)
  let renderer = Renderer(scale: 3)
  var random = SplitMix64(seed: 21)
  func anywhere() -> CLLocationCoordinate2D {
    mapView.projection.coordinate(
      for: CGPoint(x: Double(random.next() % 390), y: Double(random.next() % 844)))
  }
  var overlays: [GMSOverlay] = []
  for i in 0..<1000 {
    let marker = GMSMarker(position: anywhere())
    if i % 3 == 0 { marker.icon = GMSMarker.markerImage(with: .blue) }
    overlays.append(marker)
  }
  for i in 0..<50 {
    let path = GMSMutablePath()
    for _ in 0..<20 { path.add(anywhere()) }
    let line = GMSPolyline(path: path)
    line.strokeWidth = 4
    if i % 2 == 0 {
      line.spans = [GMSStyleSpan(style: .gradient(from: .green, to: .red), segments: 19)]
    }
    overlays.append(line)
  }

  var zoomStep = 0
  // Moved frames move the camera's centre (a kept overlay raster follows it); zoomed ones
  // change the zoom by 0.01 (every overlay is drawn again).
  var lastPNG = Data()
  // CPU time of the whole process (all threads) in the last frame, ms: less inflated than
  // wall time when other work shares the cores.
  var lastCPU = 0.0
  func processCPU() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) * 1e-6
  }
  func frame(moved: Bool, zoomed: Bool = false) throws -> Double {
    if zoomed {
      // Never the zoom of the frame before last (frames alternate with and without).
      zoomStep += 1
      mapView.camera = GMSCameraPosition(
        target: mapView.camera.target, zoom: 16 + 0.01 * Float(zoomStep % 7), bearing: 0,
        viewingAngle: 0)
    } else if moved {
      let target = mapView.camera.target
      mapView.camera = GMSCameraPosition(
        target: CLLocationCoordinate2D(
          latitude: target.latitude + 0.00006, longitude: target.longitude),
        zoom: mapView.camera.zoom, bearing: 0, viewingAngle: 0)
    }
    let cpu = processCPU()
    defer { lastCPU = processCPU() - cpu }
    return try elapsed(in: .ms) {
      lastPNG = try renderer.png(window: window, map: mapView.mapLayer(baseMap: map))
    }
  }

  section("map: \(frames) frames of each kind, 390 × 844 at scale 3, alternating")
  for (name, moved, zoomed) in [
    ("warm", false, false), ("moved", true, false), ("zoomed", true, true),
  ] where !partsOnly {
    var plain: [Double] = []
    var busy: [Double] = []
    var plainCPU: [Double] = []
    var busyCPU: [Double] = []
    _ = try frame(moved: moved, zoomed: zoomed)
    for _ in 0..<frames {
      for overlay in overlays { overlay.map = nil }
      plain.append(try frame(moved: moved, zoomed: zoomed))
      plainCPU.append(lastCPU)
      for overlay in overlays { overlay.map = mapView }
      busy.append(try frame(moved: moved, zoomed: zoomed))
      busyCPU.append(lastCPU)
    }
    if let saved {
      try FileManager.default.createDirectory(at: saved, withIntermediateDirectories: true)
      try lastPNG.write(to: saved.appendingPathComponent("map-\(name).png"))
    }
    report(
      "\(name) frame, 1,000 markers and 50 polylines", Samples(busy), .ms,
      peer: Peer(name: "map alone", samples: Samples(plain)))
    report(
      "  its CPU time (all threads)", Samples(busyCPU), .ms,
      peer: Peer(name: "map alone", samples: Samples(plainCPU)))
  }
  mapView.camera = GMSCameraPosition(target: mapView.camera.target, zoom: 16)

  // The parts (drawn again on every frame): markers alone, polylines alone; then building
  // the map layer.
  for (name, part) in [
    ("map", []),
    ("markers", overlays.filter { $0 is GMSMarker }),
    ("polylines", overlays.filter { $0 is GMSPolyline }),
    ("markers and polylines", overlays),
  ] where onlyPart == nil || onlyPart == name || (onlyPart == "all" && part.count == overlays.count)
  {
    for overlay in overlays { overlay.map = nil }
    for overlay in part { overlay.map = mapView }
    _ = try frame(moved: true, zoomed: true)
    var times: [Double] = []
    var cpu: [Double] = []
    for _ in 0..<(partsOnly ? frames : max(3, frames / 2)) {
      times.append(try frame(moved: true, zoomed: true))
      cpu.append(lastCPU)
    }
    report(
      name == "map" ? "zoomed frame of the map alone" : "zoomed frame with the \(name) only",
      Samples(times), .ms)
    report("  its CPU time (all threads)", Samples(cpu), .ms)
  }
  for overlay in overlays { overlay.map = mapView }
  if partsOnly { return }
  report(
    "building the layer", Samples([elapsed(in: .ms) { _ = mapView.mapLayer(baseMap: map) }]), .ms)

  // Hit testing among 10,000 markers.
  mapView.clear()
  for _ in 0..<10_000 { GMSMarker(position: anywhere()).map = mapView }
  _ = mapView.overlay(at: CGPoint(x: 1, y: 1))
  var taps: [Double] = []
  for i in 0..<200 {
    let point = CGPoint(x: Double(i % 39) * 10, y: Double(i % 84) * 10)
    taps.append(elapsed(in: .ms) { _ = mapView.overlay(at: point) })
  }
  report("tap among 10,000 markers", Samples(taps), .ms)

  // Camera animation frames against moved frames (same map, no overlays).
  mapView.clear()
  var animated: [Double] = []
  var moved: [Double] = []
  for _ in 0..<frames {
    mapView.animate(toLocation: anywhere())
    clock.advance(by: 0.2)
    animated.append(
      try elapsed(in: .ms) {
        _ = try renderer.png(window: window, map: mapView.mapLayer(baseMap: map, at: clock.now))
      })
    clock.advance(by: 1)
    moved.append(try frame(moved: true))
  }
  report(
    "camera animation frame", Samples(animated), .ms,
    peer: Peer(name: "moved frame", samples: Samples(moved)))

  // Collision behaviour: the overlay items of 1,000 advanced markers (two thirds optional)
  // on a map with a map ID, worked out again for each camera, against the same markers on a
  // map without one (nothing hidden, nothing worked out).
  let withID = GMSMapView(
    frame: window.bounds, mapID: GMSMapID(identifier: "bench"), camera: mapView.camera)
  let withoutID = GMSMapView(frame: window.bounds, camera: mapView.camera)
  for i in 0..<1000 {
    let position = anywhere()
    for view in [withID, withoutID] {
      let marker = GMSAdvancedMarker(position: position)
      marker.collisionBehavior = i % 3 == 0 ? .required : .optionalAndHidesLowerPriority
      marker.zIndex = Int32(i % 5)
      marker.map = view
    }
  }
  var collided: [Double] = []
  var uncollided: [Double] = []
  for step in 0..<max(20, frames) {
    let camera = GMSCameraPosition(target: monaco, zoom: 16 + 0.01 * Float(step % 7 + 1))
    withID.camera = camera
    withoutID.camera = camera
    collided.append(elapsed(in: .ms) { _ = withID.mapOverlayItems() })
    uncollided.append(elapsed(in: .ms) { _ = withoutID.mapOverlayItems() })
  }
  let hidden = withID.overlaysInDrawingOrder.filter {
    ($0 as? GMSMarker).map(withID.isHiddenByCollision) ?? false
  }
  fact("advanced markers hidden by collisions", "\(hidden.count) of 1,000")
  report(
    "overlay items, 1,000 advanced markers, new camera", Samples(collided), .ms,
    peer: Peer(name: "without a map ID", samples: Samples(uncollided)))
}

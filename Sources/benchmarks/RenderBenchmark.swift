import Demo
import Foundation
import NavigationCore
import Rendering
import Routing
import ViewKit

/// `benchmarks render [--samples N] [--out frame.png] [--drive] [--only PART] [--tilt DEG]`:
/// the time to render one 1170 × 2532 PNG frame (the painted navigation screen,
/// ``NavScreen/Painted``, over the Monaco map at 3×), with a breakdown: moved frames (the camera moved: the map's
/// geometry is drawn, kept tiles reused), warm ones (same camera: the kept geometry is
/// reused) and cold ones (nothing kept), each split into draw, encode and CPU, for direct
/// drawing and for tiles (bilinear, nearest); the serial path (one thread) is the peer of
/// the warm frame. `--drive` also records the default demo drive at 10 frames per second and
/// scale 3, without and with tiles, against its simulated duration. `--only views|frame|cold`
/// loops one part (for a profiler); `--only encode` encodes one drawn frame's pixels in a
/// loop; `--only drive` records the drives alone. `--out` writes the frame (and its debug
/// overlay beside it). `--tilt` tilts the camera by DEG degrees (the navigation camera's 45:
/// buildings raised over the flat map).
@MainActor
func runRenderBenchmark(_ args: [String]) throws {
  var samples = 20
  var out: String?
  var drive = false
  var only: String?
  var tilt = 0.0
  var rest = Arguments(args)
  while let argument = rest.next() {
    switch argument {
    case "--samples": samples = try rest.positiveInteger(after: argument)
    case "--out": out = try rest.value(after: argument)
    case "--drive": drive = true
    case "--tilt":
      let value = try rest.value(after: argument)
      guard let degrees = Double(value), degrees >= 0, degrees <= 90 else {
        throw BenchmarkError(description: "--tilt takes degrees 0…90, not \(value)")
      }
      tilt = degrees
    case "--only": only = try rest.value(after: "--only views|frame|cold|encode|drive")
    default: throw BenchmarkError(description: "unknown option \(argument)")
    }
  }
  let (map, loadTime) = try timed(in: .s) { try BaseMap.bundled() }
  let engine = try RouteEngine.bundled()
  let origin = CLLocationCoordinate2D(latitude: 43.7296, longitude: 7.4168)
  let casino = CLLocationCoordinate2D(latitude: 43.7394, longitude: 7.4275)
  let routes = try engine.routes(from: origin, to: casino)
  let screen = NavScreen.Painted(clock: ManualClock())
  /// The scene with the vehicle `metres` further than 55 % of the route, as a map layer.
  func layer(movedBy metres: Double) -> (MapScene, MapLayer) {
    let route = RouteOverlay(
      route: routes[0], distanceTraveled: routes[0].distance * 0.55 + metres)
    let vehicle = route.vehicleMarker!
    var camera = MapCamera.following(vehicle, metersPerPoint: 1.0)
    camera.tilt = tilt
    let scene = MapScene(
      map: map, camera: camera, route: route,
      alternatives: routes.dropFirst().map(\.geometry), destinations: [casino], vehicle: vehicle)
    return (scene, MapLayer(scene: scene, view: screen.mapView, viewport: screen.viewport))
  }
  let (scene, warmLayer) = layer(movedBy: 0)
  let renderer = Renderer(scale: 3)

  if let only {
    try renderPart(only, samples: samples, renderer: renderer, screen: screen) { index in
      only == "views" ? nil : only == "cold" ? layer(movedBy: Double(index) * 7).1 : warmLayer
    }
    return
  }
  fact("base map load", String(format: "%.3f s (\(map.featureCount) features)", loadTime))
  // Moved frames: the vehicle 7 m further each time, so the camera moves and no kept map
  // raster applies (as on the frame after each location fix; with tiles, the tiles are mostly
  // kept). Warm frames: the same camera (as the nine frames between two 1 Hz fixes at 10
  // fps). Cold frames: moved, and nothing kept (no raster, no tiles). Three frames of each
  // warm up first.
  let movedLayers = (0..<(samples + 3)).map { layer(movedBy: Double($0) * 7).1 }
  let modes: [(String, MapTileFilter?)] = [
    ("direct", nil), ("tiles", .bilinear), ("nearest", .nearest),
  ]
  for (mode, filter) in modes {
    var frameRenderer = renderer
    frameRenderer.usesMapTiles = filter != nil
    frameRenderer.mapTileFilter = filter ?? .bilinear
    for (label, layers, forget) in [
      ("moved", movedLayers, false),
      ("warm", Array(repeating: warmLayer, count: samples + 3), false),
      ("cold", movedLayers, true),
    ] {
      var draws: [Double] = []
      var encodes: [Double] = []
      var cpu: [Double] = []
      var walls: [Double] = []
      Renderer.forgetKeptMapRasters()
      for (index, frameLayer) in layers.enumerated() {
        if forget { Renderer.forgetKeptMapRasters() }
        let cpuStart = cpuSeconds()
        let (timings, wall) = try timed(in: .ms) {
          try frameRenderer.timedPNG(window: screen.window, map: frameLayer).timings
        }
        if index >= 3 {
          walls.append(wall)
          cpu.append((cpuSeconds() - cpuStart) * 1000)
          draws.append(timings.draw * 1000)
          encodes.append(timings.encode * 1000)
        }
      }
      for (part, values) in [
        ("png", walls), ("draw", draws), ("encode", encodes), ("cpu", cpu),
      ] {
        report("\(mode)_\(label)_\(part)", Samples(values), .ms)
      }
    }
  }
  let tileUse = Renderer.mapTileStatistics
  fact(
    "map tiles",
    "\(tileUse.reused) reused, \(tileUse.drawn) drawn, \(tileUse.evicted) evicted; "
      + "\(tileUse.tileCount) kept, \(tileUse.byteCount >> 20) MB of \(tileUse.byteBudget >> 20) MB"
  )
  let warm = measure(.ms, runs: samples, warmup: 3) {
    _ = try? renderer.png(window: screen.window, map: warmLayer)
  }
  var serial = renderer
  serial.rendersInParallel = false
  var serialWall: [Double] = []
  var serialCPU: [Double] = []
  for index in 0..<(samples + 3) {
    let cpuStart = cpuSeconds()
    let wall = try elapsed(in: .ms) { _ = try serial.png(window: screen.window, map: warmLayer) }
    if index >= 3 {
      serialWall.append(wall)
      serialCPU.append((cpuSeconds() - cpuStart) * 1000)
    }
  }
  let serialPeer = Peer(name: "serial", samples: Samples(serialWall))
  report("frame_serial_png", serialPeer.samples, .ms)
  report("frame_serial_cpu", Samples(serialCPU), .ms)
  report("frame_warm_png_repeat", warm, .ms, peer: serialPeer)
  report(
    "map_only_png_1170x2532",
    measure(.ms, runs: samples, warmup: 3) {
      _ = try? renderer.png(map: scene, size: CGSize(width: 390, height: 844))
    }, .ms)
  report(
    "views_only_png_1170x2532",
    measure(.ms, runs: samples, warmup: 3) { _ = try? renderer.png(window: screen.window) }, .ms)
  report(
    "frame_svg",
    measure(.ms, runs: samples, warmup: 3) {
      _ = try? renderer.svg(window: screen.window, map: warmLayer)
    }, .ms)
  if drive { try recordDrives() }
  if let out {
    let png = try renderer.png(window: screen.window, map: warmLayer)
    try png.write(to: URL(fileURLWithPath: out))
    var debug = renderer
    debug.debugOverlay = DebugOverlay(
      viewport: screen.viewport.convert(screen.viewport.bounds, to: nil))
    let debugPNG = try debug.png(window: screen.window, map: warmLayer)
    try debugPNG.write(
      to: URL(fileURLWithPath: out.replacingOccurrences(of: ".png", with: "-debug.png")))
  }
}

/// One part of the frame in a loop, for a profiler: `encode` encodes one drawn frame's pixels
/// `samples` times; `drive` records the drives; `views`, `frame` and `cold` draw and encode
/// the frame of `layer(index)` (no map, the warm map, a moved map).
@MainActor
private func renderPart(
  _ only: String, samples: Int, renderer: Renderer, screen: NavScreen.Painted,
  layer: (Int) -> MapLayer?
) throws {
  switch only {
  case "drive":
    try recordDrives()
  case "encode":
    let warm = layer(0)
    _ = try renderer.png(window: screen.window, map: warm)
    let times = try renderer.encodingTimes(window: screen.window, map: warm, count: samples)
    report("encode wall", Samples(times.map { $0.wall * 1000 }), .ms)
    report("encode cpu", Samples(times.map { $0.cpu * 1000 }), .ms)
    fact("encode bytes", "\(try renderer.png(window: screen.window, map: warm).count)")
  case "views", "frame", "cold":
    var draw: [Double] = []
    var encode: [Double] = []
    var cpu: [Double] = []
    for index in 0..<samples {
      let start = cpuSeconds()
      let timings = try renderer.timedPNG(window: screen.window, map: layer(index)).timings
      cpu.append((cpuSeconds() - start) * 1000)
      draw.append(timings.draw * 1000)
      encode.append(timings.encode * 1000)
    }
    report("\(only) draw", Samples(draw), .ms)
    report("\(only) encode", Samples(encode), .ms)
    report("\(only) cpu", Samples(cpu), .ms)
  default:
    throw BenchmarkError(description: "--only views|frame|cold|encode|drive, not \(only)")
  }
}

/// The default demo drive at 10 fps and scale 3, without and with map tiles.
@MainActor
private func recordDrives() throws {
  for (mode, filter) in [("direct", nil), ("tiles", .bilinear), ("nearest", .nearest)]
    as [(String, MapTileFilter?)]
  {
    Renderer.forgetKeptMapRasters()
    Renderer.usesMapTilesByDefault = filter != nil
    Renderer.mapTileFilterByDefault = filter ?? .bilinear
    defer {
      Renderer.usesMapTilesByDefault = true
      Renderer.mapTileFilterByDefault = .bilinear
    }
    var configuration = DemoConfiguration()
    configuration.framesPerSecond = 10
    configuration.scale = 3
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("benchmarks-drive-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let cpuStart = cpuSeconds()
    let run = try DemoRun.record(configuration, into: folder)
    let cpu = cpuSeconds() - cpuStart
    let simulated = run.frames.last?.time ?? 0
    fact(
      "drive_\(mode)",
      String(
        format:
          "%d frames (10 fps, scale 3) of %.1f s simulated in %.1f s wall (%.2f× real time), %.1f s CPU",
        run.frames.count, simulated, run.totalSeconds, run.totalSeconds / max(simulated, 1e-9),
        cpu))
    let draws = Samples(run.frames.map { $0.drawSeconds * 1000 })
    let encodes = Samples(run.frames.map { $0.encodeSeconds * 1000 })
    let frames = Samples(run.frames.map { ($0.drawSeconds + $0.encodeSeconds) * 1000 })
    report(
      "drive_\(mode) frame draw+encode", frames, .ms,
      note: String(format: "p90 %.2f", frames.quantile(0.9)))
    report(
      "drive_\(mode) draw", draws, .ms,
      note: String(
        format: "p90 %.2f, sum %.1f s", draws.quantile(0.9), draws.sorted.reduce(0, +) / 1000))
    report(
      "drive_\(mode) encode", encodes, .ms,
      note: String(
        format: "sum %.1f s; advance sum %.1f s", encodes.sorted.reduce(0, +) / 1000,
        run.frames.reduce(0) { $0 + $1.advanceSeconds }))
    let tileUse = Renderer.mapTileStatistics
    fact(
      "drive_\(mode) kept rasters and tiles",
      "map rasters reused/drawn so far: \(Renderer.keptMapRasterUse); tiles \(tileUse.reused) reused, \(tileUse.drawn) drawn, \(tileUse.evicted) evicted"
    )
  }
}

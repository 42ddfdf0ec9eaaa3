import Demo
import Foundation
import NavigationCore
import Rendering
import Routing
import ViewKit

// renderbench: the time to render one 1170 × 2532 PNG frame (a 390 × 844 pt screen of views
// over the Monaco map at 3×), with a breakdown: cold frames (the camera moved: the map's
// geometry is drawn) and warm ones (same camera: the kept geometry is reused), each split
// into draw and encode, plus the serial path (one thread, nothing kept). Usage:
//   swift run -c release renderbench [--samples N] [--json] [--out frame.png] [--drive]
// --drive also records the default demo drive at 10 frames per second and scale 3 (PNG
// frames written under a temporary folder), without and with map tiles (bilinear,
// nearest), against its simulated duration.
// RENDERBENCH_ONLY=views|frame|cold loops one part (for perf record); =encode encodes one
// drawn frame's pixels in a loop; =drive records the drives only.

@MainActor
func run() throws {
  var samples = 20
  var json = false
  var out: String?
  var drive = false
  var arguments = CommandLine.arguments.dropFirst().makeIterator()
  while let argument = arguments.next() {
    switch argument {
    case "--samples": samples = max(1, Int(arguments.next() ?? "") ?? samples)
    case "--json": json = true
    case "--out": out = arguments.next()
    case "--drive": drive = true
    case "--help", "-h":
      print("USAGE: renderbench [--samples N] [--json] [--out frame.png] [--drive]")
      return
    default:
      FileHandle.standardError.write(Data("renderbench: unknown option \(argument)\n".utf8))
      exit(64)
    }
  }

  let loadStart = DispatchTime.now()
  let map = try BaseMap.bundled()
  let loadTime = seconds(since: loadStart)
  let engine = try RouteEngine.bundled()
  let origin = CLLocationCoordinate2D(latitude: 43.7296, longitude: 7.4168)
  let casino = CLLocationCoordinate2D(latitude: 43.7394, longitude: 7.4275)
  let routes = try engine.routes(from: origin, to: casino)
  let route = RouteOverlay(route: routes[0], distanceTraveled: routes[0].distance * 0.55)
  let vehicle = route.vehicleMarker!
  let scene = MapScene(
    map: map, camera: .following(vehicle, metersPerPoint: 1.0), route: route,
    alternatives: routes.dropFirst().map(\.geometry), destinations: [casino], vehicle: vehicle)

  let clock = ManualClock()
  let screen = BenchScreen(clock: clock)
  let layer = MapLayer(scene: scene, view: screen.mapView, viewport: screen.viewport)
  let renderer = Renderer(scale: 3)

  func measure(_ name: String, _ body: () throws -> Void) rethrows -> [String: Double] {
    for _ in 0..<3 { try body() }
    var times: [Double] = []
    for _ in 0..<samples {
      let start = DispatchTime.now()
      try body()
      times.append(seconds(since: start) * 1000)
    }
    times.sort()
    return [
      "median_ms": times[times.count / 2], "min_ms": times[0], "max_ms": times[times.count - 1],
    ]
  }

  /// The default demo drive at 10 fps and scale 3, without and with map tiles.
  func recordDrives() throws {
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
        .appendingPathComponent("renderbench-drive-\(ProcessInfo.processInfo.processIdentifier)")
      defer { try? FileManager.default.removeItem(at: folder) }
      let cpuStart = cpuSeconds()
      let run = try DemoRun.record(configuration, into: folder)
      let cpu = cpuSeconds() - cpuStart
      let frames = run.frames.map { ($0.drawSeconds + $0.encodeSeconds) * 1000 }.sorted()
      let draws = run.frames.map { $0.drawSeconds * 1000 }.sorted()
      let encodes = run.frames.map { $0.encodeSeconds * 1000 }.sorted()
      let simulated = run.frames.last?.time ?? 0
      let tileUse = Renderer.mapTileStatistics
      print(
        String(
          format:
            "drive_%@: %d frames (10 fps, scale 3) of %.1f s simulated in %.1f s wall (%.2f× real time), %.1f s CPU",
          mode, run.frames.count, simulated, run.totalSeconds,
          run.totalSeconds / max(simulated, 1e-9), cpu))
      print(
        String(
          format:
            "  frame draw+encode median %.2f ms, min %.2f, p90 %.2f, max %.2f; draw median %.2f, p90 %.2f, sum %.1f s; encode median %.2f, sum %.1f s; advance sum %.1f s",
          frames[frames.count / 2], frames[0], frames[frames.count * 9 / 10], frames.last!,
          draws[draws.count / 2], draws[draws.count * 9 / 10], draws.reduce(0, +) / 1000,
          encodes[encodes.count / 2], encodes.reduce(0, +) / 1000,
          run.frames.reduce(0) { $0 + $1.advanceSeconds }))
      print(
        "  map rasters reused/drawn so far: \(Renderer.keptMapRasterUse); tiles \(tileUse.reused) reused, \(tileUse.drawn) drawn, \(tileUse.evicted) evicted"
      )
    }
  }

  if let only = ProcessInfo.processInfo.environment["RENDERBENCH_ONLY"] {
    if only == "drive" {
      try recordDrives()
      return
    }
    if only == "encode" {
      // One warm frame drawn once, its pixels encoded `samples` times.
      _ = try renderer.png(window: screen.window, map: layer)
      let times = try renderer.encodingTimes(window: screen.window, map: layer, count: samples)
      let walls = times.map { $0.wall * 1000 }.sorted()
      let cpus = times.map { $0.cpu * 1000 }.sorted()
      let size = try renderer.png(window: screen.window, map: layer).count
      print(
        String(
          format: "encode: %.2f ms wall (min %.2f), %.2f ms CPU (min %.2f); %d bytes",
          walls[samples / 2], walls[0], cpus[samples / 2], cpus[0], size))
      return
    }
    // Profiling aid: one part in a loop (views | frame | cold), draw and encode medians.
    var draw: [Double] = []
    var encode: [Double] = []
    var cpu: [Double] = []
    for index in 0..<samples {
      let start = cpuSeconds()
      var frameLayer: MapLayer? = only == "views" ? nil : layer
      if only == "cold" {
        // The vehicle a few metres further each time: the camera moves (as the moved
        // frames of the table, alternatives included).
        let moved = RouteOverlay(
          route: routes[0], distanceTraveled: routes[0].distance * 0.55 + Double(index) * 7)
        let marker = moved.vehicleMarker!
        frameLayer = MapLayer(
          scene: MapScene(
            map: map, camera: .following(marker, metersPerPoint: 1.0), route: moved,
            alternatives: routes.dropFirst().map(\.geometry), destinations: [casino],
            vehicle: marker),
          view: screen.mapView, viewport: screen.viewport)
      }
      let timings = try renderer.timedPNG(window: screen.window, map: frameLayer).timings
      cpu.append((cpuSeconds() - start) * 1000)
      draw.append(timings.draw * 1000)
      encode.append(timings.encode * 1000)
    }
    print(
      String(
        format: "%@: draw %.2f ms (min %.2f), encode %.2f ms (min %.2f) (wall), %.2f ms CPU",
        only, draw.sorted()[samples / 2], draw.min()!, encode.sorted()[samples / 2],
        encode.min()!, cpu.sorted()[samples / 2]))
    return
  }
  var results: [(String, [String: Double])] = []
  // Moved frames: the vehicle a few metres further each time, so the camera moves and no
  // kept map raster applies (as on the frame after each location fix; with tiles, the tiles
  // are mostly kept). Warm frames: the same camera (as the nine frames between two 1 Hz
  // fixes at 10 fps). Cold frames: moved, and nothing kept (no raster, no tiles).
  // Each for the direct drawing (`direct`, no tiles) and the tiled ones (`tiles`: bilinear,
  // `nearest`).
  let movedLayers = (0..<(samples + 3)).map { index -> MapLayer in
    let moved = RouteOverlay(
      route: routes[0], distanceTraveled: routes[0].distance * 0.55 + Double(index) * 7)
    let marker = moved.vehicleMarker!
    let movedScene = MapScene(
      map: map, camera: .following(marker, metersPerPoint: 1.0), route: moved,
      alternatives: routes.dropFirst().map(\.geometry), destinations: [casino], vehicle: marker)
    return MapLayer(scene: movedScene, view: screen.mapView, viewport: screen.viewport)
  }
  // The modes: no tiles, bilinear tiles, nearest-pixel tiles.
  let modes: [(String, MapTileFilter?)] = [
    ("direct", nil), ("tiles", .bilinear), ("nearest", .nearest),
  ]
  for (mode, filter) in modes {
    var frameRenderer = renderer
    frameRenderer.usesMapTiles = filter != nil
    frameRenderer.mapTileFilter = filter ?? .bilinear
    for (label, layers, forget) in [
      ("moved", movedLayers, false), ("warm", Array(repeating: layer, count: samples + 3), false),
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
        let start = DispatchTime.now()
        let timings = try frameRenderer.timedPNG(window: screen.window, map: frameLayer).timings
        if index >= 3 {
          walls.append(seconds(since: start) * 1000)
          cpu.append((cpuSeconds() - cpuStart) * 1000)
          draws.append(timings.draw * 1000)
          encodes.append(timings.encode * 1000)
        }
      }
      for (name, values) in [
        ("\(mode)_\(label)_png", walls), ("\(mode)_\(label)_draw", draws),
        ("\(mode)_\(label)_encode", encodes), ("\(mode)_\(label)_cpu", cpu),
      ] {
        let sorted = values.sorted()
        results.append(
          (
            name,
            [
              "median_ms": sorted[sorted.count / 2], "min_ms": sorted[0],
              "max_ms": sorted[sorted.count - 1],
            ]
          ))
      }
    }
  }
  let tileUse = Renderer.mapTileStatistics
  var serial = renderer
  serial.rendersInParallel = false
  var serialWall: [Double] = []
  var serialCPU: [Double] = []
  for index in 0..<(samples + 3) {
    let cpuStart = cpuSeconds()
    let start = DispatchTime.now()
    _ = try serial.png(window: screen.window, map: layer)
    if index >= 3 {
      serialWall.append(seconds(since: start) * 1000)
      serialCPU.append((cpuSeconds() - cpuStart) * 1000)
    }
  }
  for (name, values) in [("frame_serial_png", serialWall), ("frame_serial_cpu", serialCPU)] {
    let sorted = values.sorted()
    results.append(
      (
        name,
        [
          "median_ms": sorted[sorted.count / 2], "min_ms": sorted[0],
          "max_ms": sorted[sorted.count - 1],
        ]
      ))
  }
  results.append(
    (
      "frame_warm_png_repeat",
      try measure("frame") {
        _ = try renderer.png(window: screen.window, map: layer)
      }
    ))
  results.append(
    (
      "map_only_png_1170x2532",
      try measure("map") {
        _ = try renderer.png(map: scene, size: CGSize(width: 390, height: 844))
      }
    ))
  results.append(
    (
      "views_only_png_1170x2532",
      try measure("views") {
        _ = try renderer.png(window: screen.window)
      }
    ))
  results.append(
    (
      "frame_svg",
      try measure("svg") {
        _ = try renderer.svg(window: screen.window, map: layer)
      }
    ))
  if drive { try recordDrives() }
  if let out {
    let png = try renderer.png(window: screen.window, map: layer)
    try png.write(to: URL(fileURLWithPath: out))
    var debug = renderer
    debug.debugOverlay = DebugOverlay(
      viewport: screen.viewport.convert(screen.viewport.bounds, to: nil))
    let debugPNG = try debug.png(window: screen.window, map: layer)
    try debugPNG.write(
      to: URL(fileURLWithPath: out.replacingOccurrences(of: ".png", with: "-debug.png")))
  }
  if json {
    let entries = results.map { name, values in
      "  \"\(name)\": {"
        + values.keys.sorted().map { "\"\($0)\": \(String(format: "%.3f", values[$0]!))" }
        .joined(separator: ", ") + "}"
    }
    print(
      "{\n  \"map_load_s\": \(String(format: "%.3f", loadTime)),\n"
        + entries.joined(separator: ",\n") + "\n}")
  } else {
    print("base map load: \(String(format: "%.3f", loadTime)) s (\(map.featureCount) features)")
    print(
      "map tiles: \(tileUse.reused) reused, \(tileUse.drawn) drawn, \(tileUse.evicted) evicted; "
        + "\(tileUse.tileCount) kept, \(tileUse.byteCount >> 20) MB of \(tileUse.byteBudget >> 20) MB"
    )
    print("benchmark                         median      min      max  (ms, \(samples) samples)")
    for (name, values) in results {
      print(
        name.padding(toLength: 30, withPad: " ", startingAt: 0)
          + String(
            format: "%9.2f %8.2f %8.2f", values["median_ms"]!, values["min_ms"]!, values["max_ms"]!)
      )
    }
  }
}

/// CPU time used by the process (all threads), in seconds.
func cpuSeconds() -> Double {
  var spec = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
  return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

func seconds(since start: DispatchTime) -> Double {
  Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
}

do {
  try MainActor.assumeIsolated { try run() }
} catch {
  FileHandle.standardError.write(Data("renderbench: \(error)\n".utf8))
  exit(1)
}

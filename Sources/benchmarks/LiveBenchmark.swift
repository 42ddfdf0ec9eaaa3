import Demo
import Foundation
import Rendering
import ViewKit

/// `benchmarks live [--device phone|tablet] [--scale S] [--frames N] [--only moved|still]
/// [--no-ahead] [--no-shift] [--follow] [--no-spread]`:
/// the live window's frames (`navui run`) without a window: the demo session's screen at a
/// device's size and scale drawn with `Renderer.draw(window:at:map:into:…)` into a pixel
/// buffer as the window surface would be, on the simulated drive at 60 frames a second,
/// while a one-finger drag moves the map on every other frame (as `navui run --measure`'s
/// drag does: a move every 1/30 s, the navigation camera tilted 45°). Reports the wall and
/// CPU time of the frames that move the camera and of those that do not (the kept map
/// raster). A moved frame shifts the last frame's map (``RenderSession/shiftsKeptMap``, as
/// the live window does); every other moved frame (and the still frame after it) draws the
/// whole map again, the moved frame's peer. With `--no-shift` no frame shifts the map and
/// the peer is every other moved frame drawing its raised buildings and alternatives with
/// Cairo. Tiles are drawn ahead of the camera between frames as in
/// the live window (``RenderSession/drawsMapTilesAhead``) unless `--no-ahead`; the moved
/// frames that drew tiles themselves are reported apart. `--only moved|still` prints nothing
/// but runs that kind of frame's loop (for `perf record`). `--follow` drives without the
/// drag (the camera following the vehicle) and reports the frames by what they did with the
/// map: kept it, shifted it, drew it in full, held the camera while drawing a slice of a
/// new map (``RenderSession/spreadsMapRedraws``, as the live window does), took a new map
/// drawn over several frames, or held it while a shifted map was made
/// (``RenderSession/spreadsMapShifts``); in blocks of two seconds with spreading on and off (the
/// peer), or always off with `--no-spread`.
@MainActor
func runLiveBenchmark(_ args: [String]) throws {
  var device = DemoConfiguration.Device.phone
  var scale = 2.0
  var frames = 240
  var only: String?
  var drawsAhead = true
  var shifts = true
  var follows = false
  var spreads = true
  var rest = Arguments(args)
  while let argument = rest.next() {
    switch argument {
    case "--device":
      let name = try rest.value(after: argument)
      guard let chosen = DemoConfiguration.Device(rawValue: name) else {
        throw BenchmarkError(description: "--device takes phone, phone-landscape or tablet")
      }
      device = chosen
    case "--scale":
      let value = try rest.value(after: argument)
      guard let s = Double(value), (1...3).contains(s) else {
        throw BenchmarkError(description: "--scale takes 1…3, not \(value)")
      }
      scale = s
    case "--frames": frames = try rest.positiveInteger(after: argument)
    case "--only": only = try rest.value(after: "--only moved|still")
    case "--no-ahead": drawsAhead = false
    case "--no-shift": shifts = false
    case "--follow": follows = true
    case "--no-spread": spreads = false
    default: throw BenchmarkError(description: "unknown option \(argument)")
    }
  }
  var configuration = DemoConfiguration()
  configuration.size = device.size
  configuration.scale = scale
  configuration.safeArea = .zero
  let session = try DemoSession(configuration: configuration)
  let renderer = Renderer(scale: scale)
  renderer.session.drawsMapTilesAhead = drawsAhead
  renderer.session.shiftsKeptMap = shifts
  // The peer of a moved frame: the same frame with the raised buildings and the
  // alternatives filled and stroked by Cairo (every other moved frame, so both see the
  // same load).
  var cairoBuildings = renderer
  cairoBuildings.shortcuts.rasterizesRaisedBuildings = false
  cairoBuildings.shortcuts.rasterizesAlternatives = false
  let width = Int((Double(device.size.width) * scale).rounded(.up))
  let height = Int((Double(device.size.height) * scale).rounded(.up))
  let stride = width * 4
  let pixels = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * height)
  defer { pixels.deallocate() }
  let center = CGPoint(x: device.size.width / 2, y: device.size.height / 2)
  var time = 0.0
  var step = 0
  /// One frame 1/60 s on; with `moves`, the drag's next event first (`DragInjector`'s path:
  /// a press, 28 moves, a release, again).
  func frame(moves: Bool, renderer: Renderer = renderer) throws {
    time += 1.0 / 60
    if moves {
      let phase: UITouch.Phase = step % 30 == 0 ? .began : step % 30 == 29 ? .ended : .moved
      let dx = 60 * sin(Double(step) / 5)
      session.window.sendTouches([
        (7, phase, CGPoint(x: center.x + dx, y: center.y + Double(step % 30)))
      ])
      step += 1
    }
    session.advance(to: time)
    let layer = try session.mapLayer()
    session.window.layoutIfNeeded()
    try renderer.draw(
      window: session.window, at: session.clock.now, map: layer, into: pixels, stride: stride,
      width: width, height: height)
  }
  // Warm-up: tiles, label images, text layouts (as the measurement's 30 frames).
  for index in 0..<30 { try frame(moves: !follows && index % 2 == 0) }
  if follows {
    try reportFollowing(
      frames: 4 * frames, name: "\(device.rawValue)_\(Int(scale))x", session: renderer.session,
      spreads: spreads
    ) { try frame(moves: false) }
    return
  }
  if let only {
    guard only == "moved" || only == "still" else {
      throw BenchmarkError(description: "--only takes moved or still, not \(only)")
    }
    for index in 0..<(2 * frames) where only == "moved" || index % 2 == 1 {
      try frame(moves: only == "moved" ? true : index % 2 == 0)
    }
    return
  }
  var moved: (wall: [Double], cpu: [Double]) = ([], [])
  var peer: (wall: [Double], cpu: [Double]) = ([], [])
  var still: (wall: [Double], cpu: [Double]) = ([], [])
  // Moved frames that drew new tiles (the drag's leading edge), apart.
  var withNewTiles: (wall: [Double], cpu: [Double]) = ([], [])
  for index in 0..<(4 * frames) {
    let moves = index % 2 == 0
    // The peer: a moved frame drawn in full (with shifting), or by Cairo (without).
    let byCairo = index % 4 == 2
    if shifts { renderer.session.shiftsKeptMap = index % 4 < 2 }
    let drawnBefore = renderer.session.mapTileStatistics.drawn
    let cpuStart = cpuSeconds()
    let wall = try elapsed(in: .ms) {
      try frame(moves: moves, renderer: byCairo && !shifts ? cairoBuildings : renderer)
    }
    let cpu = (cpuSeconds() - cpuStart) * 1000
    if moves, !byCairo, renderer.session.mapTileStatistics.drawn > drawnBefore {
      withNewTiles.wall.append(wall)
      withNewTiles.cpu.append(cpu)
    }
    if byCairo {
      peer.wall.append(wall)
      peer.cpu.append(cpu)
    } else if moves {
      moved.wall.append(wall)
      moved.cpu.append(cpu)
    } else {
      still.wall.append(wall)
      still.cpu.append(cpu)
    }
  }
  let name = "\(device.rawValue)_\(Int(scale))x"
  let stillWall = Peer(name: "still frame", samples: Samples(still.wall))
  fact(
    "window",
    "\(width)×\(height) pixels, \(frames) moved frames of each kind, \(2 * frames) still ones")
  report("\(name)_still_wall", stillWall.samples, .ms)
  report("\(name)_still_cpu", Samples(still.cpu), .ms)
  let movedWall = Samples(moved.wall)
  report(
    "\(name)_moved_wall", movedWall, .ms, peer: stillWall,
    note: String(
      format: "p95 %@ ms, %.0f %% ≤ 16.7 ms", figure(movedWall.p95),
      100 * Double(moved.wall.filter { $0 <= 16.7 }.count) / Double(max(1, moved.wall.count))))
  report(
    "\(name)_moved_cpu", Samples(moved.cpu), .ms,
    peer: Peer(name: shifts ? "drawn in full" : "by Cairo", samples: Samples(peer.cpu)))
  fact(
    "\(name)_shifted",
    "\(renderer.session.keptMapShifts) frames shifted the last map (\(shifts ? "on" : "off"))")
  report("\(name)_moved_\(shifts ? "in_full" : "by_cairo")_wall", Samples(peer.wall), .ms)
  fact(
    "\(name)_moved_with_new_tiles",
    String(
      format: "%d of %d moved frames drew tiles: wall median %@ ms, max %@ ms, CPU median %@ ms",
      withNewTiles.wall.count, moved.wall.count, figure(Samples(withNewTiles.wall).median),
      figure(Samples(withNewTiles.wall).maximum), figure(Samples(withNewTiles.cpu).median)))
  let statistics = renderer.session.mapTileStatistics
  fact(
    "\(name)_tiles",
    "\(statistics.drawn) drawn by frames, \(statistics.drawnAhead) drawn ahead"
      + " (\(drawsAhead ? "on" : "off")), \(statistics.drawnTwice) drawn twice")
  report("\(name)_moved_\(shifts ? "in_full" : "by_cairo")_cpu", Samples(peer.cpu), .ms)
}

/// `benchmarks live --follow`: `frames` frames of the drive without a drag, each counted by
/// what it did with the map (kept the last raster, shifted the last map, drew it in full,
/// held the camera while a slice of a new map was drawn, took a new map drawn over several
/// frames, held the camera while a shifted map was made), with the wall and CPU time of
/// each kind; spreading redraws and shifts over frames on and off in alternate blocks of
/// 120 frames (with `spreads`), each mode reported apart.
@MainActor
func reportFollowing(
  frames: Int, name: String, session: RenderSession, spreads: Bool, frame: () throws -> Void
) throws {
  let kindNames = ["kept", "shifted", "in_full", "held", "took_new_map", "held_for_shift"]
  var kinds: [Bool: [String: (wall: [Double], cpu: [Double])]] = [:]
  var lags: [Bool: [Int]] = [:]
  var heldSince: Int?
  for index in 0..<frames {
    let spreading = spreads && (index / 120) % 2 == 0
    session.spreadsMapRedraws = spreading
    session.spreadsMapShifts = spreading
    let before = (session.keptMapShifts, session.keptMapRasterUse.drawn, session.spreadMapUse)
    let heldForShift = session.heldShiftFrames
    let cpuStart = cpuSeconds()
    let wall = try elapsed(in: .ms) { try frame() }
    let cpu = (cpuSeconds() - cpuStart) * 1000
    let use = session.spreadMapUse
    let kind: String
    if use.finished > before.2.finished {
      kind = "took_new_map"
      if let since = heldSince { lags[spreading, default: []].append(index - since) }
      heldSince = nil
    } else if use.heldFrames > before.2.heldFrames {
      kind = "held"
      heldSince = heldSince ?? index
    } else if session.heldShiftFrames > heldForShift {
      kind = "held_for_shift"
    } else {
      kind =
        session.keptMapShifts > before.0
        ? "shifted" : session.keptMapRasterUse.drawn > before.1 ? "in_full" : "kept"
    }
    if !spreading { heldSince = nil }
    kinds[spreading, default: [:]][kind, default: ([], [])].wall.append(wall)
    kinds[spreading, default: [:]][kind, default: ([], [])].cpu.append(cpu)
  }
  for spreading in [true, false] {
    guard let counted = kinds[spreading] else { continue }
    let mode = spreading ? "spread" : "at_once"
    let all = counted.values.flatMap(\.wall)
    fact(
      "\(name)_following_\(mode)",
      "\(all.count) frames: "
        + kindNames.map { "\(counted[$0]?.cpu.count ?? 0) \($0)" }.joined(separator: ", ")
        + ", \(all.filter { $0 > 1000.0 / 60 }.count) over 16.7 ms ("
        + kindNames.compactMap { kind in
          let over = counted[kind]?.wall.filter { $0 > 1000.0 / 60 }.count ?? 0
          return over > 0 ? "\(over) \(kind)" : nil
        }.joined(separator: ", ") + "; largest \(figure(all.max() ?? 0)) ms)"
        + (spreading
          ? ", new map shown \(figure(Samples((lags[true] ?? []).map(Double.init)).median)) frames after the turn (median)"
          : ""))
    for kind in kindNames {
      guard let times = counted[kind] else { continue }
      report("\(name)_following_\(mode)_\(kind)_cpu", Samples(times.cpu), .ms)
      report("\(name)_following_\(mode)_\(kind)_wall", Samples(times.wall), .ms)
    }
  }
}

import Foundation
import Location
import NavigationCore
import Routing
import Testing

/// `navui run` as a person uses it: a real window on an X server (Xvfb), driven by xdotool,
/// seen through screenshots of the X screen and the app's event log.
@Suite(
  .serialized, .timeLimit(.minutes(5)),
  .enabled(if: XDisplay.unavailableReason == nil, "\(XDisplay.unavailableReason ?? "")"))
struct LiveWindowTests {
  /// The window's top-left corner on the screen and its scale, from the `opened` event.
  static func placement(_ opened: EventLine) -> (x: Int, y: Int, scale: Double) {
    let position = opened.numbers("position")
    return (Int(position.first ?? 0), Int(position.last ?? 0), Double(opened["scale"] ?? "1") ?? 1)
  }

  /// Closes the app with Escape (the pointer over its window) and checks it closed cleanly.
  static func close(_ app: LiveApp, on display: XDisplay, at point: (Int, Int)) throws {
    try display.xdotool(["mousemove", "\(point.0)", "\(point.1)", "key", "Escape"])
    let status = app.waitForExit()
    #expect(status == 0, "\(app.log)")
    let closed = app.events.last { $0.name == "closed" }
    #expect(closed?["reason"] == "escape", "\(app.log)")
  }

  /// The window opens at the requested size and shows the turn card (its green over the
  /// card's frame) above a map (many colours, no card green) — read from the X screen.
  @Test func windowOpensAtSizeAndShowsTurnCardAndMap() throws {
    let display = try XDisplay()
    let app = try LiveApp(display: display, arguments: ["--size", "400x800"])
    let opened = try app.wait(for: "opened")
    #expect(opened["size"] == "400x800")
    #expect(opened["pixels"] == "400x800")
    let controls = try app.wait(for: "controls") { $0["turnCard"] != "none" }
    let card = controls.numbers("turnCard")
    #expect(card.count == 4 && card[2] == 400 && card[3] > 60, "\(controls.fields)")
    _ = try app.wait(for: "stats", after: app.events.count)  // a second of frames
    let shot = try display.screenshot()
    let at = Self.placement(opened)
    // The window as the X screen shows it (Guides/images/live-window.png is one of these).
    let folder = URL(
      fileURLWithPath: ProcessInfo.processInfo.environment["NAVUI_LIVE_SCREENSHOTS"]
        ?? FileManager.default.temporaryDirectory.path)
    try shot.png(x: at.x, y: at.y, width: 400, height: 800).write(
      to: folder.appendingPathComponent("live-window.png"))
    var green = 0
    var total = 0
    for y in stride(from: Int(card[1]) + 4, to: Int(card[1] + card[3]) - 4, by: 3) {
      for x in stride(from: Int(card[0]) + 4, to: Int(card[0] + card[2]) - 4, by: 3) {
        let p = shot.pixel(x: at.x + x, y: at.y + y)
        total += 1
        if abs(p.r - 0x0F) < 14 && abs(p.g - 0x9D) < 14 && abs(p.b - 0x58) < 14 { green += 1 }
      }
    }
    #expect(Double(green) > 0.5 * Double(total), "turn card green \(green) of \(total)")
    var colours = Set<Int>()
    var mapGreen = 0
    for y in stride(from: 300, to: 600, by: 4) {
      for x in stride(from: 20, to: 380, by: 4) {
        let p = shot.pixel(x: at.x + x, y: at.y + y)
        colours.insert(p.r / 16 << 8 | p.g / 16 << 4 | p.b / 16)
        if abs(p.r - 0x0F) < 14 && abs(p.g - 0x9D) < 14 && abs(p.b - 0x58) < 14 { mapGreen += 1 }
      }
    }
    // Land, buildings, streets, water, the route: a drawn map, not a flat fill.
    #expect(colours.count >= 6, "map colours \(colours.count)")
    #expect(mapGreen < 50)
    // Outside the window the screen is Xvfb's black.
    let outside = shot.pixel(x: max(0, at.x - 5), y: max(0, at.y - 5))
    #expect(outside.r + outside.g + outside.b < 30)
    try Self.close(app, on: display, at: (at.x + 200, at.y + 400))
  }

  /// A drag with the mouse pans the map (the camera stops following, its target moves, the
  /// recenter button shows); a click on the recenter button makes it follow again.
  @Test func dragPansAndClickOnRecenterRecenters() throws {
    let display = try XDisplay()
    let app = try LiveApp(display: display, arguments: ["--size", "390x844"])
    let opened = try app.wait(for: "opened")
    let at = Self.placement(opened)
    let following = try app.wait(for: "camera") { $0["mode"] == "following" }
    _ = try app.wait(for: "stats")
    let before = app.events.count
    let (x, y) = (at.x + 195, at.y + 450)
    var drag = ["mousemove", "\(x)", "\(y)", "mousedown", "1"]
    for k in 1...8 {
      drag += ["sleep", "0.05", "mousemove", "\(x + 15 * k)", "\(y + 10 * k)"]
    }
    drag += ["sleep", "0.05", "mouseup", "1"]
    try display.xdotool(drag)
    let panned = try app.wait(for: "camera", after: before) { $0["mode"] == "free" }
    let ended = try app.wait(for: "touch", after: before) { $0["phase"] == "ended" }
    #expect(ended["id"] == "1")
    // The camera as the finger lifted.
    let lifted = app.events.firstIndex { $0.name == "touch" && $0["phase"] == "ended" } ?? before
    let moved = try app.wait(for: "camera", after: lifted)
    #expect(moved["mode"] == "free" && moved["recenterShown"] == "true", "\(moved.fields)")
    let shift = Geodesy.distance(
      CLLocationCoordinate2D(
        latitude: Double(following["lat"] ?? "") ?? 0,
        longitude: Double(following["lon"] ?? "") ?? 0),
      CLLocationCoordinate2D(
        latitude: Double(moved["lat"] ?? "") ?? 0, longitude: Double(moved["lon"] ?? "") ?? 0))
    #expect(shift > 50, "the camera moved \(shift) m; \(panned.fields)")
    let controls = try app.wait(for: "controls", after: before) { $0["recenterShown"] == "true" }
    let button = controls.numbers("recenter")
    try #require(button.count == 4, "\(controls.fields)")
    let afterPan = app.events.count
    let cx = at.x + Int((button[0] + button[2] / 2) * at.scale)
    let cy = at.y + Int((button[1] + button[3] / 2) * at.scale)
    try display.xdotool(["mousemove", "\(cx)", "\(cy)", "click", "1"])
    let back = try app.wait(for: "camera", after: afterPan) { $0["mode"] == "following" }
    #expect(back["mode"] == "following")
    try Self.close(app, on: display, at: (x, y))
  }

  /// Resizing the window to a landscape tablet resizes the root view: the layout delegate
  /// hears `sizeChanged` and the map view goes to wide mode.
  @Test func resizeToLandscapeTabletIsSizeChangedAndWideMode() throws {
    let display = try XDisplay()
    let app = try LiveApp(display: display, arguments: ["--size", "390x844"])
    let opened = try app.wait(for: "opened")
    let at = Self.placement(opened)
    let narrow = try app.wait(for: "wide")
    #expect(narrow["value"] == "false")
    _ = try app.wait(for: "stats")
    let before = app.events.count
    let window = try display.xdotool(["search", "--name", "NavigationUIKit"])
      .split(separator: "\n").first.map(String.init)
    let id = try #require(window)
    try display.xdotool(["windowsize", id, "1180", "820"])
    let resized = try app.wait(for: "resized", after: before)
    #expect(resized["size"] == "1180x820")
    _ = try app.wait(for: "callback", after: before) { $0["name"] == "sizeChanged" }
    let wide = try app.wait(for: "wide", after: before)
    #expect(wide["value"] == "true")
    // The screen shows the wider window: its right part is drawn (not Xvfb's black).
    _ = try app.wait(for: "stats", after: app.events.count)
    let shot = try display.screenshot()
    let p = shot.pixel(x: min(shot.width - 1, at.x + 900), y: at.y + 500)
    #expect(at.x + 900 < shot.width)
    #expect(p.r + p.g + p.b > 60, "\(p)")
    try Self.close(app, on: display, at: (at.x + 600, at.y + 400))
  }

  /// `navui run --measure-without-drag` opens the six measured windows (phone and tablet
  /// at 1×, 2×, 3×) on the simulated drive with no input and prints a row for each: frames
  /// presented, the share within 16.7 ms, and a dash where the drag's latency would be.
  @Test func measureWithoutDragPrintsEveryCase() throws {
    let display = try XDisplay()
    let app = try LiveApp(
      display: display, arguments: ["--measure-without-drag", "--measure-seconds", "0.5"])
    let status = app.waitForExit(timeout: 240)
    #expect(status == 0, "\(app.log)")
    let rows = app.log.split(separator: "\n").filter {
      $0.hasPrefix("| phone") || $0.hasPrefix("| tablet")
    }
    #expect(rows.count == 6, "\(app.log)")
    for row in rows {
      let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      // window, pixels, fps, frame times, within 16.7 ms, CPU, latency, PNG peer.
      #expect(cells.count == 8, "\(row)")
      guard cells.count == 8 else { continue }
      let fps = Double(cells[2].split(separator: " ").first ?? "") ?? 0
      #expect(fps > 1, "\(row)")
      #expect(cells[6] == "–", "no input, no latency: \(row)")
    }
  }

  /// A recorded drive replayed by gpsfake through a real gpsd moves the vehicle along the
  /// route (`--gps gpsd:HOST:PORT`), on the road from Fontvieille towards the Casino.
  @Test(
    .enabled(
      if: executable("gpsfake") != nil && executable("gpsd") != nil, "gpsfake or gpsd not installed"
    ))
  func nmeaThroughGpsfakeMovesTheVehicle() throws {
    let engine = try RouteEngine.bundled()
    let fontvieille = CLLocationCoordinate2D(latitude: 43.7296, longitude: 7.4168)
    let casino = CLLocationCoordinate2D(latitude: 43.7394, longitude: 7.4275)
    let route = try engine.route(through: [fontvieille, casino])
    // gpsd reads only once a client is connected: receiver chatter without a fix first.
    let leadIn = String(
      repeating: NMEAParser.sentence("GPRMC,095959.00,V,,,,,,,010126,,,N") + "\r\n", count: 600)
    let log = leadIn + SimulatedDrive(route: route, noise: 3).nmeaLog(startTime: 1_767_261_600)
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "live-\(UUID().uuidString).nmea")
    try log.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let port = try freePort()
    let gpsfake = try startGpsfake(log: file, port: port)
    defer { stopGpsfake(gpsfake) }

    let display = try XDisplay()
    let app = try LiveApp(display: display, arguments: ["--gps", "gpsd:127.0.0.1:\(port)"])
    let opened = try app.wait(for: "opened")
    #expect(opened["location"]?.hasPrefix("gpsd") == true)
    let at = Self.placement(opened)
    // The vehicle gets well along the route from gpsd's fixes.
    let far = try app.wait(for: "vehicle", timeout: 90) { event in
      let c = CLLocationCoordinate2D(
        latitude: Double(event["lat"] ?? "") ?? 0, longitude: Double(event["lon"] ?? "") ?? 0)
      return Geodesy.distance(c, fontvieille) > 400
    }
    let vehicles = app.events.filter { $0.name == "vehicle" }
    #expect(vehicles.count >= 10, "\(vehicles.count) fixes")
    let line = route.legs.flatMap(\.geometry)
    func offRoute(_ e: EventLine) -> Double {
      let c = CLLocationCoordinate2D(
        latitude: Double(e["lat"] ?? "") ?? 0, longitude: Double(e["lon"] ?? "") ?? 0)
      var best = Double.infinity
      for k in 0..<(line.count - 1) {
        best = min(best, Geodesy.project(c, ontoSegmentFrom: line[k], to: line[k + 1]).distance)
      }
      return best
    }
    let near = vehicles.filter { offRoute($0) < 25 }
    #expect(
      near.count * 10 >= vehicles.count * 9, "\(near.count) of \(vehicles.count) on the route")
    #expect(offRoute(far) < 25)
    try Self.close(app, on: display, at: (at.x + 195, at.y + 420))
  }
}

/// A TCP port on 127.0.0.1 nobody listens on now.
func freePort() throws -> UInt16 {
  let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  guard fd >= 0 else { throw TestFailure("socket() failed") }
  defer { close(fd) }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = 0
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let bound = withUnsafeMutablePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
    }
  }
  guard bound else { throw TestFailure("bind() failed") }
  return UInt16(bigEndian: address.sin_port)
}

/// gpsfake replaying `log` once at `port` (its own process group, with the gpsd it starts).
func startGpsfake(log: URL, port: UInt16) throws -> Process {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable("gpsfake") ?? "/usr/bin/gpsfake")
  process.arguments = ["-1", "-q", "-c", "0.02", "-P", "\(port)", log.path]
  var environment = ProcessInfo.processInfo.environment
  if let gpsd = executable("gpsd") {
    environment["GPSD_HOME"] = URL(fileURLWithPath: gpsd).deletingLastPathComponent().path
  }
  process.environment = environment
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  try process.run()
  return process
}

/// Ends gpsfake and its gpsd (the whole process group).
func stopGpsfake(_ process: Process) {
  let group = process.processIdentifier
  if process.isRunning { kill(-group, SIGINT) }
  let deadline = Date().addingTimeInterval(3)
  while process.isRunning && Date() < deadline { usleep(20_000) }
  kill(-group, SIGKILL)
  process.waitUntilExit()
}

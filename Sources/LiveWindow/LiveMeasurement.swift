import CSDL2
import Demo
import Foundation
import Rendering
import ViewKit

/// Frame times and input-to-screen latency of live windows at several sizes and scales,
/// measured in one run (`navui run --measure`), beside the PNG output of the same screens.
///
/// Each case opens a window, runs the simulated drive at the display's refresh rate for a
/// few seconds while a thread pushes a drag (one finger, 30 moves a second, at random moments
/// within frames) into SDL's queue; a move's latency runs from its push to the end of the
/// present that shows it. Then the same renderer encodes the screen as PNG a few times (the
/// peer: what `navui demo` does per frame).
@MainActor
public enum LiveMeasurement {
  /// One window to measure.
  public struct Case: Sendable, Equatable {
    /// A name for the table (`phone`, `tablet`).
    public var device: String
    /// The window's size in points.
    public var size: CGSize
    /// Pixels per point.
    public var scale: Double

    /// A case.
    public init(device: String, size: CGSize, scale: Double) {
      self.device = device
      self.size = size
      self.scale = scale
    }

    /// Phone (390 × 844) and tablet (820 × 1180) at 1×, 2× and 3×.
    public static let standard: [Case] = [
      ("phone", DemoConfiguration.Device.phone), ("tablet", .tablet),
    ]
    .flatMap { name, device in
      [1.0, 2, 3].map { Case(device: name, size: device.size, scale: $0) }
    }
  }

  /// What one case measured.
  public struct Result: Sendable, Equatable {
    /// The case.
    public var measured: Case
    /// Frames counted (after the warm-up).
    public var frames: Int
    /// Presented frames per second after the warm-up.
    public var framesPerSecond: Double
    /// Milliseconds of each frame's work (advance, layout, draw, upload, present), sorted.
    public var frameMilliseconds: [Double]
    /// CPU milliseconds the process used per counted frame (all threads; on a shared
    /// machine a steadier figure than the frame times, which wait for the cores).
    public var cpuMillisecondsPerFrame: Double
    /// Milliseconds from an input event's arrival to the end of the present showing it,
    /// sorted.
    public var inputMilliseconds: [Double]
    /// Milliseconds of a PNG of the same screen (draw and encode), sorted: the peer.
    public var pngMilliseconds: [Double]
    /// The display's refresh rate.
    public var refreshRate: Double

    /// The `q` quantile (0…1) of sorted `values`.
    public static func quantile(_ values: [Double], _ q: Double) -> Double {
      guard !values.isEmpty else { return 0 }
      return values[min(values.count - 1, Int(Double(values.count - 1) * q + 0.5))]
    }
  }

  /// Runs every case for `seconds` with `options` (their size and scale replaced); with
  /// `drags` false, the simulated drive alone (the camera following the vehicle, turning
  /// with it), no input.
  ///
  /// - Throws: ``NavigationWindowError`` when a window cannot open or draw.
  public static func run(
    _ cases: [Case] = Case.standard, seconds: Double, options: NavigationWindow.Options,
    drags: Bool = true
  ) throws(NavigationWindowError) -> [Result] {
    var results: [Result] = []
    for measured in cases {
      var options = options
      options.configuration.size = measured.size
      options.configuration.scale = measured.scale
      options.configuration.safeArea = .zero
      options.duration = nil
      options.frameLimit = nil
      options.isResizable = false
      let loop = try LiveLoop(options: options, delegate: nil)
      // `seconds` of counted frames after 30 warm-up frames (the first draws the map tiles).
      loop.warmupFrames = 30
      loop.countedDuration = seconds
      let injector = DragInjector(
        center: CGPoint(x: measured.size.width / 2, y: measured.size.height / 2))
      if drags { injector.start() }
      let summary = try loop.run()
      if drags { injector.stop() }
      // The drag's last events must not reach the next case with their old stamps.
      SDL_FlushEvents(SDL_USEREVENT.rawValue, SDL_USEREVENT.rawValue)
      var png: [Double] = []
      let renderer = Renderer(scale: measured.scale)
      for _ in 0..<8 {
        loop.session.advance(to: loop.session.clock.now + 1.0 / 60)
        let start = wallSeconds()
        guard let layer = try? loop.session.mapLayer() else { break }
        _ = try? renderer.png(window: loop.session.window, at: loop.session.clock.now, map: layer)
        png.append((wallSeconds() - start) * 1000)
      }
      results.append(
        Result(
          measured: measured, frames: summary.frameMilliseconds.count,
          framesPerSecond: Double(summary.frameMilliseconds.count)
            / max(0.001, loop.opened + summary.seconds - (loop.countedSince ?? loop.opened)),
          frameMilliseconds: summary.frameMilliseconds,
          cpuMillisecondsPerFrame: loop.countedCPU.map {
            ($0.end - $0.start) * 1000 / Double(max(1, summary.frameMilliseconds.count))
          } ?? 0,
          inputMilliseconds: summary.inputMilliseconds, pngMilliseconds: png.sorted(),
          refreshRate: loop.screen.refreshRate))
    }
    return results
  }
}

/// Pushes a one-finger drag into SDL's event queue from a thread: a press in the middle,
/// moves every 1/30 s (jittered, so they land at random moments of a frame), a release
/// every second; each event carries the time it was pushed.
final class DragInjector: @unchecked Sendable {
  /// `SDL_USEREVENT` codes.
  static let began: Int32 = 1
  static let moved: Int32 = 2
  static let ended: Int32 = 3

  let center: CGPoint
  private let lock = NSLock()
  private var running = false
  private var thread: Thread?

  init(center: CGPoint) { self.center = center }

  func start() {
    lock.lock()
    running = true
    lock.unlock()
    let center = center
    let thread = Thread { [weak self] in
      var step = 0
      while self?.isRunning == true {
        usleep(UInt32.random(in: 25_000...41_000))
        let code = step % 30 == 0 ? Self.began : step % 30 == 29 ? Self.ended : Self.moved
        let dx = 60 * sin(Double(step) / 5)
        Self.push(code, x: center.x + dx, y: center.y + Double(step % 30))
        step += 1
      }
      Self.push(Self.ended, x: center.x, y: center.y)
    }
    self.thread = thread
    thread.start()
  }

  var isRunning: Bool {
    lock.lock()
    defer { lock.unlock() }
    return running
  }

  func stop() {
    lock.lock()
    running = false
    lock.unlock()
    while thread?.isFinished == false { usleep(1000) }
  }

  /// Pushes one finger event at window point (x, y), stamped now.
  static func push(_ code: Int32, x: Double, y: Double) {
    var event = SDL_Event()
    event.type = SDL_USEREVENT.rawValue
    event.user.code = code
    event.user.data1 = UnsafeMutableRawPointer(
      bitPattern: UInt(DispatchTime.now().uptimeNanoseconds))
    let high = UInt(UInt32(max(0, x * 16)))
    let low = UInt(UInt32(max(0, y * 16)))
    event.user.data2 = UnsafeMutableRawPointer(bitPattern: high << 32 | low)
    SDL_PushEvent(&event)
  }

  /// The phase, window point and push time (wall seconds) of a pushed event.
  static func decode(_ event: SDL_UserEvent) -> (
    phase: UITouch.Phase, location: CGPoint, pushed: Double
  ) {
    let stamp = UInt(bitPattern: event.data1)
    let packed = UInt(bitPattern: event.data2)
    let x = Double(packed >> 32) / 16
    let y = Double(packed & 0xFFFF_FFFF) / 16
    let phase: UITouch.Phase =
      event.code == began ? .began : event.code == ended ? .ended : .moved
    return (phase, CGPoint(x: x, y: y), Double(stamp) / 1e9)
  }
}

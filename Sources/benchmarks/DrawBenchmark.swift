import CCairo
import Demo
import Foundation
import Rendering
import ViewKit

/// `benchmarks draw [--samples N]`: UIKit drawing against its peers in one run.
/// - the default demo screen (390 × 844 pt) captured with `drawHierarchy` at scale 3 into a
///   `UIGraphicsImageRenderer`, against the renderer drawing the same screen (`timedPNG`'s
///   draw, and draw + encode), each on a moved frame (the session advanced a second before
///   each measurement, so the camera moves), alternating;
/// - 1,000 fills of a 48-pt rounded rectangle with `UIBezierPath`, against the same path with
///   `CGContext` calls and against raw Cairo calls, at scale 3;
/// - a custom `draw(_:)` view over 60 frames: how many times it drew with and without
///   `setNeedsDisplay()` before each frame, and the frame times;
/// - the screen's 1170 × 2532 pixels encoded as JPEG by `UIImage.jpegData(compressionQuality:)`
///   against the renderer's PNG encoder on the same pixels, against `UIImage.pngData()`
///   (Cairo's libpng writer) and against libjpeg-turbo's `cjpeg -quality 80` on the same
///   pixels (a PPM in memory-backed `/dev/shm`; the process's start-up, timed on a 16 × 16
///   picture, reported beside it). `--jpeg` runs this part alone.
@MainActor
func runDrawBenchmark(_ args: [String]) throws {
  var samples = 15
  var jpegOnly = false
  var rest = Arguments(args)
  while let argument = rest.next() {
    switch argument {
    case "--samples": samples = try rest.positiveInteger(after: argument)
    case "--jpeg": jpegOnly = true
    default: throw BenchmarkError(description: "draw: unknown option \(argument)")
    }
  }
  if jpegOnly { return try jpegAgainstPNG(samples: samples) }
  try captureAgainstRenderer(samples: samples)
  bezierFills()
  try redraws()
  try jpegAgainstPNG(samples: samples)
}

private func milliseconds(_ body: () throws -> Void) rethrows -> Double {
  try elapsed(in: .ms, body)
}

@MainActor
private func captureAgainstRenderer(samples: Int) throws {
  let session = try DemoSession(configuration: DemoConfiguration())
  var time = 10.0
  session.advance(to: time)
  let renderer = Renderer(scale: 3)
  let format = UIGraphicsImageRendererFormat()
  format.scale = 3
  let size = session.window.bounds.size
  var draws: [Double] = []
  var drawAndEncode: [Double] = []
  var captures: [Double] = []
  var empties: [Double] = []
  var layers: [Double] = []
  var cpuDraws: [Double] = []
  var cpuCaptures: [Double] = []
  var drawsOnly: [Double] = []
  var cpuDrawsOnly: [Double] = []
  for index in 0..<(samples + 2) {
    time += 1
    session.advance(to: time)
    var layer: MapLayer?
    let layerTime = try milliseconds { layer = try session.mapLayer() }
    let cpuStart = cpuMilliseconds()
    let start = DispatchTime.now().uptimeNanoseconds
    let timed = try renderer.timedPNG(window: session.window, at: session.clock.now, map: layer)
    let total = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    let cpuDraw = cpuMilliseconds() - cpuStart
    // The renderer's draw alone (no PNG pipeline) of another moved frame: encoding the
    // drawing zero times.
    time += 1
    session.advance(to: time)
    let movedLayer = try session.mapLayer()
    let cpuDrawOnlyStart = cpuMilliseconds()
    let drawOnly = try milliseconds {
      _ = try renderer.encodingTimes(
        window: session.window, at: session.clock.now, map: movedLayer, count: 0)
    }
    let cpuDrawOnly = cpuMilliseconds() - cpuDrawOnlyStart
    time += 1
    session.advance(to: time)
    let cpuCaptureStart = cpuMilliseconds()
    let capture = milliseconds {
      _ = UIGraphicsImageRenderer(size: size, format: format).image { _ in
        _ = session.window.drawHierarchy(in: session.window.bounds, afterScreenUpdates: true)
      }
    }
    let cpuCapture = cpuMilliseconds() - cpuCaptureStart
    let empty = milliseconds {
      _ = UIGraphicsImageRenderer(size: size, format: format).image { _ in }
    }
    // The first two of each warm the caches.
    if index >= 2 {
      empties.append(empty)
      layers.append(layerTime)
      draws.append(timed.timings.draw * 1000)
      drawAndEncode.append(total)
      captures.append(capture)
      cpuDraws.append(cpuDraw)
      cpuCaptures.append(cpuCapture)
      drawsOnly.append(drawOnly)
      cpuDrawsOnly.append(cpuDrawOnly)
    }
  }
  section("navigation screen at 3x (1170 x 2532 px), moved frames, \(samples) each, alternating")
  let draw = Peer(name: "renderer draw", samples: Samples(draws))
  let drawEncode = Peer(name: "renderer draw + encode", samples: Samples(drawAndEncode))
  let drawOnly = Peer(name: "renderer draw, no PNG pipeline", samples: Samples(drawsOnly))
  report("Renderer draw (render suite's draw)", draw.samples, .ms)
  report("Renderer draw + PNG encode", drawEncode.samples, .ms)
  report("Renderer draw, no PNG pipeline", drawOnly.samples, .ms)
  report("drawHierarchy into UIGraphicsImageRenderer", Samples(captures), .ms, peer: draw)
  report("drawHierarchy into UIGraphicsImageRenderer", Samples(captures), .ms, peer: drawEncode)
  report("  of which an empty 3x image (allocation)", Samples(empties), .ms)
  report("  of which the session's map layer", Samples(layers), .ms)
  // Process CPU time (all threads) is steadier than wall time on a shared machine.
  let cpuDrawOnly = Peer(name: "CPU renderer draw, no pipeline", samples: Samples(cpuDrawsOnly))
  report("CPU: Renderer draw + PNG encode", Samples(cpuDraws), .ms)
  report("CPU: Renderer draw, no PNG pipeline", cpuDrawOnly.samples, .ms)
  report("CPU: drawHierarchy", Samples(cpuCaptures), .ms, peer: cpuDrawOnly)
}

/// The process's CPU time (all threads) in milliseconds.
private func cpuMilliseconds() -> Double { cpuSeconds() * 1000 }

@MainActor
private func bezierFills() {
  let format = UIGraphicsImageRendererFormat()
  format.scale = 3
  let rect = CGRect(x: 0, y: 0, width: 48, height: 48)
  let renderer = UIGraphicsImageRenderer(size: rect.size, format: format)
  var bezier: [Double] = []
  var context: [Double] = []
  var cairo: [Double] = []
  for _ in 0..<7 {
    _ = renderer.image { _ in
      UIColor.systemBlue.setFill()
      bezier.append(
        milliseconds {
          for _ in 0..<1000 { UIBezierPath(roundedRect: rect, cornerRadius: 12).fill() }
        })
    }
    _ = renderer.image { rendererContext in
      let cg = rendererContext.cgContext
      cg.setFillColor(UIColor.systemBlue.cgColor)
      context.append(
        milliseconds {
          for _ in 0..<1000 {
            cg.addPath(
              CGPath(roundedRect: rect, cornerWidth: 12, cornerHeight: 12, transform: nil))
            cg.fillPath()
          }
        })
    }
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 144, 144)!
    let cr = cairo_create(surface)!
    cairo_scale(cr, 3, 3)
    cairo_set_source_rgba(cr, 0, 0.478, 1, 1)
    cairo.append(
      milliseconds {
        for _ in 0..<1000 {
          cairo_new_sub_path(cr)
          cairo_arc(cr, 36, 12, 12, -.pi / 2, 0)
          cairo_arc(cr, 36, 36, 12, 0, .pi / 2)
          cairo_arc(cr, 12, 36, 12, .pi / 2, .pi)
          cairo_arc(cr, 12, 12, 12, .pi, 1.5 * .pi)
          cairo_close_path(cr)
          cairo_fill(cr)
        }
      })
    cairo_destroy(cr)
    cairo_surface_destroy(surface)
  }
  section("1,000 fills of a 48-pt rounded rectangle (radius 12) at 3x, 7 runs")
  let peer = Peer(name: "raw Cairo", samples: Samples(cairo))
  report("UIBezierPath(roundedRect:cornerRadius:).fill()", Samples(bezier), .ms, peer: peer)
  report("CGContext addPath(CGPath) + fillPath", Samples(context), .ms, peer: peer)
  report("raw Cairo arcs + cairo_fill (peer)", peer.samples, .ms)
}

/// A view that draws a ring and counts its drawings.
private final class RingView: UIView {
  var draws = 0

  override func draw(_ rect: CGRect) {
    draws += 1
    let path = UIBezierPath(ovalIn: rect.insetBy(dx: 6, dy: 6))
    path.lineWidth = 8
    UIColor.orange.setStroke()
    path.stroke()
  }
}

@MainActor
private func redraws() throws {
  let session = try DemoSession(configuration: DemoConfiguration())
  session.advance(to: 10)
  let ring = RingView(frame: CGRect(x: 20, y: 200, width: 64, height: 64))
  session.window.addSubview(ring)
  let renderer = Renderer(scale: 3)
  var kept: [Double] = []
  var redrawn: [Double] = []
  for frame in 0..<60 {
    kept.append(
      try milliseconds {
        _ = try renderer.png(window: session.window, at: 10 + Double(frame) * 0.001)
      })
  }
  let keptDraws = ring.draws
  for frame in 0..<60 {
    ring.setNeedsDisplay()
    redrawn.append(
      try milliseconds {
        _ = try renderer.png(window: session.window, at: 10 + Double(frame) * 0.001)
      })
  }
  section("a custom draw(_:) view (64 x 64 pt) over 60 frames of the screen at 3x (same camera)")
  fact("draw(_:) calls without setNeedsDisplay", "\(keptDraws)")
  fact("draw(_:) calls with it before each frame", "\(ring.draws - keptDraws)")
  let keptPeer = Peer(name: "drawing kept", samples: Samples(kept))
  report("frame, drawing kept", keptPeer.samples, .ms)
  report("frame, redrawn every frame", Samples(redrawn), .ms, peer: keptPeer)
}

@MainActor
private func jpegAgainstPNG(samples: Int) throws {
  let session = try DemoSession(configuration: DemoConfiguration())
  session.advance(to: 10)
  let format = UIGraphicsImageRendererFormat()
  format.scale = 3
  let screen = UIGraphicsImageRenderer(size: session.window.bounds.size, format: format).image {
    _ in
    _ = session.window.drawHierarchy(in: session.window.bounds, afterScreenUpdates: true)
  }
  // The renderer's PNG encoder on the renderer's pixels of the same frame (the capture equals
  // them pixel for pixel), timed inside the renderer around the encoder alone.
  let renderer = Renderer(scale: 3)
  let map = try session.mapLayer()
  let pngSize = try renderer.png(window: session.window, at: session.clock.now, map: map).count
  let cjpeg = try CJPEGPeer(screen.cgImage!)
  defer { cjpeg.remove() }
  var png: [Double] = []
  var libjpeg: [Double] = []
  var libjpegStart: [Double] = []
  var libjpegSize = 0
  var jpeg: [Double] = []
  var jpegLow: [Double] = []
  var libpng: [Double] = []
  var jpegSize = 0
  var jpegLowSize = 0
  var libpngSize = 0
  for index in 0..<(samples + 1) {
    let encoded = try renderer.encodingTimes(
      window: session.window, at: session.clock.now, map: map, count: 1)
    let high = timed(in: .ms) { screen.jpegData(compressionQuality: 0.8) }
    let low = timed(in: .ms) { screen.jpegData(compressionQuality: 0.3) }
    let cairo = timed(in: .ms) { screen.pngData() }
    let turbo = try timed(in: .ms) { try cjpeg.run(cjpeg.frames) }
    let start = try timed(in: .ms) { try cjpeg.run(cjpeg.tiny) }
    // The first of each warms the caches.
    guard index > 0 else { continue }
    libjpeg.append(max(0, turbo.time - start.time) / Double(CJPEGPeer.copies))
    libjpegStart.append(start.time)
    libjpegSize = turbo.value / CJPEGPeer.copies
    png.append(encoded[0].wall * 1000)
    jpeg.append(high.time)
    jpegLow.append(low.time)
    libpng.append(cairo.time)
    jpegSize = high.value?.count ?? 0
    jpegLowSize = low.value?.count ?? 0
    libpngSize = cairo.value?.count ?? 0
  }
  section("the screen's 1170 x 2532 pixels encoded, \(samples) each, alternating")
  let peer = Peer(name: "renderer PNG encoder", samples: Samples(png))
  report("UIImage.jpegData(compressionQuality: 0.8)", Samples(jpeg), .ms, peer: peer)
  report("UIImage.jpegData(compressionQuality: 0.3)", Samples(jpegLow), .ms, peer: peer)
  report("UIImage.pngData() (Cairo's libpng writer)", Samples(libpng), .ms, peer: peer)
  report("renderer PNG encoder (peer)", peer.samples, .ms)
  let turboPeer = Peer(name: "cjpeg -quality 80 a frame", samples: Samples(libjpeg))
  report("UIImage.jpegData(compressionQuality: 0.8)", Samples(jpeg), .ms, peer: turboPeer)
  report(
    "cjpeg -quality 80 a frame (peer)", turboPeer.samples, .ms,
    note: "(\(CJPEGPeer.copies) frames in one picture − a 16 x 16 run) / \(CJPEGPeer.copies)")
  report("cjpeg process on 16 x 16 (start-up)", Samples(libjpegStart), .ms)
  fact(
    "JPEG 0.8 / JPEG 0.3 / renderer PNG / libpng / cjpeg 80 bytes",
    "\(jpegSize) / \(jpegLowSize) / \(pngSize) / \(libpngSize) / \(libjpegSize)")
}

/// libjpeg-turbo's `cjpeg` (Debian's libjpeg-turbo-progs) on PPM files of a picture's
/// colours over black, as `jpegData` encodes them: the picture ``copies`` times one above
/// the other (so the encoding outweighs the process's start-up, measured on a 16 × 16 crop
/// and subtracted), and that crop.
private struct CJPEGPeer {
  static let copies = 8
  let folder: URL
  let frames: URL
  let tiny: URL

  init(_ image: CGImage) throws {
    let base =
      FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    folder = URL(fileURLWithPath: base).appendingPathComponent("drawbench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    frames = folder.appendingPathComponent("frames.ppm")
    tiny = folder.appendingPathComponent("tiny.ppm")
    try Self.ppm(image, copies: Self.copies).write(to: frames)
    try Self.ppm(image.cropping(to: CGRect(x: 0, y: 0, width: 16, height: 16))!, copies: 1)
      .write(to: tiny)
  }

  /// The picture `copies` times, one above the other, as binary PPM: its premultiplied
  /// colours (over black).
  static func ppm(_ image: CGImage, copies: Int) -> Data {
    var rgb = [UInt8]()
    rgb.reserveCapacity(image.width * image.height * 3)
    for y in 0..<image.height {
      for x in 0..<image.width {
        let p = image.pixel(x: x, y: y)!
        for c in [p.red, p.green, p.blue] { rgb.append(UInt8(Int(c) * Int(p.alpha) / 255)) }
      }
    }
    var out = Data("P6\n\(image.width) \(image.height * copies)\n255\n".utf8)
    for _ in 0..<copies { out.append(contentsOf: rgb) }
    return out
  }

  /// Runs `cjpeg -quality 80` on `input`; the JPEG's size.
  func run(_ input: URL) throws -> Int {
    let output = folder.appendingPathComponent("out.jpg")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/cjpeg")
    process.arguments = ["-quality", "80", "-outfile", output.path, input.path]
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BenchmarkError(description: "cjpeg failed: \(process.terminationStatus)")
    }
    return (try? FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int) ?? 0
  }

  func remove() { try? FileManager.default.removeItem(at: folder) }
}

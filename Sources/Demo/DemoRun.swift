import Foundation
import NavigationUI
import Rendering
import ViewKit

/// A whole demo drive rendered frame by frame into a folder: `frames/NNNN.png` and
/// `report.html`.
///
/// ```swift
/// let run = try DemoRun.record(DemoConfiguration(), into: URL(fileURLWithPath: "out"))
/// print(run.reportURL.path, run.frames.count)
/// ```
public struct DemoRun: Sendable {
  /// One rendered frame.
  public struct Frame: Sendable {
    /// Its index, from 0.
    public var index: Int
    /// Seconds of the session clock.
    public var time: TimeInterval
    /// The UI state shown.
    public var state: String
    /// The PNG, or empty when the run let go of it to bound memory (the file remains;
    /// the first frame and the first frame of each state are always kept).
    public var png: Data
    /// The PNG's size in bytes.
    public var byteCount: Int
    /// The timeline's copy of the frame: a 256-colour PNG (``PalettePNG``) about a third of
    /// the PNG's size, or empty for a frame the timeline does not embed.
    public var preview = Data()
    /// The file name under the output folder (`frames/0000.png`).
    public var fileName: String
    /// Wall seconds to run the clock up to this frame (simulation, layout, animations).
    public var advanceSeconds: Double
    /// Wall seconds to lay out and draw.
    public var drawSeconds: Double
    /// Wall seconds to encode the PNG.
    public var encodeSeconds: Double
    /// Metres driven so far.
    public var distanceTraveled: Double
  }

  /// The configuration it ran.
  public var configuration: DemoConfiguration
  /// Every frame in order.
  public var frames: [Frame] = []
  /// Every event in time order.
  public var events: [DemoEvent] = []
  /// The route's length in metres and the router's estimate in seconds.
  public var routeDistance = 0.0
  /// The router's duration estimate in seconds.
  public var routeDuration = 0.0
  /// Wall seconds the router took.
  public var routingSeconds = 0.0
  /// Wall seconds for the whole run, report included.
  public var totalSeconds = 0.0
  /// The route over the base map, as an SVG document.
  public var routeSVG = Data()
  /// A plain map screen with markers, polylines and a custom style
  /// (``DemoSession/mapScreenPNG(size:)``), as a PNG.
  public var mapScreenPNG = Data()
  /// The settings gallery (``DemoSession/settingsGallery(_:)``), when the run made one.
  public var settingsGallery: [SettingsGalleryShot] = []
  /// Where the report was written.
  public var reportURL: URL

  /// Drives the session, writes `frames/*.png` and `report.html` (one self-contained file:
  /// frames embedded up to `embeddingLimit` bytes, past it every second, fourth … frame;
  /// only the frames the report shows stay in memory) under `folder`, and calls
  /// `progress(done, total)` after each frame. With `settingsGallery`, it also shoots the
  /// settings gallery into `gallery/NN.png` and the report.
  ///
  /// - Throws: ``DemoError`` for bad data (no route) or a failure to draw or write.
  @MainActor public static func record(
    _ configuration: DemoConfiguration, into folder: URL,
    embeddingLimit: Int = DemoReport.defaultEmbeddingLimit, settingsGallery: Bool = false,
    progress: (Int, Int) -> Void = { _, _ in }
  ) throws(DemoError) -> DemoRun {
    let started = DispatchTime.now().uptimeNanoseconds
    let session = try DemoSession(configuration: configuration)
    var run = DemoRun(
      configuration: configuration, reportURL: folder.appendingPathComponent("report.html"))
    run.routingSeconds = session.routingSeconds
    run.routeDistance = session.route?.distance ?? 0
    run.routeDuration = session.route?.expectedTravelTime ?? 0
    let framesFolder = folder.appendingPathComponent("frames")
    try write(nil, to: framesFolder)
    let total = plannedFrameCount(
      configuration, routeDuration: run.routeDuration, routeDistance: run.routeDistance)
    var index = 0
    // Frames on the stride are kept for the report's timeline; the stride doubles whenever
    // they pass the limit (see DemoReport).
    var stride = 1
    var strideBytes = 0
    var shots = StateScreenshots()
    // Previews are made on another thread while the next frames draw, and taken back in
    // frame order: the stride decisions see the same sizes in the same order as if each
    // were made at once.
    let previews = PreviewQueue()
    func takePreviews(waiting: Bool) {
      for (frameIndex, preview) in previews.take(waiting: waiting) {
        guard frameIndex % stride == 0 else { continue }
        run.frames[frameIndex].preview = preview
        strideBytes += preview.count
        while strideBytes > embeddingLimit, stride < total {
          stride *= 2
          previews.stride = stride
          strideBytes = 0
          for i in run.frames.indices {
            if i % stride == 0 {
              strideBytes += run.frames[i].preview.count
            } else {
              run.frames[i].preview = Data()
            }
          }
        }
      }
    }
    while index < total {
      let time = configuration.time(ofFrame: index)
      let advanceStart = DispatchTime.now().uptimeNanoseconds
      session.advance(to: time)
      let advanceSeconds = Double(DispatchTime.now().uptimeNanoseconds - advanceStart) / 1e9
      let (png, timings) = try session.renderPNG()
      let name = String(format: "frames/%04d.png", index)
      try write(png, to: folder.appendingPathComponent(name))
      let state = session.stateName
      let released = shots.add(index: index, time: time, state: state)
      run.frames.append(
        Frame(
          index: index, time: time, state: state,
          png: index == 0 || shots.contains(index) ? png : Data(),
          byteCount: png.count, preview: Data(), fileName: name,
          advanceSeconds: advanceSeconds, drawSeconds: timings.draw,
          encodeSeconds: timings.encode,
          distanceTraveled: session.navigator?.routeProgress?.distanceTraveled ?? run.routeDistance
        ))
      // (The stride only grows: a frame off it now stays off it.)
      if index % stride == 0 { previews.add(index: index, png: png) }
      takePreviews(waiting: false)
      if let released, released != 0, !shots.contains(released) {
        run.frames[released].png = Data()
      }
      index += 1
      if let arrival = session.arrivalTime, time >= arrival + 2 {
        progress(index, index)  // arrived: the drive is shorter than planned
        break
      }
      progress(index, total)
    }
    takePreviews(waiting: true)
    run.events = session.events
    run.routeSVG = try session.routeOverviewSVG(size: CGSize(width: 480, height: 480))
    run.mapScreenPNG = try session.mapScreenPNG()
    if settingsGallery {
      run.settingsGallery = try DemoSession.settingsGallery(configuration)
      let galleryFolder = folder.appendingPathComponent("gallery")
      try write(nil, to: galleryFolder)
      for (i, shot) in run.settingsGallery.enumerated() {
        try write(
          shot.png, to: galleryFolder.appendingPathComponent(String(format: "%02d.png", i)))
      }
    }
    run.totalSeconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    try write(
      Data(DemoReport(run: run, embeddingLimit: embeddingLimit).html.utf8), to: run.reportURL)
    return run
  }

  /// Frames' previews made one after another on a background thread, taken back in order.
  /// A frame that has left the stride by the time its turn comes is passed over (its
  /// preview would be dropped): previews take longer than frames at scale 3, and making
  /// every queued one had turned a 50 s drive at 10 fps into 200 s.
  final class PreviewQueue: @unchecked Sendable {
    private let queue = DispatchQueue(label: "demo.previews", qos: .userInitiated)
    private let lock = NSLock()
    private var done: [(Int, Data)] = []
    private var currentStride = 1

    /// The frames whose previews are kept: every `stride`-th (it only grows).
    var stride: Int {
      get {
        lock.lock()
        defer { lock.unlock() }
        return currentStride
      }
      set {
        lock.lock()
        currentStride = max(currentStride, newValue)
        lock.unlock()
      }
    }

    /// Makes the preview of frame `index` from its PNG, unless the frame is off the stride
    /// when its turn comes.
    func add(index: Int, png: Data) {
      queue.async {
        guard index % self.stride == 0 else { return }
        let preview = DemoRun.preview(of: png)
        self.lock.lock()
        self.done.append((index, preview))
        self.lock.unlock()
      }
    }

    /// The previews made so far, in frame order; with `waiting`, all of them (once the
    /// queue has made the last).
    func take(waiting: Bool) -> [(Int, Data)] {
      if waiting { queue.sync {} }
      lock.lock()
      defer { lock.unlock() }
      let taken = done
      done.removeAll()
      return taken
    }
  }

  /// The timeline's 256-colour copy of a frame's PNG (the PNG itself if that fails).
  static func preview(of png: Data) -> Data {
    guard let image = try? RasterImage(png: png), let preview = try? PalettePNG.encode(image)
    else { return png }
    return preview
  }

  /// How many frames a drive takes at most: the route's estimated duration (at least its
  /// length at 36 km/h, for routes without times) with a margin for the simulator and the
  /// arrival, at the configured rate, bounded by `maxFrames`. The run stops earlier, two
  /// seconds after arrival.
  static func plannedFrameCount(
    _ configuration: DemoConfiguration, routeDuration: Double, routeDistance: Double
  ) -> Int {
    let seconds = max(routeDuration, routeDistance / 10) * 1.25 + 15
    let count = Int((seconds * configuration.framesPerSecond).rounded(.up)) + 1
    return min(count, configuration.maxFrames ?? count)
  }

  /// Writes `data` to `url`, or creates the folder `url` when `data` is `nil`.
  nonisolated static func write(_ data: Data?, to url: URL) throws(DemoError) {
    do {
      if let data {
        try data.write(to: url)
      } else {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      }
    } catch {
      throw .write(path: url.path, reason: error.localizedDescription)
    }
  }
}

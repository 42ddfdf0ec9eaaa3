import Foundation

/// The HTML report of a demo run: one self-contained file (frames embedded as base64 PNG)
/// with a scrubbable timeline, the events in order, the route on the map, a screenshot per
/// UI state and a table of timings. No external URLs, no network: it opens offline on its
/// own, whatever the length of the drive.
///
/// The timeline embeds each frame's 256-colour preview (``DemoRun/Frame/preview``, about a
/// fifth of the frame's PNG, visually the same) while they together stay within
/// ``embeddingLimit`` bytes (36 MB by default, so the file stays under about 50 MB in base64:
/// the whole default drive at 2 fps takes about 20 MB). Past that it
/// embeds every second frame, every fourth, … — the smallest power-of-two stride that fits
/// — and each position of the slider shows the last embedded frame at or before it (its
/// caption says which); the first frame and the per-state screenshots are always embedded
/// at full size. Every frame is still written to `frames/` next to the report.
public struct DemoReport: Sendable {
  /// The default largest total of PNG bytes embedded in the timeline.
  public static let defaultEmbeddingLimit = 36 << 20

  /// The run it reports.
  public var run: DemoRun
  /// The largest total of PNG bytes embedded in the timeline.
  public var embeddingLimit: Int

  /// Whether every frame of the timeline is embedded (else every ``embeddingStride``-th).
  public var embedsFrames: Bool { embeddingStride == 1 }

  /// Every how many frames the timeline embeds one: the smallest power of two whose frames
  /// (of those the run kept in memory) fit in ``embeddingLimit`` bytes.
  public var embeddingStride: Int {
    Self.stride(
      for: run.frames.map { Self.picture(of: $0).isEmpty ? nil : Self.picture(of: $0).count },
      limit: embeddingLimit)
  }

  /// The smallest power-of-two stride whose frames (by index; `nil` for a frame the run let
  /// go of) are all there and total at most `limit` bytes, or the first power of two past
  /// the frame count (the first frame only).
  static func stride(for sizes: [Int?], limit: Int) -> Int {
    var stride = 1
    while stride < sizes.count {
      var total = 0
      var complete = true
      for index in Swift.stride(from: 0, to: sizes.count, by: stride) {
        guard let size = sizes[index] else {
          complete = false
          break
        }
        total += size
      }
      if complete, total <= limit { return stride }
      stride *= 2
    }
    return stride
  }

  /// The timeline's picture of a frame: its 256-colour preview, else its PNG (a run made
  /// without previews), else empty (let go of).
  static func picture(of frame: DemoRun.Frame) -> Data {
    frame.preview.isEmpty ? frame.png : frame.preview
  }

  /// For each frame, the index of the embedded frame the timeline shows for it: the last
  /// kept frame on the stride at or before it (the first frame always).
  var shownFrames: [Int] {
    let stride = embeddingStride
    var shown: [Int] = []
    var last = 0
    for frame in run.frames {
      if frame.index == 0 || (frame.index % stride == 0 && !Self.picture(of: frame).isEmpty) {
        last = frame.index
      }
      shown.append(last)
    }
    return shown
  }

  /// A report of `run`, embedding the frames up to `embeddingLimit` bytes.
  public init(run: DemoRun, embeddingLimit: Int = DemoReport.defaultEmbeddingLimit) {
    self.run = run
    self.embeddingLimit = embeddingLimit
  }

  /// The whole document.
  public var html: String {
    let c = run.configuration
    let last = run.frames.last
    let title =
      "navui demo — \(c.layout.rawValue), \(Int(c.size.width))×\(Int(c.size.height)), \(c.locale)"
    return """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(Self.escape(title))</title>
      <style>\(Self.css)</style></head>
      <body>
      <h1>\(Self.escape(title))</h1>
      <p class="sub">\(Self.escape(c.destinationTitle)) · \(Int(run.routeDistance.rounded())) m, \
      router estimate \(Int(run.routeDuration.rounded())) s · \(run.frames.count) frames at \
      \(Self.number(c.framesPerSecond)) fps, simulated \(Self.number(last?.time ?? 0)) s · \
      Map data © OpenStreetMap contributors, ODbL 1.0 (openstreetmap.org/copyright)</p>
      <section id="timeline"><h2>Timeline</h2>
      <div class="player"><div class="screen"><img id="frame" alt="frame" src="\(
        run.frames.first.map { Self.dataURI(Self.picture(of: $0), type: "image/png") } ?? "")"></div>
      <div class="controls">
      <p><button id="play" type="button">Play</button>
      <input id="scrub" type="range" min="0" max="\(max(0, run.frames.count - 1))" value="0" \
      step="1" aria-label="frame"></p>
      <p id="caption">frame 0</p>
      <p class="hint">Drag the slider, or use ← → (one frame), Page Up/Down (ten), Home, End \
      and Space (play/pause). Click an event to jump to it.\(
        embedsFrames
          ? ""
          : " To keep its frames within "
            + String(format: "%.1f", Double(embeddingLimit) / 1_048_576)
            + " MB this file embeds one frame in \(embeddingStride); every frame is in "
            + "frames/ next to it.")</p>
      <h3>Route</h3>
      <img class="route" alt="route on the map" src="\(Self.dataURI(run.routeSVG, type: "image/svg+xml"))">
      </div></div></section>
      <section id="events"><h2>Events</h2>
      <table><thead><tr><th>t (s)</th><th>source</th><th>event</th></tr></thead><tbody>
      \(eventRows)
      </tbody></table></section>
      <section id="states"><h2>States</h2><div class="states">\(stateFigures)</div></section>
      <section id="timings"><h2>Timings</h2>\(timingTable)</section>
      \(mapScreenSection)
      \(gallerySection)
      <script>\(script)</script>
      </body></html>

      """
  }

  private var eventRows: String {
    run.events.map { event in
      "<tr data-t=\"\(Self.number(event.time))\" class=\"\(event.source.rawValue)\"><td>"
        + "\(Self.number(event.time))</td><td>\(event.source.rawValue)</td><td>"
        + "\(Self.escape(event.name))</td></tr>"
    }.joined(separator: "\n")
  }

  private var stateFigures: String {
    var figures: [String] = []
    for (_, index) in StateScreenshots.choose(run.frames) {
      let frame = run.frames[index]
      figures.append(
        "<figure><img alt=\"\(Self.escape(frame.state))\" src=\""
          + "\(Self.dataURI(frame.png, type: "image/png"))\"><figcaption>"
          + "\(Self.escape(frame.state)) · t = \(Self.number(frame.time)) s</figcaption></figure>")
    }
    return figures.joined(separator: "\n")
  }

  private var timingTable: String {
    func row(_ name: String, _ values: [Double]) -> String {
      let sorted = values.sorted()
      let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
      let total = values.reduce(0, +)
      return "<tr><td>\(name)</td><td>\(Self.ms(median))</td><td>\(Self.ms(sorted.last ?? 0))"
        + "</td><td>\(Self.ms(total))</td></tr>"
    }
    let frames = run.frames
    return """
      <table><thead><tr><th>step</th><th>median (ms)</th><th>max (ms)</th><th>total (ms)</th>\
      </tr></thead><tbody>
      <tr><td>route (embedded router)</td><td>\(Self.ms(run.routingSeconds))</td>\
      <td>\(Self.ms(run.routingSeconds))</td><td>\(Self.ms(run.routingSeconds))</td></tr>
      \(row("clock, simulator, layout per frame", frames.map(\.advanceSeconds)))
      \(row("draw per frame", frames.map(\.drawSeconds)))
      \(row("PNG encode per frame", frames.map(\.encodeSeconds)))
      <tr><td>whole run, report included</td><td></td><td></td><td>\(Self.ms(run.totalSeconds))\
      </td></tr>
      </tbody></table>
      <p class="hint">Wall-clock times on the machine that ran the demo (they vary; the \
      frames do not).</p>
      """
  }

  private var script: String {
    let shown = shownFrames
    // Each embedded picture once; `pick` maps a frame to its picture.
    var pictures: [String] = []
    var pictureOf: [Int: Int] = [:]
    var pick: [Int] = []
    for index in shown {
      if pictureOf[index] == nil, run.frames.indices.contains(index) {
        pictureOf[index] = pictures.count
        pictures.append(
          "\"" + Self.dataURI(Self.picture(of: run.frames[index]), type: "image/png") + "\"")
      }
      pick.append(pictureOf[index] ?? 0)
    }
    let frames = pictures
    let captions = run.frames.map {
      "\"frame \($0.index) · t = \(Self.number($0.time)) s · \(Self.escapeJS($0.state)) · "
        + "\(Int($0.distanceTraveled.rounded())) m"
        + (shown[$0.index] == $0.index ? "" : " (picture of frame \(shown[$0.index]))") + "\""
    }
    let times = run.frames.map { Self.number($0.time) }
    return """
      const pictures=[\(frames.joined(separator: ",\n"))];
      const pick=[\(pick.map(String.init).joined(separator: ","))];
      const frames=pick.map(j=>pictures[j]);
      const captions=[\(captions.joined(separator: ","))];
      const times=[\(times.joined(separator: ","))];
      const img=document.getElementById("frame"),scrub=document.getElementById("scrub"),
      caption=document.getElementById("caption"),play=document.getElementById("play");
      let timer=null;
      function show(i){i=Math.max(0,Math.min(frames.length-1,i));scrub.value=i;
      if(frames.length){img.src=frames[i];caption.textContent=captions[i];}}
      function toggle(){if(timer){clearInterval(timer);timer=null;play.textContent="Play";return;}
      play.textContent="Pause";timer=setInterval(()=>{const i=+scrub.value+1;
      if(i>=frames.length){toggle();return;}show(i);},\(Int(1000 / max(0.1, run.configuration.framesPerSecond))));}
      scrub.addEventListener("input",()=>show(+scrub.value));
      play.addEventListener("click",toggle);
      document.addEventListener("keydown",e=>{const i=+scrub.value;
      const k={ArrowRight:i+1,ArrowLeft:i-1,PageDown:i+10,PageUp:i-10,Home:0,End:frames.length-1};
      if(e.key in k){e.preventDefault();show(k[e.key]);}
      else if(e.key===" "){e.preventDefault();toggle();}});
      document.querySelectorAll("#events tr[data-t]").forEach(r=>r.addEventListener("click",()=>{
      const t=+r.dataset.t;let best=0;times.forEach((x,j)=>{if(x<=t+1e-9)best=j;});show(best);}));
      show(0);
      """
  }

  static let css = """
    body{font:14px/1.4 system-ui,sans-serif;margin:16px;background:#f5f6f7;color:#202124}
    h1{font-size:20px;margin:0}.sub,.hint{color:#5f6368}
    .player{display:flex;gap:24px;flex-wrap:wrap;align-items:flex-start}
    .screen img{border:1px solid #ccc;max-height:90vh;max-width:95vw;background:#fff}
    .controls{min-width:280px;max-width:520px}#scrub{width:100%}
    .route{width:100%;border:1px solid #ccc}
    table{border-collapse:collapse;background:#fff}td,th{border:1px solid #ddd;padding:2px 8px;
    text-align:left}tr[data-t]{cursor:pointer}tr.layout td:nth-child(2){color:#1a73e8}
    tr.navigator td:nth-child(2){color:#0b8043}tr.app td:nth-child(2){color:#b06000}
    .states{display:flex;flex-wrap:wrap;gap:16px}figure{margin:0}
    figure img{max-width:300px;border:1px solid #ccc}
    """

  /// The map screen (markers, polylines, a custom style), when the run made one.
  var mapScreenSection: String {
    guard !run.mapScreenPNG.isEmpty else { return "" }
    return """
      <section id="map"><h2>Map</h2><p>The map API without navigation: GMSMarker, \
      GMSPolyline with a gradient GMSStyleSpan, GMSCircle, an info window and a GMSMapStyle.</p>
      <img class="route" alt="a map screen with markers and polylines" \
      src="\(Self.dataURI(run.mapScreenPNG, type: "image/png"))"></section>
      """
  }

  /// The settings gallery, when the run made one: one figure per control, with its code.
  var gallerySection: String {
    guard !run.settingsGallery.isEmpty else { return "" }
    let figures = run.settingsGallery.enumerated().map { i, shot in
      """
      <figure id="gallery-\(i)"><img alt="\(Self.escape(shot.title))" \
      src="\(Self.dataURI(shot.png, type: "image/png"))">\
      <figcaption><b>\(Self.escape(shot.title))</b><pre>\(Self.escape(shot.code))</pre>\
      </figcaption></figure>
      """
    }.joined(separator: "\n")
    return """
      <section id="gallery"><h2>Settings gallery</h2><p>"Modify the navigation UI" on the \
      built-in layout: each picture a fresh drive with one setting.</p>
      <div class="states">\(figures)</div></section>
      """
  }

  static func dataURI(_ data: Data, type: String) -> String {
    "data:\(type);base64," + data.base64EncodedString()
  }

  static func number(_ value: Double) -> String { String(format: "%.2f", value) }

  static func ms(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1000) }

  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }

  static func escapeJS(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      .replacingOccurrences(of: "<", with: "\\u003c")
  }
}

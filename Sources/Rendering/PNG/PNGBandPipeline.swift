import Dispatch
import Foundation
import Synchronization

/// Encodes a picture as PNG while it is still being drawn: its rows are cut into bands, and
/// each band is encoded on another thread as soon as the drawing has passed the last step
/// that draws into it; what is left is encoded on all cores when the drawing ends.
///
/// The drawing counts its steps (``ViewPainter``: one a view, in painting order) and tells
/// the pipeline each step it reaches (``reached(_:)``); before that it marks, for every
/// band, the step after which nothing more is drawn into its rows (``touch(rows:until:)``).
/// A band whose last step has passed is final: its rows are read while the drawing goes on
/// elsewhere. Every band is its own raw deflate stream (``PNGEncoder/encodeBand(pixels:stride:width:rows:compression:isLast:opaque:)``,
/// which reads only its own rows), joined in order into one file at the end, so the file
/// does not depend on the order in which bands were encoded.
///
/// A band depends on nothing but its rows' pixels: each frame's pixels and bands are kept
/// (``KeptEncoding``), and a band whose rows are the same as the last frame's (the cards
/// over a moving map, everything on a frame whose camera stayed) takes the kept stream
/// instead of being encoded again — the same bytes.
final class PNGBandPipeline: @unchecked Sendable {
  /// Rows per band: enough to keep each band's end (a few bytes) negligible, few enough
  /// that the threads share out the last bands evenly.
  static let bandRows = 128

  /// Where the last frame's encoding is kept, and what this pipeline did is told.
  private let kept: KeptEncoding
  private let surface: CairoSurface
  private let pixels: UnsafePointer<UInt8>
  private let stride: Int
  /// The picture's width in pixels.
  let width: Int
  private let compression: PNGCompression
  /// The bands' rows, top to bottom.
  let bands: [Range<Int>]
  /// For each band, the step after which it is final (0: before any step).
  private var lastSteps: [Int]
  private var taken: [Bool]
  /// The bands that took the last frame's stream.
  private var reused: [Bool]
  private var results: [Result<PNGEncoder.Band, RenderError>?]
  private var untaken: Int
  /// The step the drawing has reached.
  private var step = -1
  private var translucent = false
  private var started = false
  private let condition = NSCondition()
  private let helpers = DispatchGroup()
  /// The last frame's pixels and RGB bands, when they have this frame's size and encoding.
  private var previous: KeptEncoding.Frame?

  /// A pipeline over `surface`'s pixels (an image surface), which it keeps until it is
  /// finished or cancelled; `nil` when the surface has no pixels. The last frame's encoding
  /// is taken from `kept`, and this one's kept there.
  init?(surface: CairoSurface, compression: PNGCompression, kept: KeptEncoding) {
    guard let buffer = surface.pixelBuffer else { return nil }
    self.kept = kept
    self.surface = surface
    pixels = UnsafePointer(buffer.data)
    stride = buffer.stride
    width = surface.pixelWidth
    self.compression = compression
    let height = surface.pixelHeight
    bands = Swift.stride(from: 0, to: height, by: Self.bandRows).map {
      $0..<min(height, $0 + Self.bandRows)
    }
    lastSteps = Array(repeating: 0, count: bands.count)
    taken = Array(repeating: false, count: bands.count)
    reused = Array(repeating: false, count: bands.count)
    results = Array(repeating: nil, count: bands.count)
    untaken = bands.count
    previous = kept.take(
      width: width, height: height, compression: compression, bands: bands.count)
  }

  /// The last frame's stream for `band` when its rows hold the same pixels.
  private func kept(_ band: Int) -> PNGEncoder.Band? {
    guard let previous, let part = previous.bands[band] else { return nil }
    for y in bands[band] {
      guard memcmp(pixels + y * stride, previous.pixels + y * previous.stride, 4 * width) == 0
      else { return nil }
    }
    return part
  }

  /// Marks `rows` (device rows, clamped to the picture) as drawn into until step `last`:
  /// their bands are final only once the drawing has passed it. Call before ``reached(_:)``.
  func touch(rows: Range<Int>, until last: Int) {
    guard let firstRow = bands.first?.lowerBound, let lastRow = bands.last?.upperBound else {
      return
    }
    let low = max(firstRow, rows.lowerBound)
    let high = min(lastRow, rows.upperBound)
    guard low < high else { return }
    condition.lock()
    for band in (low / Self.bandRows)...((high - 1) / Self.bandRows) {
      lastSteps[band] = max(lastSteps[band], last)
    }
    condition.unlock()
  }

  /// The drawing has reached step `step` (everything drawn at earlier steps is done): bands
  /// final by then are handed to the helper threads, which start on the first call.
  func reached(_ step: Int) {
    condition.lock()
    self.step = max(self.step, step)
    let start = !started
    started = true
    condition.broadcast()
    condition.unlock()
    guard start else { return }
    for _ in 0..<max(1, ProcessInfo.processInfo.activeProcessorCount - 1) {
      DispatchQueue.global(qos: .userInitiated).async(group: helpers) { self.work() }
    }
  }

  /// The rows of the bands that are not final yet (at the step reached), merged into runs.
  var unfinishedRows: [Range<Int>] {
    condition.lock()
    defer { condition.unlock() }
    var runs: [Range<Int>] = []
    for (band, rows) in bands.enumerated() where lastSteps[band] > step {
      if let last = runs.last, last.upperBound == rows.lowerBound {
        runs[runs.count - 1] = last.lowerBound..<rows.upperBound
      } else {
        runs.append(rows)
      }
    }
    return runs
  }

  /// Takes and encodes final bands until none is left to take; waits for bands to become
  /// final while some are not.
  private func work() {
    while true {
      condition.lock()
      var next: Int?
      while true {
        next = bands.indices.first { !taken[$0] && lastSteps[$0] <= step }
        if next != nil || untaken == 0 { break }
        condition.wait()
      }
      guard let band = next else {
        condition.unlock()
        return
      }
      taken[band] = true
      untaken -= 1
      condition.unlock()
      if let part = kept(band) {
        condition.lock()
        results[band] = .success(part)
        reused[band] = true
        condition.unlock()
        continue
      }
      let result = PNGEncoder.encodeBand(
        pixels: pixels, stride: stride, width: width, rows: bands[band],
        compression: compression, isLast: band == bands.count - 1, opaque: true)
      condition.lock()
      if let result {
        results[band] = result
      } else {
        translucent = true
      }
      condition.unlock()
    }
  }

  /// Ends the drawing: encodes the bands left on this thread and the helpers, waits for
  /// them, and returns the file (RGBA when a pixel is translucent: then every band again,
  /// on all cores).
  func finish() throws(RenderError) -> Data {
    condition.lock()
    let finalBefore = lastSteps.filter { $0 <= step }.count
    condition.unlock()
    kept.report((bands.count, finalBefore, 0))
    reached(Int.max)
    work()
    helpers.wait()
    // The last frame's streams not taken go back to the pool.
    if let previous {
      for (band, part) in previous.bands.enumerated() where !reused[band] {
        if let part { BufferPool.shared.recycle(part.bytes) }
      }
      self.previous = nil
    }
    kept.report((bands.count, finalBefore, reused.filter { $0 }.count))
    if translucent {
      for case .success(let part)? in results { BufferPool.shared.recycle(part.bytes) }
      results = PNGEncoder.encodeBands(
        pixels: pixels, stride: stride, width: width, bands: bands, compression: compression,
        opaque: false)
    }
    let parts = try PNGEncoder.parts(of: results)
    let png = PNGEncoder.assemble(
      parts, width: width, height: surface.pixelHeight, opaque: !translucent)
    if translucent {
      for part in parts { BufferPool.shared.recycle(part.bytes) }
    } else {
      // These pixels and streams serve the next frame.
      kept.keep(
        KeptEncoding.Frame(
          surface: surface, pixels: pixels, stride: stride, width: width,
          height: surface.pixelHeight, compression: compression, bands: parts))
    }
    return png
  }

  /// Ends the drawing without a file (it failed): no band is encoded any more, the helpers
  /// stop, and encoded bands are given back.
  func cancel() {
    condition.lock()
    for band in bands.indices where !taken[band] {
      taken[band] = true
      untaken -= 1
    }
    step = Int.max
    condition.broadcast()
    condition.unlock()
    helpers.wait()
    for (band, result) in results.enumerated() where !reused[band] {
      if case .success(let part) = result { BufferPool.shared.recycle(part.bytes) }
    }
    // The last frame's streams stay kept.
    if let previous { kept.keep(previous) }
    previous = nil
    results = Array(repeating: nil, count: bands.count)
  }
}

/// The last PNG frame's pixels and RGB band streams (``PNGBandPipeline``), for the next
/// frame of the same size and encoding: a band whose rows did not change takes its stream.
final class KeptEncoding: Sendable {

  /// One frame: its surface (kept alive for its pixels) and its bands' streams.
  struct Frame: @unchecked Sendable {
    let surface: CairoSurface
    let pixels: UnsafePointer<UInt8>
    let stride: Int
    let width: Int
    let height: Int
    let compression: PNGCompression
    var bands: [PNGEncoder.Band?]

    init(
      surface: CairoSurface, pixels: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int,
      compression: PNGCompression, bands: [PNGEncoder.Band]
    ) {
      self.surface = surface
      self.pixels = pixels
      self.stride = stride
      self.width = width
      self.height = height
      self.compression = compression
      self.bands = bands
    }
  }

  /// What a finished pipeline did: its bands, how many were final before the drawing
  /// ended, and how many took the last frame's stream.
  typealias Use = (bands: Int, finalBeforeTheEnd: Int, reused: Int)

  private struct State {
    var frame: Frame?
    var lastUse: Use = (0, 0, 0)
  }

  private let state = Mutex(State())

  /// What the last finished pipeline did.
  var lastUse: Use { state.withLock { $0.lastUse } }

  /// Records what a pipeline did.
  func report(_ use: Use) { state.withLock { $0.lastUse = use } }

  /// Takes the kept frame when it has this size, encoding and number of bands (it is then
  /// no longer kept: the caller gives back what it does not use); `nil` otherwise.
  func take(width: Int, height: Int, compression: PNGCompression, bands: Int) -> Frame? {
    state.withLock { state in
      guard let kept = state.frame, kept.width == width, kept.height == height,
        kept.compression == compression, kept.bands.count == bands
      else { return nil }
      state.frame = nil
      return kept
    }
  }

  /// Keeps `frame` for the next one, giving back the streams of the frame kept before.
  func keep(_ frame: Frame) { replace(with: frame) }

  /// Forgets the kept frame.
  func removeAll() { replace(with: nil) }

  private func replace(with frame: Frame?) {
    let old = state.withLock { state in
      let old = state.frame
      state.frame = frame
      return old
    }
    for case let part? in old?.bands ?? [] { BufferPool.shared.recycle(part.bytes) }
  }
}

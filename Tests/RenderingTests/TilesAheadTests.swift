import Dispatch
import Foundation
import NavigationCore
import Testing
import ViewKit

@testable import Rendering

/// Map tiles drawn ahead of a moving camera on a background queue
/// (``RenderSession/drawsMapTilesAhead``, the live window's): frames are the same pixels
/// with or without it, a frame never waits for a tile drawn ahead, at most
/// ``MapTileCache/aheadLimit`` tiles are in flight, and a jump drops what was queued.
@MainActor
@Suite struct TilesAheadTests {
  /// A frame of the harbour at scale 2, the camera `step` moves east of the start.
  static func frame(_ renderer: Renderer, step: Int, jump: Double = 0) throws -> Data {
    var scene = try MapTileTests.scene(heading: 37, metersPerPoint: 1.0)
    scene.camera.center.longitude += 0.0004 * Double(step) + jump
    return try renderer.png(map: scene, size: MapTileTests.size)
  }

  /// Panning frames drawn with tiles drawn ahead (settled between frames, as the live
  /// window's idle time between frames lets them finish) are byte for byte those drawn
  /// without; the frames draw fewer tiles themselves.
  @Test func framesAreTheSameWithTilesDrawnAhead() throws {
    let ahead = RenderSession()
    ahead.drawsMapTilesAhead = true
    let plain = RenderSession()
    let withAhead = Renderer(scale: 2, session: ahead)
    let without = Renderer(scale: 2, session: plain)
    for step in 0..<14 {
      let a = try Self.frame(withAhead, step: step)
      ahead.tiles.settleDrawingAhead()
      let b = try Self.frame(without, step: step)
      #expect(a == b, "frame \(step) differs with tiles drawn ahead")
    }
    let drawnAhead = ahead.mapTileStatistics
    let drawnByFrames = plain.mapTileStatistics
    #expect(drawnAhead.drawnAhead > 0)
    #expect(drawnByFrames.drawnAhead == 0)
    #expect(
      drawnAhead.drawn < drawnByFrames.drawn,
      "frames drew \(drawnAhead.drawn) tiles with \(drawnAhead.drawnAhead) drawn ahead, \(drawnByFrames.drawn) without"
    )
    #expect(drawnAhead.byteCount <= drawnAhead.byteBudget)
  }

  /// A still camera draws nothing ahead, nor does one with too small a budget for the
  /// frame's tiles and those it moves toward.
  @Test func nothingIsDrawnAheadWithoutMotionOrBudget() throws {
    let session = RenderSession()
    session.drawsMapTilesAhead = true
    let renderer = Renderer(scale: 2, session: session)
    for _ in 0..<3 {
      _ = try Self.frame(renderer, step: 0)
      session.tiles.settleDrawingAhead()
    }
    #expect(session.mapTileStatistics.drawnAhead == 0)
    session.forgetKeptMapRasters()
    _ = try Self.frame(renderer, step: 0)
    session.mapTileByteBudget = session.mapTileStatistics.byteCount
    for step in 1..<6 {
      _ = try Self.frame(renderer, step: step)
      session.tiles.settleDrawingAhead()
    }
    #expect(session.mapTileStatistics.drawnAhead == 0)
    #expect(session.mapTileStatistics.byteCount <= session.mapTileStatistics.byteBudget)
  }

  /// A camera that jumps (here a kilometre) queues nothing on the jump: its motion says
  /// nothing about where it goes next.
  @Test func aJumpQueuesNothing() throws {
    let session = RenderSession()
    session.drawsMapTilesAhead = true
    let renderer = Renderer(scale: 2, session: session)
    for step in 0..<6 {
      _ = try Self.frame(renderer, step: step)
      session.tiles.settleDrawingAhead()
    }
    let before = session.mapTileStatistics.drawnAhead
    #expect(before > 0)
    _ = try Self.frame(renderer, step: 6, jump: 0.012)
    #expect(session.tiles.aheadState.queued.isEmpty)
    session.tiles.settleDrawingAhead()
    #expect(session.mapTileStatistics.drawnAhead == before)
  }

  /// Keys of tiles at (x, 0) for the queue's own tests.
  static let owner = NSObject()
  static func key(_ x: Int) -> MapTileCache.Key {
    MapTileCache.Key(map: ObjectIdentifier(owner), style: .day, level: 0, scale: 1, x: x, y: 0)
  }

  /// A drawing held until released, that says when it has started.
  final class HeldDrawing: Sendable {
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)

    func draw(_ key: MapTileCache.Key) -> MapTileCache.Tile? {
      started.signal()
      release.wait()
      return nil
    }
  }

  /// At most `limit` tiles are in flight; the queue takes them in order.
  @Test func drawingAheadStaysWithinItsLimit() {
    let ahead = TilesAhead()
    let held = HeldDrawing()
    ahead.queue((0..<10).map(Self.key), limit: 4) { held.draw($0) }
    held.started.wait()
    var state = ahead.state
    #expect(state.drawing == Self.key(0))
    #expect(state.queued == [1, 2, 3].map(Self.key))
    // Full: nothing more is taken.
    ahead.queue((10..<20).map(Self.key), limit: 4) { held.draw($0) }
    #expect(ahead.state.queued.count == 3)
    for _ in 0..<4 { held.release.signal() }
    ahead.waitUntilIdle()
    state = ahead.state
    #expect(state.drawing == nil && state.queued.isEmpty)
  }

  /// A frame needing tiles that are only queued takes them off the queue (it draws them
  /// itself), and never waits for the one being drawn, needed or not; dropping the queue (a
  /// jump) leaves only the one being drawn.
  @Test func aFrameNeverWaitsForTilesDrawnAhead() {
    let ahead = TilesAhead()
    let held = HeldDrawing()
    ahead.queue((0..<4).map(Self.key), limit: 4) { held.draw($0) }
    held.started.wait()
    // Tile 0 is being drawn and held: a frame needing 1 and 2 takes them off the queue.
    #expect(!ahead.settle(needing: [Self.key(1), Self.key(2)]))
    #expect(ahead.state.queued == [Self.key(3)])
    #expect(ahead.state.drawing == Self.key(0))
    // A frame needing tile 0 is told it is being drawn, and goes on (this would hang if it
    // waited: the drawing is released only after).
    #expect(ahead.settle(needing: [Self.key(0)]))
    #expect(ahead.state.drawing == Self.key(0))
    ahead.dropQueued()
    #expect(ahead.state.queued.isEmpty)
    held.release.signal()
    ahead.waitUntilIdle()
    #expect(ahead.state.drawing == nil)
  }
}

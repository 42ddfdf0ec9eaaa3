import Foundation
import NavigationCore
import Testing
import ViewKit

@testable import Rendering

/// A camera that only moves shifts the last frame's map by whole device pixels and draws
/// the strips it uncovered (``RenderSession/shiftsKeptMap``): each frame is a fresh
/// drawing's picture at the same (snapped) camera but for rounding, across the strips'
/// edges too, with the street names laid out for the frame's own view; any other camera
/// change draws the map again in full.
@MainActor
@Suite struct MapShiftTests {
  /// Pixels of two pictures whose channels differ by more than `levels`, and the largest
  /// difference, over the rectangle `x` × `y` (all of it by default).
  static func differing(
    _ a: RasterImage, _ b: RasterImage, beyond levels: Int, x: Range<Int>? = nil,
    y: Range<Int>? = nil
  ) -> (count: Int, pixels: Int, largest: Int) {
    precondition(a.width == b.width && a.height == b.height)
    let columns = (x ?? 0..<a.width).clamped(to: 0..<a.width)
    let rows = (y ?? 0..<a.height).clamped(to: 0..<a.height)
    var count = 0
    var largest = 0
    for row in rows {
      for column in columns {
        let i = (row * a.width + column) * 4
        var pixel = 0
        for c in 0..<3 { pixel = max(pixel, abs(Int(a.rgba[i + c]) - Int(b.rgba[i + c]))) }
        if pixel > levels { count += 1 }
        largest = max(largest, pixel)
      }
    }
    return (count, columns.count * rows.count, largest)
  }

  /// The harbour tilted 45° and turned, with street names and an alternative route across
  /// it (both go over the shifted map).
  static func scene() throws -> MapScene {
    var scene = try MapTileTests.scene(heading: 37, metersPerPoint: 1.0)
    scene.camera.tilt = 45
    scene.showsRoadNames = true
    let c = scene.camera.center
    scene.alternatives = [
      [
        CLLocationCoordinate2D(latitude: c.latitude - 0.002, longitude: c.longitude - 0.001),
        CLLocationCoordinate2D(latitude: c.latitude + 0.0005, longitude: c.longitude + 0.0004),
        CLLocationCoordinate2D(latitude: c.latitude + 0.002, longitude: c.longitude - 0.0012),
      ]
    ]
    return scene
  }

  /// A drag's frames (the centre moved by a fraction of a pixel's worth each way, nine
  /// times) shifted from the last frame are a fresh drawing of the snapped camera within
  /// rounding: at most 0.1 % of the pixels differ by more than 8 levels, also along the
  /// edge of the last strip drawn. The snapped camera is within half a device pixel of the
  /// camera asked for. Then a heading change draws the map in full: the picture of a fresh
  /// drawing, no shift counted.
  @Test func shiftedFramesAreFreshDrawings() throws {
    let scale = 2.0
    let session = RenderSession()
    session.shiftsKeptMap = true
    let renderer = Renderer(scale: scale, session: session)
    var scene = try Self.scene()
    _ = try renderer.png(map: scene, size: MapTileTests.size)
    #expect(session.keptMapShifts == 0)
    var previous = scene
    for step in 1...9 {
      // A few device pixels a frame each way, not whole ones.
      scene.camera.center.latitude += 0.0000331
      scene.camera.center.longitude -= 0.0000157
      let snapped = ParallelMapRaster.snapped(scene, scale: scale, session: session)
      // Within half a pixel of the camera asked for.
      let painter = MapPainter(scene: snapped)
      let off = ParallelMapRaster.shift(
        of: MapPainter(scene: scene), from: painter.frame.local(snapped.camera.center),
        scale: scale)
      #expect(abs(off.x) <= 0.5 + 1e-6 && abs(off.y) <= 0.5 + 1e-6, "snapped by \(off)")
      // The shift this frame, in whole pixels.
      let moved = ParallelMapRaster.shift(
        of: painter, from: painter.frame.local(previous.camera.center), scale: scale)
      previous = snapped
      let shiftedPNG = try renderer.png(map: scene, size: MapTileTests.size)
      #expect(session.keptMapShifts == step, "frame \(step) shifted the last map")
      let fresh = Renderer(scale: scale, session: RenderSession())
      let freshPNG = try fresh.png(map: snapped, size: MapTileTests.size)
      let a = try RasterImage(png: shiftedPNG)
      let b = try RasterImage(png: freshPNG)
      if step == 9 {
        MapTileTests.keep(shiftedPNG, "shift-\(step)-shifted.png")
        MapTileTests.keep(freshPNG, "shift-\(step)-fresh.png")
      }
      let all = Self.differing(a, b, beyond: 8)
      print(
        "shifted frame \(step), moved \(moved): \(all.count) of \(all.pixels) pixels differ by more than 8, largest \(all.largest)"
      )
      #expect(Double(all.count) <= 0.001 * Double(all.pixels), "frame \(step): \(all)")
      // The edges of this frame's strips: the column and row where the moved pixels meet
      // the newly drawn ones, three pixels each side.
      let dx = Int(moved.x.rounded())
      let dy = Int(moved.y.rounded())
      #expect(dx != 0 && dy != 0, "the drag moves both ways: \(moved)")
      let seamX = dx > 0 ? dx : a.width + dx
      let seamY = dy > 0 ? dy : a.height + dy
      let column = Self.differing(a, b, beyond: 8, x: (seamX - 3)..<(seamX + 3))
      let row = Self.differing(a, b, beyond: 8, y: (seamY - 3)..<(seamY + 3))
      print("  seams: column \(column), row \(row)")
      #expect(Double(column.count) <= 0.001 * Double(column.pixels), "column seam: \(column)")
      #expect(Double(row.count) <= 0.001 * Double(row.pixels), "row seam: \(row)")
    }
    // A heading change is drawn in full, as a fresh drawing.
    scene.camera.heading += 10
    #expect(ParallelMapRaster.snapped(scene, scale: scale, session: session).camera == scene.camera)
    let turnedPNG = try renderer.png(map: scene, size: MapTileTests.size)
    #expect(session.keptMapShifts == 9, "a turned camera is not shifted")
    let fresh = Renderer(scale: scale, session: RenderSession())
    #expect(turnedPNG == (try fresh.png(map: scene, size: MapTileTests.size)))
  }

  /// Under an opaque view over the map (its pixels not resampled, ``MapOcclusion``) a
  /// shifted frame draws what the view hid in the last frame where the move takes it: the
  /// window's frames are fresh drawings of it within rounding, with the route and vehicle
  /// drawn with the snapped camera.
  @Test func shiftedFramesUnderAViewAreFreshDrawings() throws {
    let clock = ManualClock()
    func window() -> (UIWindow, UIView) {
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 240, height: 400), clock: clock)
      window.backgroundColor = .white
      let mapView = UIView(frame: window.bounds)
      window.addSubview(mapView)
      let card = UIView(frame: CGRect(x: 50, y: 140, width: 120, height: 90))
      card.backgroundColor = UIColor(rgb: 0x0F9D58)
      window.addSubview(card)
      return (window, mapView)
    }
    let scale = 2.0
    let session = RenderSession()
    session.shiftsKeptMap = true
    let renderer = Renderer(scale: scale, session: session)
    var scene = try Fixtures.casinoScene(metersPerPoint: 1.2)
    scene.camera.tilt = 45
    let (shown, mapView) = window()
    _ = try renderer.raster(window: shown, map: MapLayer(scene: scene, view: mapView))
    for step in 1...6 {
      scene.camera.center.latitude -= 0.0000231
      scene.camera.center.longitude += 0.0000357
      let snapped = ParallelMapRaster.snapped(scene, scale: scale, session: session)
      let shifted = try renderer.raster(window: shown, map: MapLayer(scene: scene, view: mapView))
      #expect(session.keptMapShifts == step, "frame \(step) shifted the last map")
      let (freshWindow, freshMap) = window()
      let fresh = try Renderer(scale: scale, session: RenderSession()).raster(
        window: freshWindow, map: MapLayer(scene: snapped, view: freshMap))
      let all = Self.differing(shifted, fresh, beyond: 8)
      print(
        "window frame \(step): \(all.count) of \(all.pixels) differ by more than 8, largest \(all.largest)"
      )
      #expect(Double(all.count) <= 0.001 * Double(all.pixels), "frame \(step): \(all)")
    }
  }

  /// A layout animation over the map (an opaque header growing, a card sliding, the
  /// camera's anchor moving down by fractions of a pixel as the padding changes) while the
  /// camera moves: each frame shifts the kept map (the anchor's move and the camera's
  /// snapped to whole pixels together), drawing what the header and card uncovered, and is
  /// a fresh drawing of the snapped camera within rounding. Before, each such frame drew the
  /// whole map again (the raster's rows and fraction changed with the layout).
  @Test func aLayoutAnimationShiftsTheKeptMap() throws {
    let clock = ManualClock()
    func window(step: Int) -> (UIWindow, UIView) {
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 240, height: 400), clock: clock)
      window.backgroundColor = .white
      let mapView = UIView(frame: window.bounds)
      window.addSubview(mapView)
      let header = UIView(frame: CGRect(x: 0, y: 0, width: 240, height: 50 + 4.3 * Double(step)))
      header.backgroundColor = UIColor(rgb: 0x1A73E8)
      window.addSubview(header)
      let card = UIView(
        frame: CGRect(
          x: 30 + 2.6 * Double(step), y: 260 - 3.1 * Double(step), width: 110, height: 70))
      card.backgroundColor = UIColor(rgb: 0x0F9D58)
      window.addSubview(card)
      return (window, mapView)
    }
    let scale = 2.0
    let session = RenderSession()
    session.shiftsKeptMap = true
    let renderer = Renderer(scale: scale, session: session)
    var scene = try Fixtures.casinoScene(metersPerPoint: 1.2)
    scene.camera.tilt = 45
    scene.showsRoadNames = true
    func layer(_ scene: MapScene, _ view: UIView, _ anchor: CGPoint) -> MapLayer {
      var layer = MapLayer(scene: scene, view: view)
      layer.anchor = anchor
      return layer
    }
    let (first, firstMap) = window(step: 0)
    _ = try renderer.raster(
      window: first, map: layer(scene, firstMap, CGPoint(x: 120, y: 200)))
    for step in 1...8 {
      scene.camera.center.latitude -= 0.0000131
      scene.camera.center.longitude += 0.0000157
      let anchor = CGPoint(x: 120 - 0.61 * Double(step), y: 200 + 1.37 * Double(step))
      let snapped = ParallelMapRaster.snapped(
        scene, scale: scale, session: session, anchor: (anchor.x * scale, anchor.y * scale))
      let (shown, mapView) = window(step: step)
      let shifted = try renderer.raster(
        window: shown, map: layer(scene, mapView, anchor))
      #expect(session.keptMapShifts == step, "frame \(step) shifted the last map")
      let (freshWindow, freshMap) = window(step: step)
      let fresh = try Renderer(scale: scale, session: RenderSession()).raster(
        window: freshWindow, map: layer(snapped, freshMap, anchor))
      let all = Self.differing(shifted, fresh, beyond: 8)
      print(
        "layout frame \(step): \(all.count) of \(all.pixels) differ by more than 8, largest \(all.largest)"
      )
      #expect(Double(all.count) <= 0.001 * Double(all.pixels), "frame \(step): \(all)")
    }
  }

  /// A box less another (what a shifted frame leaves out): the parts cover exactly the
  /// box's pixels outside the cut, without overlapping; checked pixel by pixel on 500
  /// random pairs, a cut covering the box leaving nothing.
  @Test func boxLessBox() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<500 {
      func box() -> ParallelMapRaster.PixelBox {
        let x0 = Int.random(in: 0..<20, using: &generator)
        let y0 = Int.random(in: 0..<20, using: &generator)
        return (
          x0, y0, x0 + Int.random(in: 1...12, using: &generator),
          y0 + Int.random(in: 1...12, using: &generator)
        )
      }
      let whole = box()
      let cut = box()
      let parts = ParallelMapRaster.subtract(cut, from: whole)
      for y in 0..<32 {
        for x in 0..<32 {
          func inside(_ b: ParallelMapRaster.PixelBox) -> Bool {
            b.x0 <= x && x < b.x1 && b.y0 <= y && y < b.y1
          }
          let expected = inside(whole) && !inside(cut) ? 1 : 0
          let covered = parts.filter(inside).count
          #expect(covered == expected, "\(whole) less \(cut) at (\(x), \(y)): \(parts)")
          if covered != expected { return }
        }
      }
    }
    #expect(ParallelMapRaster.subtract((0, 0, 10, 10), from: (2, 2, 5, 5)).isEmpty)
  }

  /// Without the session's switch nothing is snapped or shifted, and a zoom change beyond
  /// what the kept zoom allows is drawn in full.
  @Test func onlyASwitchedOnSessionShifts() throws {
    let off = RenderSession()
    let renderer = Renderer(scale: 2, session: off)
    var scene = try Self.scene()
    _ = try renderer.png(map: scene, size: MapTileTests.size)
    scene.camera.center.latitude += 0.0000131
    #expect(ParallelMapRaster.snapped(scene, scale: 2, session: off).camera == scene.camera)
    _ = try renderer.png(map: scene, size: MapTileTests.size)
    #expect(off.keptMapShifts == 0)
    let on = RenderSession()
    on.shiftsKeptMap = true
    let shifting = Renderer(scale: 2, session: on)
    _ = try shifting.png(map: scene, size: MapTileTests.size)
    scene.camera.center.latitude += 0.0000131
    scene.camera.metersPerPoint *= 1.001
    #expect(ParallelMapRaster.snapped(scene, scale: 2, session: on).camera == scene.camera)
    _ = try shifting.png(map: scene, size: MapTileTests.size)
    #expect(on.keptMapShifts == 0)
  }
}

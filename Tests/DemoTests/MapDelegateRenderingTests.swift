import Demo
import Foundation
import NavigationCore
import NavigationUI
import Rendering
import Testing
import ViewKit

/// Records the map delegate's tile callbacks and camera stops.
@MainActor
final class TileRecorder: GMSMapViewDelegate {
  var log: [String] = []
  func mapViewDidStartTileRendering(_ mapView: GMSMapView) { log.append("start") }
  func mapViewDidFinishTileRendering(_ mapView: GMSMapView) { log.append("finish") }
  func mapViewSnapshotReady(_ mapView: GMSMapView) { log.append("snapshot") }
  func mapView(_ mapView: GMSMapView, idleAt position: GMSCameraPosition) { log.append("idle") }
  func mapView(_ mapView: GMSMapView, didTapMyLocation location: CLLocationCoordinate2D) {
    log.append("myLocation")
  }
}

/// Fixes handed to the session on demand.
@MainActor
final class FixSource: GMSLocationSource {
  private var deliver: (@MainActor (CLLocation) -> Void)?
  func startUpdatingLocation(_ deliver: @escaping @MainActor (CLLocation) -> Void) {
    self.deliver = deliver
  }
  func stopUpdatingLocation() { deliver = nil }
  func send(_ fix: CLLocation) { deliver?(fix) }
}

/// The map delegate's tile callbacks as frames are drawn, and the my-location dot.
@MainActor
@Suite struct MapDelegateRenderingTests {
  static let monaco = MapOverlayRenderingTests.monaco
  static let land = MapOverlayRenderingTests.land
  static let blue = RGBA(hex: 0x4285F4)

  @Test func tileCallbacksFollowEachNewLookInTheOriginalsOrder() throws {
    let (window, mapView) = MapOverlayRenderingTests.screen()
    let clock = try #require(window.clock as? ManualClock)
    let recorder = TileRecorder()
    mapView.delegate = recorder
    func frame() throws {
      _ = try MapOverlayRenderingTests.draw(window, mapView)
    }
    try frame()
    // Delivered after the drawing, on the next turn of the clock.
    #expect(recorder.log.isEmpty)
    clock.advance(by: 0)
    #expect(recorder.log == ["start", "finish", "snapshot"])
    // The same picture again: nothing new.
    recorder.log.removeAll()
    try frame()
    clock.advance(by: 0)
    #expect(recorder.log.isEmpty)
    // A new overlay: a new snapshot, the same tiles.
    GMSMarker(position: Self.monaco).map = mapView
    try frame()
    clock.advance(by: 0)
    #expect(recorder.log == ["snapshot"])
    // An animation: tiles for each moved frame, the snapshot only once the camera is idle.
    recorder.log.removeAll()
    mapView.animate(toZoom: 18)
    clock.advance(by: 0.2)
    try frame()
    clock.advance(by: 0)
    #expect(recorder.log == ["start", "finish"])
    clock.advance(by: 1)
    #expect(recorder.log == ["start", "finish", "idle"])
    try frame()
    clock.advance(by: 0)
    #expect(recorder.log == ["start", "finish", "idle", "start", "finish", "snapshot"])
    // A style change: new tiles.
    recorder.log.removeAll()
    mapView.mapType = .terrain
    try frame()
    clock.advance(by: 0)
    #expect(recorder.log == ["start", "finish", "snapshot"])
  }

  /// A map view whose session has a location source, and the source.
  static func locatedScreen() throws -> (UIWindow, GMSMapView, FixSource) {
    let (window, mapView) = MapOverlayRenderingTests.screen()
    let source = FixSource()
    let session = try #require(mapView.navigationSession)
    session.locationSource = source
    session.isStarted = true
    // The camera stays where the test puts it (it would follow the fixes).
    mapView.cameraMode = .free
    return (window, mapView, source)
  }

  @Test func theMyLocationDotShowsTheFixWithItsAccuracyAndCourse() throws {
    let (window, mapView, source) = try Self.locatedScreen()
    // 60 m east of the camera's target, 40 m accuracy, no course.
    let here = Geodesy.destination(from: Self.monaco, distance: 60, bearing: 90)
    source.send(CLLocation(coordinate: here, horizontalAccuracy: 40))
    let hidden = try MapOverlayRenderingTests.draw(window, mapView)
    mapView.isMyLocationEnabled = true
    let fix = try #require(mapView.myLocation)
    let dot = mapView.projection.point(for: fix.coordinate)
    let (x, y) = (Int(dot.x.rounded()), Int(dot.y.rounded()))
    let image = try MapOverlayRenderingTests.draw(window, mapView)
    MapOverlayRenderingTests.save(image, "my-location")
    // Off before it is enabled.
    #expect(hidden.matches(x: x, y: y, Self.land))
    // Blue centre, white ring, translucent blue accuracy circle, land beyond it.
    #expect(image.matches(x: x, y: y, Self.blue, tolerance: 6))
    #expect(image.matches(x: x + 8, y: y, RGBA(hex: 0xFFFFFF), tolerance: 6))
    let radius = Int(mapView.projection.points(forMeters: 40, at: fix.coordinate))
    let halo = try #require(image.pixel(x: x, y: y - radius + 6))
    #expect(halo.blue > halo.red + 10 && halo.red > 180)
    #expect(image.matches(x: x, y: y - radius - 4, Self.land))
    // With a course of 90° the arrow points east (right of the fix), not north.
    source.send(CLLocation(coordinate: here, horizontalAccuracy: 40, course: 90))
    let arrow = try MapOverlayRenderingTests.draw(window, mapView)
    MapOverlayRenderingTests.save(arrow, "my-location-course")
    #expect(arrow.matches(x: x + 3, y: y, Self.blue, tolerance: 6))
    #expect(arrow.matches(x: x - 9, y: y, Self.land, tolerance: 40))
    #expect(!arrow.matches(x: x, y: y - 9, Self.blue, tolerance: 30))
    // Turning the camera turns the arrow with the map: east is now up.
    mapView.camera = GMSCameraPosition(target: Self.monaco, zoom: 17, bearing: 90, viewingAngle: 0)
    let turned = try MapOverlayRenderingTests.draw(window, mapView)
    let moved = mapView.projection.point(for: fix.coordinate)
    let (tx, ty) = (Int(moved.x.rounded()), Int(moved.y.rounded()))
    #expect(turned.matches(x: tx, y: ty - 3, Self.blue, tolerance: 6))
    #expect(!turned.matches(x: tx + 9, y: ty, Self.blue, tolerance: 30))
    // Disabled again: gone.
    mapView.isMyLocationEnabled = false
    let off = try MapOverlayRenderingTests.draw(window, mapView)
    #expect(!off.matches(x: tx, y: ty, Self.blue, tolerance: 30))
  }

  @Test func aTapOnTheMyLocationDotReachesTheDelegate() throws {
    let (window, mapView, source) = try Self.locatedScreen()
    let clock = try #require(window.clock as? ManualClock)
    let recorder = TileRecorder()
    mapView.delegate = recorder
    mapView.isMyLocationEnabled = true
    source.send(CLLocation(coordinate: Self.monaco, horizontalAccuracy: 10))
    let dot = mapView.projection.point(for: try #require(mapView.myLocation).coordinate)
    window.sendTouches([(1, .began, dot)])
    clock.advance(by: 0.05)
    window.sendTouches([(1, .ended, dot)])
    clock.advance(by: 0.4)
    #expect(recorder.log == ["myLocation"])
  }
}

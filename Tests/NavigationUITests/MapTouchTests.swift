import Foundation
import NavigationCore
import NavigationUI
import Testing
import ViewKit

/// Records the map delegate's touch callbacks.
@MainActor
final class TouchRecorder: GMSMapViewDelegate {
  var log: [String] = []
  var consumesMarkerTaps = false
  func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D) {
    log.append("tapAt")
  }
  func mapView(_ mapView: GMSMapView, didLongPressAt coordinate: CLLocationCoordinate2D) {
    log.append("longPressAt")
  }
  func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool {
    log.append("marker \(marker.title ?? "")")
    return consumesMarkerTaps
  }
  func mapView(_ mapView: GMSMapView, didTapInfoWindowOf marker: GMSMarker) {
    log.append("infoWindow \(marker.title ?? "")")
  }
  func mapView(_ mapView: GMSMapView, didTap overlay: GMSOverlay) {
    log.append("overlay \(overlay.title ?? "")")
  }
  func mapView(
    _ mapView: GMSMapView, didTapPOIWithPlaceID placeID: String, name: String,
    location: CLLocationCoordinate2D
  ) { log.append("poi \(name)") }
  func mapView(_ mapView: GMSMapView, didBeginDragging marker: GMSMarker) {
    log.append("beginDrag")
  }
  func mapView(_ mapView: GMSMapView, didDrag marker: GMSMarker) {
    if log.last != "drag" { log.append("drag") }
  }
  func mapView(_ mapView: GMSMapView, didEndDragging marker: GMSMarker) { log.append("endDrag") }
  func mapView(_ mapView: GMSMapView, willMove gesture: Bool) { log.append("willMove \(gesture)") }
  func mapView(_ mapView: GMSMapView, idleAt position: GMSCameraPosition) { log.append("idle") }
}

@MainActor
@Suite struct MapTouchTests {
  static let monaco = CLLocationCoordinate2D(latitude: 43.7384, longitude: 7.4246)

  let clock = ManualClock()
  let window: UIWindow
  let mapView: GMSMapView
  let recorder = TouchRecorder()

  init() {
    window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300), clock: clock)
    mapView = GMSMapView(frame: window.bounds)
    window.addSubview(mapView)
    mapView.camera = GMSCameraPosition(target: Self.monaco, zoom: 17)
    mapView.delegate = recorder
    recorder.log.removeAll()
  }

  func tap(_ point: CGPoint) {
    window.sendTouches([(1, .began, point)])
    clock.advance(by: 0.05)
    window.sendTouches([(1, .ended, point)])
  }

  /// One finger from `a` to `b` in `steps` moves of 1/60 s.
  func drag(_ a: CGPoint, _ b: CGPoint, steps: Int = 10, hold: TimeInterval = 0) {
    window.sendTouches([(1, .began, a)])
    clock.advance(by: hold)
    for i in 1...steps {
      clock.advance(by: 1.0 / 60)
      let t = CGFloat(i) / CGFloat(steps)
      window.sendTouches([(1, .moved, CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))])
    }
    window.sendTouches([(1, .ended, b)])
  }

  /// Two fingers moving from (a0, b0) to (a1, b1).
  func twoFingers(_ a0: CGPoint, _ b0: CGPoint, _ a1: CGPoint, _ b1: CGPoint, steps: Int = 10) {
    window.sendTouches([(1, .began, a0), (2, .began, b0)])
    for i in 1...steps {
      clock.advance(by: 1.0 / 60)
      let t = CGFloat(i) / CGFloat(steps)
      func mix(_ p: CGPoint, _ q: CGPoint) -> CGPoint {
        CGPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
      }
      window.sendTouches([(1, .moved, mix(a0, a1)), (2, .moved, mix(b0, b1))])
    }
    window.sendTouches([(1, .ended, a1), (2, .ended, b1)])
  }

  @Test func aTapAtAMarkersPixelHitsItAndOnePixelOutsideDoesNot() {
    let marker = GMSMarker(position: Self.monaco)
    marker.title = "Casino"
    marker.map = mapView
    let frame = mapView.frame(of: marker)
    tap(CGPoint(x: frame.maxX - 0.5, y: frame.midY))
    #expect(recorder.log == ["marker Casino", "willMove false"])
    #expect(mapView.selectedMarker === marker)
    #expect(mapView.infoWindowView != nil)
    clock.advance(by: 1)
    recorder.log.removeAll()
    let frameNow = mapView.frame(of: marker)
    tap(CGPoint(x: frameNow.maxX + 0.5, y: frameNow.midY))
    #expect(recorder.log.isEmpty)  // the map tap waits for a possible second tap
    clock.advance(by: 0.4)
    #expect(recorder.log == ["tapAt"])
    #expect(mapView.selectedMarker == nil)
  }

  @Test func aConsumedMarkerTapSelectsNothingAndTheInfoWindowIsTappable() {
    let marker = GMSMarker(position: Self.monaco)
    marker.title = "Casino"
    marker.map = mapView
    recorder.consumesMarkerTaps = true
    tap(CGPoint(x: 150, y: 130))
    #expect(recorder.log == ["marker Casino"])
    #expect(mapView.selectedMarker == nil)
    mapView.selectedMarker = marker
    let info = mapView.infoWindowView!.frame
    clock.advance(by: 1)
    tap(CGPoint(x: info.midX, y: info.midY))
    #expect(recorder.log.last == "infoWindow Casino")
  }

  @Test func tappableOverlaysAndPlacesGetTheirTaps() {
    let circle = GMSCircle(position: Self.monaco, radius: 30)
    circle.title = "ring"
    circle.isTappable = true
    circle.map = mapView
    tap(CGPoint(x: 150, y: 150))
    clock.advance(by: 0.4)
    #expect(recorder.log == ["overlay ring"])
    mapView.pointOfInterestProvider = { _, _ in
      GMSPointOfInterest(placeID: "way/1", name: "Place du Casino", location: Self.monaco)
    }
    tap(CGPoint(x: 20, y: 20))
    clock.advance(by: 0.4)
    #expect(recorder.log.last == "poi Place du Casino")
  }

  @Test func aDoubleTapZoomsInAboutThePointWithoutATap() {
    let point = CGPoint(x: 80, y: 90)
    let under = mapView.projection.coordinate(for: point)
    tap(point)
    clock.advance(by: 0.1)
    tap(point)
    clock.advance(by: 1)
    #expect(abs(mapView.camera.zoom - 18) < 1e-4)
    let now = mapView.projection.point(for: under)
    #expect(abs(now.x - point.x) < 0.5 && abs(now.y - point.y) < 0.5)
    #expect(!recorder.log.contains("tapAt"))
    // Without zoom gestures the taps are taps, at once.
    mapView.settings.zoomGestures = false
    tap(point)
    #expect(recorder.log.last == "tapAt")
  }

  @Test func aLongPressReportsTheCoordinateAndDragsADraggableMarker() {
    window.sendTouches([(1, .began, CGPoint(x: 40, y: 40))])
    clock.advance(by: 0.6)
    window.sendTouches([(1, .ended, CGPoint(x: 40, y: 40))])
    #expect(recorder.log == ["longPressAt"])
    recorder.log.removeAll()
    let marker = GMSMarker(position: Self.monaco)
    marker.isDraggable = true
    marker.map = mapView
    drag(CGPoint(x: 150, y: 140), CGPoint(x: 200, y: 100), hold: 0.6)
    #expect(recorder.log == ["beginDrag", "drag", "endDrag"])
    let moved = mapView.projection.point(for: marker.position)
    #expect(abs(moved.x - 200) < 0.5 && abs(moved.y - 110) < 0.5)
  }

  @Test func aPanMovesTheMapWithTheFinger() {
    let under = mapView.projection.coordinate(for: CGPoint(x: 100, y: 100))
    drag(CGPoint(x: 100, y: 100), CGPoint(x: 160, y: 220))
    let now = mapView.projection.point(for: under)
    #expect(abs(now.x - 160) < 0.5 && abs(now.y - 220) < 0.5)
    #expect(recorder.log == ["willMove true", "idle"])
    mapView.settings.scrollGestures = false
    let target = mapView.camera.target
    drag(CGPoint(x: 100, y: 100), CGPoint(x: 160, y: 220))
    #expect(mapView.camera.target.latitude == target.latitude)
  }

  @Test func aPinchZoomsAboutTheFingersAndATwistRotates() {
    let centre = CGPoint(x: 120, y: 150)
    let under = mapView.projection.coordinate(for: centre)
    twoFingers(
      CGPoint(x: 100, y: 150), CGPoint(x: 140, y: 150), CGPoint(x: 80, y: 150),
      CGPoint(x: 160, y: 150))
    #expect(abs(mapView.camera.zoom - 18) < 1e-3)
    let now = mapView.projection.point(for: under)
    #expect(abs(now.x - centre.x) < 0.5 && abs(now.y - centre.y) < 0.5)
    // A quarter turn clockwise of the fingers turns the map with them.
    twoFingers(
      CGPoint(x: 100, y: 150), CGPoint(x: 140, y: 150), CGPoint(x: 120, y: 130),
      CGPoint(x: 120, y: 170))
    #expect(abs(mapView.camera.bearing - 270) < 1)
    mapView.settings.rotateGestures = false
    mapView.settings.zoomGestures = false
    let camera = mapView.camera
    twoFingers(
      CGPoint(x: 100, y: 150), CGPoint(x: 140, y: 150), CGPoint(x: 60, y: 130),
      CGPoint(x: 180, y: 170))
    #expect(mapView.camera.zoom == camera.zoom && mapView.camera.bearing == camera.bearing)
  }

  @Test func twoFingersMovingUpTogetherTilt() {
    twoFingers(
      CGPoint(x: 100, y: 200), CGPoint(x: 200, y: 200), CGPoint(x: 100, y: 110),
      CGPoint(x: 200, y: 110))
    #expect(mapView.camera.viewingAngle > 20)
    #expect(mapView.camera.zoom == 17)
    mapView.settings.tiltGestures = false
    let tilt = mapView.camera.viewingAngle
    twoFingers(
      CGPoint(x: 100, y: 200), CGPoint(x: 200, y: 200), CGPoint(x: 100, y: 110),
      CGPoint(x: 200, y: 110))
    #expect(mapView.camera.viewingAngle == tilt)
  }

  @Test func touchesPassThroughOnlyWhenTheMapDoesNotConsumeThem() {
    final class Catcher: UIView, UITouchResponding {
      var began = 0
      func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { began += 1 }
      func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
      func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
      func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}
    }
    let catcher = Catcher(frame: window.bounds)
    mapView.removeFromSuperview()
    window.addSubview(catcher)
    catcher.addSubview(mapView)
    tap(CGPoint(x: 10, y: 10))
    #expect(catcher.began == 0)
    mapView.settings.consumesGesturesInView = false
    clock.advance(by: 1)
    tap(CGPoint(x: 10, y: 10))
    #expect(catcher.began == 1)
  }
}

import Foundation
import NavigationCore
import Testing
import ViewKit

@testable import NavigationUI

/// Records the map delegate's camera callbacks.
@MainActor
final class CameraRecorder: GMSMapViewDelegate {
  var log: [String] = []
  var changes: [GMSCameraPosition] = []
  func mapView(_ mapView: GMSMapView, willMove gesture: Bool) { log.append("willMove \(gesture)") }
  func mapView(_ mapView: GMSMapView, didChange position: GMSCameraPosition) {
    changes.append(position)
  }
  func mapView(_ mapView: GMSMapView, idleAt position: GMSCameraPosition) { log.append("idle") }
}

@MainActor
@Suite struct MapCameraTests {
  static let monaco = CLLocationCoordinate2D(latitude: 43.7384, longitude: 7.4246)

  @Test func cameraPositionFactoriesMatchTheInitializers() {
    let a = GMSCameraPosition.camera(withLatitude: 43.7, longitude: 7.4, zoom: 15)
    let b = GMSCameraPosition(latitude: 43.7, longitude: 7.4, zoom: 15, bearing: 0, viewingAngle: 0)
    #expect(a == b)
    let c = GMSCameraPosition.camera(withTarget: Self.monaco, zoom: 12)
    #expect(c.target.latitude == Self.monaco.latitude && c.zoom == 12 && c.bearing == 0)
    let mutable = GMSMutableCameraPosition(
      target: Self.monaco, zoom: 3, bearing: 10, viewingAngle: 0)
    mutable.zoom = 9
    #expect(mutable.zoom == 9)
  }

  @Test func projectionRoundTripsWithinHalfAPoint() throws {
    let h = try Harness(delegate: nil)
    h.mapView.camera = GMSCameraPosition(
      target: Self.monaco, zoom: 16.3, bearing: 37, viewingAngle: 0)
    let projection = h.mapView.projection
    for (x, y) in [(0.0, 0.0), (195, 422), (389, 843), (12.5, 700.25)] {
      let point = CGPoint(x: x, y: y)
      let back = projection.point(for: projection.coordinate(for: point))
      #expect(abs(back.x - point.x) < 0.5 && abs(back.y - point.y) < 0.5)
    }
    // The target sits at the camera frame's centre.
    let centre = projection.point(for: Self.monaco)
    #expect(abs(centre.x - h.mapView.cameraAnchor.x) < 0.01)
    #expect(abs(centre.y - h.mapView.cameraAnchor.y) < 0.01)
    #expect(projection.contains(Self.monaco))
    #expect(!projection.contains(CLLocationCoordinate2D(latitude: 44.5, longitude: 7.42)))
    let region = projection.visibleRegion()
    #expect(region.farLeft.latitude > region.nearLeft.latitude - 1)
    #expect(
      abs(projection.points(forMeters: 100, at: Self.monaco) * h.mapView.metersPerPoint - 100)
        < 1e-6)
  }

  @Test func fitBoundsWithInsetsPutsTheBoundsInside() throws {
    let h = try Harness(delegate: nil)
    let a = CLLocationCoordinate2D(latitude: 43.7270, longitude: 7.4090)
    let b = CLLocationCoordinate2D(latitude: 43.7520, longitude: 7.4400)
    let bounds = GMSCoordinateBounds(coordinate: a, coordinate: b)
    let insets = UIEdgeInsets(top: 80, left: 30, bottom: 200, right: 10)
    h.mapView.moveCamera(GMSCameraUpdate.fit(bounds, with: insets))
    let area = h.mapView.cameraFrame.inset(by: insets)
    let p = h.mapView.projection
    for corner in [a, b, CLLocationCoordinate2D(latitude: a.latitude, longitude: b.longitude)] {
      let point = p.point(for: corner)
      #expect(area.insetBy(dx: -0.5, dy: -0.5).contains(point), "\(point) outside \(area)")
    }
    // Tight on at least one axis: the greatest zoom that fits.
    let sw = p.point(for: a)
    let ne = p.point(for: b)
    let widthGap = area.width - (ne.x - sw.x)
    let heightGap = area.height - (sw.y - ne.y)
    #expect(min(widthGap, heightGap) < 1)
    #expect(h.mapView.camera.bearing == 0)
  }

  @Test func cameraUpdatesAndLimits() throws {
    let h = try Harness(delegate: nil)
    h.mapView.camera = GMSCameraPosition(target: Self.monaco, zoom: 15)
    h.mapView.moveCamera(.zoomIn())
    #expect(h.mapView.camera.zoom == 16)
    h.mapView.moveCamera(.zoom(by: -2))
    #expect(h.mapView.camera.zoom == 14)
    h.mapView.setMinZoom(10, maxZoom: 12)
    #expect(h.mapView.camera.zoom == 12)
    h.mapView.moveCamera(.zoom(to: 3))
    #expect(h.mapView.camera.zoom == 10)
    h.mapView.setMinZoom(kGMSMinZoomLevel, maxZoom: kGMSMaxZoomLevel)
    // Zooming at a point keeps the coordinate under it.
    let point = CGPoint(x: 100, y: 200)
    let before = h.mapView.projection.coordinate(for: point)
    h.mapView.moveCamera(.zoom(by: 1.5, at: point))
    let after = h.mapView.projection.point(for: before)
    #expect(abs(after.x - point.x) < 0.5 && abs(after.y - point.y) < 0.5)
    // Scrolling by points moves the target by that many points.
    let target = h.mapView.camera.target
    h.mapView.moveCamera(.scrollBy(x: 0, y: -100))
    let moved = h.mapView.projection.point(for: target)
    #expect(abs(moved.y - (h.mapView.cameraAnchor.y + 100)) < 0.5)
    // Target bounds.
    let box = GMSCoordinateBounds(
      coordinate: CLLocationCoordinate2D(latitude: 43.73, longitude: 7.41),
      coordinate: CLLocationCoordinate2D(latitude: 43.74, longitude: 7.43))
    h.mapView.cameraTargetBounds = box
    h.mapView.moveCamera(.setTarget(CLLocationCoordinate2D(latitude: 44, longitude: 8)))
    #expect(box.contains(h.mapView.camera.target))
  }

  @Test func animationsRunOnTheWindowsClock() throws {
    let h = try Harness(delegate: nil)
    let recorder = CameraRecorder()
    h.mapView.delegate = recorder
    h.mapView.camera = GMSCameraPosition(target: Self.monaco, zoom: 14)
    recorder.log.removeAll()
    recorder.changes.removeAll()
    h.mapView.animate(toZoom: 16)
    #expect(h.mapView.camera.zoom == 14)
    #expect(recorder.log == ["willMove false"])
    h.clock.advance(by: 0.25)
    let mid = h.mapView.camera.zoom
    #expect(mid > 14 && mid < 16)
    #expect(recorder.changes.count >= 10)
    // Frames only move forward.
    let zooms = recorder.changes.map(\.zoom)
    #expect(zooms == zooms.sorted())
    h.clock.advance(by: 0.5)
    #expect(h.mapView.camera.zoom == 16)
    #expect(recorder.log == ["willMove false", "idle"])
    #expect(!h.mapView.isAnimatingCamera)
    // The bearing turns the short way.
    h.mapView.camera = GMSCameraPosition(
      target: Self.monaco, zoom: 14, bearing: 350, viewingAngle: 0)
    h.mapView.animate(toBearing: 10)
    h.clock.advance(by: 0.25)
    let b = h.mapView.camera.bearing
    #expect(b > 350 || b < 10)
    h.clock.advance(by: 1)
    #expect(abs(h.mapView.camera.bearing - 10) < 1e-9)
  }

  @Test func aProgrammaticMoveWhileFollowingStopsFollowing() throws {
    let h = try Harness(delegate: nil)
    h.enableAndRoute()
    h.navigator.isGuidanceActive = true
    #expect(h.mapView.cameraMode == .following)
    h.mapView.moveCamera(.setTarget(Self.monaco))
    #expect(h.mapView.cameraMode == .free)
    #expect(h.mapView.isShowingRecenterButton)
    h.mapView.cameraMode = .following
    h.mapView.animate(toLocation: Self.monaco)
    #expect(h.mapView.cameraMode == .free)
  }

  @Test func pathsEncodeAndMeasure() throws {
    let path = try #require(GMSPath(fromEncodedPath: "_p~iF~ps|U_ulLnnqC_mqNvxq`@"))
    #expect(path.count() == 3)
    #expect(abs(path.coordinate(at: 0).latitude - 38.5) < 1e-9)
    #expect(path.encodedPath() == "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
    #expect(GMSPath(fromEncodedPath: "_p~iF~ps|U_") == nil)
    let m = GMSMutablePath()
    m.addLatitude(0, longitude: 0)
    m.add(CLLocationCoordinate2D(latitude: 0, longitude: 1))
    m.insert(CLLocationCoordinate2D(latitude: 0, longitude: 0.5), at: 1)
    #expect(m.count() == 3)
    #expect(abs(m.length(of: .geodesic) - 111_195) < 200)
    m.replaceCoordinate(at: 2, with: CLLocationCoordinate2D(latitude: 0, longitude: 2))
    m.removeCoordinate(at: 1)
    #expect(m.count() == 2 && m.coordinate(at: 1).longitude == 2)
    let bounds = GMSCoordinateBounds(path: m).includingCoordinate(
      CLLocationCoordinate2D(latitude: 1, longitude: -1))
    #expect(bounds.isValid && bounds.southWest.longitude == -1 && bounds.northEast.latitude == 1)
    #expect(bounds.contains(CLLocationCoordinate2D(latitude: 0.5, longitude: 0)))
    #expect(!GMSCoordinateBounds().isValid)
  }
}

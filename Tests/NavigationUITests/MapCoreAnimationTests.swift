import Foundation
import NavigationCore
import Testing
import ViewKit

@testable import NavigationUI

/// Core Animation on the map: marker and camera layers, transactions and their clock.
@MainActor
@Suite struct MapCoreAnimationTests {
  static let monaco = CLLocationCoordinate2D(latitude: 43.7384, longitude: 7.4246)
  static let east = CLLocationCoordinate2D(latitude: 43.7384, longitude: 7.4346)

  static func map() throws -> Harness {
    let h = try Harness(delegate: nil)
    h.mapView.camera = GMSCameraPosition(target: monaco, zoom: 15)
    return h
  }

  @Test func aMarkerMovedInATwoSecondTransactionIsDrawnHalfWayAtOneSecond() throws {
    let h = try Self.map()
    let marker = GMSMarker(position: Self.monaco)
    marker.map = h.mapView
    var completions: [TimeInterval] = []
    CATransaction.begin()
    CATransaction.setAnimationDuration(2.0)
    CATransaction.setCompletionBlock {
      completions.append(h.clock.now)
      marker.rotation = 45
    }
    marker.position = Self.east
    marker.rotation = 90
    CATransaction.commit()
    // The model is final at once; what is drawn moves on the clock.
    #expect(marker.position.longitude == Self.east.longitude && marker.rotation == 90)
    let projection = h.mapView.projection
    let start = projection.point(for: Self.monaco)
    let end = projection.point(for: Self.east)
    func drawnPoint() -> CGPoint {
      projection.point(for: marker.presented(at: h.clock.now).position)
    }
    #expect(abs(drawnPoint().x - start.x) < 0.01)
    h.clock.advance(by: 1)
    #expect(abs(drawnPoint().x - (start.x + end.x) / 2) < 0.01)
    #expect(abs(marker.presented(at: h.clock.now).rotation - 45) < 1e-9)
    #expect(completions.isEmpty)
    h.clock.advance(by: 1)
    #expect(abs(drawnPoint().x - end.x) < 0.01)
    #expect(completions == [2])
    // The completion block's change was made outside the transaction: immediate.
    #expect(marker.rotation == 45 && marker.presented(at: h.clock.now).rotation == 45)
    h.clock.advance(by: 3)
    #expect(completions == [2])
  }

  @Test func markerLayerPropertiesAndBasicAnimations() throws {
    let h = try Self.map()
    let marker = GMSMarker(position: Self.monaco)
    marker.map = h.mapView
    marker.layer.longitude = Self.east.longitude  // outside a transaction: at once
    #expect(marker.position.longitude == Self.east.longitude)
    #expect(marker.layer.value(forKey: kGMSMarkerLayerLatitude) as? Double == Self.monaco.latitude)
    marker.layer.opacity = 0.5
    #expect(marker.opacity == 0.5)
    let fade = CABasicAnimation(keyPath: kGMSMarkerLayerOpacity)
    fade.fromValue = 0
    fade.toValue = 1
    fade.duration = 2
    marker.layer.add(fade, forKey: "fade")
    h.clock.advance(by: 0.5)
    #expect(abs(marker.presented(at: h.clock.now).opacity - 0.25) < 1e-6)
    marker.layer.removeAnimation(forKey: "fade")  // the model shows again
    #expect(marker.presented(at: h.clock.now).opacity == 0.5)
    #expect(marker.layer.animationKeys() == nil)
  }

  @Test func iconViewsAndPresentationCopiesFollowTheAnimation() throws {
    let h = try Self.map()
    let marker = GMSMarker(position: Self.monaco)
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
    marker.iconView = view
    marker.map = h.mapView
    let projection = h.mapView.projection
    let start = projection.point(for: Self.monaco)
    let end = projection.point(for: Self.east)
    CATransaction.begin()
    CATransaction.setAnimationDuration(2)
    marker.position = Self.east
    marker.opacity = 0
    CATransaction.commit()
    #expect(abs(view.frame.midX - start.x) < 0.01)
    h.clock.advance(by: 1)
    // The icon view is moved on each frame of the clock.
    #expect(abs(view.frame.midX - (start.x + end.x) / 2) < 0.01)
    #expect(abs(view.alpha - 0.5) < 1e-6)
    let copy = try #require(marker.layer.presentation())
    #expect(abs(copy.longitude - (Self.monaco.longitude + Self.east.longitude) / 2) < 1e-9)
    #expect(abs(copy.opacity - 0.5) < 1e-6)
    #expect(copy.presentation() == nil)
    h.clock.advance(by: 1.1)
    #expect(abs(view.frame.midX - end.x) < 0.01 && view.alpha == 0)
    // The map layer's presentation copy is the camera on screen.
    h.mapView.animate(toZoom: 17)
    h.clock.advance(by: 0.25)
    let shown = try #require(h.mapView.layer.presentation())
    #expect(shown.cameraZoomLevel > 15 && shown.cameraZoomLevel < 17)
    #expect(abs(shown.cameraZoomLevel - h.mapView.camera.zoom) < 0.1)
  }

  @Test func disabledActionsMoveAMarkerAtOnce() throws {
    let h = try Self.map()
    let marker = GMSMarker(position: Self.monaco)
    marker.map = h.mapView
    CATransaction.begin()
    CATransaction.setAnimationDuration(2)
    CATransaction.setDisableActions(true)
    marker.position = Self.east
    CATransaction.commit()
    #expect(marker.presented(at: h.clock.now).position.longitude == Self.east.longitude)
    #expect(marker.layer.animationKeys() == nil)
  }

  @Test func animateToInAOneSecondTransactionTakesOneSecond() throws {
    let h = try Self.map()
    let recorder = CameraRecorder()
    h.mapView.delegate = recorder
    let target = GMSCameraPosition(target: Self.east, zoom: 17)
    var done: TimeInterval?
    CATransaction.begin()
    CATransaction.setValue(1, forKey: kCATransactionAnimationDuration)
    CATransaction.setCompletionBlock { done = h.clock.now }
    h.mapView.animate(to: target)
    CATransaction.commit()
    // Past the default 0.5 s it is still moving, along the default ease.
    h.clock.advance(by: 0.6)
    #expect(h.mapView.isAnimatingCamera)
    #expect(h.mapView.camera.zoom > 15 && h.mapView.camera.zoom < 17)
    #expect(done == nil)
    h.mapView.stepCameraAnimation(at: 1.0)
    #expect(h.mapView.camera.zoom == 17)
    #expect(abs(h.mapView.camera.target.longitude - Self.east.longitude) < 1e-9)
    #expect(!h.mapView.isAnimatingCamera)
    h.clock.advance(by: 0.5)
    #expect(done != nil && done! <= 1.05)
    #expect(recorder.log == ["willMove false", "idle"])
    // Outside a transaction the default duration applies again.
    h.mapView.animate(toZoom: 15)
    h.clock.advance(by: 0.55)
    #expect(!h.mapView.isAnimatingCamera && h.mapView.camera.zoom == 15)
  }

  @Test func aZoomAnimationOnTheMapLayerFollowsItsTimingFunction() throws {
    let h = try Self.map()
    let recorder = CameraRecorder()
    h.mapView.delegate = recorder
    let zoom = CABasicAnimation(keyPath: kGMSLayerCameraZoomLevelKey)
    zoom.fromValue = 10
    zoom.toValue = 15
    zoom.duration = 2
    zoom.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    let layer: GMSMapLayer = h.mapView.layer
    layer.add(zoom, forKey: "zoom")
    #expect(h.mapView.isAnimatingCamera)
    h.mapView.stepCameraAnimation(at: 0.5)
    // 10 + 5 × the ease-in-out Bézier at a quarter of the time (0.129162).
    #expect(abs(Double(h.mapView.camera.zoom) - 10.64581) < 1e-3)
    h.mapView.stepCameraAnimation(at: 1.0)
    #expect(abs(Double(h.mapView.camera.zoom) - 12.5) < 1e-4)
    #expect(layer.cameraZoomLevel == 15)  // the model
    h.clock.advance(by: 2.1)
    #expect(!h.mapView.isAnimatingCamera)
    #expect(h.mapView.camera.zoom == 15)
    #expect(recorder.log == ["willMove false", "idle"])
    #expect(recorder.changes.count > 100)
  }

  @Test func removingTheCameraAnimationShowsTheModelCamera() throws {
    let h = try Self.map()
    let tilt = CABasicAnimation(keyPath: kGMSLayerCameraViewingAngleKey)
    tilt.fromValue = 0
    tilt.toValue = 40
    tilt.duration = 2
    h.mapView.layer.add(tilt, forKey: "tilt")
    h.clock.advance(by: 1)
    #expect(abs(h.mapView.camera.viewingAngle - 20) < 1)
    h.mapView.layer.removeAnimation(forKey: "tilt")
    h.clock.advance(by: 0.1)
    #expect(h.mapView.camera.viewingAngle == 0)
    #expect(!h.mapView.isAnimatingCamera)
    h.clock.advance(by: 2)
    #expect(h.mapView.camera.viewingAngle == 0)
  }

  @Test func mapLayerCameraPropertiesMoveTheCameraAtOnceOrInATransaction() throws {
    let h = try Self.map()
    let recorder = CameraRecorder()
    h.mapView.delegate = recorder
    h.mapView.layer.cameraBearing = 90
    #expect(h.mapView.camera.bearing == 90)
    h.mapView.layer.cameraLongitude = 190  // wrapped into −180..<180
    #expect(abs(h.mapView.camera.target.longitude - -170) < 1e-9)
    h.mapView.layer.cameraLongitude = Self.monaco.longitude
    #expect(
      recorder.log == [
        "willMove false", "idle", "willMove false", "idle", "willMove false", "idle",
      ])
    recorder.log = []
    CATransaction.begin()
    CATransaction.setAnimationDuration(1)
    h.mapView.layer.cameraBearing = 180
    h.mapView.layer.cameraZoomLevel = 17
    CATransaction.commit()
    #expect(h.mapView.layer.cameraBearing == 180 && h.mapView.camera.bearing == 90)
    h.clock.advance(by: 0.5)
    #expect(abs(h.mapView.camera.bearing - 135) < 1e-6)
    #expect(abs(h.mapView.camera.zoom - 16) < 1e-4)
    // A camera move by the app stops the animation where it is.
    h.mapView.moveCamera(GMSCameraUpdate.zoom(by: 0))
    #expect(!h.mapView.isAnimatingCamera)
    h.clock.advance(by: 1)
    #expect(abs(h.mapView.camera.bearing - 135) < 1e-6)
    #expect(h.mapView.layer.animationKeys() == nil)
    // The bearing turns the short way, through north.
    h.mapView.layer.cameraBearing = 350
    CATransaction.begin()
    CATransaction.setAnimationDuration(1)
    h.mapView.layer.cameraBearing = 10
    CATransaction.commit()
    h.clock.advance(by: 0.25)
    h.mapView.stepCameraAnimation(at: h.clock.now)  // as a renderer does for its frame
    #expect(abs(h.mapView.camera.bearing - 355) < 1e-6)
    h.clock.advance(by: 0.5)
    h.mapView.stepCameraAnimation(at: h.clock.now)
    #expect(abs(h.mapView.camera.bearing - 5) < 1e-6)
  }

  /// App code as written against the Maps SDK for iOS, with only the import changed.
  @Test func commonAppSnippetsCompileAndRun() throws {
    let h = try Self.map()
    let mapView = h.mapView
    let marker = GMSMarker(position: Self.monaco)
    marker.map = mapView
    let heading: CLLocationDirection = 30
    let newCoordinate = Self.east
    CATransaction.begin()
    CATransaction.setAnimationDuration(2.0)
    CATransaction.setCompletionBlock { marker.rotation = heading }
    marker.position = newCoordinate
    marker.rotation = 10
    CATransaction.commit()

    CATransaction.begin()
    CATransaction.setValue(2.0, forKey: kCATransactionAnimationDuration)
    CATransaction.setValue(NSNumber(value: true), forKey: kCATransactionDisableActions)
    CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeInEaseOut))
    CATransaction.setAnimationTimingFunction(
      CAMediaTimingFunction(name: CAMediaTimingFunctionName.linear))
    CATransaction.setDisableActions(false)
    marker.opacity = 0.5
    CATransaction.commit()

    CATransaction.begin(); CATransaction.setValue(1, forKey: kCATransactionAnimationDuration)
    mapView.animate(to: GMSCameraPosition.camera(withTarget: newCoordinate, zoom: 16))
    CATransaction.commit()

    let a = CABasicAnimation(keyPath: kGMSLayerCameraZoomLevelKey)
    a.fromValue = 10; a.toValue = 15; a.duration = 2
    mapView.layer.add(a, forKey: "zoom")
    mapView.layer.cameraBearing = 90
    mapView.layer.cameraLatitude = newCoordinate.latitude
    let zoom: Float = mapView.layer.cameraZoomLevel
    let angle: Double = mapView.layer.cameraViewingAngle
    _ = (zoom, angle, mapView.layer.cameraLongitude)

    let markerLayer: GMSMarkerLayer = marker.layer
    let overlayLayer: GMSOverlayLayer = markerLayer
    let base: CALayer = overlayLayer
    let lat = CABasicAnimation(keyPath: kGMSMarkerLayerLatitude)
    lat.fromValue = NSNumber(value: marker.layer.latitude)
    lat.toValue = NSNumber(value: marker.layer.latitude + 0.001)
    lat.duration = 1.5
    lat.timingFunction = CAMediaTimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)
    lat.isRemovedOnCompletion = false
    lat.fillMode = CAMediaTimingFillMode.forwards
    base.add(lat, forKey: "lat")
    for key in [kGMSMarkerLayerLongitude, kGMSMarkerLayerRotation, kGMSMarkerLayerOpacity] {
      let animation = CABasicAnimation(keyPath: key)
      animation.byValue = 1
      marker.layer.add(animation, forKey: key)
    }
    marker.layer.rotation = 12
    marker.layer.opacity = 1
    _ = (marker.layer.longitude, marker.layer.animation(forKey: "lat"))
    marker.layer.removeAllAnimations()
    let mapLayer: GMSMapLayer = mapView.layer
    _ = mapLayer.animationKeys()
    CATransaction.flush()
    h.clock.advance(by: 3)
    #expect(marker.rotation == heading)
    // The layer's zoom animation stopped `animate(to:)` where it was (zoom 15) and ended at
    // the layer's model camera.
    #expect(mapView.camera.bearing == 90 && mapView.camera.zoom == 15)
  }
}

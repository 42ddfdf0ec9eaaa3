import Foundation
import NavigationCore
import NavigationUI
import Testing
import ViewKit

/// A class shaped like Google's Flutter plugin view: an NSObject that becomes the map
/// delegate in an extension.
final class PluginLikeView: NSObject {
  var events: [String] = []
}

extension PluginLikeView: GMSMapViewDelegate {
  public func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D) {
    events.append("tap")
  }
  public func mapView(_ mapView: GMSMapView, didLongPressAt coordinate: CLLocationCoordinate2D) {}
  public func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool { false }
  public func mapView(_ mapView: GMSMapView, didBeginDragging marker: GMSMarker) {}
  public func mapView(_ mapView: GMSMapView, didEndDragging marker: GMSMarker) {}
  public func mapView(_ mapView: GMSMapView, didDrag marker: GMSMarker) {}
  public func mapView(_ mapView: GMSMapView, didTapInfoWindowOf marker: GMSMarker) {}
  public func mapView(_ mapView: GMSMapView, didCloseInfoWindowOf marker: GMSMarker) {}
  public func mapView(_ mapView: GMSMapView, didLongPressInfoWindowOf marker: GMSMarker) {}
  public func mapView(_ mapView: GMSMapView, didTap overlay: GMSOverlay) {}
  public func mapView(_ mapView: GMSMapView, didTapMyLocation location: CLLocationCoordinate2D) {}
  public func didTapMyLocationButton(for mapView: GMSMapView) -> Bool { false }
  public func mapView(
    _ mapView: GMSMapView, didTapPOIWithPlaceID placeID: String, name: String,
    location: CLLocationCoordinate2D
  ) {}
  public func mapView(_ mapView: GMSMapView, willMove gesture: Bool) {
    events.append("willMove")
  }
  public func mapView(_ mapView: GMSMapView, idleAt position: GMSCameraPosition) {
    events.append("idle")
  }
  public func mapView(_ mapView: GMSMapView, didChange position: GMSCameraPosition) {}
}

/// The statements Google's Flutter and React Native plugins make against the map API, in
/// Swift, compiled and run.
@MainActor
@Suite struct MapClientCompatibilityTests {
  @Test func pluginStatementsCompileAndBehave() throws {
    let mapView = GMSMapView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    let view = PluginLikeView()
    mapView.delegate = view
    let point = CLLocationCoordinate2D(latitude: 43.7384, longitude: 7.4246)
    let zoom: Double = 15
    let padding: Double = 20
    mapView.moveCamera(GMSCameraUpdate.setTarget(point, zoom: Float(zoom)))
    mapView.animate(with: GMSCameraUpdate.setTarget(point))
    mapView.animate(with: GMSCameraUpdate.scrollBy(x: CGFloat(10), y: CGFloat(-5)))
    mapView.moveCamera(GMSCameraUpdate.zoom(by: Float(1), at: CGPoint(x: 10, y: 10)))
    mapView.moveCamera(GMSCameraUpdate.zoom(to: Float(zoom)))
    let bounds = GMSCoordinateBounds(region: mapView.projection.visibleRegion())
    mapView.moveCamera(GMSCameraUpdate.fit(bounds, withPadding: padding))
    let camera = mapView.camera
    mapView.animate(
      to: GMSCameraPosition(
        target: camera.target, zoom: camera.zoom, bearing: 0.0, viewingAngle: 0.0))
    mapView.animate(toZoom: 12)
    mapView.moveCamera(GMSCameraUpdate.setCamera(camera))
    mapView.setMinZoom(kGMSMinZoomLevel, maxZoom: kGMSMaxZoomLevel)
    if mapView.minZoom > mapView.maxZoom { Issue.record("limits") }
    mapView.mapType = .hybrid
    #expect(mapView.mapType == .hybrid)
    mapView.mapStyle = try GMSMapStyle(jsonString: "[]")
    mapView.isTrafficEnabled = true
    mapView.overrideUserInterfaceStyle = .dark
    mapView.settings.allowScrollGesturesDuringRotateOrZoom = false
    mapView.settings.consumesGesturesInView = true
    mapView.padding = UIEdgeInsets(top: CGFloat(1), left: 2, bottom: 3, right: 4)

    let marker = GMSMarker()
    marker.isDraggable = true
    marker.isFlat = false
    marker.isTappable = true
    marker.rotation = 10
    marker.title = "t"
    marker.snippet = "s"
    marker.position = point
    marker.opacity = Float(0.5)
    marker.zIndex = Int32(2)
    marker.groundAnchor = CGPoint(x: 0.5, y: 1)
    marker.infoWindowAnchor = CGPoint(x: 0.5, y: 0)
    marker.icon = nil
    marker.userData = ["markerId": "m1"]
    marker.map = mapView
    #expect((marker.userData as? [String: String])?["markerId"] == "m1")
    #expect(marker.map === mapView)

    let path = GMSMutablePath()
    path.addLatitude(43.73, longitude: 7.42)
    path.addLatitude(43.74, longitude: 7.43)
    let polyline = GMSPolyline(path: path)
    polyline.isTappable = true
    polyline.geodesic = true
    polyline.strokeColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    let width: Double? = 3
    polyline.strokeWidth = width ?? polyline.strokeWidth
    polyline.zIndex = Int32(1)
    polyline.spans = [
      GMSStyleSpan(style: .solidColor(.red), segments: 1),
      GMSStyleSpan(style: .gradient(from: .green, to: .blue), segments: 1),
    ]
    polyline.map = mapView
    let points = (0..<(polyline.path?.count() ?? 0)).map { index in
      polyline.path!.coordinate(at: index)
    }
    #expect(points.count == 2)

    let polygon = GMSPolygon(path: path)
    polygon.holes = [GMSMutablePath()]
    polygon.fillColor = .blue
    polygon.strokeColor = .black
    polygon.strokeWidth = 2
    polygon.geodesic = false
    polygon.map = mapView
    _ = polygon.holes?.map { $0.count() }

    let circle = GMSCircle(position: point, radius: 100)
    circle.radius = 50
    circle.strokeColor = .black
    circle.fillColor = nil
    circle.strokeWidth = 1
    circle.map = mapView

    let ground = GMSGroundOverlay(bounds: bounds, icon: UIImage(size: CGSize(width: 4, height: 4)))
    ground.bearing = 30
    ground.opacity = 0.5
    ground.map = mapView
    let placed = GMSGroundOverlay(position: point, icon: nil, zoomLevel: CGFloat(14))
    placed.anchor = CGPoint(x: 0.5, y: 0.5)
    #expect(mapView.overlaysInDrawingOrder.count == 5)
    mapView.clear()
    #expect(mapView.overlaysInDrawingOrder.isEmpty)

    let encoded = GMSPath(fromEncodedPath: path.encodedPath())
    #expect(encoded?.count() == 2)
    _ = GMSMarker.markerImage(with: nil)
    _ = GMSCameraPosition.camera(withLatitude: 1, longitude: 2, zoom: 3)
    #expect(view.events.contains("willMove") && view.events.contains("idle"))
  }
}

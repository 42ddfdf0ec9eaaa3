import Foundation
import NavigationCore
import NavigationUI
import Rendering
import ViewKit

extension DemoSession {
  /// The custom style of ``mapScreenPNG(size:)``: muted land, teal water, no local street
  /// names, darker highways.
  static let mapScreenStyle = """
    [
      {"featureType": "landscape", "stylers": [{"color": "#ebe3cd"}]},
      {"featureType": "water", "elementType": "geometry", "stylers": [{"color": "#7ec4c1"}]},
      {"featureType": "poi.park", "stylers": [{"color": "#a5c98b"}]},
      {"featureType": "road.highway", "elementType": "geometry", "stylers": [{"color": "#e98d58"}]},
      {"featureType": "road.arterial", "stylers": [{"lightness": 20}, {"saturation": -40}]},
      {"featureType": "road.local", "elementType": "labels", "stylers": [{"visibility": "off"}]}
    ]
    """

  /// A plain map screen (no navigation UI) over the session's base map: the route as a
  /// polyline with a green-to-red gradient span, a circle around the start, markers at the
  /// start, the destination (selected, its info window open) and along the way, in
  /// ``mapScreenStyle``, the camera fitted to the route.
  public func mapScreenPNG(size: CGSize = CGSize(width: 390, height: 560)) throws(DemoError)
    -> Data
  {
    guard case .success(let map) = baseMap, let route, route.geometry.count >= 2 else {
      throw .render("no map or route")
    }
    let screen = UIWindow(frame: CGRect(origin: .zero, size: size), clock: ManualClock())
    let mapView = GMSMapView(frame: screen.bounds)
    screen.addSubview(mapView)
    do { mapView.mapStyle = try GMSMapStyle(jsonString: Self.mapScreenStyle) } catch {
      throw .render("\(error)")
    }
    let points = route.geometry
    let path = GMSPath(coordinates: points)
    mapView.moveCamera(GMSCameraUpdate.fit(GMSCoordinateBounds(path: path), withPadding: 48))
    let line = GMSPolyline(path: path)
    line.strokeWidth = 6
    line.spans = [
      GMSStyleSpan(
        style: .gradient(from: UIColor(rgb: 0x34A853), to: UIColor(rgb: 0xEA4335)),
        segments: Double(points.count - 1))
    ]
    line.map = mapView
    let circle = GMSCircle(position: points[0], radius: 60)
    circle.fillColor = UIColor(rgb: 0x1A73E8).withAlphaComponent(0.2)
    circle.strokeColor = UIColor(rgb: 0x1A73E8)
    circle.strokeWidth = 2
    circle.map = mapView
    let start = GMSMarker(position: points[0])
    start.icon = GMSMarker.markerImage(with: UIColor(rgb: 0x34A853))
    start.title = "Start"
    start.map = mapView
    for fraction in [0.25, 0.5, 0.75] {
      let stop = GMSMarker(position: points[Int(Double(points.count - 1) * fraction)])
      stop.icon = GMSMarker.markerImage(with: UIColor(rgb: 0xFBBC04))
      stop.map = mapView
    }
    let end = GMSMarker(position: points[points.count - 1])
    end.title = configuration.destinationTitle
    end.snippet = "Destination"
    end.map = mapView
    mapView.selectedMarker = end
    do {
      return try Renderer(scale: 2).png(window: screen, map: mapView.mapLayer(baseMap: map))
    } catch { throw .render(error.description) }
  }
}

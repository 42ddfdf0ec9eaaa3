import Foundation
import NavigationCore
import NavigationUI
import Testing
import ViewKit

@MainActor
@Suite struct MapOverlayTests {
  static let monaco = CLLocationCoordinate2D(latitude: 43.7384, longitude: 7.4246)

  static func mapView() -> GMSMapView {
    let mapView = GMSMapView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
    mapView.camera = GMSCameraPosition(target: monaco, zoom: 17)
    return mapView
  }

  @Test func markersJoinAndLeaveTheMap() {
    let mapView = Self.mapView()
    let a = GMSMarker(position: Self.monaco)
    let b = GMSMarker(position: Self.monaco)
    a.map = mapView
    b.map = mapView
    #expect(mapView.overlaysInDrawingOrder.count == 2)
    a.map = nil
    #expect(mapView.overlaysInDrawingOrder == [b])
    let line = GMSPolyline(path: GMSPath(coordinates: [Self.monaco, Self.monaco]))
    line.map = mapView
    mapView.clear()
    #expect(mapView.overlaysInDrawingOrder.isEmpty)
    #expect(b.map == nil && line.map == nil)
  }

  @Test func drawingOrderFollowsKindsThenZIndexWithMarkersOnTop() {
    let mapView = Self.mapView()
    let marker = GMSMarker(position: Self.monaco)
    let line = GMSPolyline()
    let polygon = GMSPolygon()
    let ground = GMSGroundOverlay()
    let circle = GMSCircle(position: Self.monaco, radius: 10)
    for overlay in [marker, line, polygon, ground, circle] as [GMSOverlay] { overlay.map = mapView }
    #expect(mapView.overlaysInDrawingOrder == [ground, polygon, circle, line, marker])
    polygon.zIndex = 5
    marker.zIndex = -3
    #expect(mapView.overlaysInDrawingOrder == [ground, circle, line, polygon, marker])
  }

  @Test func aMarkerIsHitAtItsPictureAndNotOnePointOutside() {
    let mapView = Self.mapView()
    let marker = GMSMarker(position: Self.monaco)
    marker.map = mapView
    let frame = mapView.frame(of: marker)
    #expect(frame == CGRect(x: 150 - 13.5, y: 150 - 43, width: 27, height: 43))
    #expect(mapView.overlay(at: CGPoint(x: frame.minX + 0.5, y: frame.minY + 0.5)) === marker)
    #expect(mapView.overlay(at: CGPoint(x: frame.maxX - 0.5, y: frame.maxY - 0.5)) === marker)
    #expect(mapView.overlay(at: CGPoint(x: frame.maxX + 0.5, y: frame.midY)) == nil)
    #expect(mapView.overlay(at: CGPoint(x: frame.minX - 0.5, y: frame.midY)) == nil)
    #expect(mapView.overlay(at: CGPoint(x: frame.midX, y: frame.maxY + 0.5)) == nil)
    // The front-most of two overlapping markers.
    let front = GMSMarker(position: Self.monaco)
    front.zIndex = 1
    front.map = mapView
    #expect(mapView.overlay(at: CGPoint(x: 150, y: 140)) === front)
    // Anchors move the picture.
    front.groundAnchor = CGPoint(x: 0, y: 0)
    #expect(mapView.frame(of: front).origin == CGPoint(x: 150, y: 150))
  }

  @Test func tappableShapesAreHit() {
    let mapView = Self.mapView()
    let p = mapView.projection
    let line = GMSPolyline(
      path: GMSPath(coordinates: [
        p.coordinate(for: CGPoint(x: 20, y: 250)), p.coordinate(for: CGPoint(x: 280, y: 250)),
      ]))
    line.strokeWidth = 6
    line.map = mapView
    #expect(mapView.overlay(at: CGPoint(x: 100, y: 252)) == nil)  // not tappable
    line.isTappable = true
    #expect(mapView.overlay(at: CGPoint(x: 100, y: 252)) === line)
    #expect(mapView.overlay(at: CGPoint(x: 100, y: 265)) == nil)
    let square = GMSPath(
      coordinates: [(40, 40), (120, 40), (120, 120), (40, 120)].map {
        p.coordinate(for: CGPoint(x: $0.0, y: $0.1))
      })
    let hole = GMSPath(
      coordinates: [(60, 60), (100, 60), (100, 100), (60, 100)].map {
        p.coordinate(for: CGPoint(x: $0.0, y: $0.1))
      })
    let polygon = GMSPolygon(path: square)
    polygon.holes = [hole]
    polygon.isTappable = true
    polygon.map = mapView
    #expect(mapView.overlay(at: CGPoint(x: 50, y: 50)) === polygon)
    #expect(mapView.overlay(at: CGPoint(x: 80, y: 80)) == nil)
  }

  @Test func selectingAMarkerShowsItsInfoWindowAboveIt() {
    let mapView = Self.mapView()
    let marker = GMSMarker(position: Self.monaco)
    marker.title = "Casino"
    marker.snippet = "Place du Casino"
    marker.map = mapView
    mapView.selectedMarker = marker
    let window = mapView.infoWindowView
    #expect(window != nil)
    #expect(window?.superview === mapView)
    #expect(abs((window?.frame.maxY ?? 0) - (150 - 43)) < 0.01)
    #expect(abs((window?.frame.midX ?? 0) - 150) < 0.01)
    // The window follows the camera.
    mapView.moveCamera(.scrollBy(x: 0, y: 50))
    #expect(abs((window?.frame.maxY ?? 0) - (100 - 43)) < 0.5)
    marker.map = nil
    #expect(mapView.selectedMarker == nil && mapView.infoWindowView == nil)
  }

  @Test func mapStylesParseAndReportBadInput() throws {
    let style = try GMSMapStyle(
      jsonString: """
        [{"featureType": "road.highway", "elementType": "geometry", "stylers": [{"color": "#ff0000"}, {"weight": 2}]},
         {"featureType": "moon", "stylers": [{"sparkle": 3}]}]
        """)
    #expect(style.rules.count == 2)
    #expect(style.rules[0].stylers == [.color(0xFF0000), .weight(2)])
    #expect(style.warnings.contains { $0.contains("moon") })
    #expect(style.warnings.contains { $0.contains("sparkle") })
    #expect(throws: GMSMapStyleError.self) { try GMSMapStyle(jsonString: "[{") }
    do {
      _ = try GMSMapStyle(jsonString: #"[{"stylers": [{"color": "red"}]}]"#)
      Issue.record("a bad colour must throw")
    } catch let error as GMSMapStyleError {
      #expect(error.message.contains("rule 0, styler 0"))
    }
    #expect(throws: GMSMapStyleError.self) {
      try GMSMapStyle(contentsOfFileURL: URL(fileURLWithPath: "/nonexistent/style.json"))
    }
  }
}

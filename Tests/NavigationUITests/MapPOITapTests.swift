import Foundation
import NavigationCore
import NavigationUI
import Testing
import ViewKit

/// Records taps on places and on the map.
@MainActor
final class PlaceTapRecorder: GMSMapViewDelegate {
  var places: [(placeID: String, name: String, location: CLLocationCoordinate2D)] = []
  var mapTaps = 0
  func mapView(
    _ mapView: GMSMapView, didTapPOIWithPlaceID placeID: String, name: String,
    location: CLLocationCoordinate2D
  ) { places.append((placeID, name, location)) }
  func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D) {
    mapTaps += 1
  }
}

/// Taps on the OpenStreetMap data's named places (the bundled Monaco map).
@MainActor
@Suite struct MapPOITapTests {
  /// Monaco's sorting office, a named `amenity=post_office` node.
  static let postOffice = CLLocationCoordinate2D(latitude: 43.7383751, longitude: 7.4247466)

  let clock = ManualClock()
  let window: UIWindow
  let mapView: GMSMapView
  let recorder = PlaceTapRecorder()

  init() {
    window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300), clock: clock)
    mapView = GMSMapView(frame: window.bounds)
    window.addSubview(mapView)
    mapView.camera = GMSCameraPosition(target: Self.postOffice, zoom: 18)
    mapView.delegate = recorder
  }

  func tap(_ point: CGPoint) {
    window.sendTouches([(1, .began, point)])
    clock.advance(by: 0.05)
    window.sendTouches([(1, .ended, point)])
    clock.advance(by: 0.4)
  }

  @Test func theIndexHoldsMonacosNamedAmenitiesShopsAndTouristPlaces() throws {
    let index = try #require(GMSPlaceResolver.index)
    #expect(index.pointsOfInterest.count > 300)
    let office = try #require(index.pointsOfInterest.first { $0.placeID == "osm:node/1800378855" })
    #expect(office.name == "La Poste - Centre de Tri")
    #expect(Geodesy.distance(office.location, Self.postOffice) < 0.1)
    // Nearest within the radius; nothing beyond it.
    let near = Geodesy.destination(from: Self.postOffice, distance: 8, bearing: 200)
    #expect(index.pointOfInterest(near: near, within: 10)?.placeID == office.placeID)
    #expect(index.pointOfInterest(near: near, within: 7) == nil)
    #expect(index.pointOfInterest(near: near, within: -1) == nil)
  }

  @Test func aTapNearANamedPlaceReportsItsPlaceIDNameAndLocation() throws {
    let at = mapView.projection.point(for: Self.postOffice)
    tap(CGPoint(x: at.x + 6, y: at.y - 5))
    #expect(recorder.mapTaps == 0)
    let place = try #require(recorder.places.first)
    #expect(recorder.places.count == 1)
    #expect(place.name == "La Poste - Centre de Tri")
    #expect(place.placeID == "osm:node/1800378855")
    #expect(Geodesy.distance(place.location, Self.postOffice) < 0.1)
    // The place ID routes: the resolver knows it.
    let resolved = try #require(GMSPlaceResolver.resolve(place.placeID))
    #expect(Geodesy.distance(resolved, Self.postOffice) < 0.1)
  }

  @Test func hiddenPlacesAndTheEmptyMapTypeGiveMapTaps() throws {
    let at = mapView.projection.point(for: Self.postOffice)
    mapView.mapStyle = try GMSMapStyle(
      jsonString: #"[{"featureType": "poi", "stylers": [{"visibility": "off"}]}]"#)
    tap(at)
    #expect(recorder.places.isEmpty && recorder.mapTaps == 1)
    mapView.mapStyle = try GMSMapStyle(
      jsonString: #"[{"featureType": "poi.park", "stylers": [{"visibility": "off"}]}]"#)
    tap(at)
    #expect(recorder.places.count == 1)
    mapView.mapStyle = nil
    mapView.mapType = .none
    tap(at)
    #expect(recorder.places.count == 1 && recorder.mapTaps == 2)
  }
}

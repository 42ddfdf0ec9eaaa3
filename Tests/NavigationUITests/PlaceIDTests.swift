import Foundation
import NavigationCore
import NavigationUI
import Testing
import ViewKit

/// `placeID` resolves within 5 cm of (`latitude`, `longitude`) (the PBF stores 1e-7°).
@MainActor
func expectPlace(
  _ placeID: String, _ latitude: Double, _ longitude: Double,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let expected = CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
  guard let found = GMSPlaceResolver.resolve(placeID) else {
    Issue.record("\(placeID) did not resolve", sourceLocation: sourceLocation)
    return
  }
  #expect(Geodesy.distance(found, expected) < 0.05, sourceLocation: sourceLocation)
}

@MainActor
@Suite struct PlaceIDTests {
  // Expected coordinates read from the map's OSM XML (monaco-center-roads.osm), not from the
  // implementation.
  @Test func elementReferencesNamesAndAddressesResolveOffline() {
    expectPlace("osm:node/272637923", 43.7399476, 7.4275372)
    expectPlace("osm:way/4229658", 43.7393211, 7.4272412)
    expectPlace("place du casino", 43.7399476, 7.4275372)
    expectPlace("63 Boulevard du Jardin Exotique", 43.7350225, 7.4153585)
    expectPlace("Cimetiere", 43.7292533, 7.4129574)  // accents folded
    #expect(GMSPlaceResolver.resolve("osm:node/1") == nil)
    #expect(GMSPlaceResolver.resolve("ChIJH-tBOc4EdkgRJ8aJ8P1CUxo") == nil)
  }

  @Test func unknownPlaceIDIsAWaypointErrorNotNil() throws {
    let h = try Harness(delegate: nil)
    h.mapView.isNavigationEnabled = true
    h.mapView.locationSimulator?.simulateLocation(at: Harness.origin)
    let unknown = try #require(GMSNavigationWaypoint(placeID: "ChIJnowhere", title: "Nowhere"))
    #expect(!CLLocationCoordinate2DIsValid(unknown.coordinate))
    #expect(GMSNavigationWaypoint(placeID: " ", title: "empty") == nil)
    var statuses: [GMSRouteStatus] = []
    h.navigator.setDestinations([unknown]) { statuses.append($0) }
    let casino = try #require(GMSNavigationWaypoint(placeID: "osm:way/4229658", title: "Casino"))
    h.navigator.setDestinations([casino]) { statuses.append($0) }
    h.clock.advance(by: 0)
    #expect(statuses == [.waypointError, .OK])
    let end = try #require(h.navigator.currentRoute?.geometry.last)
    #expect(
      Geodesy.distance(end, CLLocationCoordinate2D(latitude: 43.7393211, longitude: 7.4272412)) < 60
    )
  }

  @Test func appResolverComesFirst() throws {
    defer { GMSPlaceResolver.custom = nil }
    GMSPlaceResolver.custom = { $0 == "home" ? Harness.casino : nil }
    #expect(GMSPlaceResolver.resolve("home") == Harness.casino)
    #expect(GMSPlaceResolver.resolve("osm:way/4229658") != nil)  // falls through
  }

  @Test func waypointPreferencesAndMutableCopy() throws {
    let a = try #require(
      GMSNavigationWaypoint(location: Harness.casino, title: "A", preferSameSideOfRoad: true))
    #expect(a.preferSameSideOfRoad && a.preferredHeading == -1 && !a.vehicleStopover)
    let b = try #require(
      GMSNavigationWaypoint(location: Harness.casino, title: "B", preferredSegmentHeading: 90))
    #expect(b.preferredHeading == 90 && !b.preferSameSideOfRoad)
    #expect(
      GMSNavigationWaypoint(location: Harness.casino, title: "C", preferredSegmentHeading: 400)
        == nil)
    let m = a.mutableCopy()
    m.preferredHeading = 180
    #expect(m.preferredHeading == 180 && !m.preferSameSideOfRoad)
    m.vehicleStopover = true
    #expect(m.vehicleStopover && !a.vehicleStopover)
  }

  @Test func continueToNextDestinationAndRouteToken() throws {
    let h = try Harness(delegate: nil)
    h.mapView.isNavigationEnabled = true
    h.mapView.locationSimulator?.simulateLocation(at: Harness.origin)
    let stop = try #require(
      GMSNavigationWaypoint(placeID: "osm:node/1770577834", title: "Louis II"))
    let casino = try #require(GMSNavigationWaypoint(placeID: "place du casino", title: "Casino"))
    var statuses: [GMSRouteStatus] = []
    h.navigator.setDestinations([stop, casino], routeToken: "token-1") { statuses.append($0) }
    h.clock.advance(by: 0)
    #expect(statuses == [.OK])
    #expect(h.navigator.routeToken == "token-1")
    #expect(h.navigator.routeLegs?.count == 2)
    var next: (GMSNavigationWaypoint?, GMSRouteStatus)?
    h.navigator.continueToNextDestination { next = ($0, $1) }
    h.clock.advance(by: 0)
    #expect(next?.0?.title == "Casino" && next?.1 == .OK)
    #expect(h.navigator.routeLegs?.count == 1)
    #expect(h.navigator.continueToNextDestination() == nil)
    #expect(h.navigator.currentRoute == nil)
    h.mapView.navigationSession?.travelMode = .walking
    h.navigator.setDestinations([casino], routeToken: "t") { statuses.append($0) }
    h.clock.advance(by: 0)
    #expect(statuses.last == .travelModeUnsupported)
  }
}

import Testing

@testable import NavigationCore

@Suite struct GeodesyTests {
  @Test func coordinateCompilesWithCoreLocationSpelling() {
    let c = CLLocationCoordinate2D(latitude: 43.7296, longitude: 7.4168)
    #expect(c.isValid)
    #expect(CLLocationCoordinate2DIsValid(c))
    #expect(!CLLocationCoordinate2D(latitude: .nan, longitude: 0).isValid)
    let fix = CLLocation(latitude: 43.7296, longitude: 7.4168)
    #expect(fix.speed < 0)
  }

  @Test func haversineMatchesKnownDistance() {
    // One degree of latitude is ~111.2 km on the mean sphere.
    let d = Geodesy.distance(
      CLLocationCoordinate2D(latitude: 0, longitude: 0),
      CLLocationCoordinate2D(latitude: 1, longitude: 0))
    #expect(abs(d - 111_195) < 5)
  }

  @Test func bearingCardinalDirections() {
    let o = CLLocationCoordinate2D(latitude: 10, longitude: 10)
    #expect(abs(Geodesy.bearing(o, .init(latitude: 11, longitude: 10))) < 1e-9)
    #expect(abs(Geodesy.bearing(o, .init(latitude: 10, longitude: 11)) - 90) < 0.2)
    #expect(abs(Geodesy.bearing(o, .init(latitude: 9, longitude: 10)) - 180) < 1e-9)
    #expect(Geodesy.angleDifference(350, 10) == 20)
  }

  @Test func destinationRoundTrips() {
    let o = CLLocationCoordinate2D(latitude: 43.73, longitude: 7.42)
    let p = Geodesy.destination(from: o, distance: 1000, bearing: 45)
    #expect(abs(Geodesy.distance(o, p) - 1000) < 0.01)
    #expect(abs(Geodesy.bearing(o, p) - 45) < 0.01)
  }

  @Test func projectionClampsToSegment() {
    let a = CLLocationCoordinate2D(latitude: 0, longitude: 0)
    let b = CLLocationCoordinate2D(latitude: 0, longitude: 0.01)
    let mid = Geodesy.project(.init(latitude: 0.001, longitude: 0.005), ontoSegmentFrom: a, to: b)
    #expect(abs(mid.fraction - 0.5) < 1e-9)
    #expect(abs(mid.distance - 111.2) < 0.5)
    let before = Geodesy.project(.init(latitude: 0, longitude: -1), ontoSegmentFrom: a, to: b)
    #expect(before.fraction == 0)
    let degenerate = Geodesy.project(b, ontoSegmentFrom: a, to: a)
    #expect(degenerate.fraction == 0)
  }

  @Test func interpolateAlongPolyline() {
    let line = [
      CLLocationCoordinate2D(latitude: 0, longitude: 0),
      CLLocationCoordinate2D(latitude: 0, longitude: 0.01),
      CLLocationCoordinate2D(latitude: 0.01, longitude: 0.01),
    ]
    let total = Geodesy.length(of: line)
    let p = Geodesy.coordinate(at: total * 0.75, along: line)
    #expect(p != nil)
    #expect(abs((p?.latitude ?? 0) - 0.005) < 1e-6)
    #expect(Geodesy.coordinate(at: 1e9, along: line) == line.last)
    #expect(Geodesy.coordinate(at: 5, along: []) == nil)
  }

  @Test func fixedFormatting() {
    #expect(Format.fixed(1.25, 1) == "1.3")
    #expect(Format.fixed(-0.04, 1) == "0.0")
    #expect(Format.fixed(-3.14159, 2) == "-3.14")
    #expect(Format.fixed(7, 0) == "7")
    #expect(Format.fixed(0.5, 3) == "0.500")
  }
}

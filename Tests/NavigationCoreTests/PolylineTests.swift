import Testing

@testable import NavigationCore

@Suite struct PolylineTests {
  @Test func decodesGoogleReferenceExample() throws {
    let line = try Polyline.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@", precision: 5)
    #expect(line.count == 3)
    #expect(line[0] == CLLocationCoordinate2D(latitude: 38.5, longitude: -120.2))
    #expect(line[2] == CLLocationCoordinate2D(latitude: 43.252, longitude: -126.453))
    #expect(Polyline.encode(line, precision: 5) == "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
  }

  @Test(arguments: [5, 6])
  func roundTrips(precision: Int) throws {
    let line = [
      CLLocationCoordinate2D(latitude: 43.729602, longitude: 7.416782),
      CLLocationCoordinate2D(latitude: -33.8688, longitude: 151.2093),
      CLLocationCoordinate2D(latitude: 60.1699, longitude: -179.9999),
    ]
    let back = try Polyline.decode(
      Polyline.encode(line, precision: precision), precision: precision)
    #expect(back.count == 3)
    for (a, b) in zip(line, back) {
      #expect(abs(a.latitude - b.latitude) < 1e-5)
      #expect(abs(a.longitude - b.longitude) < 1e-5)
    }
  }

  @Test func rejectsBadInput() {
    #expect(throws: Polyline.DecodingError.invalidCharacter(offset: 2)) {
      try Polyline.decode("_p ", precision: 5)
    }
    #expect(throws: Polyline.DecodingError.truncated(offset: 5)) {
      try Polyline.decode("_p~iF", precision: 5)
    }
    #expect(throws: Polyline.DecodingError.self) {
      try Polyline.decode(String(repeating: "~", count: 40), precision: 6)
    }
    #expect(throws: Polyline.DecodingError.outOfRange(pointIndex: 0)) {
      try Polyline.decode("_p~iF~ps|U", precision: 3)
    }
    #expect((try? Polyline.decode("", precision: 6)) == [])
  }
}

import Testing

@testable import NavigationCore

@Suite struct NMEATests {
  @Test func decodesGGAWithPositionQualityAndAltitude() throws {
    let s = try NMEAParser.parse(
      sentence: "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47")
    guard case .gga(let g) = s else {
      Issue.record("not GGA: \(s)")
      return
    }
    #expect(g.time == 45_319)
    #expect(abs((g.coordinate?.latitude ?? 0) - (48 + 7.038 / 60)) < 1e-9)
    #expect(abs((g.coordinate?.longitude ?? 0) - (11 + 31.0 / 60)) < 1e-9)
    #expect(g.quality == 1 && g.satellites == 8 && g.hdop == 0.9 && g.altitude == 545.4)
  }

  @Test func decodesRMCSpeedInMetersPerSecondAndDate() throws {
    let s = try NMEAParser.parse(
      sentence: NMEAParser.sentence(
        "GPRMC,123519,A,4807.038,N,01131.000,W,022.4,084.4,230394,003.1,W"))
    guard case .rmc(let r) = s else {
      Issue.record("not RMC: \(s)")
      return
    }
    #expect(r.isValid)
    #expect((r.coordinate?.longitude ?? 0) < 0)
    #expect(abs((r.speed ?? 0) - 22.4 * 1852 / 3600) < 1e-9)
    #expect(r.course == 84.4)
    // 1994-03-23 is day 8847 after 1970-01-01.
    #expect(r.date == 8847.0 * 86_400)
  }

  @Test func decodesVTGAndGSA() throws {
    let v = try NMEAParser.parse(sentence: "$GPVTG,054.7,T,034.4,M,005.5,N,010.2,K*48")
    #expect(v == .vtg(NMEAVTG(course: 54.7, speed: 5.5 * 1852 / 3600)))
    let g = try NMEAParser.parse(
      sentence: "$GPGSA,A,3,04,05,,09,12,,,24,,,,,2.5,1.3,2.1*39")
    #expect(
      g
        == .gsa(
          NMEAGSA(fixMode: 3, satellites: [4, 5, 9, 12, 24], pdop: 2.5, hdop: 1.3, vdop: 2.1)))
  }

  @Test func otherSentencesPassAndUnknownTalkersAreAccepted() throws {
    #expect(
      try NMEAParser.parse(sentence: "$GPGSV,1,1,01,04,45,120,40*4A")
        == .other(type: "GSV"))
    let body = "GNGGA,000001.00,4343.800,N,00725.000,E,1,05,1.0,10.0,M,,M,,"
    guard case .gga = try NMEAParser.parse(sentence: NMEAParser.sentence(body)) else {
      Issue.record("GN talker not decoded")
      return
    }
  }

  @Test func badSentencesThrowTypedErrorsWithTheirLine() {
    let log = """
      # a comment
      $GPVTG,054.7,T,034.4,M,005.5,N,010.2,K*48
      $GPVTG,054.7,T,034.4,M,005.5,N,010.2,K*49
      """
    #expect(throws: NMEAError.checksumMismatch(line: 3, expected: 0x48, found: 0x49)) {
      try NMEAParser.parse(log: log)
    }
    #expect(throws: NMEAError.missingStart(line: 4)) {
      try NMEAParser.parse(sentence: "GPVTG,1,T", line: 4)
    }
    #expect(throws: NMEAError.malformedChecksum(line: 1, text: "G")) {
      try NMEAParser.parse(sentence: "$GPVTG,1,T*G")
    }
    #expect(throws: NMEAError.tooFewFields(line: 1, sentence: "GGA", expected: 10, found: 3)) {
      try NMEAParser.parse(sentence: NMEAParser.sentence("GPGGA,1,2"))
    }
    #expect(
      throws: NMEAError.invalidField(line: 2, sentence: "RMC", field: "latitude", value: "99xx")
    ) {
      try NMEAParser.parse(
        sentence: NMEAParser.sentence("GPRMC,123519,A,99xx,N,01131.000,E,1,1,230394,,"), line: 2)
    }
    #expect(throws: NMEAError.invalidField(line: 1, sentence: "RMC", field: "time", value: "25")) {
      try NMEAParser.parse(sentence: NMEAParser.sentence("GPRMC,25,V,,,,,,,,,"))
    }
    #expect(throws: NMEAError.malformedAddress(line: 1, address: "G")) {
      try NMEAParser.parse(sentence: "$G,1")
    }
    let message = NMEAError.checksumMismatch(line: 3, expected: 0x48, found: 0x49).description
    #expect(message.contains("line 3") && message.contains("48") && message.contains("49"))
  }

  @Test func writerRoundTripsFixesThroughTheParser() throws {
    let fixes = [
      CLLocation(
        coordinate: .init(latitude: 43.7384, longitude: 7.4246), altitude: 12,
        horizontalAccuracy: 8, course: 271.5, speed: 13.2, timestamp: 1_700_000_000),
      CLLocation(
        coordinate: .init(latitude: -33.5, longitude: -70.25), altitude: 3,
        horizontalAccuracy: 4, course: 5, speed: 0.5, timestamp: 1_700_000_001.5),
    ]
    let log = fixes.flatMap { NMEAWriter.sentences(for: $0) }.joined(separator: "\r\n")
    let back = try NMEAParser.fixes(fromLog: log)
    #expect(back.count == 2)
    for (a, b) in zip(fixes, back) {
      #expect(Geodesy.distance(a.coordinate, b.coordinate) < 0.2)
      #expect(abs(a.timestamp - b.timestamp) < 0.01)
      #expect(abs(a.speed - b.speed) < 0.01)
      #expect(abs(a.course - b.course) < 0.06)
      #expect(abs(a.horizontalAccuracy - b.horizontalAccuracy) < 0.3)
      #expect(a.altitude == b.altitude)
    }
  }

  @Test func epochsWithoutAFixAreLeftOut() throws {
    let log = [
      NMEAParser.sentence("GPRMC,000001,V,,,,,,,010124,,"),
      NMEAParser.sentence("GPGGA,000001,,,,,0,00,,,M,,M,,"),
      NMEAParser.sentence("GPRMC,000002,A,4343.800,N,00725.000,E,10,90,010124,,"),
    ].joined(separator: "\n")
    let fixes = try NMEAParser.fixes(fromLog: log)
    #expect(fixes.count == 1)
    #expect(fixes.first?.course == 90)
    #expect(abs((fixes.first?.timestamp ?? 0) - (1_704_067_200 + 2)) < 1e-6)
  }
}

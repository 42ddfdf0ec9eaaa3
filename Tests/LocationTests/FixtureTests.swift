import Foundation
import Location
import NavigationCore
import Testing

@Suite struct FixtureTests {
  static let recordVariable = "NAVUI_RECORD_NMEA"

  /// The kept NMEA log is exactly what the generator makes from the Monaco drive, so it can
  /// be remade (scripts/make-nmea-fixture.sh) and is known to be what it says: a drive along
  /// real Monaco roads with a wrong turn, noise of the stated size, parseable, 1 Hz.
  @Test func nmeaFixtureIsTheGeneratedDrive() throws {
    let generated = try MonacoDrive.generatedLog()
    if let path = ProcessInfo.processInfo.environment[Self.recordVariable], !path.isEmpty {
      try generated.write(toFile: path, atomically: true, encoding: .utf8)
      Issue.record("recorded \(path); run again without \(Self.recordVariable)")
      return
    }
    let url = try #require(Bundle.module.url(forResource: "monaco-drive", withExtension: "nmea"))
    let kept = try String(contentsOf: url, encoding: .utf8)
    #expect(kept == generated, "the fixture differs from the generator's output")
    let fixes = try NMEAParser.fixes(fromLog: kept)
    let driven = try MonacoDrive.driven()
    #expect(fixes.count > 100)
    #expect(
      zip(fixes, fixes.dropFirst()).allSatisfy { abs($1.timestamp - $0.timestamp - 1) < 0.02 })
    let offsets = fixes.map { MonacoDrive.distance($0.coordinate, to: driven) }
    let mean = offsets.reduce(0, +) / Double(offsets.count)
    #expect(mean > 3 && mean < 12, "mean distance from the driven road \(mean) m")
    let planned = try MonacoDrive.planned()
    #expect(fixes.contains { MonacoDrive.distance($0.coordinate, to: planned) > 100 }, "wrong turn")
  }
}

import Foundation
import Location
import NavigationCore
import Routing

/// The drives the location tests replay, on the bundled Monaco map.
enum MonacoDrive {
  /// The embedded router over the bundled map, built once.
  static let engine: Result<RouteEngine, OSMReadError> = Result { () throws(OSMReadError) in
    try RouteEngine.bundled()
  }

  static let fontvieille = CLLocationCoordinate2D(latitude: 43.7296, longitude: 7.4168)
  static let casino = CLLocationCoordinate2D(latitude: 43.7394, longitude: 7.4275)
  /// A via point off the planned route: the driver takes a wrong turn towards it.
  static let detour = CLLocationCoordinate2D(latitude: 43.7330, longitude: 7.4240)

  /// The route the navigator is given: Fontvieille to the Casino.
  static func planned() throws -> Route {
    try engine.get().route(through: [fontvieille, casino])
  }

  /// The road actually driven: the wrong turn towards the detour, then on to the Casino.
  static func driven() throws -> Route {
    try engine.get().route(through: [fontvieille, detour, casino])
  }

  /// Meters from `c` to the nearest point of `route`'s shape.
  static func distance(_ c: CLLocationCoordinate2D, to route: Route) -> Double {
    let line = route.legs.flatMap(\.geometry)
    var best = Double.infinity
    for k in 0..<max(0, line.count - 1) {
      best = min(best, Geodesy.project(c, ontoSegmentFrom: line[k], to: line[k + 1]).distance)
    }
    return best
  }

  /// UTC start of the recorded drive: 2026-01-01 10:00:00.
  static let logStart = 1_767_261_600.0

  /// The header of the fixture log.
  static let logHeader = [
    "Simulated drive on the bundled Monaco map, Fontvieille to the Casino with a wrong turn",
    "towards 43.7330,7.4240; correlated GPS noise 6 m (AR(1) 0.7), seed 20, 1 Hz.",
    "Made by SimulatedDrive (Sources/Location); regenerate with scripts/make-nmea-fixture.sh.",
  ]

  /// The fixture log as the generator makes it now.
  static func generatedLog() throws -> String {
    SimulatedDrive(route: try driven()).nmeaLog(startTime: logStart, header: logHeader)
  }
}

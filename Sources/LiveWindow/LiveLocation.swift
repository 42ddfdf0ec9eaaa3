import Foundation
import Location
import NavigationCore
import NavigationUI
import ViewKit

/// Where a live window's vehicle gets its fixes.
public enum LiveLocationInput: Sendable, Equatable {
  /// The SDK's location simulator drives the route (`navui demo`'s drive).
  case simulator
  /// A gpsd daemon (a receiver, or gpsfake replaying a log) through the Location module's
  /// ``GPSDLocationSource``.
  case gpsd(host: String, port: String)
  /// A recorded drive replayed on the window's clock: an NMEA log (`.nmea`, `.log`, `.txt`)
  /// or a GPX track (`.gpx`).
  case replay(URL)

  /// Reads the source of this input (`nil` for the simulator).
  ///
  /// - Throws: ``NavigationWindowError/location(_:)`` when a replay file is missing or bad.
  @MainActor func makeSource() throws(NavigationWindowError) -> (any LocationSource)? {
    switch self {
    case .simulator: return nil
    case .gpsd(let host, let port): return GPSDLocationSource(host: host, port: port)
    case .replay(let url):
      let data: Data
      do { data = try Data(contentsOf: url) } catch {
        throw .location("cannot read \(url.path): \(error.localizedDescription)")
      }
      if url.pathExtension.lowercased() == "gpx" {
        let document: GPXDocument
        do { document = try RouteDecoder.decodeGPX(data) } catch {
          throw .location("\(url.path): \(error)")
        }
        guard let track = document.tracks.first, track.points.count > 1 else {
          throw .location("\(url.path): no track (<trk>) with two points or more")
        }
        return ReplayLocationSource(gpxTrack: track)
      }
      let source: ReplayLocationSource
      do { source = try ReplayLocationSource(nmeaLog: String(decoding: data, as: UTF8.self)) } catch
      {
        throw .location("\(url.path): \(error)")
      }
      guard !source.fixes.isEmpty else { throw .location("\(url.path): no fix in the log") }
      return source
    }
  }
}

/// A Location module source as the navigation session's device input: its fixes go through
/// the session's road-snapped provider to the navigator, on the session's clock.
@MainActor
final class SessionLocationSource: GMSLocationSource {
  let source: any LocationSource
  let clock: any MainClock
  let failed: @MainActor (any Error) -> Void

  init(
    source: any LocationSource, clock: any MainClock,
    failed: @escaping @MainActor (any Error) -> Void
  ) {
    self.source = source
    self.clock = clock
    self.failed = failed
  }

  func startUpdatingLocation(_ deliver: @escaping @MainActor (CLLocation) -> Void) {
    source.start(clock: clock, deliver: deliver, fail: failed)
  }

  func stopUpdatingLocation() { source.stop() }
}

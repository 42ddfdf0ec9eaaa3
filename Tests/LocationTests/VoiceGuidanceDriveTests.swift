import Foundation
import Location
import NavigationCore
import Routing
import Speech
import Testing
import ViewKit

/// Speaks what a road-snapped engine's progress triggers, writing each announcement to a WAV.
@MainActor
final class SpeakingObserver: RoadSnappedLocationObserver {
  let speaker: GuidanceSpeaker

  init(speaker: GuidanceSpeaker) { self.speaker = speaker }

  func locationEngine(_ engine: RoadSnappedLocationEngine, didUpdate fix: RoadSnappedFix) {
    if let progress = engine.progress { speaker.progressDidChange(progress) }
  }

  func locationEngine(_ engine: RoadSnappedLocationEngine, didReroute route: Route) {
    speaker.speakAlert("Rerouting")
  }
}

@MainActor
@Suite(.serialized) struct VoiceGuidanceDriveTests {
  /// Drives the Monaco wrong-turn drive with voice guidance at `mode`; returns what was
  /// spoken, the WAV files written, and the engine.
  func drive(_ mode: VoiceGuidance) async throws -> (
    [Announcement], [URL], RoadSnappedLocationEngine
  ) {
    let engine = try MonacoDrive.engine.get()
    let fixes = SimulatedDrive(route: try MonacoDrive.driven(), noise: 6, seed: 4).fixes()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "voice-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var files: [URL] = []
    let speaker = GuidanceSpeaker(voiceGuidance: mode, locale: "en-GB") { audio, _ in
      let url = folder.appendingPathComponent("\(files.count).wav")
      try? audio.writeWAV(to: url)
      files.append(url)
    }
    var failures: [SpeechError] = []
    speaker.onError = { failures.append($0) }
    let clock = ManualClock()
    let manager = CLLocationManager(source: ReplayLocationSource(fixes: fixes), clock: clock)
    let location = RoadSnappedLocationEngine(locationManager: manager, routeEngine: engine)
    let observer = SpeakingObserver(speaker: speaker)
    location.addObserver(observer)
    location.setRoute(try MonacoDrive.planned())
    location.startUpdatingLocation()
    clock.advance(by: fixes.last!.timestamp + 1)
    await speaker.finishSpeaking()
    #expect(failures.isEmpty)
    #expect(location.lastFix?.status == .complete)
    return (speaker.spoken, files, location)
  }

  /// Alerts and guidance: every maneuver's instruction (the compiler's English text) is said
  /// once, in route order, as a WAV of speech; the reroute is announced.
  @Test func alertsAndGuidanceSpeakEveryInstructionOnce() async throws {
    let (spoken, files, location) = try await drive(.alertsAndGuidance)
    defer { for f in files { try? FileManager.default.removeItem(at: f) } }
    let guidance = spoken.filter { $0.kind == .guidance }.map(\.text)
    #expect(spoken.filter { $0.kind == .alert }.count == location.rerouteCount)
    #expect(guidance.count >= 6, "\(guidance)")
    #expect(
      guidance.contains { $0.localizedCaseInsensitiveContains("turn") || $0.contains("Continue") })
    let final = try #require(
      location.route?.legs.last?.steps.dropLast().last?.spokenInstructions.first)
    #expect(guidance.last == final.text)
    #expect(files.count == spoken.count)
    for file in files {
      // 44 header bytes, then 16-bit samples: more than 0.4 s of speech at espeak's rate.
      let size = try Data(contentsOf: file).count
      #expect(size > 44 + 2 * 22_050 * 4 / 10, "\(file.lastPathComponent): \(size) bytes")
    }
  }

  /// Alerts only: the reroute is said, no instruction; silent: nothing at all.
  @Test func alertsOnlyAndSilent() async throws {
    let (alerts, alertFiles, location) = try await drive(.alertsOnly)
    defer { for f in alertFiles { try? FileManager.default.removeItem(at: f) } }
    #expect(location.rerouteCount >= 1)
    #expect(alerts.map(\.text) == Array(repeating: "Rerouting", count: location.rerouteCount))
    let (silent, silentFiles, _) = try await drive(.silent)
    #expect(silent.isEmpty && silentFiles.isEmpty)
  }
}

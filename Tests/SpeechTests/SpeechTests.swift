import Foundation
import NavigationCore
import Speech
import Testing

@Suite(.serialized) struct SpeechTests {
  /// An announcement spoken by espeak-ng, written to a WAV and read back: about as long as the
  /// text takes to say, and not silence.
  @Test func announcementIsSpokenToAWAVOfPlausibleLength() throws {
    let text = "In two hundred meters, turn left onto Boulevard Albert Premier"
    let audio = try SpeechSynthesizer().speak(text, locale: "en-US")
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "speech-\(UUID().uuidString).wav")
    defer { try? FileManager.default.removeItem(at: url) }
    try audio.writeWAV(to: url)
    let data = try Data(contentsOf: url)
    #expect(String(decoding: data.prefix(4), as: UTF8.self) == "RIFF")
    #expect(String(decoding: data[8..<16], as: UTF8.self) == "WAVEfmt ")
    let rate = data[24..<28].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
    let bytes = data[40..<44].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
    #expect(rate == audio.sampleRate)
    let seconds = Double(bytes / 2) / Double(rate)
    // Eleven words at 175 words a minute: about four seconds.
    #expect(seconds > 2.5 && seconds < 7, "\(seconds) s")
    #expect(audio.rmsLevel > 0.02, "rms \(audio.rmsLevel)")
    let faster = try SpeechSynthesizer(rate: 350).speak(text, locale: "en-US")
    #expect(faster.duration < audio.duration * 0.75)
  }

  /// The locale picks the espeak-ng voice: a regional voice when espeak-ng has it, else the
  /// language's, else English.
  @Test func localePicksTheVoice() throws {
    #expect(try SpeechSynthesizer.voiceName(for: "en-GB") == "en-gb")
    #expect(try SpeechSynthesizer.voiceName(for: "de_DE") == "de")
    #expect(try SpeechSynthesizer.voiceName(for: "fr-FR") == "fr-fr")
    #expect(try SpeechSynthesizer.voiceName(for: "fr-CA").hasPrefix("fr"))
    #expect(try SpeechSynthesizer.voiceName(for: "pt-BR") == "pt-br")
    #expect(try SpeechSynthesizer.voiceName(for: "xx-YY") == "en-us")
    let german = try SpeechSynthesizer().speak("Links abbiegen", locale: "de-DE")
    #expect(german.voice == "de")
    #expect(german.duration > 0.4)
  }

  /// Voice guidance modes: silent says nothing, alerts only says alerts, alerts and guidance
  /// says both; an instruction is said once.
  @Test func guidanceModesFilterAnnouncements() {
    let step = RouteStep(
      maneuver: Maneuver(
        type: .turn, bearingBefore: 0, bearingAfter: 270, location: .init(), instruction: nil),
      geometry: [.init(), .init(latitude: 0.001, longitude: 0)], distance: 111,
      expectedTravelTime: 10, name: "A")
    var withSpeech = step
    withSpeech.spokenInstructions = [SpokenInstruction(distanceAlongStep: 111, text: "Turn left")]
    let route = Route(
      legs: [RouteLeg(steps: [withSpeech, step], distance: 111, expectedTravelTime: 10)],
      waypoints: [], source: .osrm)
    let navigator = Navigator(route: route)
    let progress = navigator.progress(for: navigator.start(), now: 0)
    var full = VoiceAnnouncer(guidance: .alertsAndGuidance)
    #expect(full.announcements(for: progress).map(\.text) == ["Turn left"])
    #expect(full.announcements(for: progress).isEmpty)
    var alerts = VoiceAnnouncer(guidance: .alertsOnly)
    #expect(alerts.announcements(for: progress).isEmpty)
    #expect(alerts.alert("Rerouting").map(\.text) == ["Rerouting"])
    var silent = VoiceAnnouncer(guidance: .silent)
    #expect(silent.announcements(for: progress).isEmpty)
    #expect(silent.alert("Rerouting").isEmpty)
    #expect(VoiceGuidance(rawValue: 2) == .alertsAndGuidance)
  }
}

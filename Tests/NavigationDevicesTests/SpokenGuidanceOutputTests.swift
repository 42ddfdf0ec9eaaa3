import Foundation
import Location
import NavigationCore
import NavigationDevices
import NavigationUI
import Speech
import Testing
import ViewKit

@MainActor
@Suite(.serialized) struct SpokenGuidanceOutputTests {
  static let fontvieille = CLLocationCoordinate2D(latitude: 43.7296, longitude: 7.4168)

  /// A session with espeak-ng as its navigator's voice, routed Fontvieille → Casino; every
  /// clip played is kept.
  @MainActor
  final class VoiceDrive {
    let clock = ManualClock()
    let session: GMSNavigationSession
    let voice: SpokenGuidanceOutput
    var clips: [(audio: SpeechAudio, announcement: GMSVoiceAnnouncement)] = []

    init(audioDeviceType: GMSVoiceGuidanceAudioDeviceType = .bluetooth) throws {
      session = try #require(GMSNavigationServices.createNavigationSession())
      session.clock = clock
      session.isStarted = true
      session.navigator?.audioDeviceType = audioDeviceType
      voice = SpokenGuidanceOutput(locale: "en-GB") { _, _ in }
      voice.play = { [unowned self] audio, announcement in
        self.clips.append((audio, announcement))
      }
      voice.attach(to: navigator)
      session.locationSimulator?.simulateLocation(at: SpokenGuidanceOutputTests.fontvieille)
      var status: GMSRouteStatus?
      navigator.setDestinations(
        [GMSNavigationWaypoint(location: DeviceSession.casino, title: "Casino")!]
      ) { status = $0 }
      clock.advance(by: 0)
      try #require(status == .OK)
      navigator.isGuidanceActive = true
      session.locationSimulator?.simulateLocationsAlongExistingRoute()
    }

    var navigator: GMSNavigator { session.navigator! }

    /// Drives until arrival (at most `seconds`), or until `stop` holds.
    func drive(seconds: Int = 600, until stop: () -> Bool = { false }) {
      for _ in 0..<seconds where navigator.isGuidanceActive && !stop() { clock.advance(by: 1) }
    }
  }

  /// espeak-ng really speaks the drive: one clip per announcement the navigator made, each
  /// 16-bit PCM of audible speech as long as its sentence.
  @Test func aDriveIsSpokenAsPCM() async throws {
    let drive = try VoiceDrive()
    drive.drive()
    #expect(!drive.navigator.isGuidanceActive)  // arrived
    await drive.voice.finishSpeaking()
    let clips = drive.clips
    #expect(clips.count >= 4, "\(clips.map(\.announcement.text))")
    #expect(clips.count == drive.voice.speaker.spoken.count)
    #expect(Set(clips.map(\.announcement.text)).count == clips.count)  // each once
    for clip in clips {
      #expect(clip.announcement.kind == .guidance)
      #expect(clip.audio.sampleRate == 22_050)
      #expect(clip.audio.duration > 0.5, "\(clip.announcement.text)")
      // At espeak-ng's 175 words a minute a sentence takes ~0.07 s a character.
      let perCharacter = clip.audio.duration / Double(clip.announcement.text.count)
      #expect((0.03...0.2).contains(perCharacter), "\(clip.announcement.text): \(perCharacter)")
      #expect(clip.audio.wavData.count == 44 + 2 * clip.audio.samples.count)
      // Speech, not silence: espeak-ng's voice sits near 0.1 of full scale.
      #expect(clip.audio.rmsLevel > 0.03, "\(clip.announcement.text): \(clip.audio.rmsLevel)")
      #expect(clip.announcement.audioDeviceType == .bluetooth)
    }
    // Longer sentences take longer to say.
    let sorted = clips.sorted { $0.announcement.text.count < $1.announcement.text.count }
    #expect(sorted.last!.audio.duration > sorted.first!.audio.duration)
  }

  /// Synthesis runs off the main actor: `speak` returns before the audio exists.
  @Test func synthesisDoesNotBlockTheCaller() async throws {
    var played = 0
    let voice = SpokenGuidanceOutput { _, _ in played += 1 }
    voice.speak(
      GMSVoiceAnnouncement(
        text: "In two hundred meters, turn left onto Boulevard Albert Premier",
        ssmlText: nil, kind: .guidance, language: "en", vibrates: false,
        audioDeviceType: .builtInOnly))
    #expect(played == 0)
    #expect(voice.speaker.pendingCount == 1)
    await voice.finishSpeaking()
    #expect(played == 1)
    #expect(voice.speaker.pendingCount == 0)
  }

  /// Muting stops speech: what is being rendered when the app sets `.silent` is not played,
  /// and nothing after; `.alertsOnly` drops the turn-by-turn guidance too.
  @Test(arguments: [GMSNavigationVoiceGuidance.silent, .alertsOnly])
  func mutingStopsSpeech(_ quieter: GMSNavigationVoiceGuidance) async throws {
    let drive = try VoiceDrive()
    // Up to the first announcement after the start: it is queued, not played yet.
    drive.drive { drive.voice.speaker.pendingCount > 0 && drive.clock.now > 3 }
    #expect(drive.voice.speaker.pendingCount > 0)
    await drive.voice.finishSpeaking()
    let before = drive.clips.count
    #expect(before >= 1)
    drive.drive { drive.voice.speaker.pendingCount > 0 }
    #expect(drive.voice.speaker.pendingCount > 0)
    drive.navigator.voiceGuidance = quieter
    drive.drive()
    await drive.voice.finishSpeaking()
    #expect(drive.clips.count == before)
    #expect(!drive.navigator.isGuidanceActive)
  }

  /// The announcement's audio device follows the navigator's `audioDeviceType`.
  @Test func audioDeviceTypeReachesThePlayer() async throws {
    let drive = try VoiceDrive(audioDeviceType: .builtInOnly)
    drive.drive(seconds: 60)
    await drive.voice.finishSpeaking()
    #expect(!drive.clips.isEmpty)
    #expect(drive.clips.allSatisfy { $0.announcement.audioDeviceType == .builtInOnly })
  }
}

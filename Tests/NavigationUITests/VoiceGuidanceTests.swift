import Foundation
import NavigationCore
import NavigationUI
import Testing
import ViewKit

@MainActor
final class RecordingVoice: GMSVoiceGuidanceOutput {
  var said: [GMSVoiceAnnouncement] = []
  func speak(_ announcement: GMSVoiceAnnouncement) { said.append(announcement) }
}

@MainActor
@Suite struct VoiceGuidanceTests {
  func drive(_ guidance: GMSNavigationVoiceGuidance) throws -> RecordingVoice {
    let h = try Harness(delegate: nil)
    let voice = RecordingVoice()
    h.navigator.voiceOutput = voice
    h.navigator.voiceGuidance = guidance
    h.navigator.isVibrationEnabled = true
    #expect(h.enableAndRoute() == .OK)
    h.navigator.isGuidanceActive = true
    h.mapView.locationSimulator?.speedMultiplier = 4
    h.mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
    h.clock.advance(by: 600)
    return voice
  }

  @Test func guidanceIsAnnouncedOncePerInstruction() throws {
    let voice = try drive(.alertsAndGuidance)
    let guidance = voice.said.filter { $0.kind == .guidance }
    #expect(guidance.count >= 3)
    #expect(Set(guidance.map(\.text)).count >= 3)
    #expect(guidance.allSatisfy { !$0.text.isEmpty && $0.language == "en" && $0.vibrates })
    #expect(guidance.allSatisfy { $0.audioDeviceType == .bluetooth })
    #expect(zip(guidance, guidance.dropFirst()).allSatisfy { $0.text != $1.text })
  }

  @Test func silentAndAlertsOnlySayNoGuidance() throws {
    #expect(try drive(.silent).said.isEmpty)
    #expect(try drive(.alertsOnly).said.allSatisfy { $0.kind == .alert })
  }
}

import NavigationUI
import Speech

/// espeak-ng as a navigator's voice (``GMSNavigator/voiceOutput``): each announcement the
/// navigator decides on is rendered off the main actor by a `GuidanceSpeaker` and its audio
/// handed to ``play`` with the announcement (its ``GMSVoiceAnnouncement/audioDeviceType``
/// says where it may be played, its ``GMSVoiceAnnouncement/vibrates`` whether to vibrate).
///
/// The navigator applies ``GMSNavigator/voiceGuidance`` before speaking; this output follows
/// its changes, so muting (`.silent`) also drops announcements still being rendered, and
/// `.alertsOnly` drops queued guidance.
///
/// ```swift
/// let voice = SpokenGuidanceOutput(locale: "en-GB") { audio, announcement in
///   player.play(audio.samples, rate: audio.sampleRate, device: announcement.audioDeviceType)
/// }
/// voice.attach(to: navigator)
/// ```
@MainActor
public final class SpokenGuidanceOutput: GMSVoiceGuidanceOutput {
  /// The speaker rendering the announcements (its `spoken` list, `pendingCount`,
  /// `finishSpeaking()`).
  public let speaker: GuidanceSpeaker
  /// Receives each rendered announcement.
  public var play: @MainActor (SpeechAudio, GMSVoiceAnnouncement) -> Void
  /// Announcements handed to the speaker and not yet played, oldest first.
  private var waiting: [GMSVoiceAnnouncement] = []

  /// An output speaking in the voice of `locale` (used when an announcement's language has no
  /// voice of its own region) at `synthesizer`'s rate.
  public init(
    locale: String = "en-US", synthesizer: SpeechSynthesizer = SpeechSynthesizer(),
    play: @escaping @MainActor (SpeechAudio, GMSVoiceAnnouncement) -> Void
  ) {
    self.play = play
    speaker = GuidanceSpeaker(locale: locale, synthesizer: synthesizer) { _, _ in }
    speaker.output = { [weak self] audio, line in self?.played(audio, line) }
  }

  /// Becomes `navigator`'s voice output, at its current ``GMSNavigator/voiceGuidance``.
  public func attach(to navigator: GMSNavigator) {
    navigator.voiceOutput = self
    voiceGuidanceDidChange(navigator.voiceGuidance)
  }

  /// Renders `announcement` (in its language's voice when it is not the speaker's).
  public func speak(_ announcement: GMSVoiceAnnouncement) {
    let kind: Announcement.Kind = announcement.kind == .guidance ? .guidance : .alert
    if !speaker.locale.lowercased().hasPrefix(announcement.language.lowercased()) {
      speaker.locale = announcement.language
    }
    waiting.append(announcement)
    speaker.speak(Announcement(text: announcement.text, kind: kind))
  }

  /// Follows the navigator's setting: what it no longer allows is not played.
  public func voiceGuidanceDidChange(_ voiceGuidance: GMSNavigationVoiceGuidance) {
    speaker.voiceGuidance = VoiceGuidance(rawValue: voiceGuidance.rawValue) ?? .alertsAndGuidance
    if voiceGuidance == .silent {
      speaker.stopSpeaking()
      waiting = []
    }
  }

  /// Waits until every announcement so far has been played or dropped.
  public func finishSpeaking() async { await speaker.finishSpeaking() }

  private func played(_ audio: SpeechAudio, _ line: Announcement) {
    // Dropped announcements never come back: the played one is the first that matches.
    guard let index = waiting.firstIndex(where: { $0.text == line.text }) else { return }
    let announcement = waiting[index]
    waiting.removeFirst(index + 1)
    play(audio, announcement)
  }
}

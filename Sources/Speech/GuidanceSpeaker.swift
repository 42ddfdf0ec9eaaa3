import Foundation
import NavigationCore

/// The voice guidance path: announcements from route progress (the instruction compiler's
/// text) and alerts, filtered by ``voiceGuidance``, spoken by espeak-ng in the voice of
/// ``locale`` and handed to ``output`` (a player, or a WAV file in tests).
///
/// ```swift
/// let speaker = GuidanceSpeaker(locale: "en-GB") { audio, _ in play(audio) }
/// speaker.voiceGuidance = .alertsAndGuidance
/// speaker.progressDidChange(progress)  // on every navigator update
/// ```
@MainActor
public final class GuidanceSpeaker {
  /// How much is said; lowering it takes effect with the next announcement.
  public var voiceGuidance: VoiceGuidance {
    get { announcer.guidance }
    set { announcer.guidance = newValue }
  }
  /// The locale whose espeak-ng voice speaks (see ``SpeechSynthesizer/voiceName(for:)``).
  public var locale: String
  /// The synthesizer (its rate can be set).
  public var synthesizer: SpeechSynthesizer
  /// Receives each spoken announcement's audio.
  public var output: @MainActor (SpeechAudio, Announcement) -> Void
  /// Receives speech failures (a missing voice, espeak-ng unavailable).
  public var onError: (@MainActor (SpeechError) -> Void)?
  /// Everything spoken so far, in order.
  public private(set) var spoken: [Announcement] = []
  private var announcer: VoiceAnnouncer

  /// A speaker in the voice of `locale`, giving its audio to `output`.
  public init(
    voiceGuidance: VoiceGuidance = .alertsAndGuidance, locale: String = "en-US",
    synthesizer: SpeechSynthesizer = SpeechSynthesizer(),
    output: @escaping @MainActor (SpeechAudio, Announcement) -> Void
  ) {
    announcer = VoiceAnnouncer(guidance: voiceGuidance)
    self.locale = locale
    self.synthesizer = synthesizer
    self.output = output
  }

  /// Speaks the announcement that `progress` has just triggered, if any and if allowed.
  public func progressDidChange(_ progress: RouteProgress) {
    for line in announcer.announcements(for: progress) { say(line) }
  }

  /// Speaks an alert (a new route, speeding, an incident) unless guidance is silent.
  public func speakAlert(_ text: String) {
    for line in announcer.alert(text) { say(line) }
  }

  private func say(_ line: Announcement) {
    do throws(SpeechError) {
      let audio = try synthesizer.speak(line.text, locale: locale)
      spoken.append(line)
      output(audio, line)
    } catch {
      onError?(error)
    }
  }
}

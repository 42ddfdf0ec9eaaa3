import Foundation
import NavigationCore

/// The voice guidance path: announcements from route progress (the instruction compiler's
/// text) and alerts, filtered by ``voiceGuidance``, spoken by espeak-ng in the voice of
/// ``locale`` and handed to ``output`` (a player, or a WAV file in tests).
///
/// espeak-ng renders off the main actor (a detached task per announcement, one at a time, in
/// order); the audio comes back to ``output`` on the main actor. An announcement that
/// ``voiceGuidance`` no longer allows when its audio is ready (the app muted meanwhile), or
/// that ``stopSpeaking()`` dropped, is not played.
///
/// ```swift
/// let speaker = GuidanceSpeaker(locale: "en-GB") { audio, _ in play(audio) }
/// speaker.voiceGuidance = .alertsAndGuidance
/// speaker.progressDidChange(progress)  // on every navigator update
/// await speaker.finishSpeaking()       // in tests: everything queued has been played
/// ```
@MainActor
public final class GuidanceSpeaker {
  /// How much is said; lowering it takes effect at once, also for announcements still being
  /// rendered.
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
  /// Everything played so far, in order.
  public private(set) var spoken: [Announcement] = []
  /// How many announcements are queued or being rendered.
  public private(set) var pendingCount = 0
  private var announcer: VoiceAnnouncer
  private var queue: Task<Void, Never>?
  private var generation = 0

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

  /// Speaks `line` when ``voiceGuidance`` allows its kind (an announcement decided elsewhere,
  /// such as by a navigator).
  public func speak(_ line: Announcement) {
    if line.isSpoken(under: voiceGuidance), !line.text.isEmpty { say(line) }
  }

  /// Drops every announcement not played yet.
  public func stopSpeaking() { generation += 1 }

  /// Returns when everything queued so far has been rendered and played (or dropped).
  public func finishSpeaking() async {
    while let current = queue {
      await current.value
      if queue == current { break }
    }
  }

  private func say(_ line: Announcement) {
    let previous = queue
    let synthesizer = synthesizer
    let locale = locale
    let ticket = generation
    pendingCount += 1
    queue = Task { [weak self] in
      await previous?.value
      let rendered = await Task.detached(priority: .userInitiated) {
        () -> Result<SpeechAudio, SpeechError> in
        do throws(SpeechError) {
          return .success(try synthesizer.speak(line.text, locale: locale))
        } catch {
          return .failure(error)
        }
      }.value
      self?.finish(line, rendered, ticket: ticket)
    }
  }

  private func finish(
    _ line: Announcement, _ rendered: Result<SpeechAudio, SpeechError>, ticket: Int
  ) {
    pendingCount -= 1
    guard ticket == generation, line.isSpoken(under: voiceGuidance) else { return }
    switch rendered {
    case .success(let audio):
      spoken.append(line)
      output(audio, line)
    case .failure(let error):
      onError?(error)
    }
  }
}

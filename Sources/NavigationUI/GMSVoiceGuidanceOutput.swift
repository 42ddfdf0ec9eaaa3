/// One thing voice guidance says.
public struct GMSVoiceAnnouncement: Sendable, Hashable {
  /// What kind of announcement it is.
  public enum Kind: Sendable, Hashable {
    /// Turn-by-turn guidance (said with ``GMSNavigationVoiceGuidance/alertsAndGuidance``).
    case guidance
    /// A traffic or incident alert (said unless guidance is `.silent`).
    case alert
  }

  /// The words to say.
  public var text: String
  /// SSML markup of the same words, when the route has it.
  public var ssmlText: String?
  /// Guidance or alert.
  public var kind: Kind
  /// The language of ``text`` (`en`, `fr`, …).
  public var language: String
  /// Whether the device should also vibrate (``GMSNavigator/isVibrationEnabled``).
  public var vibrates: Bool
  /// Where it may be played (``GMSNavigator/audioDeviceType``).
  public var audioDeviceType: GMSVoiceGuidanceAudioDeviceType

  /// An announcement from its parts (what a navigator hands its output; tests of an output
  /// make their own).
  public init(
    text: String, ssmlText: String? = nil, kind: Kind, language: String = "en",
    vibrates: Bool = false, audioDeviceType: GMSVoiceGuidanceAudioDeviceType = .bluetooth
  ) {
    self.text = text
    self.ssmlText = ssmlText
    self.kind = kind
    self.language = language
    self.vibrates = vibrates
    self.audioDeviceType = audioDeviceType
  }
}

/// Where the navigator's announcements go: the hook a speech engine plugs into
/// (``GMSNavigator/voiceOutput``). The navigator has already applied
/// ``GMSNavigator/voiceGuidance``: what arrives here should be said.
@preconcurrency @MainActor
public protocol GMSVoiceGuidanceOutput: AnyObject {
  /// Says `announcement`.
  func speak(_ announcement: GMSVoiceAnnouncement)
  /// ``GMSNavigator/voiceGuidance`` changed: drop what it no longer allows, including
  /// announcements still being spoken or queued. The default does nothing.
  func voiceGuidanceDidChange(_ voiceGuidance: GMSNavigationVoiceGuidance)
}

extension GMSVoiceGuidanceOutput {
  /// Does nothing.
  public func voiceGuidanceDidChange(_ voiceGuidance: GMSNavigationVoiceGuidance) {}
}

extension GMSNavigator {
  /// Announces the route's spoken instruction when a new one triggers, or — for routes
  /// without spoken instructions — the upcoming maneuver's instruction once per step.
  func announceGuidance(_ info: GMSNavigationNavInfo, progress: RouteProgress) {
    guard voiceGuidance == .alertsAndGuidance, let voiceOutput else { return }
    let spoken = progress.currentLegProgress.currentStepProgress.spokenInstruction
    let key: String
    let text: String
    if let spoken {
      key = "\(progress.legIndex)/\(progress.currentLegProgress.stepIndex ?? 0)/\(spoken.text)"
      text = spoken.text
    } else if let step = info.currentStep {
      key = "step/\(step.stepNumber)"
      text = step.fullInstructionText
    } else {
      return
    }
    guard key != lastAnnouncementKey, !text.isEmpty else { return }
    lastAnnouncementKey = key
    voiceOutput.speak(
      announcement(text, ssml: spoken?.ssmlText, kind: .guidance))
  }

  /// Announces a traffic or incident alert unless guidance is silent.
  func announceAlert(_ text: String) {
    guard voiceGuidance != .silent, let voiceOutput, !text.isEmpty else { return }
    voiceOutput.speak(announcement(text, ssml: nil, kind: .alert))
  }

  private func announcement(_ text: String, ssml: String?, kind: GMSVoiceAnnouncement.Kind)
    -> GMSVoiceAnnouncement
  {
    GMSVoiceAnnouncement(
      text: text, ssmlText: ssml, kind: kind,
      language: mapView.map { instructionLanguage(for: $0.navigationLocale) } ?? "en",
      vibrates: isVibrationEnabled, audioDeviceType: audioDeviceType)
  }
}

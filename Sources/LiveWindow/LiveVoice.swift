import CSDL2
import Foundation
import NavigationUI
import Speech

/// The navigator's voice output in a live window: each announcement is synthesized by the
/// Speech module's espeak-ng synthesizer on a background queue (so a sentence never stalls a
/// frame) and queued on an SDL audio device. Without an audio device (a headless server) the
/// speech is still made and reported, not played.
@MainActor
final class LiveVoice: GMSVoiceGuidanceOutput {
  /// What was said, handed from the speech queue to the frame loop.
  struct Spoken: Sendable {
    var text: String
    var seconds: Double
    var played: Bool
    var error: String?
  }

  private let queue = DispatchQueue(label: "live voice")
  private let inbox = Inbox()
  private let device: SDL_AudioDeviceID
  private let sampleRate: Int32 = 22_050
  private let locale: String

  init(locale: String) {
    self.locale = locale
    var wanted = SDL_AudioSpec()
    wanted.freq = sampleRate
    wanted.format = SDL_AudioFormat(AUDIO_S16SYS)
    wanted.channels = 1
    wanted.samples = 1024
    device =
      SDL_WasInit(UInt32(SDL_INIT_AUDIO)) != 0 ? SDL_OpenAudioDevice(nil, 0, &wanted, nil, 0) : 0
    if device != 0 { SDL_PauseAudioDevice(device, 0) }
  }

  isolated deinit {
    if device != 0 { SDL_CloseAudioDevice(device) }
  }

  /// Whether an audio device plays the speech.
  var plays: Bool { device != 0 }

  func speak(_ announcement: GMSVoiceAnnouncement) {
    let text = announcement.text
    let locale = announcement.language.isEmpty ? self.locale : announcement.language
    let device = device
    let rate = Int(sampleRate)
    let inbox = inbox
    queue.async {
      do throws(SpeechError) {
        let audio = try SpeechSynthesizer().speak(text, locale: locale)
        var played = false
        if device != 0 {
          let samples = LiveVoice.resample(audio.samples, from: audio.sampleRate, to: rate)
          played =
            samples.withUnsafeBytes {
              SDL_QueueAudio(device, $0.baseAddress, UInt32($0.count))
            } == 0
        }
        inbox.add(Spoken(text: text, seconds: audio.duration, played: played))
      } catch {
        inbox.add(Spoken(text: text, seconds: 0, played: false, error: error.description))
      }
    }
  }

  /// What has been said since the last call.
  func takeSpoken() -> [Spoken] { inbox.take() }

  /// Linear resampling of mono 16-bit samples (espeak-ng speaks at 22,050 Hz: usually a copy).
  nonisolated static func resample(_ samples: [Int16], from: Int, to: Int) -> [Int16] {
    guard from != to, from > 0, to > 0, samples.count > 1 else { return samples }
    let count = Int((Double(samples.count) * Double(to) / Double(from)).rounded())
    return (0..<count).map { i in
      let position = Double(i) * Double(from) / Double(to)
      let k = min(Int(position), samples.count - 2)
      let f = position - Double(k)
      return Int16(Double(samples[k]) * (1 - f) + Double(samples[k + 1]) * f)
    }
  }

  /// A locked list passed from the speech queue to the main thread.
  final class Inbox: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Spoken] = []

    func add(_ item: Spoken) {
      lock.lock()
      items.append(item)
      lock.unlock()
    }

    func take() -> [Spoken] {
      lock.lock()
      defer {
        items.removeAll()
        lock.unlock()
      }
      return items
    }
  }
}

import CEspeakNG
import Foundation

/// Why speech could not be made.
public enum SpeechError: Error, Equatable, Sendable, CustomStringConvertible {
  /// espeak-ng did not start (its data folder missing, or no audio back end).
  case engineUnavailable(reason: String)
  /// No espeak-ng voice for the locale or its language, nor the English fallback.
  case voiceNotFound(locale: String)
  /// Synthesis failed for the text.
  case synthesisFailed(code: Int32)
  /// A WAV file could not be written.
  case writeFailed(path: String, reason: String)

  /// A one-line message naming what went wrong.
  public var description: String {
    switch self {
    case .engineUnavailable(let r): return "espeak-ng unavailable: \(r)"
    case .voiceNotFound(let l): return "no espeak-ng voice for locale '\(l)'"
    case .synthesisFailed(let c): return "espeak-ng synthesis failed (error \(c))"
    case .writeFailed(let p, let r): return "cannot write \(p): \(r)"
    }
  }
}

/// Mono 16-bit speech samples.
public struct SpeechAudio: Sendable, Hashable {
  /// The samples.
  public var samples: [Int16]
  /// Samples per second.
  public var sampleRate: Int
  /// The espeak-ng voice that spoke.
  public var voice: String

  /// Length in seconds.
  public var duration: Double { sampleRate > 0 ? Double(samples.count) / Double(sampleRate) : 0 }

  /// Root-mean-square level, 0…1 of full scale.
  public var rmsLevel: Double {
    guard !samples.isEmpty else { return 0 }
    let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
    return (sum / Double(samples.count)).squareRoot() / 32_768
  }

  /// The audio as a RIFF WAVE file (PCM, 16-bit, mono).
  public var wavData: Data {
    var d = Data()
    func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
    func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
    let bytes = UInt32(samples.count * 2)
    d.append(contentsOf: Array("RIFF".utf8))
    u32(36 + bytes)
    d.append(contentsOf: Array("WAVEfmt ".utf8))
    u32(16)
    u16(1)
    u16(1)
    u32(UInt32(sampleRate))
    u32(UInt32(sampleRate * 2))
    u16(2)
    u16(16)
    d.append(contentsOf: Array("data".utf8))
    u32(bytes)
    for s in samples { u16(UInt16(bitPattern: s)) }
    return d
  }

  /// Writes ``wavData`` to `url`.
  public func writeWAV(to url: URL) throws(SpeechError) {
    do { try wavData.write(to: url) } catch {
      throw .writeFailed(path: url.path, reason: "\(error)")
    }
  }
}

/// Text to speech through the espeak-ng library.
///
/// espeak-ng is one engine per process, so every synthesis takes a process-wide lock; a
/// synthesizer is cheap and may be used from any thread.
///
/// ```swift
/// let audio = try SpeechSynthesizer().speak("Turn left onto Rue Grimaldi", locale: "en-GB")
/// try audio.writeWAV(to: url)
/// ```
public struct SpeechSynthesizer: Sendable {
  /// Words per minute (espeak-ng's range is 80…450).
  public var rate: Int

  /// A synthesizer speaking at `rate` words per minute.
  public init(rate: Int = 175) { self.rate = rate }

  /// The espeak-ng voice (its language name) for a locale such as `en-US`, `de_DE` or
  /// `pt-BR`: the locale when espeak-ng has it, else its language (or the language's main
  /// region), else American English.
  public static func voiceName(for locale: String) throws(SpeechError) -> String {
    try Engine.shared.withLock { (engine) throws(SpeechError) -> String in
      try engine.selectVoice(locale)
    }
  }

  /// Speaks `text` in the voice for `locale`.
  public func speak(_ text: String, locale: String = "en-US") throws(SpeechError) -> SpeechAudio {
    let rate = min(450, max(80, rate))
    return try Engine.shared.withLock { (engine) throws(SpeechError) -> SpeechAudio in
      let voice = try engine.selectVoice(locale)
      espeak_SetParameter(espeakRATE, Int32(rate), 0)
      let samples = try engine.synthesize(text)
      return SpeechAudio(samples: samples, sampleRate: engine.sampleRate, voice: voice)
    }
  }

  /// The process's espeak-ng engine, started on first use.
  final class Engine: @unchecked Sendable {
    static let shared = Locked()
    let sampleRate: Int
    var currentVoice: String?
    let languages: Set<String>
    var buffer: [Int16] = []

    init() throws(SpeechError) {
      let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 500, nil, 0)
      guard rate > 0 else {
        throw .engineUnavailable(reason: "espeak_Initialize returned \(rate)")
      }
      sampleRate = Int(rate)
      languages = Engine.installedLanguages()
      espeak_SetSynthCallback { samples, count, events in
        guard let events, let context = events.pointee.user_data else { return 0 }
        let engine = Unmanaged<Engine>.fromOpaque(context).takeUnretainedValue()
        if let samples, count > 0 {
          engine.buffer.append(contentsOf: UnsafeBufferPointer(start: samples, count: Int(count)))
        }
        return 0
      }
    }

    /// Chooses and sets the voice for `locale`.
    func selectVoice(_ locale: String) throws(SpeechError) -> String {
      let name = Engine.voiceName(for: locale, among: languages)
      guard let name else { throw .voiceNotFound(locale: locale) }
      if name == currentVoice { return name }
      let rc = name.withCString { language -> espeak_ERROR in
        var spec = espeak_VOICE()
        spec.languages = language
        return espeak_SetVoiceByProperties(&spec)
      }
      guard rc == EE_OK else { throw .voiceNotFound(locale: locale) }
      currentVoice = name
      return name
    }

    /// The language of espeak-ng's voices to use for `locale`: the locale itself, its
    /// language, the language's main region (`fr` → `fr-fr`; `en` → `en-us`), its first
    /// region, else `en-us`.
    static func voiceName(for locale: String, among languages: Set<String>) -> String? {
      let full = locale.lowercased().replacingOccurrences(of: "_", with: "-")
      let language = String(full.split(separator: "-").first ?? "")
      var names = [full, language, "\(language)-\(language)"]
      if language == "en" { names.append("en-us") }
      names += languages.filter { $0.hasPrefix(language + "-") }.sorted()
      names.append("en-us")
      return names.first { !$0.isEmpty && languages.contains($0) }
    }

    /// Every language espeak-ng has a voice for.
    static func installedLanguages() -> Set<String> {
      var out = Set<String>()
      guard let list = espeak_ListVoices(nil) else { return out }
      var k = 0
      while let voice = list[k] {
        if var p = voice.pointee.languages {
          // Pairs of a priority byte and a zero-terminated language name, ending with a zero.
          while p.pointee != 0 {
            p += 1
            let name = String(cString: p)
            out.insert(name.lowercased())
            p += name.utf8.count + 1
          }
        }
        k += 1
      }
      return out
    }

    func synthesize(_ text: String) throws(SpeechError) -> [Int16] {
      buffer.removeAll(keepingCapacity: true)
      let context = Unmanaged.passUnretained(self).toOpaque()
      let bytes = Array(text.utf8) + [0]
      let rc = bytes.withUnsafeBufferPointer { p in
        espeak_Synth(
          p.baseAddress, p.count, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil, context)
      }
      guard rc == EE_OK else { throw .synthesisFailed(code: Int32(rc.rawValue)) }
      espeak_Synchronize()
      return buffer
    }
  }

  /// The engine behind a lock, started on first use.
  final class Locked: @unchecked Sendable {
    private let lock = NSLock()
    private var engine: Result<Engine, SpeechError>?

    func withLock<T>(_ body: (Engine) throws(SpeechError) -> T) throws(SpeechError) -> T {
      lock.lock()
      defer { lock.unlock() }
      if engine == nil {
        do { engine = .success(try Engine()) } catch { engine = .failure(error) }
      }
      switch engine {
      case .success(let e): return try body(e)
      case .failure(let error): throw error
      case nil: throw .engineUnavailable(reason: "not started")
      }
    }
  }
}

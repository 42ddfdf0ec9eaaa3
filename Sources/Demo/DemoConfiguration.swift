import Foundation
import NavigationCore
import NavigationUI
import ViewKit

/// Everything that defines a demo session: where it drives, which layout delegate places the
/// UI, on which screen, in which language, and how many frames it renders.
///
/// Two sessions with equal configurations produce the same frames (a manual clock, the
/// embedded router and the seeded simulator).
public struct DemoConfiguration: Sendable, Equatable {
  /// Which layout delegate places the navigation UI.
  public enum Layout: String, Sendable, CaseIterable {
    /// The spec's sample delegate (portrait phone).
    case sample
    /// Cards on the leading side in wide mode.
    case wide
    /// An app-owned bottom sheet with prompts above it (a leading panel in wide mode).
    case sheet
    /// No delegate: the SDK's own built-in layout.
    case builtin

    /// A fresh delegate of this kind, or `nil` for ``builtin``.
    @MainActor public func makeDelegate() -> (any NavigationLayoutDelegate)? {
      switch self {
      case .sample: return SampleLayoutDelegate()
      case .wide: return WideLayoutDelegate()
      case .sheet: return SheetLayoutDelegate()
      case .builtin: return nil
      }
    }
  }

  /// A screen: size in points and safe-area insets.
  public enum Device: String, Sendable, CaseIterable {
    /// A 390 × 844 phone in portrait.
    case phone
    /// The same phone turned to landscape.
    case phoneLandscape = "phone-landscape"
    /// An 820 × 1180 tablet in portrait.
    case tablet

    /// The screen size in points.
    public var size: CGSize {
      switch self {
      case .phone: return CGSize(width: 390, height: 844)
      case .phoneLandscape: return CGSize(width: 844, height: 390)
      case .tablet: return CGSize(width: 820, height: 1180)
      }
    }

    /// The safe-area insets.
    public var safeArea: UIEdgeInsets {
      switch self {
      case .phone: return UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
      case .phoneLandscape: return UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47)
      case .tablet: return UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0)
      }
    }
  }

  /// A prompt the app raises at a time of the drive; `nil` dismisses the one on screen.
  public struct ScheduledPrompt: Sendable, Equatable {
    /// Seconds after guidance starts.
    public var time: TimeInterval
    /// The prompt, or `nil` to dismiss.
    public var prompt: NavigationPrompt?

    /// A scheduled prompt.
    public init(time: TimeInterval, prompt: NavigationPrompt?) {
      self.time = time
      self.prompt = prompt
    }
  }

  /// Fontvieille, the default start.
  public static let fontvieille = CLLocationCoordinate2D(latitude: 43.7296, longitude: 7.4168)
  /// The Casino of Monte-Carlo, the default destination.
  public static let casino = CLLocationCoordinate2D(latitude: 43.7394, longitude: 7.4275)

  /// The layout delegate.
  public var layout: Layout = .sample
  /// The screen size in points.
  public var size = Device.phone.size
  /// The safe-area insets.
  public var safeArea = Device.phone.safeArea
  /// The locale identifier of the UI text (`en`, `fr`, `ar`, `zh-Hant`, …).
  public var locale = "en"
  /// Frames per simulated second.
  public var framesPerSecond = 2.0
  /// At most this many frames (the drive is cut short), or `nil` for the whole drive.
  public var maxFrames: Int?
  /// Pixels per point of the PNG frames.
  public var scale = 1.0
  /// Where the drive starts.
  public var origin = DemoConfiguration.fontvieille
  /// Where it ends.
  public var destination = DemoConfiguration.casino
  /// The destination's title.
  public var destinationTitle = "Casino"
  /// A recorded route response (OSRM, Valhalla or GPX) to drive instead of routing.
  public var routeFile: URL?
  /// An OSM extract (PBF or XML) to route on and draw instead of the bundled Monaco map
  /// (``origin`` and ``destination`` must then lie on it).
  public var mapFile: URL?
  /// Whether the location simulator drives the route (else the fixes come from the
  /// navigation session's `locationSource`: a receiver, a replayed log).
  public var simulatesDrive = true
  /// The prompts the app raises along the way.
  public var prompts: [ScheduledPrompt] = [
    ScheduledPrompt(time: 12, prompt: .incident(title: "Accident ahead")),
    ScheduledPrompt(time: 20, prompt: nil),
    ScheduledPrompt(time: 40, prompt: .traffic(title: "Slow traffic ahead", distance: 300)),
    ScheduledPrompt(time: 48, prompt: nil),
  ]

  /// The default session: the sample delegate on a phone, in English, Fontvieille → Casino.
  public init() {}

  /// Whether the locale's script runs right to left.
  public var isRightToLeft: Bool {
    let language = Locale(identifier: locale).language.languageCode?.identifier ?? locale
    return ["ar", "he", "fa", "ur", "yi", "ps", "ckb", "dv"].contains(language)
  }

  /// The time of frame `index`.
  public func time(ofFrame index: Int) -> TimeInterval {
    Double(index) / framesPerSecond
  }
}

import Foundation
import NavigationCore
import NavigationUI
import NavigationUITesting
import Rendering
import Testing
import ViewKit

/// A delegate that places the turn card `offset` points below the safe area's top and the ETA
/// card at the bottom: moving the turn card by one point is the change a snapshot must catch.
@MainActor
private final class OffsetDelegate: NSObject, NavigationLayoutDelegate {
  let offset: CGFloat
  init(offset: CGFloat) { self.offset = offset }

  func enableNavigationUI(navMap: GMSMapView, newState: any NavigationReadyUIState) {}
  func disableNavigationUI(navMap: GMSMapView, oldState: any NavigationReadyUIState) {}
  func startGuidance(
    navMap: GMSMapView, newState: any ActiveGuidanceUIState,
    oldState: any NavigationReadyUIState
  ) {
    for view in [newState.turnCard, newState.etaCard] { navMap.addSubview(view) }
    let safe = navMap.safeAreaLayoutGuide
    NSLayoutConstraint.activate([
      newState.turnCard.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: 8),
      newState.turnCard.topAnchor.constraint(equalTo: safe.topAnchor, constant: offset),
      newState.etaCard.leadingAnchor.constraint(equalTo: navMap.leadingAnchor),
      newState.etaCard.bottomAnchor.constraint(equalTo: navMap.bottomAnchor),
    ])
  }
  func stopGuidance(
    navMap: GMSMapView, newState: any NavigationReadyUIState,
    oldState: any ActiveGuidanceUIState
  ) {}
  func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {}
  func hidePrompt(navMap: GMSMapView, oldPrompt: NavigationPromptView) {}
  func changePrompt(
    navMap: GMSMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView
  ) {}
}

@MainActor
@Suite struct SnapshotHelperTests {
  /// A phone screen in active guidance from Fontvieille to the Casino, laid out by a delegate
  /// that puts the turn card `offset` points down.
  func screen(offset: CGFloat) throws -> UIWindow {
    let clock = ManualClock()
    let window = UIWindow(
      frame: CGRect(x: 0, y: 0, width: 390, height: 844),
      safeAreaInsets: UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0), clock: clock)
    let mapView = GMSMapView(frame: window.bounds)
    window.addSubview(mapView)
    try mapView.setLayoutDelegate(OffsetDelegate(offset: offset))
    mapView.isNavigationEnabled = true
    mapView.locationSimulator?.simulateLocation(
      at: CLLocationCoordinate2D(latitude: 43.7296, longitude: 7.4168))
    var status: GMSRouteStatus?
    mapView.navigator?.setDestinations(
      [
        GMSNavigationWaypoint(
          location: CLLocationCoordinate2D(latitude: 43.7394, longitude: 7.4275), title: "Casino")!
      ]
    ) { status = $0 }
    clock.advance(by: 0)
    #expect(status == .OK)
    mapView.navigator?.isGuidanceActive = true
    clock.advance(by: 1)
    window.layoutIfNeeded()
    return window
  }

  func scratch() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("snapshot-helper-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func aMissingReferenceIsRecordedAndThenMatches() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let window = try screen(offset: 8)
    let first = try verifySnapshot(of: window, named: "screen", directory: directory, record: false)
    guard case .recorded(let reference, wasMissing: true) = first else {
      Issue.record("expected a recording, got \(first)")
      return
    }
    let image = try RasterImage(png: try Data(contentsOf: reference))
    #expect(image.width == 390 && image.height == 844)
    let second = try verifySnapshot(
      of: window, named: "screen", directory: directory, record: false)
    #expect(second.matched, "\(second)")
  }

  @Test func aComponentMovedByOnePointFails() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try verifySnapshot(
      of: try screen(offset: 8), named: "screen", directory: directory, record: true)
    let moved = try verifySnapshot(
      of: try screen(offset: 9), named: "screen", directory: directory, record: false)
    guard case .different(_, let difference, let actual, let diff) = moved else {
      Issue.record("a turn card one point lower matched: \(moved)")
      return
    }
    #expect(difference.differingPixels > 100, "\(difference)")
    // The new picture and the picture of the difference are written next to the reference.
    let written = try RasterImage(png: try Data(contentsOf: actual))
    #expect(written.width == 390)
    let marked = try RasterImage(png: try Data(contentsOf: diff))
    let red = stride(from: 0, to: marked.rgba.count, by: 4).filter {
      marked.rgba[$0] == 255 && marked.rgba[$0 + 1] == 0 && marked.rgba[$0 + 2] == 0
    }.count
    #expect(red == difference.differingPixels)
    // Recording accepts the change; the files of the failure are cleaned up.
    let recorded = try verifySnapshot(
      of: try screen(offset: 9), named: "screen", directory: directory, record: true)
    guard case .recorded(_, wasMissing: false) = recorded else {
      Issue.record("expected a re-recording, got \(recorded)")
      return
    }
    #expect(!FileManager.default.fileExists(atPath: actual.path))
    #expect(
      try verifySnapshot(
        of: try screen(offset: 9), named: "screen", directory: directory, record: false
      ).matched)
  }

  @Test func aDifferentSizeIsReportedNotCompared() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let window = try screen(offset: 8)
    _ = try verifySnapshot(of: window, named: "screen", directory: directory, record: true)
    let outcome = try verifySnapshot(
      of: window, named: "screen", directory: directory, scale: 2, record: false)
    guard case .sizeChanged(_, let expected, _) = outcome else {
      Issue.record("expected a size change, got \(outcome)")
      return
    }
    #expect(expected.width == 390 && expected.height == 844)
  }

  @Test func aReferenceThatIsNotAPictureIsAnError() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("not a png".utf8).write(to: directory.appendingPathComponent("screen.png"))
    #expect(throws: RenderError.self) {
      _ = try verifySnapshot(
        of: try screen(offset: 8), named: "screen", directory: directory, record: false)
    }
  }

  @Test func theToleranceIgnoresChannelNoiseOnly() throws {
    let base = [UInt8](repeating: 100, count: 4 * 4 * 4)
    var noisy = base
    noisy[0] = 120  // within 24
    var changed = base
    changed[4] = 200  // beyond
    let reference = try #require(RasterImage(width: 4, height: 4, rgba: base))
    let noisyImage = try #require(RasterImage(width: 4, height: 4, rgba: noisy))
    let changedImage = try #require(RasterImage(width: 4, height: 4, rgba: changed))
    let quiet = try #require(ImageDifference(noisyImage, reference, channelTolerance: 24))
    #expect(quiet.differingPixels == 0 && quiet.maximumDifference == 20)
    let loud = try #require(ImageDifference(changedImage, reference, channelTolerance: 24))
    #expect(loud.differingPixels == 1 && loud.differingFraction == 1.0 / 16)
    // A picture round-trips through PNG unchanged.
    let decoded = try RasterImage(png: try loud.diff.pngData())
    #expect(decoded == loud.diff)
  }
}

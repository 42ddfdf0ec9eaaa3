import Foundation
import Rendering
import Testing
import ViewKit

/// How far a new picture may be from its reference and still match.
public struct SnapshotTolerance: Sendable, Hashable {
  /// A channel difference (0…255) at or below this is not a difference: antialiasing and
  /// rounding noise.
  public var channel: Int
  /// The share of pixels (0…1) that may differ beyond ``channel``.
  public var differingFraction: Double

  /// A tolerance.
  public init(channel: Int, differingFraction: Double) {
    self.channel = channel
    self.differingFraction = differingFraction
  }

  /// Channel noise up to 16 ignored, no pixel beyond it: a component that moves by one point
  /// fails.
  public static let exact = SnapshotTolerance(channel: 16, differingFraction: 0)
  /// Channel noise up to 24 ignored, and up to 0.01 % of the pixels (about 33 on a 390 × 844
  /// phone screen at scale 1) beyond it. The default.
  public static let standard = SnapshotTolerance(channel: 24, differingFraction: 0.0001)
}

/// What comparing a view with its stored reference found.
public enum SnapshotOutcome: Sendable, CustomStringConvertible {
  /// Within the tolerance.
  case matched
  /// The reference was (re)written: recording was asked for, or there was none.
  case recorded(reference: URL, wasMissing: Bool)
  /// The picture's size is not the reference's; the new picture was written to `actual`.
  case sizeChanged(reference: URL, expected: (width: Int, height: Int), actual: URL)
  /// The pictures differ beyond the tolerance; the new picture and a picture of where they
  /// differ were written next to the reference.
  case different(reference: URL, difference: ImageDifference, actual: URL, diff: URL)

  /// Whether the view matched its reference.
  public var matched: Bool {
    if case .matched = self { return true }
    return false
  }

  /// What to tell the person running the tests.
  public var description: String {
    switch self {
    case .matched: return "matches its reference"
    case .recorded(let reference, let wasMissing):
      return wasMissing
        ? "no reference at \(reference.path): recorded it; check the picture and run again"
        : "recorded \(reference.path) (\(SnapshotRecording.variable)=1)"
    case .sizeChanged(let reference, let expected, let actual):
      return
        "size differs from \(reference.path) (\(expected.width) × \(expected.height) pixels);"
        + " new picture at \(actual.path)"
    case .different(let reference, let difference, let actual, let diff):
      return
        "differs from \(reference.path): \(difference); new picture at \(actual.path), where"
        + " they differ at \(diff.path)"
    }
  }
}

/// Where references live and whether this run records them.
public enum SnapshotRecording {
  /// The one environment variable that records every snapshot of a run:
  /// `NAVUI_RECORD_SNAPSHOTS=1 swift test`.
  public static let variable = "NAVUI_RECORD_SNAPSHOTS"
  /// The environment variable naming the folder of references (default
  /// ``defaultDirectory``).
  public static let directoryVariable = "NAVUI_SNAPSHOT_DIR"

  /// Whether ``variable`` is `1` in this process's environment.
  public static var isRecording: Bool {
    ProcessInfo.processInfo.environment[variable] == "1"
  }

  /// `$NAVUI_SNAPSHOT_DIR` when set, else `Tests/__Snapshots__` in the package being tested:
  /// the nearest folder holding a `Package.swift` from the working directory up (`swift test`
  /// runs in the package's folder).
  public static var defaultDirectory: URL {
    let environment = ProcessInfo.processInfo.environment
    if let named = environment[directoryVariable], !named.isEmpty {
      return URL(fileURLWithPath: named, isDirectory: true)
    }
    let start = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    var folder = start
    while folder.path != "/" {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
      {
        return folder.appendingPathComponent("Tests/__Snapshots__", isDirectory: true)
      }
      folder.deleteLastPathComponent()
    }
    return start.appendingPathComponent("Tests/__Snapshots__", isDirectory: true)
  }
}

/// Renders `view` (a window or any root view, with its subviews, at the time `time` of its
/// clock) and compares the picture with the reference `<name>.png` in `directory`.
///
/// A missing reference is recorded (and reported, so the run fails once); with `record` (by
/// default ``SnapshotRecording/isRecording``) every reference is rewritten. On a difference
/// beyond `tolerance` the new picture (`<name>.actual.png`) and a picture of where they
/// differ (`<name>.diff.png`) are written next to the reference.
///
/// - Parameters:
///   - map: the base map drawn under the views (a ``MapLayer``), if any.
///   - scale: device pixels per point.
/// - Throws: ``RenderError`` when the view cannot be drawn, or a file error when a picture
///   cannot be read or written.
@MainActor
public func verifySnapshot(
  of view: UIView, named name: String, directory: URL = SnapshotRecording.defaultDirectory,
  scale: Double = 1, map: MapLayer? = nil, at time: TimeInterval? = nil,
  tolerance: SnapshotTolerance = .standard, record: Bool = SnapshotRecording.isRecording
) throws -> SnapshotOutcome {
  let reference = directory.appendingPathComponent("\(name).png")
  let actualURL = directory.appendingPathComponent("\(name).actual.png")
  let diffURL = directory.appendingPathComponent("\(name).diff.png")
  let png = try Renderer(scale: scale, pngCompression: .balanced).png(
    window: view, at: time, map: map)
  let manager = FileManager.default
  let missing = !manager.fileExists(atPath: reference.path)
  if record || missing {
    try manager.createDirectory(at: directory, withIntermediateDirectories: true)
    try png.write(to: reference)
    try? manager.removeItem(at: actualURL)
    try? manager.removeItem(at: diffURL)
    return .recorded(reference: reference, wasMissing: missing)
  }
  let expected = try RasterImage(png: try Data(contentsOf: reference), name: reference.path)
  let actual = try RasterImage(png: png, name: name)
  guard
    let difference = ImageDifference(actual, expected, channelTolerance: tolerance.channel)
  else {
    try png.write(to: actualURL)
    return .sizeChanged(
      reference: reference, expected: (expected.width, expected.height), actual: actualURL)
  }
  if difference.differingFraction <= tolerance.differingFraction {
    try? manager.removeItem(at: actualURL)
    try? manager.removeItem(at: diffURL)
    return .matched
  }
  try png.write(to: actualURL)
  try difference.diff.pngData().write(to: diffURL)
  return .different(
    reference: reference, difference: difference, actual: actualURL, diff: diffURL)
}

/// ``verifySnapshot(of:named:directory:scale:map:at:tolerance:record:)`` as a test assertion:
/// records an issue unless the view matches its reference.
///
/// ```swift
/// @Test @MainActor func navigationScreen() throws {
///   let (window, _) = try makeScreen()
///   assertSnapshot(of: window, named: "navigation-phone")
/// }
/// ```
@MainActor
public func assertSnapshot(
  of view: UIView, named name: String, directory: URL = SnapshotRecording.defaultDirectory,
  scale: Double = 1, map: MapLayer? = nil, at time: TimeInterval? = nil,
  tolerance: SnapshotTolerance = .standard, record: Bool = SnapshotRecording.isRecording,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  do {
    let outcome = try verifySnapshot(
      of: view, named: name, directory: directory, scale: scale, map: map, at: time,
      tolerance: tolerance, record: record)
    if !outcome.matched {
      Issue.record("snapshot \(name): \(outcome)", sourceLocation: sourceLocation)
    }
  } catch {
    Issue.record("snapshot \(name) could not be taken: \(error)", sourceLocation: sourceLocation)
  }
}

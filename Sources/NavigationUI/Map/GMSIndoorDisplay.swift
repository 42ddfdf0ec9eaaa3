import Foundation

/// A floor of an indoor map (`GMSIndoorLevel`).
@preconcurrency @MainActor
open class GMSIndoorLevel: NSObject {
  /// The level's name ("Ground floor").
  public let name: String?
  /// Its short name ("G").
  public let shortName: String?

  /// A level with names.
  public init(name: String?, shortName: String?) {
    self.name = name
    self.shortName = shortName
    super.init()
  }
}

/// A building with an indoor map (`GMSIndoorBuilding`).
@preconcurrency @MainActor
open class GMSIndoorBuilding: NSObject {
  /// Its levels, top to bottom.
  public let levels: [GMSIndoorLevel]
  /// The index in ``levels`` shown by default.
  public let defaultLevelIndex: UInt
  /// Whether the building is wholly underground.
  public let isUnderground: Bool

  /// A building with levels.
  public init(levels: [GMSIndoorLevel], defaultLevelIndex: UInt = 0, isUnderground: Bool = false) {
    self.levels = levels
    self.defaultLevelIndex = defaultLevelIndex
    self.isUnderground = isUnderground
    super.init()
  }
}

/// Hears which indoor building and level are shown (`GMSIndoorDisplayDelegate`).
@preconcurrency @MainActor
public protocol GMSIndoorDisplayDelegate: AnyObject {
  /// The building in focus changed (`nil`: none).
  func didChangeActiveBuilding(_ building: GMSIndoorBuilding?)
  /// The level shown changed (`nil`: none).
  func didChangeActiveLevel(_ level: GMSIndoorLevel?)
}

extension GMSIndoorDisplayDelegate {
  /// Does nothing.
  public func didChangeActiveBuilding(_ building: GMSIndoorBuilding?) {}
  /// Does nothing.
  public func didChangeActiveLevel(_ level: GMSIndoorLevel?) {}
}

/// The indoor map of a map view (`GMSMapView.indoorDisplay`, Guides/Spec.md §12.9).
///
/// OpenStreetMap extracts carry no indoor maps (floor plans with levels), so no building is
/// ever in focus here: ``activeBuilding`` stays `nil`, ``isIndoorDataAvailable`` is false
/// and the delegate is never called. Setting ``activeLevel`` to a level outside the active
/// building is ignored, as in the original.
///
/// ```swift
/// mapView.isIndoorEnabled = true
/// if mapView.indoorDisplay.activeBuilding == nil { hideFloorPicker() }
/// ```
@preconcurrency @MainActor
public final class GMSIndoorDisplay {
  /// Hears building and level changes.
  public weak var delegate: (any GMSIndoorDisplayDelegate)?
  /// The building in focus: always `nil` (no indoor data).
  public private(set) var activeBuilding: GMSIndoorBuilding?
  /// The level shown of ``activeBuilding``; only one of its levels (or `nil`) is accepted.
  public var activeLevel: GMSIndoorLevel? {
    get { storedLevel }
    set {
      guard newValue == nil || activeBuilding?.levels.contains(where: { $0 === newValue }) == true
      else { return }
      storedLevel = newValue
    }
  }
  private var storedLevel: GMSIndoorLevel?

  /// Whether the map's data has indoor maps: false for OpenStreetMap extracts, which is why
  /// nothing indoor is ever drawn.
  public var isIndoorDataAvailable: Bool { false }

  init() {}
}

import Foundation
import NavigationCore

/// How often the map wants to be drawn (`GMSFrameRate`).
public enum GMSFrameRate: Int, Sendable, Hashable {
  /// As rarely as looks acceptable, to save power.
  case powerSave = 0
  /// A steady rate that keeps animations smooth.
  case conservative = 1
  /// As often as the display allows (the default).
  case maximum = 2

  /// Frames per second a window's drawing loop aims at for this setting: 30, 45, 60.
  public var framesPerSecond: Int {
    switch self {
    case .powerSave: return 30
    case .conservative: return 45
    case .maximum: return 60
    }
  }
}

/// What the map's renderer can do for its map ID (`GMSMapCapabilityFlags`).
public struct GMSMapCapabilityFlags: OptionSet, Sendable, Hashable {
  /// The raw bits.
  public let rawValue: UInt
  /// A flag set from bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// Advanced markers (`GMSAdvancedMarker`) are drawn.
  public static let advancedMarkers = GMSMapCapabilityFlags(rawValue: 1 << 0)
  /// Data-driven styling of boundaries and datasets works.
  public static let dataDrivenStyling = GMSMapCapabilityFlags(rawValue: 1 << 1)
}

extension GMSMapID {
  /// The map ID of Google's demos (`GMSMapID.demoMapID`).
  public static var demoMapID: GMSMapID { GMSMapID(identifier: "DEMO_MAP_ID") }
}

extension GMSMapView {
  /// A map view with a frame, a map ID and a camera (`GMSMapView(frame:mapID:camera:)`).
  public convenience init(frame: CGRect, mapID: GMSMapID, camera: GMSCameraPosition) {
    let options = GMSMapViewOptions()
    options.frame = frame
    options.mapID = mapID
    options.camera = camera
    self.init(options: options)
  }

  /// How often the map wants to be drawn (``GMSFrameRate/maximum`` unless set). Kept for
  /// the drawing loop to read (``GMSFrameRate/framesPerSecond``); the renderers here draw a
  /// frame when asked, at their own pace, whatever it says.
  public var preferredFrameRate: GMSFrameRate {
    get { mapState.preferredFrameRate }
    set { mapState.preferredFrameRate = newValue }
  }

  /// Whether two cameras draw the same picture: the same zoom, bearing and tilt (within
  /// 10⁻⁶) and targets less than a hundredth of a point apart at this zoom
  /// (`areEqualForRenderingPosition(_:position:)`).
  public func areEqualForRenderingPosition(
    _ position: GMSCameraPosition, position otherPosition: GMSCameraPosition
  ) -> Bool {
    guard abs(position.zoom - otherPosition.zoom) < 1e-6,
      abs(Geodesy.angleDifference(position.bearing, otherPosition.bearing)) < 1e-6,
      abs(position.viewingAngle - otherPosition.viewingAngle) < 1e-6
    else { return false }
    let metres = Geodesy.distance(position.target, otherPosition.target)
    return metres / MapGeometry.metersPerPoint(position) < 0.01
  }
}

extension GMSVisibleRegion {
  /// A region with every corner at (0, 0) (the C struct's zero value).
  public init() {
    let zero = CLLocationCoordinate2D(latitude: 0, longitude: 0)
    self.init(nearLeft: zero, nearRight: zero, farLeft: zero, farRight: zero)
  }
}

extension GMSCameraPosition: NSCopying, NSMutableCopying {
  /// An immutable copy (`copy()`).
  public func copy(with zone: NSZone? = nil) -> Any {
    GMSCameraPosition(target: target, zoom: zoom, bearing: bearing, viewingAngle: viewingAngle)
  }

  /// A ``GMSMutableCameraPosition`` copy (`mutableCopy()`).
  public func mutableCopy(with zone: NSZone? = nil) -> Any {
    GMSMutableCameraPosition(
      target: target, zoom: zoom, bearing: bearing, viewingAngle: viewingAngle)
  }
}

extension GMSPath: NSCopying, NSMutableCopying {
  /// An immutable copy (`copy()`).
  public func copy(with zone: NSZone? = nil) -> Any { GMSPath(path: self) }

  /// A ``GMSMutablePath`` copy (`mutableCopy()`).
  public func mutableCopy(with zone: NSZone? = nil) -> Any { GMSMutablePath(path: self) }
}

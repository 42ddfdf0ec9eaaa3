import Foundation
import NavigationCore

/// What a drawn frame of the map showed, for the tile callbacks of ``GMSMapViewDelegate``.
struct MapDrawnLook: Equatable {
  /// The base map's look: camera, size, map type, style and colours. A change means new
  /// tiles (`mapViewDidStartTileRendering` … `mapViewDidFinishTileRendering`).
  struct Tiles: Equatable {
    var latitude: Double
    var longitude: Double
    var zoom: Float
    var bearing: Double
    var viewingAngle: Double
    var size: CGSize
    var mapType: GMSMapViewType
    var style: ObjectIdentifier?
    var userInterfaceStyle: UIUserInterfaceStyle
    var lightingMode: GMSNavigationLightingMode
  }

  var tiles: Tiles
  /// Overlays, traffic and the my-location dot: a change makes a new snapshot.
  var overlayGeneration: Int
  var isTrafficEnabled: Bool
  var myLocation: CLLocation?
}

extension GMSMapView {
  /// Tells the map view that a frame of its map was drawn (renderers call it once the map
  /// is painted; the demo's map layer does). When the base map looks different from the last
  /// drawn frame (camera, size, map type, style, colours), the delegate hears
  /// ``GMSMapViewDelegate/mapViewDidStartTileRendering(_:)`` then
  /// ``GMSMapViewDelegate/mapViewDidFinishTileRendering(_:)``; then, when the camera is idle
  /// (no animation, no gesture moving it) and the frame differs from the last one reported
  /// (overlays included), ``GMSMapViewDelegate/mapViewSnapshotReady(_:)``. As on iOS, the
  /// callbacks come after the drawing: on the next turn of the window's clock.
  public func mapWasDrawn() {
    let tiles = MapDrawnLook.Tiles(
      latitude: cameraStorage.target.latitude, longitude: cameraStorage.target.longitude,
      zoom: cameraStorage.zoom, bearing: cameraStorage.bearing,
      viewingAngle: cameraStorage.viewingAngle, size: bounds.size, mapType: mapType,
      style: mapStyle.map(ObjectIdentifier.init), userInterfaceStyle: overrideUserInterfaceStyle,
      lightingMode: lightingMode)
    let look = MapDrawnLook(
      tiles: tiles, overlayGeneration: overlayGeneration, isTrafficEnabled: isTrafficEnabled,
      myLocation: myLocation)
    var events: [MapTileEvent] = []
    if mapState.drawnTiles != tiles {
      mapState.drawnTiles = tiles
      events += [.started, .finished]
    }
    let capabilities = mapCapabilities
    if mapState.reportedCapabilities != capabilities {
      mapState.reportedCapabilities = capabilities
      events.append(.capabilitiesChanged(capabilities))
    }
    if isCameraIdle, mapState.snapshotLook != look {
      mapState.snapshotLook = look
      events.append(.snapshotReady)
    }
    guard !events.isEmpty else { return }
    clock.schedule(after: 0) { [weak self] in
      guard let self, let delegate = self.mapState.delegate else { return }
      for event in events {
        switch event {
        case .started: delegate.mapViewDidStartTileRendering(self)
        case .finished: delegate.mapViewDidFinishTileRendering(self)
        case .snapshotReady: delegate.mapViewSnapshotReady(self)
        case .capabilitiesChanged(let flags): delegate.mapView(self, didChange: flags)
        }
      }
    }
  }

  /// Whether nothing is moving the camera: no animation and no gesture in progress.
  var isCameraIdle: Bool {
    guard mapState.animation == nil else { return false }
    switch mapState.touches.mode {
    case .panning, .twoFingers: return false
    default: return true
    }
  }
}

/// A tile callback of ``GMSMapViewDelegate``.
enum MapTileEvent {
  case started, finished, snapshotReady
  case capabilitiesChanged(GMSMapCapabilityFlags)
}

import Foundation

/// Hears about the map: taps and long presses, markers, overlays, points of interest, the
/// camera and tiles (`GMSMapViewDelegate`). Every method is optional (each has a default
/// that does nothing). Set it with ``GMSMapView/delegate``.
///
/// ```swift
/// extension MapScreen: GMSMapViewDelegate {
///   func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool {
///     print(marker.title ?? "")
///     return false          // also select it and show its info window
///   }
/// }
/// ```
@MainActor
public protocol GMSMapViewDelegate: AnyObject {
  /// The camera is about to move; `gesture` is true when the user moves it.
  func mapView(_ mapView: GMSMapView, willMove gesture: Bool)
  /// The camera changed (every frame of an animation or gesture).
  func mapView(_ mapView: GMSMapView, didChange position: GMSCameraPosition)
  /// The camera stopped after a move, animation or gesture.
  func mapView(_ mapView: GMSMapView, idleAt position: GMSCameraPosition)
  /// A tap on the map away from markers, overlays and points of interest.
  func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D)
  /// A long press on the map away from draggable markers.
  func mapView(_ mapView: GMSMapView, didLongPressAt coordinate: CLLocationCoordinate2D)
  /// A tap on a marker; return true to handle it yourself (no selection, no info window).
  func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool
  /// A tap on the selected marker's info window.
  func mapView(_ mapView: GMSMapView, didTapInfoWindowOf marker: GMSMarker)
  /// A long press on the selected marker's info window.
  func mapView(_ mapView: GMSMapView, didLongPressInfoWindowOf marker: GMSMarker)
  /// A tap on a tappable polyline, polygon, circle or ground overlay.
  func mapView(_ mapView: GMSMapView, didTap overlay: GMSOverlay)
  /// A tap on a named place of the base map (an OSM feature with a name).
  func mapView(
    _ mapView: GMSMapView, didTapPOIWithPlaceID placeID: String, name: String,
    location: CLLocationCoordinate2D)
  /// A whole info window for a marker, or `nil` for the default one.
  func mapView(_ mapView: GMSMapView, markerInfoWindow marker: GMSMarker) -> UIView?
  /// The contents of the default info window's frame, or `nil` for title and snippet.
  func mapView(_ mapView: GMSMapView, markerInfoContents marker: GMSMarker) -> UIView?
  /// The info window of a marker closed.
  func mapView(_ mapView: GMSMapView, didCloseInfoWindowOf marker: GMSMarker)
  /// A long press began dragging a draggable marker.
  func mapView(_ mapView: GMSMapView, didBeginDragging marker: GMSMarker)
  /// A dragged marker was let go.
  func mapView(_ mapView: GMSMapView, didEndDragging marker: GMSMarker)
  /// A dragged marker moved.
  func mapView(_ mapView: GMSMapView, didDrag marker: GMSMarker)
  /// The my-location button was tapped; return true to skip moving the camera onto the fix.
  func didTapMyLocationButton(for mapView: GMSMapView) -> Bool
  /// The my-location dot was tapped.
  func mapView(_ mapView: GMSMapView, didTapMyLocation location: CLLocationCoordinate2D)
  /// Tiles began to be drawn.
  func mapViewDidStartTileRendering(_ mapView: GMSMapView)
  /// Every visible tile was drawn.
  func mapViewDidFinishTileRendering(_ mapView: GMSMapView)
  /// The map is drawn and still: a snapshot now shows it complete.
  func mapViewSnapshotReady(_ mapView: GMSMapView)
  /// The map's capabilities (``GMSMapView/mapCapabilities``) changed: with a map ID,
  /// `.advancedMarkers` arrives when the first frame is drawn.
  func mapView(_ mapView: GMSMapView, didChange mapCapabilities: GMSMapCapabilityFlags)
}

extension GMSMapViewDelegate {
  /// Does nothing.
  public func mapView(_ mapView: GMSMapView, willMove gesture: Bool) {}
  /// Does nothing.
  public func mapView(_ mapView: GMSMapView, didChange position: GMSCameraPosition) {}
  /// Does nothing.
  public func mapView(_ mapView: GMSMapView, idleAt position: GMSCameraPosition) {}
  /// Does nothing.
  public func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D) {}
  /// Does nothing.
  public func mapView(_ mapView: GMSMapView, didLongPressAt coordinate: CLLocationCoordinate2D) {}
  /// Returns false: the map selects the marker and shows its info window.
  public func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool { false }
  /// Does nothing.
  public func mapView(_ mapView: GMSMapView, didTapInfoWindowOf marker: GMSMarker) {}
  /// Does nothing.
  public func mapView(_ mapView: GMSMapView, didLongPressInfoWindowOf marker: GMSMarker) {}
  /// Does nothing.
  public func mapView(_ mapView: GMSMapView, didTap overlay: GMSOverlay) {}
  /// Does nothing.
  public func mapView(
    _ mapView: GMSMapView, didTapPOIWithPlaceID placeID: String, name: String,
    location: CLLocationCoordinate2D
  ) {}
  /// Returns `nil`: the default info window.
  public func mapView(_ mapView: GMSMapView, markerInfoWindow marker: GMSMarker) -> UIView? {
    nil
  }
  /// Returns `nil`: title and snippet.
  public func mapView(_ mapView: GMSMapView, markerInfoContents marker: GMSMarker) -> UIView? {
    nil
  }
  /// Does nothing.
  public func mapView(_ mapView: GMSMapView, didCloseInfoWindowOf marker: GMSMarker) {}
  /// Does nothing.
  public func mapView(_ mapView: GMSMapView, didBeginDragging marker: GMSMarker) {}
  /// Does nothing.
  public func mapView(_ mapView: GMSMapView, didEndDragging marker: GMSMarker) {}
  /// Does nothing.
  public func mapView(_ mapView: GMSMapView, didDrag marker: GMSMarker) {}
  /// Returns false: the camera moves onto the fix.
  public func didTapMyLocationButton(for mapView: GMSMapView) -> Bool { false }
  /// Does nothing.
  public func mapView(_ mapView: GMSMapView, didTapMyLocation location: CLLocationCoordinate2D) {}
  /// Does nothing.
  public func mapViewDidStartTileRendering(_ mapView: GMSMapView) {}
  /// Does nothing.
  public func mapViewDidFinishTileRendering(_ mapView: GMSMapView) {}
  /// Does nothing.
  public func mapViewSnapshotReady(_ mapView: GMSMapView) {}
  /// Does nothing.
  public func mapView(_ mapView: GMSMapView, didChange mapCapabilities: GMSMapCapabilityFlags) {}
}

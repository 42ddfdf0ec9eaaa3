import Foundation

/// Panning a map shown on a CarPlay screen (`GMSMapView (CarPlay)`): the app forwards its
/// `CPMapTemplateDelegate` pan callbacks here.
extension GMSMapView {
  /// A CarPlay pan began (`mapTemplateDidBeginPanGesture`): the camera stops following and
  /// the delegate hears `willMove(true)`. Ignored when scroll gestures are off.
  public func didBeginPanGesture() {
    guard settings.scrollGestures else { return }
    cancelCameraAnimation()
    stopFollowing()
    mapState.carPlayPanTranslation = .zero
    mapState.delegate?.mapView(self, willMove: true)
  }

  /// The pan moved to `translation` (points from where it began): the map follows the
  /// finger as a touch pan does. `velocity` is not used while the finger is down.
  public func didUpdatePanGesture(withTranslation translation: CGPoint, velocity: CGPoint) {
    guard let last = mapState.carPlayPanTranslation else { return }
    let center = CGPoint(x: bounds.midX, y: bounds.midY)
    pan(
      from: CGPoint(x: center.x + last.x, y: center.y + last.y),
      to: CGPoint(x: center.x + translation.x, y: center.y + translation.y))
    mapState.carPlayPanTranslation = translation
  }

  /// The pan ended: the delegate hears `idleAt`. The map stops where the finger left it
  /// (no fling, as the touch pan here has none); `velocity` is not used.
  public func didEndPanGesture(withVelocity velocity: CGPoint) {
    guard mapState.carPlayPanTranslation != nil else { return }
    mapState.carPlayPanTranslation = nil
    mapState.delegate?.mapView(self, idleAt: camera)
  }
}

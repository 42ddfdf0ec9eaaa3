/// A source of raw device fixes for a ``GMSNavigationSession`` (the hook real location input
/// plugs into: gpsd, NMEA or GPX replay, a `CLLocationManager`-like manager). The session
/// starts it when the session starts and stops it when it stops; every fix goes through the
/// session's ``GMSRoadSnappedLocationProvider`` to the navigator.
///
/// ```swift
/// final class ReplaySource: GMSLocationSource {
///   func startUpdatingLocation(_ deliver: @escaping @MainActor (CLLocation) -> Void) { … }
///   func stopUpdatingLocation() { … }
/// }
/// session.locationSource = ReplaySource()
/// ```
@preconcurrency @MainActor
public protocol GMSLocationSource: AnyObject {
  /// Starts delivering fixes, on the main actor, to `deliver`.
  func startUpdatingLocation(_ deliver: @escaping @MainActor (CLLocation) -> Void)
  /// Stops delivering fixes.
  func stopUpdatingLocation()
  /// The source became `session`'s ``GMSNavigationSession/locationSource``: the place to set
  /// the provider's ``GMSRoadSnappedLocationProvider/snapper`` and to listen to the
  /// navigator. The default does nothing.
  func didAttach(to session: GMSNavigationSession)
  /// The source is no longer `session`'s location source. The default does nothing.
  func didDetach(from session: GMSNavigationSession)
}

extension GMSLocationSource {
  /// Does nothing.
  public func didAttach(to session: GMSNavigationSession) {}
  /// Does nothing.
  public func didDetach(from session: GMSNavigationSession) {}
}

/// Turns a raw fix into the road-snapped one (the hook for map matching); `nil` drops the fix.
public typealias GMSLocationSnapper = @MainActor (CLLocation) -> CLLocation?

/// Hears road-snapped locations (`GMSRoadSnappedLocationProviderListener`).
@preconcurrency @MainActor
public protocol GMSRoadSnappedLocationProviderListener: AnyObject {
  /// The device's (road-snapped) location changed.
  func locationProvider(
    _ locationProvider: GMSRoadSnappedLocationProvider, didUpdate location: CLLocation)
}

/// The session's road-snapped location updates, like `CLLocationManager` (SDK
/// `GMSRoadSnappedLocationProvider`): listeners are held weakly and hear every fix of the
/// session — simulated or from its ``GMSNavigationSession/locationSource`` — after
/// ``snapper`` while updating is started.
///
/// ```swift
/// session.roadSnappedLocationProvider?.add(self)
/// session.roadSnappedLocationProvider?.startUpdatingLocation()
/// ```
@preconcurrency @MainActor
public final class GMSRoadSnappedLocationProvider {
  private var listeners: [WeakBox] = []
  private struct WeakBox {
    weak var listener: (any GMSRoadSnappedLocationProviderListener)?
  }
  /// Whether ``startUpdatingLocation()`` was called (and not stopped since).
  public private(set) var isUpdatingLocation = false
  /// Whether listeners still hear fixes while the app is in the background (default false).
  public var allowsBackgroundLocationUpdates = false
  /// Snaps raw fixes to the road network; `nil` passes them through (the simulator's fixes
  /// are on the route already). The location sources plug map matching in here.
  public var snapper: GMSLocationSnapper?
  /// The latest road-snapped fix.
  public private(set) var lastLocation: CLLocation?

  init() {}

  /// Adds a listener (held weakly).
  public func add(_ listener: any GMSRoadSnappedLocationProviderListener) {
    listeners.removeAll { $0.listener == nil || $0.listener === listener }
    listeners.append(WeakBox(listener: listener))
  }

  /// Removes a listener; false when it was not one.
  @discardableResult
  public func remove(_ listener: any GMSRoadSnappedLocationProviderListener) -> Bool {
    let before = listeners.count
    listeners.removeAll { $0.listener === listener }
    return listeners.count != before
  }

  /// Starts delivering road-snapped locations to the listeners.
  public func startUpdatingLocation() { isUpdatingLocation = true }

  /// Stops delivering locations.
  public func stopUpdatingLocation() { isUpdatingLocation = false }

  /// Snaps a fix and tells the listeners (when updating); returns the snapped fix.
  func process(_ raw: CLLocation) -> CLLocation? {
    var fix = raw
    if let snapper {
      guard let snapped = snapper(raw) else { return nil }
      fix = snapped
    }
    lastLocation = fix
    if isUpdatingLocation {
      listeners.removeAll { $0.listener == nil }
      for box in listeners { box.listener?.locationProvider(self, didUpdate: fix) }
    }
    return fix
  }
}

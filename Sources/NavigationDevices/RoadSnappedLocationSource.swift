import Location
import NavigationCore
import NavigationUI
import Routing
import ViewKit

/// Device location for a ``GMSNavigationSession``: a `CLLocationManager` (gpsd, an NMEA or
/// GPX replay, the simulator source) read through the `RoadSnappedLocationEngine`, plugged
/// into the session's hooks (Guides/Location.md, "A session on real fixes").
///
/// Made a session's `locationSource`, it starts and stops with the session, becomes the road
/// snapper of its `roadSnappedLocationProvider` (the HMM map matcher off the route, the route
/// ahead on it) and follows the navigator's route: every route the navigator installs
/// (`setDestinations`, a reroute) becomes the engine's. The navigator keeps progress, arrival
/// and rerouting, through its route provider and with its avoidance options; the engine's own
/// rerouting is therefore off.
///
/// ```swift
/// let manager = CLLocationManager(source: GPSDLocationSource())
/// session.locationSource = RoadSnappedLocationSource(locationManager: manager)
/// // or, for every new session:
/// GMSNavigationSession.defaultLocationSource = {
///   RoadSnappedLocationSource(locationManager: CLLocationManager(source: GPSDLocationSource()))
/// }
/// ```
@MainActor
public final class RoadSnappedLocationSource: GMSLocationSource, CLLocationManagerDelegate,
  GMSNavigatorListener
{
  /// The snapping engine; its `locationManager` is where fixes come from.
  public let engine: RoadSnappedLocationEngine
  /// The location manager read (the engine's).
  public var locationManager: CLLocationManager { engine.locationManager }
  /// The latest failure of the location source (gpsd unreachable, a bad log, refused
  /// authorization), `nil` while none happened.
  public private(set) var lastError: (any Error)?
  /// Hears each failure of the location source.
  public var onError: (@MainActor (any Error) -> Void)?
  private var deliver: (@MainActor (CLLocation) -> Void)?
  private weak var session: GMSNavigationSession?

  /// A source reading `locationManager`, matching fixes on `routeEngine`'s road network (the
  /// bundled map's router by default; `nil` snaps to the route only).
  public init(
    locationManager: CLLocationManager,
    routeEngine: RouteEngine? = EmbeddedRouteProvider.bundled.engine
  ) {
    engine = RoadSnappedLocationEngine(locationManager: locationManager, routeEngine: routeEngine)
    engine.isReroutingEnabled = false
  }

  /// Starts the manager (asking it for when-in-use authorization first, which Linux grants
  /// unless the manager was made refused); its fixes go to `deliver` (the session).
  public func startUpdatingLocation(_ deliver: @escaping @MainActor (CLLocation) -> Void) {
    self.deliver = deliver
    locationManager.delegate = self
    locationManager.requestWhenInUseAuthorization()
    locationManager.startUpdatingLocation()
  }

  /// Stops the manager.
  public func stopUpdatingLocation() {
    locationManager.stopUpdatingLocation()
    deliver = nil
  }

  /// Becomes the session's road snapper and follows its navigator's route.
  public func didAttach(to session: GMSNavigationSession) {
    self.session = session
    session.roadSnappedLocationProvider?.snapper = { [weak self] raw in
      guard let self else { return raw }
      return self.engine.receive(raw).location
    }
    session.navigator?.add(self)
    engine.setRoute(session.navigator?.currentRoute)
  }

  /// Stops snapping for the session and listening to its navigator.
  public func didDetach(from session: GMSNavigationSession) {
    session.roadSnappedLocationProvider?.snapper = nil
    session.navigator?.remove(self)
    if self.session === session { self.session = nil }
  }

  /// The navigator installed a route (or cleared it): the engine snaps to it from now on.
  public func navigatorDidChangeRoute(_ navigator: GMSNavigator) {
    engine.setRoute(navigator.currentRoute)
  }

  /// Hands the manager's fixes to the session.
  public func locationManager(
    _ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]
  ) {
    for fix in locations { deliver?(fix) }
  }

  /// Keeps and reports the manager's failure.
  public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
    lastError = error
    onError?(error)
  }
}

/// A navigation session (`GMSNavigationSession`): one navigator, location simulator and
/// road-snapped location provider that any number of map views can show
/// (``GMSMapView/enableNavigation(with:)``), or none.
///
/// ```swift
/// guard let session = GMSNavigationServices.createNavigationSession() else { return }
/// session.isStarted = true
/// phoneMapView.enableNavigation(with: session)
/// carMapView.enableNavigation(with: session)   // same route, same guidance
/// ```
@preconcurrency @MainActor
public final class GMSNavigationSession {
  /// The navigator (`nil` only in the original, when the terms are not accepted; sessions are
  /// only made once they are).
  public private(set) var navigator: GMSNavigator?
  /// The location simulator.
  public private(set) var locationSimulator: GMSLocationSimulator?
  /// The road-snapped location provider.
  public private(set) var roadSnappedLocationProvider: GMSRoadSnappedLocationProvider?
  /// The travel mode of routes and of the location course.
  public var travelMode: GMSNavigationTravelMode = .driving {
    didSet { navigator?.sessionTravelModeChanged() }
  }
  /// The clock timers and callbacks run on; `nil` uses the clock of the first attached map
  /// view's window (real time outside a window). Set a `ManualClock` for headless tests.
  public var clock: (any MainClock)?
  /// Where raw device fixes come from while the session is started; `nil` means only the
  /// simulator gives fixes (this implementation's default). A new source is told
  /// (``GMSLocationSource/didAttach(to:)``) so that it can plug its snapping in; while the
  /// simulator drives or holds the vehicle, the source's fixes are ignored, as the original
  /// ignores the device's.
  public var locationSource: (any GMSLocationSource)? {
    didSet {
      guard oldValue !== locationSource else { return }
      oldValue?.stopUpdatingLocation()
      oldValue?.didDetach(from: self)
      locationSource?.didAttach(to: self)
      if isStarted { startSource() }
    }
  }

  /// Whether the session is started: a prerequisite for guidance and for road-snapped
  /// updates; starting it starts ``locationSource``.
  public var isStarted: Bool {
    get { started }
    set {
      guard newValue != started else { return }
      started = newValue
      if newValue {
        startSource()
      } else {
        locationSource?.stopUpdatingLocation()
        navigator?.isGuidanceActive = false
      }
    }
  }
  private var started = false
  var mapViews: [WeakMapView] = []

  struct WeakMapView {
    weak var mapView: GMSMapView?
  }

  /// Makes the ``locationSource`` of every new session (device input: gpsd, a replay, …);
  /// `nil` (the default) leaves sessions with the simulator only. Module `NavigationDevices`
  /// has the real one: `{ RoadSnappedLocationSource(locationManager: CLLocationManager(source:
  /// GPSDLocationSource())) }` (Guides/Location.md).
  public static var defaultLocationSource: (@MainActor () -> (any GMSLocationSource)?)?

  init() {
    let navigator = GMSNavigator(session: nil)
    self.navigator = navigator
    navigator.session = self
    locationSimulator = GMSLocationSimulator(navigator: navigator)
    roadSnappedLocationProvider = GMSRoadSnappedLocationProvider()
    locationSource = Self.defaultLocationSource?()
    locationSource?.didAttach(to: self)
  }

  /// The clock of this session: ``clock``, else the first attached map view's.
  var effectiveClock: any MainClock {
    if let clock { return clock }
    for entry in mapViews { if let mapView = entry.mapView { return mapView.clock } }
    return RealTimeClock.shared
  }

  /// The attached map views, oldest first.
  public var attachedMapViews: [GMSMapView] { mapViews.compactMap(\.mapView) }

  /// The first attached map view, found without building the list.
  var firstAttachedMapView: GMSMapView? {
    for entry in mapViews { if let mapView = entry.mapView { return mapView } }
    return nil
  }

  func attach(_ mapView: GMSMapView) {
    mapViews.removeAll { $0.mapView == nil || $0.mapView === mapView }
    mapViews.append(WeakMapView(mapView: mapView))
  }

  func detach(_ mapView: GMSMapView) {
    mapViews.removeAll { $0.mapView == nil || $0.mapView === mapView }
  }

  private func startSource() {
    locationSource?.startUpdatingLocation { [weak self] fix in
      guard let self, self.started, self.locationSimulator?.isSimulatingLocation != true else {
        return
      }
      self.deliver(fix)
    }
  }

  /// A raw fix from the simulator or the location source: snapped, told to the road-snapped
  /// listeners, then given to the navigator.
  func deliver(_ raw: CLLocation) {
    guard let fix = roadSnappedLocationProvider?.process(raw) else { return }
    navigator?.ingest(fix)
  }
}

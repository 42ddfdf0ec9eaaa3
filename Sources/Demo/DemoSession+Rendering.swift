import Foundation
import NavigationCore
import NavigationUI
import Rendering
import Routing
import ViewKit

extension DemoSession {
  /// The base map under the session: the configuration's map file, else the bundled extract
  /// (each read once per process).
  var baseMap: Result<BaseMap, DemoError> {
    Result { () throws(DemoError) in try Self.demoMap(for: configuration).baseMap }
  }

  /// A picture format for ``render(_:)``.
  public enum Format: String, Sendable, CaseIterable {
    /// PNG at the configuration's scale.
    case png
    /// SVG, in points.
    case svg
    /// A one-page PDF, in points.
    case pdf
  }

  /// The map under the UI now: the camera of the map view, the route with its travelled part,
  /// the destination and the vehicle.
  public func mapLayer() throws(DemoError) -> MapLayer {
    let map: BaseMap
    switch baseMap {
    case .success(let loaded): map = loaded
    case .failure(let error): throw error
    }
    mapView.stepCameraAnimation(at: clock.now)
    // The logo component shows the attribution on screen; the report carries the full line.
    // Day or night, the map type and the app's style (GMSMapView+Rendering).
    let look = mapView.renderedMapStyle()
    var scene = MapScene(
      map: look.drawsBaseMap ? map : nil, camera: mapView.renderedCamera, style: look.style,
      showsRoadNames: look.showsRoadNames,
      attribution: logoIsVisible ? nil : openStreetMapAttribution)
    scene.overlays = mapView.mapOverlayItems()
    scene.labelObstacles = mapView.labelObstacles(at: clock.now)
    mapView.addNavigationOverlays(to: &scene)
    var layer = MapLayer(scene: scene, view: mapView, viewport: Self.find("viewport", in: mapView))
    layer.onDrawn = { [weak mapView] in mapView?.mapWasDrawn() }
    return layer
  }

  /// Whether the logo component (which shows the attribution) is on screen: in the window,
  /// not hidden or transparent along its chain, and inside the window's bounds.
  var logoIsVisible: Bool {
    guard let logo = Self.find("googleLogo", in: mapView) else { return false }
    var view: UIView? = logo
    while let current = view {
      if current.isHidden || current.alpha <= 0.01 { return false }
      view = current.superview
    }
    let frame = logo.convert(logo.bounds, to: nil)
    return !frame.isEmpty && window.bounds.intersects(frame)
  }

  private static func find(_ identifier: String, in view: UIView) -> UIView? {
    if view.accessibilityIdentifier == identifier { return view }
    for subview in view.subviews {
      if let found = find(identifier, in: subview) { return found }
    }
    return nil
  }

  /// The screen now as a PNG, with how long drawing and encoding took.
  public func renderPNG() throws(DemoError) -> (png: Data, timings: Renderer.Timings) {
    let layer = try mapLayer()
    do {
      return try Renderer(scale: configuration.scale).timedPNG(
        window: window, at: clock.now, map: layer)
    } catch { throw .render(error.description) }
  }

  /// The screen now in `format`, with `debugOverlay` drawn over it when given.
  public func render(_ format: Format, debugOverlay: DebugOverlay? = nil) throws(DemoError)
    -> Data
  {
    let layer = try mapLayer()
    let renderer = Renderer(scale: configuration.scale, debugOverlay: debugOverlay)
    do {
      switch format {
      case .png: return try renderer.png(window: window, at: clock.now, map: layer)
      case .svg: return try renderer.svg(window: window, at: clock.now, map: layer)
      case .pdf: return try renderer.pdf(window: window, at: clock.now, map: layer)
      }
    } catch { throw .render(error.description) }
  }

  /// The debug overlay for this screen: frames and names, the viewport outlined, and the
  /// view and constraints under `tap` (window points) when given.
  public func debugOverlay(tap: CGPoint? = nil) -> DebugOverlay {
    window.layoutIfNeeded()
    let viewport = Self.find("viewport", in: mapView).map { $0.convert($0.bounds, to: nil) }
    return DebugOverlay(viewport: viewport, tap: tap)
  }

  /// What lies under `point` (window points) now: the views and the constraints placing the
  /// front-most constrained one.
  public func inspect(at point: CGPoint) -> TapInspection {
    TapInspection(window: window, at: point, time: clock.now)
  }

  /// An SVG of the base map framing the whole route, with the route, its start (as the
  /// vehicle) and the destination.
  public func routeOverviewSVG(size: CGSize) throws(DemoError) -> Data {
    guard case .success(let map) = baseMap, let route else {
      throw .render("no map or route")
    }
    let points = route.geometry
    let lats = points.map(\.latitude)
    let lons = points.map(\.longitude)
    let center = CLLocationCoordinate2D(
      latitude: ((lats.min() ?? 0) + (lats.max() ?? 0)) / 2,
      longitude: ((lons.min() ?? 0) + (lons.max() ?? 0)) / 2)
    let height = Geodesy.distance(
      CLLocationCoordinate2D(latitude: lats.min() ?? 0, longitude: center.longitude),
      CLLocationCoordinate2D(latitude: lats.max() ?? 0, longitude: center.longitude))
    let width = Geodesy.distance(
      CLLocationCoordinate2D(latitude: center.latitude, longitude: lons.min() ?? 0),
      CLLocationCoordinate2D(latitude: center.latitude, longitude: lons.max() ?? 0))
    let metersPerPoint = max(1, 1.15 * max(width / size.width, height / size.height))
    var scene = MapScene(
      map: map, camera: MapCamera(center: center, metersPerPoint: metersPerPoint),
      route: RouteOverlay(route: route), destinations: points.last.map { [$0] } ?? [])
    if points.count > 1 {
      scene.vehicle = VehicleMarker(
        coordinate: points[0], course: Geodesy.bearing(points[0], points[1]))
    }
    do { return try Renderer().svg(map: scene, size: size) } catch {
      throw .render(error.description)
    }
  }
}

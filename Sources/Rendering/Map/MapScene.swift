import Foundation
import NavigationCore
import OSM
import ViewKit

/// The route line on the map: its shape and how far along it the vehicle has come.
public struct RouteOverlay: Sendable, Hashable {
  /// The route's shape, origin first.
  public var coordinates: [CLLocationCoordinate2D]
  /// Metres travelled from the start; the part behind is drawn dimmed.
  public var distanceTraveled: CLLocationDistance

  /// A route line; a negative or non-finite distance counts as 0.
  public init(coordinates: [CLLocationCoordinate2D], distanceTraveled: CLLocationDistance = 0) {
    self.coordinates = coordinates.filter { $0.isValid }
    self.distanceTraveled = distanceTraveled.isFinite ? max(0, distanceTraveled) : 0
  }

  /// A route's geometry.
  public init(route: Route, distanceTraveled: CLLocationDistance = 0) {
    self.init(coordinates: route.geometry, distanceTraveled: distanceTraveled)
  }

  /// A vehicle at ``distanceTraveled`` along the line, heading along it; `nil` for a line
  /// with fewer than two points.
  public var vehicleMarker: VehicleMarker? {
    guard coordinates.count >= 2 else { return nil }
    let split = MapPainter.split(coordinates, at: distanceTraveled)
    let ahead = split.ahead.count >= 2 ? split.ahead : Array(coordinates.suffix(2))
    var course = 0.0
    for i in 1..<ahead.count where Geodesy.distance(ahead[0], ahead[i]) > 0.5 {
      course = Geodesy.bearing(ahead[0], ahead[i])
      break
    }
    return VehicleMarker(coordinate: split.ahead.first ?? coordinates.last!, course: course)
  }
}

/// The vehicle's puck: where it is and where it is going.
public struct VehicleMarker: Sendable, Hashable {
  /// The position.
  public var coordinate: CLLocationCoordinate2D
  /// The course, degrees clockwise from north.
  public var course: CLLocationDirection

  /// A marker; a course that is not finite becomes 0.
  public init(coordinate: CLLocationCoordinate2D, course: CLLocationDirection) {
    self.coordinate = coordinate
    self.course = course.isFinite ? Geodesy.normalized(course) : 0
  }
}

/// Everything drawn on the map: the base map, the camera, the style and the overlays.
///
/// A rectangle of the screen kept clear of base-map labels: `rect` in points, relative to
/// where `coordinate` is drawn (a marker's picture about its position).
public struct MapLabelObstacle: Sendable, Equatable {
  /// The point the rectangle is placed from.
  public var coordinate: CLLocationCoordinate2D
  /// The rectangle, in points from the coordinate's place on screen (unrotated).
  public var rect: CGRect

  /// Equal place and rectangle.
  public static func == (a: MapLabelObstacle, b: MapLabelObstacle) -> Bool {
    a.coordinate.latitude == b.coordinate.latitude
      && a.coordinate.longitude == b.coordinate.longitude && a.rect == b.rect
  }

  /// An obstacle of `rect` about `coordinate`.
  public init(coordinate: CLLocationCoordinate2D, rect: CGRect) {
    self.coordinate = coordinate
    self.rect = rect
  }
}

/// ```swift
/// var scene = MapScene(map: try BaseMap.bundled(), camera: camera)
/// scene.route = RouteOverlay(route: route, distanceTraveled: 420)
/// scene.vehicle = VehicleMarker(coordinate: here, course: 35)
/// scene.destinations = [casino]
/// ```
public struct MapScene: Sendable {
  /// The base map, or `nil` for overlays on plain land colour.
  public var map: BaseMap?
  /// The camera.
  public var camera: MapCamera
  /// Colours (day or night).
  public var style: MapStyle
  /// The active route.
  public var route: RouteOverlay?
  /// Alternative routes, drawn under the active one.
  public var alternatives: [[CLLocationCoordinate2D]]
  /// Destination markers.
  public var destinations: [CLLocationCoordinate2D]
  /// The destinations' buildings, highlighted under the route, with their entrances drawn
  /// as icons over the destination markers.
  public var destinationBuildings: [MapBuilding] = []
  /// The vehicle, or `nil` when there is no fix.
  public var vehicle: VehicleMarker?
  /// Whether street names are drawn along the roads.
  public var showsRoadNames: Bool
  /// The attribution line drawn in the map's bottom corner, or `nil` when another view
  /// (the logo component) shows it.
  public var attribution: String?
  /// An app's overlays (polylines, polygons, ground overlays, markers), drawn over the route
  /// in order; markers over the destinations.
  public var overlays: [MapOverlayItem] = []
  /// Whether the land colour fills the picture under everything else. `false` for a map
  /// with no base map at all (`GMSMapViewType.none`): the view's own background shows
  /// through around the overlays.
  public var paintsLand = true
  /// Rectangles no street name may overlap (markers that hide base-map labels: advanced
  /// markers with `.requiredAndHidesOptional`).
  public var labelObstacles: [MapLabelObstacle] = []

  /// A scene with the bundled data's attribution and no overlays.
  public init(
    map: BaseMap?, camera: MapCamera, style: MapStyle = .day, route: RouteOverlay? = nil,
    alternatives: [[CLLocationCoordinate2D]] = [], destinations: [CLLocationCoordinate2D] = [],
    vehicle: VehicleMarker? = nil, showsRoadNames: Bool = true,
    attribution: String? = openStreetMapAttribution
  ) {
    self.map = map
    self.camera = camera
    self.style = style
    self.route = route
    self.alternatives = alternatives
    self.destinations = destinations
    self.vehicle = vehicle
    self.showsRoadNames = showsRoadNames
    self.attribution = attribution
  }
}

/// A map scene attached to a view of the tree: the map fills `view` (the whole picture when
/// `nil`) under its subviews, and the camera's centre sits at the centre of `viewport`
/// (the map view's centre when `nil`).
@MainActor
public struct MapLayer {
  /// The scene.
  public var scene: MapScene
  /// The view the map fills.
  public var view: UIView?
  /// Called on the main thread each time the map has been painted into a picture (a map
  /// view's tile callbacks follow it: the `Demo` module's map layer of a `GMSMapView` sets it).
  public var onDrawn: (@MainActor () -> Void)?
  /// The view whose centre the camera centres on (the navigation UI's viewport).
  public var viewport: UIView?
  /// Where the camera's centre goes in the map view's coordinates when there is no
  /// ``viewport`` (the map view's centre when `nil`).
  public var anchor: CGPoint?

  /// A map layer.
  public init(scene: MapScene, view: UIView? = nil, viewport: UIView? = nil) {
    self.scene = scene
    self.view = view
    self.viewport = viewport
  }

  /// The camera's anchor in `mapView`'s coordinates at `time`: the viewport's presented
  /// centre (so a sliding viewport moves the camera with it).
  func anchor(in mapView: UIView, at time: TimeInterval) -> CGPoint {
    if let viewport,
      (viewport.window != nil && viewport.window === mapView.window)
        || viewport.isDescendant(of: mapView)
    {
      let size = viewport.layer.presentation(at: time).frame.size
      let origin = Self.presentedOrigin(of: viewport, at: time)
      let mapOrigin = Self.presentedOrigin(of: mapView, at: time)
      return CGPoint(
        x: origin.x - mapOrigin.x + size.width / 2, y: origin.y - mapOrigin.y + size.height / 2)
    }
    if let anchor { return anchor }
    let size = mapView.layer.presentation(at: time).frame.size
    return CGPoint(x: size.width / 2, y: size.height / 2)
  }

  /// A view's presented origin in its root's coordinates.
  static func presentedOrigin(of view: UIView, at time: TimeInterval) -> CGPoint {
    var x: CGFloat = 0
    var y: CGFloat = 0
    var current = view
    while let parent = current.superview {
      let frame = current.layer.presentation(at: time).frame
      x += frame.minX - parent.bounds.minX
      y += frame.minY - parent.bounds.minY
      current = parent
    }
    return CGPoint(x: x, y: y)
  }
}

import Foundation
import NavigationCore
import NavigationUI
import Rendering
import ViewKit

extension GMSMapView {
  /// The map view's overlays as the renderer draws them, in drawing order: circles as
  /// 72-point polygons, geodesic lines and outlines along great circles, pictures looked up
  /// in `images` by name (a name not there draws as a grey pin).
  /// With ``isTrafficEnabled``, the route's congestion comes first (``trafficOverlayItems()``).
  /// With ``isMyLocationEnabled`` and a known ``myLocation`` outside navigation, the
  /// my-location dot comes last (``myLocationOverlayItems()``). Markers are drawn as they
  /// are at `time` on the map's clock (now by default), animations included
  /// (``GMSMarkerLayer``).
  public func mapOverlayItems(images: ImageCatalog = .standard, at time: TimeInterval? = nil)
    -> [MapOverlayItem]
  {
    tileOverlayItems(images: images) + trafficOverlayItems()
      + appOverlayItems(images: images, at: time ?? clock.now) + myLocationOverlayItems()
  }

  /// The tiles of the map's tile layers (``tileLayers``, by z-index) that have arrived, each
  /// as a picture over its box, for the view's display scale (`traitCollection.displayScale`);
  /// asks the layers for the visible tiles they have not answered yet.
  public func tileOverlayItems(images: ImageCatalog = .standard) -> [MapOverlayItem] {
    let scale = traitCollection.displayScale
    return tileLayers.flatMap { layer in
      tileImages(of: layer, scale: scale).map { tile in
        MapOverlayItem.groundOverlay(
          southWest: tile.southWest, northEast: tile.northEast, bearing: 0, anchor: .zero,
          image: Self.overlayImage(tile.image, images: images),
          opacity: Double(min(1, max(0, layer.opacity))))
      }
    }
  }

  /// The my-location dot as the original draws it: a translucent blue circle of the fix's
  /// horizontal accuracy (when positive), and over it a blue dot in a white ring or, when
  /// the fix has a course, a blue arrow with a white outline pointing along the course
  /// (turned with the map). Nothing without ``isMyLocationEnabled`` and a fix, or while
  /// navigation is enabled (the vehicle's chevron shows the location then).
  public func myLocationOverlayItems() -> [MapOverlayItem] {
    guard !isNavigationEnabled, let fix = myLocation, fix.coordinate.isValid else { return [] }
    var items: [MapOverlayItem] = []
    if fix.horizontalAccuracy > 0, fix.horizontalAccuracy.isFinite {
      items.append(
        .polygon(
          outline: GMSCircle(position: fix.coordinate, radius: fix.horizontalAccuracy).outline(),
          holes: [], fill: Self.myLocationBlue.withAlpha(0.15),
          stroke: Self.myLocationBlue.withAlpha(0.3), width: 1))
    }
    let heading = fix.course >= 0 && fix.course.isFinite
    let image = heading ? Self.myLocationArrow : Self.myLocationDot
    items.append(
      .marker(
        coordinate: fix.coordinate, image: .vector(image, tint: Self.myLocationBlue),
        size: image.size, anchor: CGPoint(x: 0.5, y: 0.5), rotation: heading ? fix.course : 0,
        flat: true, opacity: 1))
    return items
  }

  /// The my-location blue.
  static let myLocationBlue = RGBA(hex: 0x4285F4)

  /// The dot: a soft shadow, a white ring and the blue centre (22 points).
  static let myLocationDot = VectorImage(
    size: CGSize(width: 22, height: 22),
    layers: [
      circleLayer(x: 11, y: 11.6, radius: 10.5, fill: .color(RGBA(hex: 0x000000, alpha: 0.18))),
      circleLayer(x: 11, y: 11, radius: 9.5, fill: .color(RGBA(hex: 0xFFFFFF))),
      circleLayer(x: 11, y: 11, radius: 6.5, fill: .tint),
    ])

  /// The arrow shown when the fix has a course: pointing up (north before turning).
  static let myLocationArrow = VectorImage(
    size: CGSize(width: 26, height: 26),
    layers: [
      VectorImage.Layer(
        path: VectorPath([
          .move(x: 13, y: 2), .line(x: 22, y: 23), .line(x: 13, y: 18.5), .line(x: 4, y: 23),
          .close,
        ]), fill: .tint, stroke: .color(RGBA(hex: 0xFFFFFF)), lineWidth: 2)
    ])

  /// A filled circle.
  static func circleLayer(x: Double, y: Double, radius: Double, fill: VectorImage.Paint)
    -> VectorImage.Layer
  {
    VectorImage.Layer(path: .circle(centerX: x, centerY: y, radius: radius), fill: fill)
  }

  /// The congestion of the navigator's route drawn over it when ``isTrafficEnabled``: each
  /// run of segments with moderate (orange), heavy (red) or severe (dark red) congestion in
  /// the route's annotations as a line; nothing without a route or congestion data.
  public func trafficOverlayItems() -> [MapOverlayItem] {
    guard isTrafficEnabled, let route = navigator?.currentRoute else { return [] }
    var items: [MapOverlayItem] = []
    let width = max(4, 9 / metersPerPoint)
    for leg in route.legs {
      guard let congestion = leg.annotation?.congestion, !congestion.isEmpty else { continue }
      let shape = leg.geometry
      var run: [CLLocationCoordinate2D] = []
      var runColor: RGBA?
      func flush() {
        if let runColor, run.count >= 2 {
          items.append(.polyline(coordinates: run, width: width, color: runColor, spans: []))
        }
        run = []
      }
      for i in 0..<min(congestion.count, shape.count - 1) {
        let color: RGBA?
        switch congestion[i] {
        case .moderate: color = RGBA(hex: 0xF29900)
        case .heavy: color = RGBA(hex: 0xD93025)
        case .severe: color = RGBA(hex: 0x8C1A10)
        default: color = nil
        }
        if color != runColor || color == nil { flush() }
        runColor = color
        if color != nil {
          if run.isEmpty { run.append(shape[i]) }
          run.append(shape[i + 1])
        }
      }
      flush()
    }
    return items
  }

  /// The app's overlays as the renderer draws them; polylines' stamps (``stamps(of:)``) as
  /// flat pictures before the markers.
  func appOverlayItems(images: ImageCatalog, at time: TimeInterval) -> [MapOverlayItem] {
    var items = shapeAndMarkerItems(images: images, at: time)
    let stamps = overlaysInDrawingOrder.compactMap { $0 as? GMSPolyline }.flatMap(stamps(of:))
    guard !stamps.isEmpty else { return items }
    items.insert(
      contentsOf: stamps.map {
        MapOverlayItem.marker(
          coordinate: $0.position, image: Self.overlayImage($0.image, images: images),
          size: $0.size, anchor: CGPoint(x: 0.5, y: 0.5), rotation: $0.rotation, flat: true,
          opacity: 1)
      }, at: items.firstIndex(where: \.isMarker) ?? items.count)
    return items
  }

  private func shapeAndMarkerItems(images: ImageCatalog, at time: TimeInterval)
    -> [MapOverlayItem]
  {
    overlaysInDrawingOrder.compactMap { overlay -> MapOverlayItem? in
      switch overlay {
      case let marker as GMSMarker:
        guard marker.iconView == nil else { return nil }  // drawn as a subview
        // Hidden by advanced markers' collision behaviour for this camera.
        guard !isHiddenByCollision(marker) else { return nil }
        let shown = marker.presented(at: time)
        return .marker(
          coordinate: shown.position, image: Self.overlayImage(marker.icon, images: images),
          size: marker.iconSize, anchor: marker.groundAnchor, rotation: shown.rotation,
          flat: marker.isFlat, opacity: Double(min(1, max(0, shown.opacity))))
      case let line as GMSPolyline:
        guard let path = line.path else { return nil }
        let points = line.geodesic ? Self.geodesic(path.coordinates) : path.coordinates
        var spans = (line.spans ?? []).map {
          MapStrokeSpan(
            from: RGBA($0.style.fromColor), to: RGBA($0.style.toColor), segments: $0.segments)
        }
        if line.geodesic && !spans.isEmpty {
          // Spans count the path's own segments; each became `geodesicSteps` pieces.
          spans = spans.map {
            MapStrokeSpan(
              from: $0.from, to: $0.to, segments: $0.segments * Double(Self.geodesicSteps))
          }
        }
        return .polyline(
          coordinates: points, width: Double(line.strokeWidth), color: RGBA(line.strokeColor),
          spans: spans)
      case let polygon as GMSPolygon:
        guard let path = polygon.path else { return nil }
        let shape: ([CLLocationCoordinate2D]) -> [CLLocationCoordinate2D] = {
          polygon.geodesic ? Self.geodesic($0 + ($0.first.map { [$0] } ?? [])) : $0
        }
        return .polygon(
          outline: shape(path.coordinates),
          holes: (polygon.holes ?? []).map { shape($0.coordinates) },
          fill: polygon.fillColor.map(RGBA.init), stroke: polygon.strokeColor.map(RGBA.init),
          width: Double(polygon.strokeWidth))
      case let circle as GMSCircle:
        return .polygon(
          outline: circle.outline(), holes: [], fill: circle.fillColor.map(RGBA.init),
          stroke: circle.strokeColor.map(RGBA.init), width: Double(circle.strokeWidth))
      case let ground as GMSGroundOverlay:
        guard let box = ground.placedBounds, let icon = ground.icon else { return nil }
        return .groundOverlay(
          southWest: box.southWest, northEast: box.northEast, bearing: ground.bearing,
          anchor: ground.anchor, image: Self.overlayImage(icon, images: images),
          opacity: Double(min(1, max(0, ground.opacity))))
      default:
        return nil
      }
    }
  }

  /// The base-map colours for this map view: day or night (``resolvedLightingMode``: the
  /// app's or the navigator's suggested ``lightingMode``, ``overrideUserInterfaceStyle``, the
  /// dark-mode trait), then ``mapType``, then ``mapStyle``.
  public func renderedMapStyle() -> (style: MapStyle, showsRoadNames: Bool, drawsBaseMap: Bool) {
    let dark = resolvedLightingMode == .lowLight
    var style = dark ? MapStyle.night : MapStyle.day
    var names = true
    switch mapType {
    case .normal, .none:
      break
    case .terrain:
      style.park = RGBA(hex: 0xA8D08D)
      style.land = RGBA(hex: 0xEDE6D6)
      style.water = RGBA(hex: 0x8FC1D6)
    case .satellite, .hybrid:
      style.land = RGBA(hex: 0x4A4F3A)
      style.park = RGBA(hex: 0x3E5B2E)
      style.water = RGBA(hex: 0x1D3B5A)
      style.building = RGBA(hex: 0x8C857B)
      style.buildingOutline = RGBA(hex: 0x6F695F)
      style.roadCasing = RGBA(hex: 0x3A3A36)
      style.majorRoad = RGBA(hex: 0x9C978C)
      style.arterialRoad = RGBA(hex: 0x8F8A80)
      style.minorRoad = RGBA(hex: 0x7F7B73)
      style.label = RGBA(hex: 0xFFFFFF)
      style.labelHalo = RGBA(hex: 0x000000, alpha: 0.7)
      if mapType == .satellite {
        names = false
        style.majorRoad = style.minorRoad
        style.arterialRoad = style.minorRoad
      } else {
        style.majorRoad = RGBA(hex: 0xF2C26B)
        style.arterialRoad = RGBA(hex: 0xF5F1E6)
        style.minorRoad = RGBA(hex: 0xD9D5CC)
      }
    }
    if let mapStyle { MapStyleRules.apply(mapStyle, to: &style, showsRoadNames: &names) }
    // Guides/Spec.md §12.9: no buildings at all when they are turned off.
    if !isBuildingsEnabled { style.hiddenKinds.insert(.building) }
    return (style, names, mapType != .none)
  }

  /// A map layer for this map view over `baseMap`: its camera (a running animation stepped
  /// to `time`), style, map type and overlays, anchored where ``projection`` puts the camera
  /// target.
  public func mapLayer(
    baseMap: BaseMap?, images: ImageCatalog = .standard, at time: TimeInterval? = nil
  ) -> MapLayer {
    if let time { stepCameraAnimation(at: time) }
    let look = renderedMapStyle()
    var scene = MapScene(
      map: look.drawsBaseMap ? baseMap : nil, camera: renderedCamera, style: look.style,
      showsRoadNames: look.showsRoadNames)
    if !look.drawsBaseMap {
      // No base map (`.none`): no land under the overlays and no map data to attribute.
      scene.paintsLand = false
      scene.attribution = nil
    }
    scene.overlays = mapOverlayItems(images: images, at: time)
    scene.labelObstacles = labelObstacles(at: time ?? clock.now)
    addNavigationOverlays(to: &scene)
    var layer = MapLayer(scene: scene, view: self)
    layer.anchor = cameraAnchor
    layer.onDrawn = { [weak self] in self?.mapWasDrawn() }
    return layer
  }

  /// The markers that keep street names off the map under them (``GMSCollisionBehavior``
  /// `.requiredAndHidesOptional` on a map with a map ID), where they are drawn at `time`.
  public func labelObstacles(at time: TimeInterval) -> [MapLabelObstacle] {
    labelHidingMarkers(at: time).map { MapLabelObstacle(coordinate: $0.position, rect: $0.rect) }
  }

  /// The renderer's camera for this map view: its target, zoom, bearing and tilt (raised
  /// buildings when tilted).
  public var renderedCamera: MapCamera {
    var mapCamera = MapCamera(
      center: camera.target, metersPerPoint: metersPerPoint, heading: camera.bearing)
    mapCamera.tilt = camera.viewingAngle
    return mapCamera
  }

  /// The navigation layer over `scene`: the route with its travelled part, the alternatives,
  /// the vehicle (while ``isNavigationEnabled``) and, while ``GMSUISettings/showsDestinationMarkers`` (Guides/Spec.md §12.9),
  /// a marker at the end of each leg with the destination's building (the one containing the
  /// waypoint, or within 30 m of it, in `scene.map`) highlighted and its entrances shown.
  /// Nothing without a navigator.
  public func addNavigationOverlays(to scene: inout MapScene) {
    guard let navigator else { return }
    if let route = navigator.currentRoute {
      scene.route = RouteOverlay(
        route: route, distanceTraveled: navigator.routeProgress?.distanceTraveled ?? 0)
      if settings.showsDestinationMarkers {
        let ends = route.legs.compactMap { $0.geometry.last }
        scene.destinations = ends.isEmpty ? (route.geometry.last.map { [$0] } ?? []) : ends
        var places = navigator.destinations.map(\.coordinate).filter(\.isValid)
        if places.isEmpty { places = scene.destinations }
        scene.destinationBuildings = places.compactMap { scene.map?.building(at: $0) }
      }
    }
    scene.alternatives = navigator.alternateRoutes.map(\.geometry)
    // The vehicle chevron is navigation's own location mark; outside navigation the
    // my-location dot (``myLocationOverlayItems()``) shows the device instead.
    if isNavigationEnabled, let fix = navigator.lastLocation {
      scene.vehicle = VehicleMarker(coordinate: fix.coordinate, course: max(0, fix.course))
    }
  }

  /// What the renderer draws for an image: the default pin for ``GMSMarker/markerImage(with:)``
  /// and `nil`, an image's pixels (made from data or drawing), else the catalogue's picture
  /// under the image's name.
  static func overlayImage(_ image: UIImage?, images: ImageCatalog) -> MapOverlayImage {
    guard let image else { return .pin(RGBA(hex: 0xEA4335)) }
    if let pixels = image.cgImage { return .pixels(pixels) }
    let tint = RGBA(image.tintColor ?? UIColor(rgb: 0xEA4335))
    if image.name == GMSMarker.defaultIconName { return .pin(tint) }
    guard let name = image.name, let content = images.content(named: name) else {
      return .pin(RGBA(hex: 0x9AA0A6))
    }
    switch content {
    case .vector(let vector): return .vector(vector, tint: tint)
    case .png(let data): return .png(data, name: name)
    }
  }

  /// Pieces each segment of a geodesic line is cut into.
  static let geodesicSteps = 16

  /// A line along great circles: each segment cut into ``geodesicSteps`` pieces.
  static func geodesic(_ points: [CLLocationCoordinate2D]) -> [CLLocationCoordinate2D] {
    guard points.count >= 2 else { return points }
    var out: [CLLocationCoordinate2D] = [points[0]]
    for i in 1..<points.count {
      for step in 1...geodesicSteps {
        out.append(
          Geodesy.interpolate(
            points[i - 1], points[i], fraction: Double(step) / Double(geodesicSteps)))
      }
    }
    return out
  }
}

/// Applies Google's JSON style rules to the OpenStreetMap base map's colours.
enum MapStyleRules {
  /// A group of the base map a feature type selects: its kinds and its colours.
  struct Group {
    var kinds: [MapFeatureKind]
    var fills: [WritableKeyPath<MapStyle, RGBA>]
    var strokes: [WritableKeyPath<MapStyle, RGBA>]
    var hasLabels: Bool
  }

  static var roads: Group {
    Group(
      kinds: [.majorRoad, .arterialRoad, .minorRoad, .serviceRoad, .path],
      fills: [\.majorRoad, \.arterialRoad, \.minorRoad, \.path], strokes: [\.roadCasing],
      hasLabels: true)
  }

  static func groups(for featureType: String) -> [Group] {
    switch featureType {
    case "all":
      return groups(for: "landscape") + groups(for: "poi") + [roads] + groups(for: "transit")
        + groups(for: "water")
    case "landscape":
      return [Group(kinds: [], fills: [\.land], strokes: [], hasLabels: false)]
        + groups(for: "landscape.man_made")
    case "landscape.natural":
      return [Group(kinds: [], fills: [\.land], strokes: [], hasLabels: false)]
    case "landscape.man_made":
      return [
        Group(
          kinds: [.building], fills: [\.building], strokes: [\.buildingOutline], hasLabels: false)
      ]
    case "poi", "poi.park":
      return [Group(kinds: [.park], fills: [\.park], strokes: [], hasLabels: false)]
    case "road": return [roads]
    case "road.highway":
      return [
        Group(kinds: [.majorRoad], fills: [\.majorRoad], strokes: [\.roadCasing], hasLabels: true)
      ]
    case "road.arterial":
      return [Group(kinds: [.arterialRoad], fills: [\.arterialRoad], strokes: [], hasLabels: true)]
    case "road.local":
      return [
        Group(
          kinds: [.minorRoad, .serviceRoad, .path], fills: [\.minorRoad, \.path], strokes: [],
          hasLabels: true)
      ]
    case "transit", "transit.line":
      return [Group(kinds: [.rail], fills: [\.rail], strokes: [], hasLabels: false)]
    case "water":
      return [
        Group(kinds: [.sea, .water, .waterway], fills: [\.water], strokes: [], hasLabels: false)
      ]
    default:
      return []
    }
  }

  static func apply(_ mapStyle: GMSMapStyle, to style: inout MapStyle, showsRoadNames: inout Bool) {
    for rule in mapStyle.rules {
      let element = rule.elementType
      let geometry = element == "all" || element.hasPrefix("geometry")
      let labels = element == "all" || element.hasPrefix("labels")
      for group in groups(for: rule.featureType) {
        var colours: [WritableKeyPath<MapStyle, RGBA>] = []
        if element == "all" || element == "geometry" || element == "geometry.fill" {
          colours += group.fills
        }
        if element == "all" || element == "geometry" || element == "geometry.stroke" {
          colours += group.strokes
        }
        if labels && group.hasLabels {
          if element != "labels.text.stroke" && element != "labels.icon" { colours.append(\.label) }
          if element == "labels.text.stroke" { colours.append(\.labelHalo) }
        }
        for styler in rule.stylers {
          switch styler {
          case .visibility(let value):
            if geometry {
              if value == "off" {
                style.hiddenKinds.formUnion(group.kinds)
              } else {
                style.hiddenKinds.subtract(group.kinds)
              }
            }
            if labels && group.hasLabels { showsRoadNames = value != "off" }
          case .color(let hex):
            for path in colours {
              style[keyPath: path] = RGBA(hex: hex, alpha: style[keyPath: path].alpha)
            }
          case .lightness(let amount):
            let target = amount > 0 ? RGBA(hex: 0xFFFFFF) : RGBA(hex: 0x000000)
            for path in colours {
              var c = blend(style[keyPath: path], target, abs(amount) / 100)
              c.alpha = style[keyPath: path].alpha
              style[keyPath: path] = c
            }
          case .saturation(let amount):
            for path in colours {
              let c = style[keyPath: path]
              let grey = 0.299 * c.red + 0.587 * c.green + 0.114 * c.blue
              let k = 1 + amount / 100
              func sat(_ v: Double) -> Double { min(1, max(0, grey + (v - grey) * k)) }
              style[keyPath: path] = RGBA(
                red: sat(c.red), green: sat(c.green), blue: sat(c.blue), alpha: c.alpha)
            }
          case .invertLightness(let on):
            guard on else { continue }
            for path in colours {
              let c = style[keyPath: path]
              style[keyPath: path] = RGBA(
                red: 1 - c.red, green: 1 - c.green, blue: 1 - c.blue, alpha: c.alpha)
            }
          case .gamma(let g):
            for path in colours {
              let c = style[keyPath: path]
              style[keyPath: path] = RGBA(
                red: pow(c.red, 1 / g), green: pow(c.green, 1 / g), blue: pow(c.blue, 1 / g),
                alpha: c.alpha)
            }
          case .hue, .weight:
            continue
          }
        }
      }
    }
  }

  static func blend(_ a: RGBA, _ b: RGBA, _ t: Double) -> RGBA {
    RGBA(
      red: a.red + (b.red - a.red) * t, green: a.green + (b.green - a.green) * t,
      blue: a.blue + (b.blue - a.blue) * t, alpha: a.alpha + (b.alpha - a.alpha) * t)
  }
}

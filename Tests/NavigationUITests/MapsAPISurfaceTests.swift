import Foundation
import NavigationCore
import NavigationUI
import Testing
import ViewKit

/// A tile layer as an app subclasses it: an asynchronous source that answers later.
final class LaterTiles: GMSTileLayer {
  var asked: [(UInt, UInt, UInt)] = []
  var receivers: [any GMSTileReceiver] = []

  override func requestTileFor(x: UInt, y: UInt, zoom: UInt, receiver: any GMSTileReceiver) {
    asked.append((x, y, zoom))
    receivers.append(receiver)
  }
}

/// A synchronous tile layer as Google's samples write it.
final class CheckerTiles: GMSSyncTileLayer {
  var asked = 0

  override func tileFor(x: UInt, y: UInt, zoom: UInt) -> UIImage? {
    asked += 1
    return (x + y) % 2 == 0 ? UIImage(size: CGSize(width: 4, height: 4)) : kGMSTileLayerNoTile
  }
}

/// A map view subclass as react-native-maps writes one: made through `init(options:)`,
/// overriding `selectedMarker` to hear selections.
final class SubclassedMapView: GMSMapView {
  var selections: [GMSMarker?] = []

  init(mapID: String, camera: GMSCameraPosition) {
    let options = GMSMapViewOptions()
    options.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
    options.camera = camera
    options.mapID = GMSMapID.mapID(withIdentifier: mapID)
    super.init(options: options)
    paddingAdjustmentBehavior = .never
  }

  override var selectedMarker: GMSMarker? {
    get { super.selectedMarker }
    set {
      selections.append(newValue)
      super.selectedMarker = newValue
    }
  }
}

/// A marker subclass carrying the plugin's own data (react-native-maps' `AIRGMSMarker`).
final class PluginMarker: GMSMarker {
  var identifier: String?
}

/// A delegate that hears the map's capabilities (the Flutter plugin asks for advanced
/// markers).
final class CapabilitiesListener: NSObject, GMSMapViewDelegate {
  var heard: [GMSMapCapabilityFlags] = []
  func mapView(_ mapView: GMSMapView, didChange mapCapabilities: GMSMapCapabilityFlags) {
    heard.append(mapCapabilities)
  }
}

/// google_maps_flutter's test map view: made with `init(options:)`, hearing `animate(with:)`.
final class PartiallyMockedMapView: GMSMapView {
  var didAnimateCamera = false

  override func animate(with cameraUpdate: GMSCameraUpdate) {
    super.animate(with: cameraUpdate)
    didAnimateCamera = true
  }
}

/// google_maps_flutter's property-order check: every property a marker controller sets,
/// overridden, logging its name before passing it on.
final class PropertyLoggingAdvancedMarker: GMSAdvancedMarker {
  var log: [String] = []
  override var position: CLLocationCoordinate2D {
    get { super.position }
    set { log.append("position"); super.position = newValue }
  }
  override var snippet: String? {
    get { super.snippet }
    set { log.append("snippet"); super.snippet = newValue }
  }
  override var icon: UIImage? {
    get { super.icon }
    set { log.append("icon"); super.icon = newValue }
  }
  override var iconView: UIView? {
    get { super.iconView }
    set { log.append("iconView"); super.iconView = newValue }
  }
  override var tracksViewChanges: Bool {
    get { super.tracksViewChanges }
    set { log.append("tracksViewChanges"); super.tracksViewChanges = newValue }
  }
  override var tracksInfoWindowChanges: Bool {
    get { super.tracksInfoWindowChanges }
    set { log.append("tracksInfoWindowChanges"); super.tracksInfoWindowChanges = newValue }
  }
  override var groundAnchor: CGPoint {
    get { super.groundAnchor }
    set { log.append("groundAnchor"); super.groundAnchor = newValue }
  }
  override var infoWindowAnchor: CGPoint {
    get { super.infoWindowAnchor }
    set { log.append("infoWindowAnchor"); super.infoWindowAnchor = newValue }
  }
  override var appearAnimation: GMSMarkerAnimation {
    get { super.appearAnimation }
    set { log.append("appearAnimation"); super.appearAnimation = newValue }
  }
  override var isDraggable: Bool {
    get { super.isDraggable }
    set { log.append("isDraggable"); super.isDraggable = newValue }
  }
  override var isFlat: Bool {
    get { super.isFlat }
    set { log.append("isFlat"); super.isFlat = newValue }
  }
  override var rotation: CLLocationDegrees {
    get { super.rotation }
    set { log.append("rotation"); super.rotation = newValue }
  }
  override var opacity: Float {
    get { super.opacity }
    set { log.append("opacity"); super.opacity = newValue }
  }
  override var panoramaView: GMSPanoramaView? {
    get { super.panoramaView }
    set { log.append("panoramaView"); super.panoramaView = newValue }
  }
  override var title: String? {
    get { super.title }
    set { log.append("title"); super.title = newValue }
  }
  override var isTappable: Bool {
    get { super.isTappable }
    set { log.append("isTappable"); super.isTappable = newValue }
  }
  override var zIndex: Int32 {
    get { super.zIndex }
    set { log.append("zIndex"); super.zIndex = newValue }
  }
  override var userData: Any? {
    get { super.userData }
    set { log.append("userData"); super.userData = newValue }
  }
  override var collisionBehavior: GMSCollisionBehavior {
    get { super.collisionBehavior }
    set { log.append("collisionBehavior"); super.collisionBehavior = newValue }
  }
  override var map: GMSMapView? {
    get { super.map }
    set { log.append("map"); super.map = newValue }
  }
}

/// The other overlays' overridden properties, as google_maps_flutter's tests write them.
final class PropertyLoggingCircle: GMSCircle {
  var log: [String] = []
  override var position: CLLocationCoordinate2D {
    get { super.position }
    set { log.append("position"); super.position = newValue }
  }
  override var radius: CLLocationDistance {
    get { super.radius }
    set { log.append("radius"); super.radius = newValue }
  }
  override var strokeWidth: CGFloat {
    get { super.strokeWidth }
    set { log.append("strokeWidth"); super.strokeWidth = newValue }
  }
  override var strokeColor: UIColor? {
    get { super.strokeColor }
    set { log.append("strokeColor"); super.strokeColor = newValue }
  }
  override var fillColor: UIColor? {
    get { super.fillColor }
    set { log.append("fillColor"); super.fillColor = newValue }
  }
}

/// A polygon with overridden shape properties.
final class PropertyLoggingPolygon: GMSPolygon {
  var log: [String] = []
  override var path: GMSPath? {
    get { super.path }
    set { log.append("path"); super.path = newValue }
  }
  override var holes: [GMSPath]? {
    get { super.holes }
    set { log.append("holes"); super.holes = newValue }
  }
  override var strokeColor: UIColor? {
    get { super.strokeColor }
    set { log.append("strokeColor"); super.strokeColor = newValue }
  }
  override var fillColor: UIColor? {
    get { super.fillColor }
    set { log.append("fillColor"); super.fillColor = newValue }
  }
  override var geodesic: Bool {
    get { super.geodesic }
    set { log.append("geodesic"); super.geodesic = newValue }
  }
}

/// A polyline with overridden properties.
final class PropertyLoggingPolyline: GMSPolyline {
  var log: [String] = []
  override var path: GMSPath? {
    get { super.path }
    set { log.append("path"); super.path = newValue }
  }
  override var strokeWidth: CGFloat {
    get { super.strokeWidth }
    set { log.append("strokeWidth"); super.strokeWidth = newValue }
  }
  override var strokeColor: UIColor {
    get { super.strokeColor }
    set { log.append("strokeColor"); super.strokeColor = newValue }
  }
}

/// A ground overlay with overridden properties.
final class PropertyLoggingGroundOverlay: GMSGroundOverlay {
  var log: [String] = []
  override var anchor: CGPoint {
    get { super.anchor }
    set { log.append("anchor"); super.anchor = newValue }
  }
  override var bearing: CLLocationDirection {
    get { super.bearing }
    set { log.append("bearing"); super.bearing = newValue }
  }
  override var bounds: GMSCoordinateBounds? {
    get { super.bounds }
    set { log.append("bounds"); super.bounds = newValue }
  }
}

/// A tile layer with overridden properties.
final class PropertyLoggingTileLayer: GMSTileLayer {
  var log: [String] = []
  override var zIndex: Int32 {
    get { super.zIndex }
    set { log.append("zIndex"); super.zIndex = newValue }
  }
  override var tileSize: Int {
    get { super.tileSize }
    set { log.append("tileSize"); super.tileSize = newValue }
  }
  override var opacity: Float {
    get { super.opacity }
    set { log.append("opacity"); super.opacity = newValue }
  }
  override var fadeIn: Bool {
    get { super.fadeIn }
    set { log.append("fadeIn"); super.fadeIn = newValue }
  }
  override var map: GMSMapView? {
    get { super.map }
    set { log.append("map"); super.map = newValue }
  }
}

/// Every member of the Maps SDK for iOS that Google's Flutter plugins (google_maps_flutter,
/// google_navigation_flutter) and React Native plugins (react-native-navigation-sdk,
/// react-native-maps) call, written as Swift apps write them: one statement a member, each
/// checked for what it does.
@MainActor
@Suite struct MapsAPISurfaceTests {
  static let monaco = CLLocationCoordinate2D(latitude: 43.7384, longitude: 7.4246)
  static let casino = CLLocationCoordinate2D(latitude: 43.7396, longitude: 7.4276)

  static func mapView() -> GMSMapView {
    let options = GMSMapViewOptions()
    options.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
    options.camera = GMSCameraPosition.camera(withLatitude: 43.7384, longitude: 7.4246, zoom: 16)
    options.mapID = GMSMapID(identifier: "demo")
    options.backgroundColor = .white
    return GMSMapView(options: options)
  }

  @Test func servicesAndMapViewCreation() {
    #expect(GMSServices.provideAPIKey("key"))
    #expect(GMSServices.provideAPIOptions(["B3MWHUG2MR0DQW"]))
    #expect(!GMSServices.sdkVersion().isEmpty)
    #expect(GMSServices.sdkLongVersion().hasPrefix(GMSServices.sdkVersion()))
    #expect(!GMSServices.openSourceLicenseInfo().isEmpty)
    _ = GMSServices.sharedServices()
    GMSServices.addInternalUsageAttributionID("gmp_flutter_googlemapsflutter_ios")
    let camera = GMSCameraPosition(latitude: 43.7384, longitude: 7.4246, zoom: 14)
    let a = GMSMapView(frame: .zero, camera: camera)
    let b = GMSMapView.map(withFrame: .zero, camera: camera)
    let c = GMSMapView(
      frame: CGRect(x: 0, y: 0, width: 10, height: 10), mapID: .demoMapID, camera: camera)
    #expect(a.camera == camera && b.camera == camera && c.camera == camera)
    let mapView = Self.mapView()
    #expect(mapView.camera.zoom == 16)
    #expect(mapView.bounds.size == CGSize(width: 320, height: 480))
    #expect(GMSMapID.mapID(withIdentifier: "x") == GMSMapID(identifier: "x"))
  }

  @Test func mapViewProperties() throws {
    let mapView = Self.mapView()
    mapView.accessibilityElementsHidden = false
    #expect(!mapView.accessibilityElementsHidden)
    mapView.paddingAdjustmentBehavior = .never
    #expect(mapView.paddingAdjustmentBehavior == .never)
    mapView.padding = UIEdgeInsets(top: 10, left: 0, bottom: 30, right: 0)
    #expect(mapView.padding.bottom == 30)
    mapView.mapType = .terrain
    #expect(mapView.mapType == .terrain)
    for type in [GMSMapViewType.normal, .satellite, .hybrid, .none] { mapView.mapType = type }
    mapView.isTrafficEnabled = true
    #expect(mapView.isTrafficEnabled)
    mapView.isIndoorEnabled = false
    #expect(!mapView.isIndoorEnabled)
    mapView.isBuildingsEnabled = false
    #expect(!mapView.isBuildingsEnabled)
    mapView.isMyLocationEnabled = true
    #expect(mapView.myLocation == nil)
    mapView.preferredFrameRate = .powerSave
    #expect(mapView.preferredFrameRate == .powerSave)
    for rate in [GMSFrameRate.conservative, .maximum] { mapView.preferredFrameRate = rate }
    // Made with a map ID: advanced markers' collision behaviour applies.
    #expect(mapView.mapCapabilities.contains(.advancedMarkers))
    let advancedMarkerFlag =
      mapView.mapCapabilities.rawValue & GMSMapCapabilityFlags.advancedMarkers.rawValue
    #expect(advancedMarkerFlag != 0)
    #expect(GMSMapView(frame: .zero, camera: mapView.camera).mapCapabilities.isEmpty)
    mapView.mapStyle = try GMSMapStyle(jsonString: #"[{"stylers":[{"saturation":-100}]}]"#)
    #expect(mapView.mapStyle != nil)
    mapView.mapStyle = nil
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "surface-\(UUID().uuidString).json")
    try Data(#"[{"featureType":"road","stylers":[{"visibility":"off"}]}]"#.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    mapView.mapStyle = try GMSMapStyle(contentsOfFileURL: url)
    #expect(mapView.mapStyle?.rules.first?.featureType == "road")
    #expect(throws: (any Error).self) { try GMSMapStyle(jsonString: "{") }
    mapView.overrideUserInterfaceStyle = .dark
    #expect(mapView.overrideUserInterfaceStyle == .dark)
    mapView.indoorDisplay.delegate = nil
    #expect(mapView.indoorDisplay.activeBuilding == nil)
    mapView.indoorDisplay.activeLevel = GMSIndoorLevel(name: "G", shortName: "G")
    #expect(mapView.indoorDisplay.activeLevel == nil)
  }

  @Test func uiSettings() {
    let mapView = Self.mapView()
    let settings: GMSUISettings = mapView.settings
    settings.scrollGestures = false
    settings.zoomGestures = false
    settings.tiltGestures = false
    settings.rotateGestures = false
    #expect(!settings.scrollGestures && !settings.zoomGestures)
    #expect(!settings.tiltGestures && !settings.rotateGestures)
    settings.setAllGesturesEnabled(true)
    #expect(settings.scrollGestures && settings.zoomGestures)
    #expect(settings.tiltGestures && settings.rotateGestures)
    settings.consumesGesturesInView = false
    settings.compassButton = true
    settings.myLocationButton = true
    settings.indoorPicker = false
    settings.allowScrollGesturesDuringRotateOrZoom = false
    #expect(!settings.consumesGesturesInView && settings.compassButton)
    #expect(settings.myLocationButton && !settings.indoorPicker)
    #expect(!settings.allowScrollGesturesDuringRotateOrZoom)
  }

  @Test func cameraPositions() {
    let a = GMSCameraPosition.camera(withLatitude: 43.7, longitude: 7.4, zoom: 15)
    let b = GMSCameraPosition.camera(withTarget: Self.monaco, zoom: 15)
    let c = GMSCameraPosition.camera(
      withLatitude: 43.7, longitude: 7.4, zoom: 15, bearing: 30, viewingAngle: 20)
    let d = GMSCameraPosition.camera(
      withTarget: Self.monaco, zoom: 15, bearing: 30, viewingAngle: 20)
    let e = GMSCameraPosition(target: Self.monaco, zoom: 15, bearing: 30, viewingAngle: 20)
    let f = GMSCameraPosition(
      latitude: 43.7, longitude: 7.4, zoom: 15, bearing: 30, viewingAngle: 20)
    let g = GMSCameraPosition(target: Self.monaco, zoom: 15)
    #expect(a.zoom == 15 && b.target.latitude == Self.monaco.latitude)
    #expect(c == f && d == e && g.bearing == 0 && e.viewingAngle == 20)
    let mutable = GMSMutableCameraPosition()
    mutable.target = Self.monaco
    mutable.zoom = 12
    mutable.bearing = 90
    mutable.viewingAngle = 10
    #expect(mutable.zoom == 12 && mutable.bearing == 90)
    let copy = e.mutableCopy() as! GMSMutableCameraPosition
    copy.zoom = 3
    #expect(e.zoom == 15 && copy.zoom == 3 && copy.bearing == 30)
    let frozen = mutable.copy() as! GMSCameraPosition
    mutable.zoom = 1
    #expect(frozen.zoom == 12)
    let zoom = GMSCameraPosition.zoom(at: Self.monaco, forMeters: 1000, perPoints: 100)
    #expect(zoom > 12 && zoom < 15)
    #expect(kGMSMinZoomLevel == 2 && kGMSMaxZoomLevel == 21)
  }

  @Test func cameraUpdatesAndMovement() {
    let mapView = Self.mapView()
    mapView.moveCamera(GMSCameraUpdate.setTarget(Self.casino))
    #expect(abs(mapView.camera.target.latitude - Self.casino.latitude) < 1e-9)
    mapView.moveCamera(GMSCameraUpdate.setTarget(Self.monaco, zoom: 15))
    #expect(mapView.camera.zoom == 15)
    mapView.moveCamera(GMSCameraUpdate.zoomIn())
    #expect(mapView.camera.zoom == 16)
    mapView.moveCamera(GMSCameraUpdate.zoomOut())
    #expect(mapView.camera.zoom == 15)
    mapView.moveCamera(GMSCameraUpdate.zoom(to: 14))
    mapView.moveCamera(GMSCameraUpdate.zoom(by: 2))
    #expect(mapView.camera.zoom == 16)
    mapView.moveCamera(GMSCameraUpdate.zoom(by: -1, at: CGPoint(x: 10, y: 10)))
    mapView.moveCamera(GMSCameraUpdate.scrollBy(x: 50, y: 0))
    mapView.moveCamera(GMSCameraUpdate.setCamera(GMSCameraPosition(target: Self.monaco, zoom: 16)))
    let bounds = GMSCoordinateBounds(coordinate: Self.monaco, coordinate: Self.casino)
    mapView.moveCamera(GMSCameraUpdate.fit(bounds))
    mapView.moveCamera(GMSCameraUpdate.fit(bounds, withPadding: 40))
    mapView.moveCamera(
      GMSCameraUpdate.fit(bounds, with: UIEdgeInsets(top: 80, left: 20, bottom: 120, right: 20)))
    #expect(mapView.projection.contains(Self.monaco) && mapView.projection.contains(Self.casino))
    let fitted = mapView.camera(for: bounds, insets: .zero)
    #expect(fitted != nil)
    mapView.animate(to: GMSCameraPosition(target: Self.casino, zoom: 17))
    mapView.animate(with: GMSCameraUpdate.zoomIn())
    mapView.animate(toLocation: Self.monaco)
    mapView.animate(toZoom: 15)
    mapView.animate(toBearing: 45)
    mapView.animate(toViewingAngle: 30)
    #expect(mapView.isAnimatingCamera)
    mapView.camera = GMSCameraPosition(target: Self.monaco, zoom: 16)
    #expect(!mapView.isAnimatingCamera)
    mapView.setMinZoom(10, maxZoom: 18)
    #expect(mapView.minZoom == 10 && mapView.maxZoom == 18)
    mapView.moveCamera(GMSCameraUpdate.zoom(to: 20))
    #expect(mapView.camera.zoom == 18)
    mapView.cameraTargetBounds = bounds
    mapView.moveCamera(GMSCameraUpdate.setTarget(CLLocationCoordinate2D(latitude: 0, longitude: 0)))
    #expect(bounds.contains(mapView.camera.target))
    mapView.cameraTargetBounds = nil
    #expect(mapView.cameraTargetBounds == nil)
    let same = GMSCameraPosition(target: Self.monaco, zoom: 16)
    let nudged = GMSCameraPosition(
      target: CLLocationCoordinate2D(latitude: 43.7384 + 1e-12, longitude: 7.4246), zoom: 16)
    #expect(mapView.areEqualForRenderingPosition(same, position: nudged))
    #expect(
      !mapView.areEqualForRenderingPosition(
        same, position: GMSCameraPosition(target: Self.casino, zoom: 16)))
  }

  @Test func projectionAndVisibleRegion() {
    let mapView = Self.mapView()
    let projection = mapView.projection
    let point = projection.point(for: Self.casino)
    let back = projection.coordinate(for: point)
    #expect(abs(back.latitude - Self.casino.latitude) < 1e-9)
    #expect(projection.contains(Self.monaco))
    #expect(!projection.contains(CLLocationCoordinate2D(latitude: 0, longitude: 0)))
    #expect(projection.points(forMeters: 100, at: Self.monaco) > 10)
    let region: GMSVisibleRegion = projection.visibleRegion()
    #expect(region.farLeft.latitude > region.nearLeft.latitude)
    #expect(region.farRight.longitude > region.farLeft.longitude)
    #expect(region.nearRight.longitude > region.nearLeft.longitude)
    let empty = GMSVisibleRegion()
    #expect(empty.nearLeft.latitude == 0 && empty.farRight.longitude == 0)
    let bounds = GMSCoordinateBounds(region: region)
    #expect(bounds.isValid && bounds.contains(Self.monaco))
  }

  @Test func coordinateBounds() {
    let empty = GMSCoordinateBounds()
    #expect(!empty.isValid)
    let one = empty.includingCoordinate(Self.monaco)
    #expect(one.isValid && one.northEast.latitude == Self.monaco.latitude)
    let two = one.includingCoordinate(Self.casino)
    #expect(two.southWest.longitude == Self.monaco.longitude)
    #expect(two.northEast.longitude == Self.casino.longitude)
    let path = GMSMutablePath()
    path.add(CLLocationCoordinate2D(latitude: 43.75, longitude: 7.43))
    #expect(two.includingPath(path).northEast.latitude == 43.75)
    #expect(GMSCoordinateBounds(path: path).isValid)
    let other = GMSCoordinateBounds(
      coordinate: CLLocationCoordinate2D(latitude: 43.735, longitude: 7.42),
      coordinate: CLLocationCoordinate2D(latitude: 43.737, longitude: 7.421))
    #expect(two.includingBounds(other).southWest.latitude == 43.735)
    #expect(!two.intersects(other))
    #expect(two.contains(CLLocationCoordinate2D(latitude: 43.739, longitude: 7.426)))
  }

  @Test func markers() {
    let mapView = Self.mapView()
    let marker = GMSMarker(position: Self.casino)
    marker.title = "Casino"
    marker.snippet = "Monte-Carlo"
    marker.icon = GMSMarker.markerImage(with: .blue)
    marker.groundAnchor = CGPoint(x: 0.5, y: 0.5)
    marker.infoWindowAnchor = CGPoint(x: 0.5, y: 0.2)
    marker.appearAnimation = .pop
    marker.isDraggable = true
    marker.isFlat = true
    marker.rotation = 45
    marker.opacity = 0.8
    marker.zIndex = 3
    marker.isTappable = true
    marker.tracksViewChanges = false
    marker.tracksInfoWindowChanges = true
    marker.userData = ["markerId": "m1"]
    marker.map = mapView
    #expect(marker.map === mapView && mapView.overlaysInDrawingOrder.contains(marker))
    #expect(marker.appearAnimation == .pop && marker.isFlat && marker.isDraggable)
    #expect(!marker.tracksViewChanges && marker.tracksInfoWindowChanges)
    #expect(marker.groundAnchor == CGPoint(x: 0.5, y: 0.5) && marker.zIndex == 3)
    mapView.selectedMarker = marker
    #expect(mapView.selectedMarker === marker)
    mapView.selectedMarker = nil
    let pinned = GMSMarker()
    pinned.position = Self.monaco
    pinned.icon = nil
    pinned.iconView = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
    pinned.map = mapView
    #expect(pinned.iconView?.superview === mapView)
    #expect(pinned.appearAnimation == .none)
    let faded = GMSMarker(position: Self.monaco)
    faded.appearAnimation = .fadeIn
    faded.map = mapView
    #expect(mapView.overlaysInDrawingOrder.count == 3)
    pinned.map = nil
    #expect(pinned.iconView?.superview == nil)
    let advanced = GMSAdvancedMarker(position: Self.casino)
    advanced.collisionBehavior = .optionalAndHidesLowerPriority
    advanced.map = mapView
    #expect(mapView.overlaysInDrawingOrder.contains(advanced))
    for behavior in [GMSCollisionBehavior.required, .requiredAndHidesOptional] {
      advanced.collisionBehavior = behavior
    }
    #expect(advanced.collisionBehavior == .requiredAndHidesOptional)
  }

  @Test func polylinesPathsAndStyleSpans() {
    let mapView = Self.mapView()
    let path = GMSMutablePath()
    path.add(Self.monaco)
    path.addLatitude(43.7396, longitude: 7.4276)
    path.insert(CLLocationCoordinate2D(latitude: 43.739, longitude: 7.426), at: 1)
    path.replaceCoordinate(at: 1, with: CLLocationCoordinate2D(latitude: 43.7391, longitude: 7.426))
    path.removeCoordinate(at: 1)
    path.addLatitude(43.74, longitude: 7.43)
    path.removeLastCoordinate()
    #expect(path.count() == 2)
    #expect(path.coordinate(at: 1).latitude == 43.7396)
    let copy = path.mutableCopy() as! GMSMutablePath
    copy.removeAllCoordinates()
    #expect(copy.count() == 0 && path.count() == 2)
    let frozen = path.copy() as! GMSPath
    #expect(frozen.count() == 2)
    let encoded = path.encodedPath()
    #expect(GMSPath(fromEncodedPath: encoded)?.count() == 2)
    #expect(GMSPath(fromEncodedPath: "!!!") == nil)
    #expect(GMSPath(path: path).count() == 2)
    #expect(path.pathOffset(byLatitude: 1, longitude: 0).coordinate(at: 0).latitude > 44)
    let length = path.length(of: .geodesic)
    #expect(length > 200 && length < 400)
    #expect(abs(path.length(of: .rhumb) - length) < 1)
    #expect(abs(path.segments(forLength: length / 2, kind: .geodesic) - 0.5) < 1e-6)
    let line = GMSPolyline(path: path)
    line.strokeWidth = 5
    line.strokeColor = .red
    line.geodesic = true
    line.isTappable = true
    line.title = "route"
    line.zIndex = 2
    line.spans = [
      GMSStyleSpan(color: .red),
      GMSStyleSpan(color: .green, segments: 0.5),
      GMSStyleSpan(style: .solidColor(.blue)),
      GMSStyleSpan(style: GMSStrokeStyle.gradient(from: .yellow, to: .red), segments: 2),
    ]
    line.map = mapView
    #expect(line.spans?.count == 4 && line.spans?[1].segments == 0.5)
    #expect(line.spans?[3].style.toColor == .red)
    let empty = GMSPolyline()
    empty.path = GMSPath()
    #expect(empty.path?.count() == 0)
    // Dashes: solid and transparent styles repeated by lengths in metres along the path.
    let dashes = GMSStyleSpans(
      path, [GMSStrokeStyle.solidColor(.black), GMSStrokeStyle.solidColor(.clear)],
      [NSNumber(value: length / 4), NSNumber(value: length / 4)], .rhumb)
    #expect(dashes.count == 4)
    #expect(abs(dashes.map(\.segments).reduce(0, +) - 1) < 1e-6)
    let offset = GMSStyleSpansOffset(
      path, [GMSStrokeStyle.solidColor(.black)], [NSNumber(value: length / 2)], .geodesic,
      length / 4)
    #expect(abs(offset[0].segments - 0.25) < 1e-6)
    // Stamps: a picture along the line, over a colour or over nothing.
    let picture = UIImage(size: CGSize(width: 4, height: 8))
    let stamped = GMSStrokeStyle.solidColor(.red)
    stamped.stampStyle = GMSTextureStyle(image: picture)
    let sprites = GMSStrokeStyle.transparentStroke(withStamp: GMSSpriteStyle(image: picture))
    let textured = GMSStrokeStyle.transparentStroke(
      withStampStyle: GMSTextureStyle.textureStyle(with: picture))
    line.spans = [GMSStyleSpan(style: stamped), GMSStyleSpan(style: sprites)]
    #expect(mapView.stamps(of: line).count > 0)
    #expect(textured.stampStyle?.image === picture && sprites.toColor == .clear)
  }

  @Test func polygonsCirclesAndGroundOverlays() {
    let mapView = Self.mapView()
    let outline = GMSMutablePath()
    outline.addLatitude(43.73, longitude: 7.42)
    outline.addLatitude(43.74, longitude: 7.42)
    outline.addLatitude(43.74, longitude: 7.43)
    let polygon = GMSPolygon(path: outline)
    polygon.holes = [GMSPath()]
    polygon.fillColor = UIColor(red: 0, green: 0, blue: 1, alpha: 0.3)
    polygon.strokeColor = .black
    polygon.strokeWidth = 2
    polygon.geodesic = false
    polygon.isTappable = true
    polygon.zIndex = 1
    polygon.map = mapView
    let bare = GMSPolygon()
    bare.path = outline
    #expect(polygon.holes?.count == 1 && bare.fillColor != nil)
    let circle = GMSCircle(position: Self.monaco, radius: 100)
    circle.radius = 200
    circle.position = Self.casino
    circle.strokeWidth = 3
    circle.strokeColor = .red
    circle.fillColor = nil
    circle.isTappable = true
    circle.map = mapView
    let plain = GMSCircle()
    #expect(plain.radius == 0 && circle.radius == 200)
    let bounds = GMSCoordinateBounds(coordinate: Self.monaco, coordinate: Self.casino)
    let ground = GMSGroundOverlay(bounds: bounds, icon: UIImage(size: CGSize(width: 8, height: 8)))
    ground.bearing = 10
    ground.opacity = 0.5
    ground.isTappable = true
    ground.zIndex = -1
    ground.map = mapView
    #expect(ground.bounds == bounds && CLLocationCoordinate2DIsValid(ground.position))
    let placed = GMSGroundOverlay(
      position: Self.monaco, icon: UIImage(size: CGSize(width: 64, height: 64)), zoomLevel: 16)
    placed.anchor = CGPoint(x: 0.5, y: 1)
    placed.icon = UIImage(size: CGSize(width: 32, height: 32))
    placed.position = Self.casino
    placed.map = mapView
    let later = GMSGroundOverlay()
    later.bounds = bounds
    later.icon = UIImage(size: CGSize(width: 2, height: 2))
    #expect(mapView.overlaysInDrawingOrder.count == 4)
    mapView.clear()
    #expect(mapView.overlaysInDrawingOrder.isEmpty && polygon.map == nil)
  }

  @Test func tileLayersAskForTheVisibleTilesAndTakeTheirAnswers() {
    let mapView = Self.mapView()
    let sync = CheckerTiles()
    sync.tileSize = 256
    sync.zIndex = 1
    sync.opacity = 0.5
    sync.fadeIn = false
    sync.map = mapView
    #expect(sync.map === mapView && mapView.tileLayers.count == 1)
    let visible = mapView.visibleTiles(of: sync, scale: 1)
    // At zoom 16, 256-pixel tiles at scale 1 are 256 points: a 320 × 480 view shows 2 to 3
    // across and 2 to 3 down.
    #expect(visible.count >= 4 && visible.count <= 9)
    #expect(visible.allSatisfy { $0.zoom == 16 })
    _ = mapView.tileImages(of: sync, scale: 1)
    #expect(sync.asked == visible.count)
    _ = mapView.tileImages(of: sync, scale: 1)
    #expect(sync.asked == visible.count)  // kept
    sync.clearTileCache()
    _ = mapView.tileImages(of: sync, scale: 1)
    #expect(sync.asked == 2 * visible.count)

    let later = LaterTiles()
    later.map = mapView
    #expect(mapView.tileImages(of: later, scale: 1).isEmpty)
    #expect(later.asked.count == visible.count)
    let generation = mapView.overlayGeneration
    let first = later.asked[0]
    later.receivers[0].receiveTileWith(
      x: first.0, y: first.1, zoom: first.2, image: UIImage(size: CGSize(width: 2, height: 2)))
    #expect(mapView.overlayGeneration > generation)
    #expect(mapView.tileImages(of: later, scale: 1).count == 1)
    later.map = nil
    #expect(mapView.tileLayers.count == 1)

    var built: [URL] = []
    let urls = GMSURLTileLayer(urlConstructor: { x, y, zoom in
      let url = URL(string: "file:///nonexistent/\(zoom)/\(x)/\(y).png")
      if let url { built.append(url) }
      return url
    })
    urls.userAgent = "surface-test"
    urls.map = mapView
    _ = mapView.tileImages(of: urls, scale: 1)
    #expect(built.count == visible.count)
    #expect(urls.userAgent == "surface-test")
  }

  @Test func geometryFunctions() {
    let d = GMSGeometryDistance(Self.monaco, Self.casino)
    #expect(abs(d - Geodesy.distance(Self.monaco, Self.casino)) < 1e-6)
    let path = GMSMutablePath()
    path.add(Self.monaco)
    path.add(Self.casino)
    #expect(abs(GMSGeometryLength(path) - d) < 1e-6)
    let heading = GMSGeometryHeading(Self.monaco, Self.casino)
    #expect(heading > 45 && heading < 80)
    let there = GMSGeometryOffset(Self.monaco, d, heading)
    #expect(GMSGeometryDistance(there, Self.casino) < 0.5)
    let half = GMSGeometryInterpolate(Self.monaco, Self.casino, 0.5)
    #expect(abs(GMSGeometryDistance(half, Self.monaco) - d / 2) < 0.5)
    let square = GMSMutablePath()
    square.addLatitude(0, longitude: 0)
    square.addLatitude(0, longitude: 0.01)
    square.addLatitude(0.01, longitude: 0.01)
    square.addLatitude(0.01, longitude: 0)
    let area = GMSGeometryArea(square)
    #expect(abs(area - 1_236_000) < 5_000)
    #expect(GMSGeometrySignedArea(square) > 0)
    let inside = CLLocationCoordinate2D(latitude: 0.005, longitude: 0.005)
    let outside = CLLocationCoordinate2D(latitude: 0.02, longitude: 0.005)
    #expect(GMSGeometryContainsLocation(inside, square, true))
    #expect(!GMSGeometryContainsLocation(outside, square, false))
    let onEdge = CLLocationCoordinate2D(latitude: 0.000_000_1, longitude: 0.005)
    #expect(GMSGeometryIsLocationOnPath(onEdge, square, true))
    #expect(!GMSGeometryIsLocationOnPath(inside, square, true))
    #expect(GMSGeometryIsLocationOnPathTolerance(inside, square, false, 600))
    let point: GMSMapPoint = GMSProject(Self.monaco)
    #expect(point.x > 0 && point.y > 0 && abs(point.x) <= 1)
    let round = GMSUnproject(point)
    #expect(abs(round.latitude - Self.monaco.latitude) < 1e-9)
    let mid = GMSMapPointInterpolate(GMSMapPoint(x: 0, y: 0), GMSMapPoint(x: 1, y: -1), 0.5)
    #expect(mid.x == 0.5 && mid.y == -0.5)
    #expect(
      abs(GMSMapPointDistance(GMSMapPoint(x: 0, y: 0), GMSMapPoint(x: 0.3, y: 0.4)) - 0.5) < 1e-12)
  }

  @Test func pinImagesAdvancedMarkersAndSubclasses() {
    // google_maps_flutter's pin bitmaps.
    let options = GMSPinImageOptions()
    options.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    options.borderColor = .white
    var glyph: GMSPinImageGlyph?
    glyph = GMSPinImageGlyph(text: "A", textColor: .black)
    #expect(glyph?.text == "A" && glyph?.textColor == .black)
    glyph = GMSPinImageGlyph(glyphColor: .red)
    #expect(glyph?.glyphColor == .red)
    glyph = GMSPinImageGlyph(image: GMSMarker.markerImage(with: .green))
    #expect(glyph?.image != nil)
    options.glyph = glyph
    let image: UIImage = GMSPinImage.pinImage(with: options)
    #expect(image is GMSPinImage && image.cgImage != nil && image.size == GMSPinImage.pinSize)

    let mapView = SubclassedMapView(
      mapID: "map", camera: GMSCameraPosition(target: Self.monaco, zoom: 17))
    let listener = CapabilitiesListener()
    mapView.delegate = listener
    // Heard once a frame is drawn (MapPinAndCollisionTests); none drawn here.
    #expect(listener.heard.isEmpty)
    let marker: GMSMarker = GMSAdvancedMarker(position: Self.monaco)
    marker.icon = image
    (marker as? GMSAdvancedMarker)?.collisionBehavior = .optionalAndHidesLowerPriority
    marker.map = mapView
    #expect(!mapView.isHiddenByCollision(marker))
    let other = PluginMarker(position: Self.monaco)
    other.identifier = "m2"
    other.map = mapView
    #expect(mapView.isHiddenByCollision(marker) && !mapView.isHiddenByCollision(other))
    // Selecting goes through the subclass's override.
    mapView.selectedMarker = other
    let tip = mapView.projection.point(for: Self.monaco)
    other.title = "Casino"
    mapView.selectedMarker = nil
    #expect(mapView.selections.count == 2 && mapView.selections[0] === other)
    // A marker that is not tappable lets taps through.
    #expect(mapView.overlay(at: CGPoint(x: tip.x, y: tip.y - 10)) === other)
    other.isTappable = false
    #expect(mapView.overlay(at: CGPoint(x: tip.x, y: tip.y - 10)) == nil)
  }

  @Test func subclassesOverrideThePropertiesAndMethodsThePluginsOverride() {
    let options = GMSMapViewOptions()
    options.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    options.camera = GMSCameraPosition(latitude: 0, longitude: 0, zoom: 0)
    let mapView = PartiallyMockedMapView(options: options)
    mapView.animate(with: GMSCameraUpdate.zoom(to: 5))
    #expect(mapView.didAnimateCamera && mapView.isAnimatingCamera)
    mapView.moveCamera(GMSCameraUpdate.zoom(to: 3))
    #expect(mapView.camera.zoom == 3)

    let marker = PropertyLoggingAdvancedMarker()
    marker.position = Self.monaco
    marker.snippet = "s"
    marker.icon = GMSPinImage.pinImage(with: nil)
    marker.iconView = nil
    marker.tracksViewChanges = false
    marker.tracksInfoWindowChanges = true
    marker.groundAnchor = CGPoint(x: 0.5, y: 0.5)
    marker.infoWindowAnchor = CGPoint(x: 0.5, y: 0)
    marker.appearAnimation = .fadeIn
    marker.isDraggable = true
    marker.isFlat = true
    marker.rotation = 30
    marker.opacity = 0.5
    marker.panoramaView = GMSPanoramaView(frame: .zero)
    marker.title = "t"
    marker.isTappable = false
    marker.zIndex = 2
    marker.userData = ["m1"]
    marker.collisionBehavior = .requiredAndHidesOptional
    marker.map = mapView
    #expect(marker.log.count == 20 && marker.log.last == "map")
    #expect(marker.panoramaView != nil && marker.rotation == 30 && marker.opacity == 0.5)
    #expect(mapView.overlaysInDrawingOrder.first === marker)
    mapView.clear()
    #expect(marker.map == nil)

    let circle = PropertyLoggingCircle()
    circle.position = Self.monaco
    circle.radius = 10
    circle.strokeWidth = 2
    circle.strokeColor = .red
    circle.fillColor = nil
    #expect(circle.log.count == 5 && circle.radius == 10 && circle.fillColor == nil)
    let polygon = PropertyLoggingPolygon()
    polygon.path = GMSMutablePath()
    polygon.holes = []
    polygon.strokeColor = nil
    polygon.fillColor = .green
    polygon.geodesic = true
    #expect(polygon.log.count == 5 && polygon.geodesic && polygon.strokeColor == nil)
    let polyline = PropertyLoggingPolyline()
    polyline.path = GMSPath()
    polyline.strokeWidth = 4
    polyline.strokeColor = .black
    #expect(polyline.log == ["path", "strokeWidth", "strokeColor"] && polyline.strokeWidth == 4)
    let ground = PropertyLoggingGroundOverlay()
    ground.anchor = .zero
    ground.bearing = 90
    ground.bounds = GMSCoordinateBounds(coordinate: Self.monaco, coordinate: Self.casino)
    #expect(ground.log.count == 3 && ground.bearing == 90 && ground.bounds != nil)
    let tiles = PropertyLoggingTileLayer()
    tiles.zIndex = 1
    tiles.tileSize = 512
    tiles.opacity = 0.5
    tiles.fadeIn = false
    tiles.map = mapView
    #expect(tiles.log.count == 5 && mapView.tileLayers.first === tiles && tiles.tileSize == 512)
  }
}

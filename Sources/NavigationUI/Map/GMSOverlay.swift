import Foundation
import NavigationCore

/// Something drawn on the map at coordinates: a marker, polyline, polygon, circle or ground
/// overlay (`GMSOverlay`). Setting ``map`` adds it to a map view; `nil` removes it.
///
/// Drawing order: ground overlays, polygons and circles, then polylines, each kind ordered
/// by ``zIndex`` (a higher index over a lower one, whatever the kind), then the order they
/// were added; markers always above every other overlay, by ``zIndex`` then order.
@MainActor
open class GMSOverlay: NSObject {
  /// A title (a marker's info window shows it).
  open var title: String? { didSet { changed() } }
  /// Whether taps reach ``GMSMapViewDelegate/mapView(_:didTap:)-(_,GMSOverlay)`` (false unless
  /// set; a marker's is true unless set, and a marker that is not tappable is passed through
  /// by taps).
  open var isTappable: Bool {
    get { tappable }
    set { tappable = newValue }
  }
  /// ``isTappable``'s value.
  var tappable = false
  /// The drawing order among overlays of its group (see the type's description).
  open var zIndex: Int32 = 0 { didSet { changed() } }
  /// Anything the app wants to keep with the overlay.
  open var userData: Any?
  weak var storedMap: GMSMapView?

  /// An overlay not on a map.
  public override init() { super.init() }

  /// The map the overlay is on; setting it moves the overlay there (`nil` removes it).
  open var map: GMSMapView? {
    get { storedMap }
    set {
      guard newValue !== storedMap else { return }
      storedMap?.removeOverlay(self)
      storedMap = newValue
      newValue?.addOverlay(self)
    }
  }

  /// Tells the map something changed.
  func changed() { storedMap?.overlayChanged(self) }

  /// The group of the drawing order: 0 ground overlays, 1 polygons and circles,
  /// 2 polylines, 3 markers.
  var drawingGroup: Int { 1 }
}

/// How a marker appears when added (`GMSMarkerAnimation`).
public enum GMSMarkerAnimation: Int, Sendable, Hashable {
  /// At once.
  case none = 0
  /// Growing from its anchor.
  case pop = 1
  /// Fading in.
  case fadeIn = 2
}

/// A pin or picture at a coordinate, tapped to show an info window (`GMSMarker`).
///
/// ```swift
/// let marker = GMSMarker(position: casino)
/// marker.title = "Casino"
/// marker.icon = GMSMarker.markerImage(with: .blue)
/// marker.map = mapView
/// ```
@MainActor
open class GMSMarker: GMSOverlay {
  /// The name of the default marker picture (``markerImage(with:)``): a pin the renderer
  /// draws in the image's tint colour.
  public static let defaultIconName = "GMSMarker.defaultIcon"
  /// The size of the default marker picture, in points.
  public static let defaultIconSize = CGSize(width: 27, height: 43)

  /// Where the marker is. Animated: inside a ``CATransaction`` with actions on, the drawn
  /// marker moves there over the transaction's duration (see ``GMSMarkerLayer``).
  open var position: CLLocationCoordinate2D {
    get { storedPosition }
    set {
      let old = storedPosition
      animatingChange(of: kGMSMarkerLayerLatitude, when: old.latitude != newValue.latitude) {
        storedPosition.latitude = newValue.latitude
      }
      animatingChange(of: kGMSMarkerLayerLongitude, when: old.longitude != newValue.longitude) {
        storedPosition.longitude = newValue.longitude
      }
      storedPosition = newValue
      changed()
    }
  }
  private var storedPosition: CLLocationCoordinate2D
  private var storedRotation: CLLocationDegrees = 0
  private var storedOpacity: Float = 1
  private var storedLayer: GMSMarkerLayer?

  /// The marker's animatable layer: its position, rotation and opacity as layer properties
  /// that `CABasicAnimation`s and ``CATransaction``s animate.
  open var layer: GMSMarkerLayer {
    if let storedLayer { return storedLayer }
    let made = GMSMarkerLayer(marker: self)
    storedLayer = made
    return made
  }

  /// The position, rotation and opacity drawn at `time` (the model values with the layer's
  /// animations on them).
  package func presented(at time: TimeInterval) -> (
    position: CLLocationCoordinate2D, rotation: CLLocationDegrees, opacity: Float
  ) {
    storedLayer?.presented(at: time) ?? (storedPosition, storedRotation, storedOpacity)
  }

  /// Whether the layer's animations still change what is drawn at `time`.
  func isAnimating(at time: TimeInterval) -> Bool {
    storedLayer?.isAnimating(keyPaths: GMSMarkerLayer.markerKeys, at: time) ?? false
  }

  /// Whether any animation is on the marker's layer (running or filled).
  var hasLayerAnimations: Bool { storedLayer?.hasExplicitAnimations ?? false }

  /// Makes a change through the layer's action for `key` (an animation inside an animating
  /// transaction), or directly when nothing could animate it.
  private func animatingChange(of key: String, when differs: Bool, _ change: () -> Void) {
    guard differs, storedLayer != nil || CATransaction.animatesChanges else { return change() }
    layer.changeAnimatableValue(forKey: key, change)
  }
  /// A second line of the info window.
  open var snippet: String? { didSet { changed() } }
  /// The picture; `nil` is the default red pin.
  open var icon: UIImage? { didSet { changed() } }
  /// A view drawn instead of ``icon`` (kept on the map as a subview of the map view).
  open var iconView: UIView? {
    didSet {
      if oldValue !== iconView { oldValue?.removeFromSuperview() }
      changed()
    }
  }
  /// Whether the map redraws ``iconView`` as it changes.
  open var tracksViewChanges = true
  /// Whether the map redraws a custom info window as it changes.
  open var tracksInfoWindowChanges = false
  /// The point of the picture placed on ``position``, in unit coordinates ((0.5, 1): the
  /// middle of the bottom edge).
  open var groundAnchor = CGPoint(x: 0.5, y: 1) { didSet { changed() } }
  /// Where the info window's tip points, in unit coordinates of the picture ((0.5, 0): the
  /// middle of the top edge).
  open var infoWindowAnchor = CGPoint(x: 0.5, y: 0) { didSet { changed() } }
  /// How the marker appears when added.
  open var appearAnimation = GMSMarkerAnimation.none
  /// Whether a long press starts dragging it.
  open var isDraggable = false
  /// Whether the picture lies flat on the map (turning with it) rather than facing the
  /// screen.
  open var isFlat = false { didSet { changed() } }
  /// Degrees clockwise the picture is turned about its ground anchor. Animated, as
  /// ``position``.
  open var rotation: CLLocationDegrees {
    get { storedRotation }
    set {
      animatingChange(of: kGMSMarkerLayerRotation, when: newValue != storedRotation) {
        storedRotation = newValue
      }
      changed()
    }
  }
  /// 0 (invisible) … 1 (opaque). Animated, as ``position``.
  open var opacity: Float {
    get { storedOpacity }
    set {
      animatingChange(of: kGMSMarkerLayerOpacity, when: newValue != storedOpacity) {
        storedOpacity = newValue
      }
      changed()
    }
  }
  /// The Street View panorama the marker is shown on (kept; panoramas show no imagery or
  /// markers here, see ``GMSPanoramaView``). Independent of ``map``.
  open var panoramaView: GMSPanoramaView?

  /// A marker at (0, 0).
  public override init() {
    storedPosition = CLLocationCoordinate2D(latitude: 0, longitude: 0)
    super.init()
    tappable = true  // not through a subclass's override of `isTappable`
  }

  /// A marker at `position`.
  public convenience init(position: CLLocationCoordinate2D) {
    self.init()
    self.position = position
  }

  /// The default pin picture tinted `color` (`nil`: the default red).
  open class func markerImage(with color: UIColor?) -> UIImage {
    UIImage(
      size: defaultIconSize, scale: 3, name: defaultIconName, renderingMode: .alwaysTemplate,
      tintColor: color ?? UIColor(rgb: 0xEA4335))
  }

  /// The picture's size in points: the icon view's, the icon's, or the default pin's.
  public var iconSize: CGSize { iconView?.bounds.size ?? icon?.size ?? Self.defaultIconSize }

  override var drawingGroup: Int { 3 }
}

/// How a stretch of polyline is coloured (`GMSStrokeStyle`).
@MainActor
open class GMSStrokeStyle: NSObject {
  /// The colour at the start of the stretch.
  public let fromColor: UIColor
  /// The colour at its end (the same as ``fromColor`` for a solid colour).
  public let toColor: UIColor

  /// A style from two colours.
  public required init(fromColor: UIColor, toColor: UIColor) {
    self.fromColor = fromColor
    self.toColor = toColor
    super.init()
  }

  /// One colour.
  open class func solidColor(_ color: UIColor) -> Self { Self(fromColor: color, toColor: color) }

  /// A gradient from one colour to another along the stretch.
  open class func gradient(from fromColor: UIColor, to toColor: UIColor) -> Self {
    Self(fromColor: fromColor, toColor: toColor)
  }

  /// A picture stamped along the stretch over its colour (`nil`: none).
  open var stampStyle: GMSStampStyle?

  /// No colour, only `stampStyle`'s picture along the stretch.
  open class func transparentStroke(withStamp stampStyle: GMSStampStyle) -> Self {
    let style = Self(fromColor: .clear, toColor: .clear)
    style.stampStyle = stampStyle
    return style
  }

  /// The same as ``transparentStroke(withStamp:)`` (the Objective-C selector's spelling).
  open class func transparentStroke(withStampStyle stampStyle: GMSStampStyle) -> Self {
    transparentStroke(withStamp: stampStyle)
  }
}

/// A picture stamped along a polyline (`GMSStampStyle`); use ``GMSTextureStyle`` or
/// ``GMSSpriteStyle``. The picture is drawn as wide as the stroke, keeping its proportions,
/// copy after copy along the line, its top toward the line's end; the copies are drawn with
/// the markers (above other overlays).
@MainActor
open class GMSStampStyle: NSObject {
  /// The picture.
  public let image: UIImage

  /// A stamp of `image`.
  public init(image: UIImage) {
    self.image = image
    super.init()
  }
}

/// A picture repeated along a polyline as its texture (`GMSTextureStyle`).
///
/// ```swift
/// let style = GMSStrokeStyle.transparentStroke(withStamp: GMSTextureStyle(image: arrow))
/// polyline.spans = [GMSStyleSpan(style: style)]
/// ```
@MainActor
open class GMSTextureStyle: GMSStampStyle {
  /// A texture of `image` (the original's class constructor).
  open class func textureStyle(with image: UIImage) -> GMSTextureStyle {
    GMSTextureStyle(image: image)
  }
}

/// A picture repeated along a polyline as sprites (`GMSSpriteStyle`), drawn as
/// ``GMSTextureStyle`` is.
@MainActor
open class GMSSpriteStyle: GMSStampStyle {
  /// A sprite of `image` (the original's class constructor).
  open class func spriteStyle(with image: UIImage) -> GMSSpriteStyle {
    GMSSpriteStyle(image: image)
  }
}

/// A style over a number of segments of a polyline (`GMSStyleSpan`).
///
/// ```swift
/// polyline.spans = [
///   GMSStyleSpan(style: .gradient(from: .green, to: .red), segments: 3),
///   GMSStyleSpan(color: .red),
/// ]
/// ```
@MainActor
open class GMSStyleSpan: NSObject {
  /// The style.
  public let style: GMSStrokeStyle
  /// How many segments (may be fractional) it covers.
  public let segments: Double

  /// A style over `segments` segments.
  public init(style: GMSStrokeStyle, segments: Double) {
    self.style = style
    self.segments = segments
    super.init()
  }

  /// A style over one segment.
  public convenience init(style: GMSStrokeStyle) { self.init(style: style, segments: 1) }
  /// A colour over one segment.
  public convenience init(color: UIColor) {
    self.init(style: .solidColor(color), segments: 1)
  }
  /// A colour over `segments` segments.
  public convenience init(color: UIColor, segments: Double) {
    self.init(style: .solidColor(color), segments: segments)
  }
}

/// A line through coordinates (`GMSPolyline`).
///
/// ```swift
/// let line = GMSPolyline(path: path)
/// line.strokeWidth = 5
/// line.strokeColor = .red
/// line.map = mapView
/// ```
@MainActor
open class GMSPolyline: GMSOverlay {
  /// The line's shape.
  open var path: GMSPath? { didSet { changed() } }
  /// Width in points (1 unless set).
  open var strokeWidth: CGFloat = 1 { didSet { changed() } }
  /// The colour where no span applies (blue unless set).
  open var strokeColor: UIColor = .blue { didSet { changed() } }
  /// Whether segments follow great circles (drawn as curves on the map).
  open var geodesic = false { didSet { changed() } }
  /// Styles along the line, segment by segment; the last applies to the rest.
  open var spans: [GMSStyleSpan]? { didSet { changed() } }

  /// A polyline with no path.
  public override init() { super.init() }

  /// A polyline along `path`.
  public convenience init(path: GMSPath?) {
    self.init()
    self.path = path
  }

  override var drawingGroup: Int { 2 }
}

/// A filled area with holes (`GMSPolygon`).
@MainActor
open class GMSPolygon: GMSOverlay {
  /// The outline.
  open var path: GMSPath? { didSet { changed() } }
  /// Areas cut out of the fill.
  open var holes: [GMSPath]? { didSet { changed() } }
  /// The outline's width in points (1 unless set).
  open var strokeWidth: CGFloat = 1 { didSet { changed() } }
  /// The outline's colour, `nil` for none (black unless set).
  open var strokeColor: UIColor? = .black { didSet { changed() } }
  /// The fill, `nil` for none (blue unless set).
  open var fillColor: UIColor? = .blue { didSet { changed() } }
  /// Whether edges follow great circles.
  open var geodesic = false { didSet { changed() } }

  /// A polygon with no path.
  public override init() { super.init() }

  /// A polygon with an outline.
  public convenience init(path: GMSPath?) {
    self.init()
    self.path = path
  }
}

/// A circle of a radius in metres around a coordinate (`GMSCircle`).
@MainActor
open class GMSCircle: GMSOverlay {
  /// The centre.
  open var position: CLLocationCoordinate2D { didSet { changed() } }
  /// The radius in metres on the Earth's surface.
  open var radius: CLLocationDistance { didSet { changed() } }
  /// The outline's width in points (1 unless set).
  open var strokeWidth: CGFloat = 1 { didSet { changed() } }
  /// The outline's colour, `nil` for none (black unless set).
  open var strokeColor: UIColor? = .black { didSet { changed() } }
  /// The fill, `nil` for none (none unless set).
  open var fillColor: UIColor? { didSet { changed() } }

  /// A circle at (0, 0) of radius 0.
  public override init() {
    position = CLLocationCoordinate2D(latitude: 0, longitude: 0)
    radius = 0
    super.init()
  }

  /// A circle at `position` with `radius` metres.
  public convenience init(position: CLLocationCoordinate2D, radius: CLLocationDistance) {
    self.init()
    self.position = position
    self.radius = radius
  }

  /// The outline as `count` coordinates around the centre.
  public func outline(count: Int = 72) -> [CLLocationCoordinate2D] {
    guard radius > 0, radius.isFinite else { return [] }
    return (0..<count).map {
      Geodesy.destination(
        from: position, distance: radius, bearing: Double($0) * 360 / Double(count))
    }
  }
}

/// A picture laid on the map over a box of coordinates (`GMSGroundOverlay`).
@MainActor
open class GMSGroundOverlay: GMSOverlay {
  /// The box the picture fills (before ``bearing``), or `nil` when placed by position and
  /// zoom level.
  open var bounds: GMSCoordinateBounds? { didSet { changed() } }
  /// The picture's anchor point on the map.
  open var position: CLLocationCoordinate2D { didSet { changed() } }
  /// The point of the picture on ``position``, in unit coordinates.
  open var anchor = CGPoint(x: 0.5, y: 0.5) { didSet { changed() } }
  /// The picture.
  open var icon: UIImage? { didSet { changed() } }
  /// 0 … 1.
  open var opacity: Float = 1 { didSet { changed() } }
  /// Degrees clockwise the picture is turned about its anchor.
  open var bearing: CLLocationDirection = 0 { didSet { changed() } }
  /// The zoom level at which the picture is drawn at its own size (position placement).
  var zoomLevel: Float = 0

  /// A ground overlay with nothing set.
  public override init() {
    position = CLLocationCoordinate2D(latitude: 0, longitude: 0)
    super.init()
  }

  /// A picture filling `bounds`.
  public convenience init(bounds: GMSCoordinateBounds?, icon: UIImage?) {
    self.init()
    self.bounds = bounds
    self.icon = icon
    if let bounds, bounds.isValid { position = bounds.center }
  }

  /// A picture at its own size at `zoomLevel`, its ``anchor`` on `position`.
  public convenience init(position: CLLocationCoordinate2D, icon: UIImage?, zoomLevel: CGFloat) {
    self.init()
    self.position = position
    self.icon = icon
    self.zoomLevel = Float(zoomLevel)
  }

  /// The box the picture fills, from ``bounds`` or from the position, icon and zoom level.
  public var placedBounds: GMSCoordinateBounds? {
    if let bounds, bounds.isValid { return bounds }
    guard let icon, icon.size.width > 0, icon.size.height > 0 else { return nil }
    let mpp = MapGeometry.metersPerPointAtZoomZero(position.latitude) / pow(2, Double(zoomLevel))
    let w = Double(icon.size.width) * mpp
    let h = Double(icon.size.height) * mpp
    let cosLat = cos(position.latitude * .pi / 180)
    let west = position.longitude - Double(anchor.x) * w / (MapGeometry.metersPerDegree * cosLat)
    let north = position.latitude + Double(anchor.y) * h / MapGeometry.metersPerDegree
    return GMSCoordinateBounds(
      south: north - h / MapGeometry.metersPerDegree, west: west, north: north,
      east: west + w / (MapGeometry.metersPerDegree * cosLat))
  }

  override var drawingGroup: Int { 0 }
}

/// The kind of base map (`GMSMapViewType`). OpenStreetMap has no imagery or relief:
/// `.satellite` draws the map in dark "imagery" colours without roads' names, `.hybrid` the
/// same with roads and names, `.terrain` the normal map with stronger parks and water;
/// `.none` draws no base map (overlays over the plain background).
public enum GMSMapViewType: Int, Sendable, Hashable {
  /// The normal road map.
  case normal = 1
  /// Imagery (see the type's description).
  case satellite = 2
  /// Relief (see the type's description).
  case terrain = 3
  /// Imagery with roads and names (see the type's description).
  case hybrid = 4
  /// No base map.
  case none = 5
}

/// What an advanced marker does when its picture overlaps other markers' on the screen
/// (`GMSCollisionBehavior`). Applied only on a map with a map ID
/// (``GMSMapView/mapCapabilities`` contains `.advancedMarkers`); plain ``GMSMarker``s count as
/// `.required`. See ``GMSMapView/isHiddenByCollision(_:)``.
public enum GMSCollisionBehavior: Int, Sendable, Hashable {
  /// Always shown, whatever it overlaps; optional markers under it are hidden.
  case required = 0
  /// Always shown; hides optional markers it overlaps (the original also hides the base
  /// map's labels under it, which this map does not).
  case requiredAndHidesOptional = 1
  /// Shown unless its picture overlaps a required marker's or a shown optional marker's of
  /// a higher priority: a higher `zIndex`, then (equal indices) lower on the screen, then
  /// added later. Worked out again whenever the camera or the markers change.
  case optionalAndHidesLowerPriority = 2
}

/// A marker with a collision behaviour (`GMSAdvancedMarker`), drawn as a ``GMSMarker``.
/// On a map with a map ID, markers hidden by ``collisionBehavior`` are neither drawn nor
/// tapped (see ``GMSCollisionBehavior``); without a map ID it behaves as a plain marker.
///
/// ```swift
/// let marker = GMSAdvancedMarker(position: casino)
/// marker.collisionBehavior = .optionalAndHidesLowerPriority
/// marker.icon = GMSPinImage.pinImage(with: options)
/// marker.map = mapView  // a map view made with a mapID
/// ```
@MainActor
open class GMSAdvancedMarker: GMSMarker {
  /// What the marker does when it overlaps others (`.required` unless set).
  open var collisionBehavior = GMSCollisionBehavior.required { didSet { changed() } }
}

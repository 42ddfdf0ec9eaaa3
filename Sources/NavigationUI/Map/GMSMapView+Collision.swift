import Foundation

/// The markers hidden by advanced markers' collision behaviour for one camera and overlay
/// generation.
struct MarkerCollisionResult {
  var generation: Int
  var camera: GMSCameraPosition
  var anchor: CGPoint
  var size: CGSize
  var hidden: Set<ObjectIdentifier>
}

extension GMSMapView {
  /// What the map can do for its map ID (`mapCapabilities`): with a ``mapID``,
  /// `.advancedMarkers` (markers' ``GMSAdvancedMarker/collisionBehavior`` is applied);
  /// without one, nothing. The delegate hears
  /// ``GMSMapViewDelegate/mapView(_:didChange:)-(_,GMSMapCapabilityFlags)`` when the first
  /// frame is drawn with them (the original learns them once the map has loaded).
  public var mapCapabilities: GMSMapCapabilityFlags {
    mapID == nil ? [] : .advancedMarkers
  }

  /// Whether `marker` is on this map but hidden by collision behaviour for the current
  /// camera (see ``GMSCollisionBehavior``): a hidden marker is neither drawn nor tapped.
  /// Always `false` without ``GMSMapCapabilityFlags/advancedMarkers``.
  public func isHiddenByCollision(_ marker: GMSMarker) -> Bool {
    guard marker.storedMap === self else { return false }
    return markersHiddenByCollision().contains(ObjectIdentifier(marker))
  }

  /// The markers collision behaviour hides for the current camera, worked out once per
  /// camera, view size and overlay generation (Guides/NavigationUI.md, "Advanced markers").
  func markersHiddenByCollision() -> Set<ObjectIdentifier> {
    guard mapCapabilities.contains(.advancedMarkers) else { return [] }
    let camera = cameraStorage
    let anchor = cameraAnchor
    let size = bounds.size
    if let kept = mapState.collisions, kept.generation == mapState.overlayGeneration,
      kept.camera == camera, kept.anchor == anchor, kept.size == size
    {
      return kept.hidden
    }
    let hidden = Self.collisionHidden(
      overlaysInDrawingOrder.compactMap { $0 as? GMSMarker }, projection: projection,
      frame: { self.frame(of: $0, projection: $1) })
    mapState.collisions = MarkerCollisionResult(
      generation: mapState.overlayGeneration, camera: camera, anchor: anchor, size: size,
      hidden: hidden)
    return hidden
  }

  /// The markers that hide the base map's labels under them, as the original's
  /// `.requiredAndHidesOptional` does: on a map with ``GMSMapCapabilityFlags/advancedMarkers``,
  /// each visible advanced marker with that behaviour, as where it is drawn at `time` and
  /// its picture's rectangle about that point (points, unrotated). Renderers keep street
  /// names out of them.
  package func labelHidingMarkers(at time: TimeInterval) -> [(
    position: CLLocationCoordinate2D, rect: CGRect
  )] {
    guard mapCapabilities.contains(.advancedMarkers) else { return [] }
    return mapState.overlays.compactMap { overlay in
      guard let marker = overlay as? GMSAdvancedMarker,
        marker.collisionBehavior == .requiredAndHidesOptional
      else { return nil }
      let shown = marker.presented(at: time)
      guard shown.opacity > 0 else { return nil }
      let size = marker.iconSize
      return (
        shown.position,
        CGRect(
          x: -marker.groundAnchor.x * size.width, y: -marker.groundAnchor.y * size.height,
          width: size.width, height: size.height)
      )
    }
  }

  /// The rule: every marker that is not an optional advanced marker is shown (plain markers
  /// count as `.required`); optional markers are taken from the highest priority down
  /// (higher `zIndex`, then lower on the screen, then added later) and each is shown unless
  /// its picture overlaps a shown required marker's or an already shown optional one's.
  /// Invisible markers (opacity 0) neither show nor hide anything.
  static func collisionHidden(
    _ markers: [GMSMarker], projection: GMSProjection,
    frame: (GMSMarker, GMSProjection) -> CGRect
  ) -> Set<ObjectIdentifier> {
    func isOptional(_ marker: GMSMarker) -> Bool {
      (marker as? GMSAdvancedMarker)?.collisionBehavior == .optionalAndHidesLowerPriority
    }
    guard markers.contains(where: isOptional) else { return [] }
    var grid = CollisionGrid()
    var optional: [(order: Int, marker: GMSMarker, rect: CGRect)] = []
    for (order, marker) in markers.enumerated() where marker.opacity > 0 {
      let rect = frame(marker, projection)
      guard rect.width > 0, rect.height > 0, rect.minX.isFinite, rect.minY.isFinite else {
        continue
      }
      if isOptional(marker) {
        optional.append((order, marker, rect))
      } else {
        grid.insert(rect)
      }
    }
    optional.sort { a, b in
      if a.marker.zIndex != b.marker.zIndex { return a.marker.zIndex > b.marker.zIndex }
      if a.rect.maxY != b.rect.maxY { return a.rect.maxY > b.rect.maxY }
      return a.order > b.order
    }
    var hidden: Set<ObjectIdentifier> = []
    for entry in optional {
      if grid.overlaps(entry.rect) {
        hidden.insert(ObjectIdentifier(entry.marker))
      } else {
        grid.insert(entry.rect)
      }
    }
    return hidden
  }
}

/// Rectangles bucketed in 64-point cells, for overlap queries among many markers.
struct CollisionGrid {
  static let cell: CGFloat = 64
  private var cells: [Int64: [CGRect]] = [:]

  private static func range(_ rect: CGRect) -> (ClosedRange<Int64>, ClosedRange<Int64>) {
    func index(_ value: CGFloat) -> Int64 {
      Int64(max(-1e12, min(1e12, (value / cell).rounded(.down))))
    }
    return (index(rect.minX)...index(rect.maxX), index(rect.minY)...index(rect.maxY))
  }

  private static func key(_ x: Int64, _ y: Int64) -> Int64 { x &* 73_856_093 ^ y &* 19_349_663 }

  /// Adds a rectangle (one far larger than the screen is kept in few cells: its corners').
  mutating func insert(_ rect: CGRect) {
    let (xs, ys) = Self.range(rect)
    guard xs.count <= 64, ys.count <= 64 else {
      cells[Int64.min, default: []].append(rect)
      return
    }
    for x in xs { for y in ys { cells[Self.key(x, y), default: []].append(rect) } }
  }

  /// Whether `rect` overlaps (shares area with) a rectangle added.
  func overlaps(_ rect: CGRect) -> Bool {
    func meets(_ other: CGRect) -> Bool {
      other.minX < rect.maxX && rect.minX < other.maxX && other.minY < rect.maxY
        && rect.minY < other.maxY
    }
    if cells[Int64.min]?.contains(where: meets) == true { return true }
    let (xs, ys) = Self.range(rect)
    guard xs.count <= 64, ys.count <= 64 else {
      return cells.values.contains { $0.contains(where: meets) }
    }
    for x in xs {
      for y in ys where cells[Self.key(x, y)]?.contains(where: meets) == true { return true }
    }
    return false
  }
}

import Foundation
import NavigationCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Takes the answer to a tile request (`GMSTileReceiver`).
@MainActor
public protocol GMSTileReceiver: AnyObject {
  /// The picture of tile (`x`, `y`) at `zoom`: ``kGMSTileLayerNoTile`` when there is none
  /// there (never asked again), `nil` when none is available now (asked again on a later
  /// frame).
  func receiveTileWith(x: UInt, y: UInt, zoom: UInt, image: UIImage?)
}

/// The answer for a tile that does not exist (`kGMSTileLayerNoTile`): nothing is drawn there
/// and the tile is not asked for again.
public let kGMSTileLayerNoTile = UIImage(
  size: CGSize(width: 1, height: 1), name: "kGMSTileLayerNoTile")

/// Pictures drawn over the base map in Web-Mercator tiles: tile (`x`, `y`) at `zoom` covers
/// 1/2^zoom of the world's width and of its Mercator height, `x` from 180° W, `y` from
/// 85.05° N (`GMSTileLayer`). Subclass it and answer ``requestTileFor(x:y:zoom:receiver:)``
/// (or use ``GMSSyncTileLayer`` or ``GMSURLTileLayer``); set ``map`` to show it.
///
/// The map asks for the tiles a frame shows, at the zoom level where a tile is drawn at
/// about ``tileSize`` pixels of the view's display scale, and keeps every answer until
/// ``clearTileCache()``. Tile layers are drawn over the base map and under every other
/// overlay, by ``zIndex``. Requests come on the main actor, where the original makes them on
/// a background thread; ``fadeIn`` has no animation here (a tile appears in the first frame
/// after it arrives).
///
/// ```swift
/// let layer = GMSURLTileLayer(urlConstructor: { x, y, zoom in
///   URL(string: "https://tile.openstreetmap.org/\(zoom)/\(x)/\(y).png")
/// })
/// layer.map = mapView
/// ```
@MainActor
open class GMSTileLayer: NSObject {
  /// The drawing order among tile layers (higher over lower).
  open var zIndex: Int32 = 0 { didSet { changed() } }
  /// The edge in pixels the tiles are meant to be drawn at (256 unless set).
  open var tileSize: Int = 256 {
    didSet {
      tileSize = max(1, tileSize)
      changed()
    }
  }
  /// 0 (invisible) … 1 (opaque).
  open var opacity: Float = 1 { didSet { changed() } }
  /// Whether new tiles fade in (kept; tiles appear at once here).
  open var fadeIn = true
  weak var storedMap: GMSMapView?
  /// Answers received, by tile.
  var tiles: [TileKey: UIImage] = [:]
  /// Tiles asked for and not answered.
  var pending: Set<TileKey> = []
  /// Bumped by ``clearTileCache()``: answers to older requests are dropped.
  var cacheGeneration = 0

  /// A tile layer on no map.
  public override init() { super.init() }

  /// The map the layer is drawn on; setting it adds the layer there (`nil` removes it).
  open var map: GMSMapView? {
    get { storedMap }
    set {
      guard newValue !== storedMap else { return }
      storedMap?.removeTileLayer(self)
      storedMap = newValue
      newValue?.addTileLayer(self)
    }
  }

  /// Asks for the picture of tile (`x`, `y`) at `zoom`; answer through `receiver`, now or
  /// later. Subclasses override it; this one answers ``kGMSTileLayerNoTile``.
  open func requestTileFor(x: UInt, y: UInt, zoom: UInt, receiver: any GMSTileReceiver) {
    receiver.receiveTileWith(x: x, y: y, zoom: zoom, image: kGMSTileLayerNoTile)
  }

  /// Forgets every tile received: the next frame asks again.
  open func clearTileCache() {
    tiles.removeAll()
    pending.removeAll()
    cacheGeneration += 1
    changed()
  }

  func changed() { storedMap?.tileLayerChanged() }

  /// Stores an answer and redraws the map.
  func receive(_ key: TileKey, image: UIImage?, generation: Int) {
    guard generation == cacheGeneration else { return }
    pending.remove(key)
    // None yet: asked again on a later frame, with nothing to redraw now.
    guard let image else { return }
    tiles[key] = image
    changed()
  }
}

/// A tile of a tile layer.
struct TileKey: Hashable {
  var x: UInt
  var y: UInt
  var zoom: UInt
}

/// The receiver handed to a tile request: it files the answer with its layer.
@MainActor
final class TileAnswer: GMSTileReceiver {
  weak var layer: GMSTileLayer?
  let generation: Int

  init(layer: GMSTileLayer, generation: Int) {
    self.layer = layer
    self.generation = generation
  }

  func receiveTileWith(x: UInt, y: UInt, zoom: UInt, image: UIImage?) {
    layer?.receive(TileKey(x: x, y: y, zoom: zoom), image: image, generation: generation)
  }
}

/// A tile layer whose pictures come from a synchronous call (`GMSSyncTileLayer`): override
/// ``tileFor(x:y:zoom:)``.
@MainActor
open class GMSSyncTileLayer: GMSTileLayer {
  /// The picture of tile (`x`, `y`) at `zoom`, ``kGMSTileLayerNoTile`` for none there, or
  /// `nil` for none now. This one returns `nil`.
  open func tileFor(x: UInt, y: UInt, zoom: UInt) -> UIImage? { nil }

  /// Answers with ``tileFor(x:y:zoom:)`` at once.
  open override func requestTileFor(
    x: UInt, y: UInt, zoom: UInt, receiver: any GMSTileReceiver
  ) {
    receiver.receiveTileWith(x: x, y: y, zoom: zoom, image: tileFor(x: x, y: y, zoom: zoom))
  }
}

/// Makes the address of tile (x, y) at a zoom, or `nil` for no tile there
/// (`GMSTileURLConstructor`).
public typealias GMSTileURLConstructor = (UInt, UInt, UInt) -> URL?

/// A tile layer that loads its pictures from addresses (`GMSURLTileLayer`): `file:` URLs
/// are read directly; other schemes through `URLSession` with ``userAgent``. A picture that
/// cannot be read or decoded is no tile.
@MainActor
open class GMSURLTileLayer: GMSTileLayer {
  let urlConstructor: GMSTileURLConstructor
  /// The `User-Agent` header of the requests (`nil`: the system's).
  open var userAgent: String?

  /// A layer whose tile addresses come from `urlConstructor`.
  public init(urlConstructor: @escaping GMSTileURLConstructor) {
    self.urlConstructor = urlConstructor
    super.init()
  }

  /// Loads the tile's address.
  open override func requestTileFor(
    x: UInt, y: UInt, zoom: UInt, receiver: any GMSTileReceiver
  ) {
    guard let url = urlConstructor(x, y, zoom) else {
      receiver.receiveTileWith(x: x, y: y, zoom: zoom, image: kGMSTileLayerNoTile)
      return
    }
    if url.isFileURL {
      let image = (try? Data(contentsOf: url)).flatMap { UIImage(data: $0) }
      receiver.receiveTileWith(x: x, y: y, zoom: zoom, image: image ?? kGMSTileLayerNoTile)
      return
    }
    var request = URLRequest(url: url)
    if let userAgent { request.setValue(userAgent, forHTTPHeaderField: "User-Agent") }
    let deliver = SendableReceiver(receiver)
    URLSession.shared.dataTask(with: request) { data, _, _ in
      let bytes = data
      Task { @MainActor in
        let image = bytes.flatMap { UIImage(data: $0) }
        deliver.receiver.receiveTileWith(
          x: x, y: y, zoom: zoom, image: image ?? kGMSTileLayerNoTile)
      }
    }.resume()
  }
}

/// A receiver carried to the main actor from a network callback.
struct SendableReceiver: @unchecked Sendable {
  let receiver: any GMSTileReceiver
  init(_ receiver: any GMSTileReceiver) { self.receiver = receiver }
}

/// A tile placed on the map: its box of coordinates and its picture.
public struct GMSPlacedTile {
  /// The tile's column, row and zoom level.
  public let x: UInt, y: UInt, zoom: UInt
  /// Its south-west corner.
  public let southWest: CLLocationCoordinate2D
  /// Its north-east corner.
  public let northEast: CLLocationCoordinate2D
  /// The picture (never ``kGMSTileLayerNoTile``).
  public let image: UIImage
}

extension GMSMapView {
  /// The tile layers on the map, in drawing order (by ``GMSTileLayer/zIndex``, then the
  /// order they were added). Swift convenience, not in the original.
  public var tileLayers: [GMSTileLayer] {
    mapState.tileLayers.enumerated().sorted {
      $0.element.zIndex != $1.element.zIndex
        ? $0.element.zIndex < $1.element.zIndex : $0.offset < $1.offset
    }.map(\.element)
  }

  func addTileLayer(_ layer: GMSTileLayer) {
    mapState.tileLayers.append(layer)
    mapState.overlayGeneration += 1
  }

  func removeTileLayer(_ layer: GMSTileLayer) {
    mapState.tileLayers.removeAll { $0 === layer }
    mapState.overlayGeneration += 1
  }

  func tileLayerChanged() { mapState.overlayGeneration += 1 }

  /// The tile zoom level of `layer` for the current camera at `scale` pixels a point: the
  /// level where a tile is drawn nearest ``GMSTileLayer/tileSize`` pixels (0 … 22).
  public func tileZoom(of layer: GMSTileLayer, scale: CGFloat) -> UInt {
    let pointsPerTile = Double(layer.tileSize) / Double(max(0.01, scale))
    let level = Double(cameraStorage.zoom) + log2(256 / pointsPerTile)
    return UInt(min(22, max(0, level.rounded())))
  }

  /// The tiles of `layer` that meet the map view for the current camera at `scale` (at most
  /// 1,024, nearest the centre first). Swift convenience, not in the original.
  public func visibleTiles(of layer: GMSTileLayer, scale: CGFloat) -> [(
    x: UInt, y: UInt, zoom: UInt
  )] {
    let zoom = tileZoom(of: layer, scale: scale)
    let count = Double(1 << zoom)
    let region = projection.visibleRegion()
    let corners = [region.nearLeft, region.nearRight, region.farLeft, region.farRight]
    let points = corners.map { GMSProject($0) }
    // Tile columns and rows: x from -1 (column 0), y from 1 (row 0).
    let columns = points.map { ($0.x + 1) / 2 * count }
    let rows = points.map { (1 - $0.y) / 2 * count }
    guard let minColumn = columns.min(), let maxColumn = columns.max(),
      let minRow = rows.min(), let maxRow = rows.max(), minColumn.isFinite, maxColumn.isFinite
    else { return [] }
    let firstRow = Int(max(0, minRow.rounded(.down)))
    let lastRow = Int(min(count - 1, maxRow.rounded(.down)))
    let firstColumn = Int(minColumn.rounded(.down))
    let lastColumn = Int(maxColumn.rounded(.down))
    guard firstRow <= lastRow, firstColumn <= lastColumn,
      (lastRow - firstRow + 1) * (lastColumn - firstColumn + 1) <= 1_024
    else { return [] }
    let centreColumn = (minColumn + maxColumn) / 2
    let centreRow = (minRow + maxRow) / 2
    var tiles: [(x: UInt, y: UInt, zoom: UInt, distance: Double)] = []
    for row in firstRow...lastRow {
      for column in firstColumn...lastColumn {
        let wrapped = ((column % Int(count)) + Int(count)) % Int(count)
        let distance = hypot(Double(column) + 0.5 - centreColumn, Double(row) + 0.5 - centreRow)
        tiles.append((UInt(wrapped), UInt(row), zoom, distance))
      }
    }
    return tiles.sorted { $0.distance < $1.distance }.map { ($0.x, $0.y, $0.zoom) }
  }

  /// The tiles of `layer` the map has pictures for, for the current camera at `scale`;
  /// asks the layer for the visible tiles it has not answered yet (a synchronous layer's
  /// answers are in the result at once). Renderers call it for each frame. Swift
  /// convenience, not in the original.
  public func tileImages(of layer: GMSTileLayer, scale: CGFloat) -> [GMSPlacedTile] {
    guard layer.storedMap === self else { return [] }
    var placed: [GMSPlacedTile] = []
    for tile in visibleTiles(of: layer, scale: scale) {
      let key = TileKey(x: tile.x, y: tile.y, zoom: tile.zoom)
      if layer.tiles[key] == nil, !layer.pending.contains(key) {
        layer.pending.insert(key)
        layer.requestTileFor(
          x: tile.x, y: tile.y, zoom: tile.zoom,
          receiver: TileAnswer(layer: layer, generation: layer.cacheGeneration))
      }
      guard let image = layer.tiles[key], image !== kGMSTileLayerNoTile else { continue }
      let count = Double(1 << tile.zoom)
      let west = GMSUnproject(GMSMapPoint(x: Double(tile.x) / count * 2 - 1, y: 0)).longitude
      let east = GMSUnproject(GMSMapPoint(x: Double(tile.x + 1) / count * 2 - 1, y: 0)).longitude
      let north = GMSUnproject(GMSMapPoint(x: 0, y: 1 - Double(tile.y) / count * 2)).latitude
      let south = GMSUnproject(GMSMapPoint(x: 0, y: 1 - Double(tile.y + 1) / count * 2)).latitude
      placed.append(
        GMSPlacedTile(
          x: tile.x, y: tile.y, zoom: tile.zoom,
          southWest: CLLocationCoordinate2D(latitude: south, longitude: west),
          northEast: CLLocationCoordinate2D(latitude: north, longitude: east), image: image))
    }
    return placed
  }
}

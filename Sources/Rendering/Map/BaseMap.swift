import Foundation
import NavigationCore
import OSM
import Synchronization

/// What a base-map feature is, which decides its colour, width and drawing order.
public enum MapFeatureKind: Int, Sendable, Hashable, Comparable, CaseIterable {
  /// The sea (closed from the coastline).
  case sea = 0
  /// A lake, basin, dock or river area.
  case water
  /// A park, garden, pitch, grass or wood.
  case park
  /// A river, stream or canal line.
  case waterway
  /// A building.
  case building
  /// A railway line.
  case rail
  /// A footway, path, cycleway, pedestrian street or steps.
  case path
  /// A service road or track.
  case serviceRoad
  /// A residential, unclassified, living or tertiary street.
  case minorRoad
  /// A primary or secondary road (and links).
  case arterialRoad
  /// A motorway or trunk road (and links).
  case majorRoad

  /// Whether the feature is a filled area.
  public var isArea: Bool { self == .sea || self == .water || self == .park || self == .building }

  /// Whether the feature is a street with a name to draw.
  public var isRoad: Bool { rawValue >= MapFeatureKind.serviceRoad.rawValue }

  /// Orders by drawing order (back to front).
  public static func < (lhs: MapFeatureKind, rhs: MapFeatureKind) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

/// The drawable contents of an OpenStreetMap extract: roads by class with names, water,
/// parks, buildings, railways, and the sea closed from the coastline, in local metres
/// around ``origin`` (east, north), sorted back to front.
///
/// ```swift
/// let map = try BaseMap.bundled()      // the bundled Monaco extract, read once
/// ```
public final class BaseMap: Sendable {
  /// One feature: a run of points in ``BaseMap``'s point arrays.
  struct Feature: Sendable {
    var kind: MapFeatureKind
    var start: Int
    var count: Int
    var name: String
    var isTunnel: Bool
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double
    /// A building's height in metres (`height`, else 3 m per `building:levels`, else
    /// ``BaseMap/defaultBuildingHeight``); 0 for other kinds.
    var height: Double = 0
  }

  /// The height given to a building whose data has neither `height` nor `building:levels`.
  public static let defaultBuildingHeight = 6.0

  /// The coordinate at local (0, 0).
  public let origin: CLLocationCoordinate2D
  let xs: [Double]
  let ys: [Double]
  let features: [Feature]
  /// Entrances (nodes tagged `entrance=*`) in local metres.
  let entrances: [(x: Double, y: Double)]
  /// The height of the tallest building, in metres (0 without buildings).
  let tallestBuilding: Double
  /// The last answers of ``building(at:within:)`` (the destinations' buildings are asked
  /// for on every frame), newest last.
  let buildingAnswers = Mutex<[(query: [UInt64], building: MapBuilding?)]>([])

  init(
    origin: CLLocationCoordinate2D, xs: [Double], ys: [Double], features: [Feature],
    entrances: [(x: Double, y: Double)] = []
  ) {
    self.origin = origin
    self.xs = xs
    self.ys = ys
    self.features = features
    self.entrances = entrances
    tallestBuilding = features.lazy.filter { $0.kind == .building }.map(\.height).max() ?? 0
  }

  /// A map built from OSM data (see ``BaseMap/init(data:)`` in `BaseMap+Building.swift`).
  public convenience init(data: OSMData) {
    var builder = BaseMapBuilder(data: data)
    let built = builder.build()
    self.init(
      origin: built.origin, xs: built.xs, ys: built.ys, features: built.features,
      entrances: built.entrances)
  }

  /// Reads an OSM file (PBF or XML) and builds its map.
  ///
  /// - Throws: ``RenderError/mapData(_:)`` with the reader's message.
  public static func load(path: String) throws(RenderError) -> BaseMap {
    do {
      return BaseMap(data: try OSMData.read(path: path))
    } catch {
      throw .mapData(error.description)
    }
  }

  /// The bundled Monaco extract's map, read on first use and kept.
  public static func bundled() throws(RenderError) -> BaseMap {
    try BundledMap.shared.get()
  }

  /// The number of features of each kind.
  public var featureCounts: [MapFeatureKind: Int] {
    var counts: [MapFeatureKind: Int] = [:]
    for feature in features { counts[feature.kind, default: 0] += 1 }
    return counts
  }

  /// The number of features.
  public var featureCount: Int { features.count }

  /// The coordinate of local metres (east, north).
  func coordinate(x: Double, y: Double) -> CLLocationCoordinate2D {
    CLLocationCoordinate2D(
      latitude: origin.latitude + y / MapCamera.metersPerDegree,
      longitude: origin.longitude
        + x / (MapCamera.metersPerDegree * cos(origin.latitude * .pi / 180)))
  }

  /// Local metres (east, north) of a coordinate.
  func local(_ coordinate: CLLocationCoordinate2D) -> (x: Double, y: Double) {
    (
      (coordinate.longitude - origin.longitude) * MapCamera.metersPerDegree
        * cos(origin.latitude * .pi / 180),
      (coordinate.latitude - origin.latitude) * MapCamera.metersPerDegree
    )
  }
}

/// The bundled map, loaded once behind a lock.
final class BundledMap: Sendable {
  static let shared = BundledMap()
  private let map = Mutex<BaseMap?>(nil)

  func get() throws(RenderError) -> BaseMap {
    try map.withLock { (map) throws(RenderError) -> BaseMap in
      if let map { return map }
      guard let path = OSMData.bundledMapPath() else {
        throw .mapData("the bundled monaco.osm.pbf was not found")
      }
      let loaded = try BaseMap.load(path: path)
      map = loaded
      return loaded
    }
  }
}

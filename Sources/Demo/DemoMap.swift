import Foundation
import NavigationCore
import NavigationUI
import Rendering
import Routing
import Synchronization

/// The map a demo session drives on and draws: the bundled Monaco extract, or an OSM file the
/// user gives (`navui demo --map`), read once per process and path and shared by the router
/// and the base map.
public final class DemoMap: Sendable {
  /// The drawable map.
  public let baseMap: BaseMap
  /// The embedded router over it (`nil` only for the bundled map, whose router the navigator
  /// already has).
  public let routeEngine: RouteEngine?
  /// The file it came from (`nil` for the bundled map).
  public let path: String?
  /// The box of the extract's nodes.
  public let bounds:
    (
      minLatitude: Double, maxLatitude: Double, minLongitude: Double,
      maxLongitude: Double
    )

  private init(
    baseMap: BaseMap, routeEngine: RouteEngine?, path: String?,
    bounds: (Double, Double, Double, Double)
  ) {
    self.baseMap = baseMap
    self.routeEngine = routeEngine
    self.path = path
    self.bounds = bounds
  }

  /// Whether `point` lies inside the extract's box.
  public func contains(_ point: CLLocationCoordinate2D) -> Bool {
    Self.box(bounds, contains: point)
  }

  /// Whether `point` lies inside a latitude/longitude box.
  static func box(
    _ b: (minLatitude: Double, maxLatitude: Double, minLongitude: Double, maxLongitude: Double),
    contains point: CLLocationCoordinate2D
  ) -> Bool {
    (b.minLatitude...b.maxLatitude).contains(point.latitude)
      && (b.minLongitude...b.maxLongitude).contains(point.longitude)
  }

  /// A readable name for messages: the file's name, or "the bundled Monaco map".
  public var name: String {
    path.map { "the map \(URL(fileURLWithPath: $0).lastPathComponent)" }
      ?? "the bundled Monaco map"
  }

  /// The bundled Monaco extract's box.
  public static let bundledBounds = (
    minLatitude: 43.7148, maxLatitude: 43.7700, minLongitude: 7.3490, maxLongitude: 7.4910
  )

  private static let loaded = Mutex<[String: DemoMap]>([:])

  /// The bundled Monaco map.
  public static func bundled() throws(DemoError) -> DemoMap {
    if let kept = loaded.withLock({ $0[""] }) { return kept }
    let map: BaseMap
    do { map = try BaseMap.bundled() } catch { throw .render("\(error)") }
    let b = bundledBounds
    let result = DemoMap(
      baseMap: map, routeEngine: nil, path: nil,
      bounds: (b.minLatitude, b.maxLatitude, b.minLongitude, b.maxLongitude))
    loaded.withLock { $0[""] = result }
    return result
  }

  /// The map of an OSM file (PBF or XML), read once: the base map and a router built from
  /// one read of the file.
  ///
  /// - Throws: ``DemoError/badMapFile(path:reason:)`` when it cannot be read, has no nodes
  ///   or no roads.
  public static func load(path: String) throws(DemoError) -> DemoMap {
    if let kept = loaded.withLock({ $0[path] }) { return kept }
    let data: OSMData
    do { data = try OSMData.read(path: path) } catch {
      throw .badMapFile(path: path, reason: "\(error)")
    }
    guard let minLat = data.latitudes.min(), let maxLat = data.latitudes.max(),
      let minLon = data.longitudes.min(), let maxLon = data.longitudes.max()
    else { throw .badMapFile(path: path, reason: "no nodes") }
    let graph = RoadGraph.build(from: data)
    guard graph.vertexCount > 1 else {
      throw .badMapFile(path: path, reason: "no drivable roads")
    }
    let result = DemoMap(
      baseMap: BaseMap(data: data), routeEngine: RouteEngine(graph: graph), path: path,
      bounds: (minLat, maxLat, minLon, maxLon))
    loaded.withLock { $0[path] = result }
    return result
  }
}

import Foundation
import Routing

/// Resolves place IDs offline for ``GMSNavigationWaypoint/init(placeID:title:)``, in order:
/// the app's ``GMSPlaceResolver/custom`` resolver, `"lat,lon"`, an OSM element reference
/// (`osm:node/123`, `osm:way/456` — the way's middle node), then a name or address from the
/// loaded map (`"Place du Casino"`, `"63 Boulevard du Jardin Exotique"`, compared without
/// case, accents or hyphens; named nodes win over ways, the first in the file over later
/// ones).
///
/// ```swift
/// GMSPlaceResolver.custom = { id in id == "home" ? home : nil }
/// ```
public enum GMSPlaceResolver {
  /// The app's resolver, asked first; `nil` answers fall through to the map.
  @MainActor public static var custom: (@MainActor (String) -> CLLocationCoordinate2D?)?
  /// The map whose elements and names are searched; the bundled map by default.
  @MainActor public static var index: GMSPlaceIndex? = GMSPlaceIndex.bundled

  /// The coordinate of `placeID`, or `nil` when nothing knows it.
  @MainActor public static func resolve(_ placeID: String) -> CLLocationCoordinate2D? {
    let id = placeID.trimmingCharacters(in: .whitespaces)
    if let found = custom?(id), found.isValid { return found }
    let parts = id.split(separator: ",").compactMap {
      Double($0.trimmingCharacters(in: .whitespaces))
    }
    if parts.count == 2 {
      let location = CLLocationCoordinate2D(latitude: parts[0], longitude: parts[1])
      return location.isValid ? location : nil
    }
    return index?.coordinate(of: id)
  }
}

/// Element and name lookup over one OSM extract (the place database of
/// ``GMSPlaceResolver``).
public struct GMSPlaceIndex: Sendable {
  private let nodes: [Int64: CLLocationCoordinate2D]
  private let ways: [Int64: CLLocationCoordinate2D]
  private let names: [String: CLLocationCoordinate2D]
  /// The named points of interest: nodes with a `name` and an `amenity`, `shop` or
  /// `tourism` tag, in file order, each with its `osm:node/…` place ID.
  public let pointsOfInterest: [GMSPointOfInterest]

  /// The index over the bundled map (`nil` when it cannot be read).
  public static let bundled: GMSPlaceIndex? = {
    guard let path = RouteEngine.bundledMapPath() else { return nil }
    return try? GMSPlaceIndex(path: path)
  }()

  /// An index over an OSM file (PBF or XML).
  public init(path: String) throws(OSMReadError) {
    self.init(data: try OSMData.read(path: path))
  }

  /// An index over read OSM data.
  public init(data: OSMData) {
    var nodes: [Int64: CLLocationCoordinate2D] = [:]
    nodes.reserveCapacity(data.nodeIDs.count)
    for (i, id) in data.nodeIDs.enumerated() {
      nodes[id] = CLLocationCoordinate2D(latitude: data.latitudes[i], longitude: data.longitudes[i])
    }
    var names: [String: CLLocationCoordinate2D] = [:]
    func add(_ tags: [String: String], _ at: CLLocationCoordinate2D) {
      if let name = tags["name"] {
        let key = Self.key(name)
        if names[key] == nil { names[key] = at }
      }
      if let street = tags["addr:street"], let number = tags["addr:housenumber"] {
        for address in ["\(number) \(street)", "\(street) \(number)"] {
          let key = Self.key(address)
          if names[key] == nil { names[key] = at }
        }
      }
    }
    // Named nodes first, in file order, then ways: the first element with a name keeps it.
    var pointsOfInterest: [GMSPointOfInterest] = []
    for index in data.nodeTags.keys.sorted() {
      guard let tags = data.nodeTags[index] else { continue }
      let at = CLLocationCoordinate2D(
        latitude: data.latitudes[index], longitude: data.longitudes[index])
      add(tags, at)
      if let name = tags["name"], !name.isEmpty, at.isValid,
        Self.pointOfInterestKeys.contains(where: { tags[$0] != nil })
      {
        pointsOfInterest.append(
          GMSPointOfInterest(placeID: "osm:node/\(data.nodeIDs[index])", name: name, location: at))
      }
    }
    self.pointsOfInterest = pointsOfInterest
    var ways: [Int64: CLLocationCoordinate2D] = [:]
    for way in data.ways {
      let points = way.nodeIDs.compactMap { nodes[$0] }
      guard !points.isEmpty else { continue }
      let middle = points[points.count / 2]
      ways[way.id] = middle
      add(way.tags, middle)
    }
    self.nodes = nodes
    self.ways = ways
    self.names = names
  }

  /// The coordinate of an element reference or a name; `nil` when unknown.
  public func coordinate(of placeID: String) -> CLLocationCoordinate2D? {
    let lowered = placeID.lowercased()
    for (prefix, table) in [("osm:node/", nodes), ("osm:way/", ways)]
    where lowered.hasPrefix(prefix) {
      guard let id = Int64(lowered.dropFirst(prefix.count)) else { return nil }
      return table[id]
    }
    return names[Self.key(placeID)]
  }

  /// The tags that make a named node a point of interest.
  static let pointOfInterestKeys = ["amenity", "shop", "tourism"]

  /// The point of interest nearest `coordinate` within `radius` metres, `nil` for none (the
  /// first in file order among equally near ones).
  public func pointOfInterest(
    near coordinate: CLLocationCoordinate2D, within radius: CLLocationDistance
  ) -> GMSPointOfInterest? {
    guard coordinate.isValid, radius.isFinite, radius >= 0 else { return nil }
    // A box first (degrees of latitude and longitude the radius spans), then the distance.
    let dLat = radius / 111_000 + 1e-9
    let dLon = dLat / max(0.01, cos(coordinate.latitude * .pi / 180))
    var best: (poi: GMSPointOfInterest, distance: Double)?
    for poi in pointsOfInterest
    where abs(poi.location.latitude - coordinate.latitude) <= dLat
      && abs(poi.location.longitude - coordinate.longitude) <= dLon
    {
      let distance = Geodesy.distance(coordinate, poi.location)
      if distance <= radius, distance < best?.distance ?? .infinity { best = (poi, distance) }
    }
    return best?.poi
  }

  /// A name folded for comparison: no case, no accents, single spaces.
  static func key(_ name: String) -> String {
    name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      .split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "'" }).joined(separator: " ")
  }
}

import Foundation
import NavigationCore

/// A building of the base map: its outline, its height and its entrances (Guides/Spec.md
/// §12.9: a destination's building is highlighted and its entrance shown).
public struct MapBuilding: Sendable, Hashable {
  /// The outline, closed (the first point repeated last).
  public var outline: [CLLocationCoordinate2D]
  /// The height in metres (from `height` or `building:levels`, else the default).
  public var height: Double
  /// The entrances on its outline (nodes tagged `entrance=*`).
  public var entrances: [CLLocationCoordinate2D]

  /// A building.
  public init(
    outline: [CLLocationCoordinate2D], height: Double, entrances: [CLLocationCoordinate2D]
  ) {
    self.outline = outline
    self.height = height
    self.entrances = entrances
  }
}

extension BaseMap {
  /// The building containing `coordinate`, else the one whose outline is nearest within
  /// `radius` metres; `nil` when none is (or the coordinate is not valid).
  public func building(at coordinate: CLLocationCoordinate2D, within radius: Double = 30)
    -> MapBuilding?
  {
    guard coordinate.isValid, radius.isFinite else { return nil }
    // The same question (a frame's destinations) is answered from the last answers.
    let query = [
      coordinate.latitude.bitPattern, coordinate.longitude.bitPattern, radius.bitPattern,
    ]
    if let kept = buildingAnswers.withLock({ $0.last { $0.query == query } }) {
      return kept.building
    }
    let found = findBuilding(at: coordinate, within: radius)
    buildingAnswers.withLock { answers in
      answers.append((query, found))
      if answers.count > 8 { answers.removeFirst() }
    }
    return found
  }

  /// ``building(at:within:)`` looked for among every feature.
  private func findBuilding(at coordinate: CLLocationCoordinate2D, within radius: Double)
    -> MapBuilding?
  {
    let (px, py) = local(coordinate)
    var best: (index: Int, distance: Double)?
    // Every feature is looked at (on every frame with a destination): only the fields of
    // the test are read, without copying a feature (its name) until its box is near.
    for i in features.indices
    where features[i].kind == .building && features[i].count >= 3
      && px >= features[i].minX - radius && px <= features[i].maxX + radius
      && py >= features[i].minY - radius && py <= features[i].maxY + radius
    {
      let f = features[i]
      let d = contains(f, px, py) ? 0 : distance(f, px, py)
      if d <= radius, d < (best?.distance ?? .infinity) { best = (i, d) }
      if d == 0 { break }
    }
    guard let best else { return nil }
    let f = features[best.index]
    let range = f.start..<(f.start + f.count)
    var outline = range.map { self.coordinate(x: xs[$0], y: ys[$0]) }
    if let first = outline.first, outline.last != first { outline.append(first) }
    let doors = entrances.filter { distance(f, $0.x, $0.y) < 1.5 }
      .map { self.coordinate(x: $0.x, y: $0.y) }
    return MapBuilding(outline: outline, height: f.height, entrances: doors)
  }

  /// Whether the point lies inside the feature's ring (even-odd).
  private func contains(_ f: Feature, _ px: Double, _ py: Double) -> Bool {
    var inside = false
    var j = f.start + f.count - 1
    for i in f.start..<(f.start + f.count) {
      let (xi, yi, xj, yj) = (xs[i], ys[i], xs[j], ys[j])
      if (yi > py) != (yj > py), px < (xj - xi) * (py - yi) / (yj - yi) + xi { inside.toggle() }
      j = i
    }
    return inside
  }

  /// The distance in metres from the point to the feature's outline.
  private func distance(_ f: Feature, _ px: Double, _ py: Double) -> Double {
    var best = Double.infinity
    var j = f.start + f.count - 1
    for i in f.start..<(f.start + f.count) {
      let (ax, ay, bx, by) = (xs[j], ys[j], xs[i], ys[i])
      let dx = bx - ax
      let dy = by - ay
      let length = dx * dx + dy * dy
      let t = length > 0 ? min(1, max(0, ((px - ax) * dx + (py - ay) * dy) / length)) : 0
      let (cx, cy) = (ax + t * dx - px, ay + t * dy - py)
      best = min(best, (cx * cx + cy * cy).squareRoot())
      j = i
    }
    return best
  }
}

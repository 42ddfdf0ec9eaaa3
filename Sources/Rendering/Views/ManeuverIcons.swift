import Foundation

/// The vector pictures of the Navigation SDK's step images (`GMSNavigationStepInfo`'s
/// `maneuverImage(with:)` and `lanesImage(with:)`): maneuver arrows named
/// `gms.maneuver.<kind>` on a 24-point grid, and lane strips named
/// `gms.lanes:<lane>,<lane>,…` where a lane is `+`-joined directions, each a
/// `GMSNavigationLaneShape` raw value with `r` when recommended (`1r,4+1`). Arrows are drawn in
/// the tint colour; lanes that are not recommended in grey.
public enum ManeuverIcons {
  /// The arrow strokes by maneuver kind.
  static let arrows: [String: String] = [
    "straight": "M12 21 V4 M6 10 L12 4 L18 10",
    "turn-left": "M18 21 V13 Q18 9 14 9 H5 M10 4 L5 9 L10 14",
    "turn-right": "M6 21 V13 Q6 9 10 9 H19 M14 4 L19 9 L14 14",
    "slight-left": "M15 21 V13 L7 5 M7 11 V5 H13",
    "slight-right": "M9 21 V13 L17 5 M11 5 H17 V11",
    "sharp-left": "M16 21 V8 L6 18 M6 12 V18 H12",
    "sharp-right": "M8 21 V8 L18 18 M18 12 V18 H12",
    "uturn-left": "M17 21 V10 Q17 5 12 5 Q7 5 7 10 V18 M3 14 L7 18 L11 14",
    "uturn-right": "M7 21 V10 Q7 5 12 5 Q17 5 17 10 V18 M13 14 L17 18 L21 14",
    "ferry": "M3 15 H21 L18 20 H6 Z M7 15 V10 H17 V15 M12 10 V5",
    "train": "M7 4 H17 V16 H7 Z M7 11 H17 M9 16 L7 21 M15 16 L17 21",
  ]

  /// Exit angles (degrees clockwise from straight ahead) of roundabout kinds.
  static let roundaboutExits: [String: Double] = [
    "straight": 0, "left": -90, "right": 90, "slight-left": -45, "slight-right": 45,
    "sharp-left": -135, "sharp-right": 135, "uturn": 180, "exit": 60, "enter": 30,
  ]

  /// Every maneuver picture by name.
  public static let all: [String: VectorImage] = {
    var out: [String: VectorImage] = [:]
    for (kind, svg) in arrows { out["gms.maneuver.\(kind)"] = stroked(svg) }
    out["gms.maneuver.destination"] = VectorImage(
      size: CGSize(width: 24, height: 24),
      layers: [
        .init(path: path("M12 23 L7 13 Q4 8 7 4.5 Q12 0 17 4.5 Q20 8 17 13 Z"), fill: .tint)
      ])
    for (kind, angle) in roundaboutExits {
      for clockwise in [false, true] {
        let name = "gms.maneuver.roundabout-\(kind)-\(clockwise ? "cw" : "ccw")"
        out[name] = roundabout(exitAngle: angle, clockwise: clockwise)
      }
    }
    return out
  }()

  /// A roundabout: the ring, the entry from below, the rotation's arrowhead on the ring and
  /// the exit arrow at `exitAngle`.
  static func roundabout(exitAngle: Double, clockwise: Bool) -> VectorImage {
    let cx = 12.0
    let cy = 10.0
    let r = 5.0
    func point(_ degrees: Double, _ radius: Double) -> (Double, Double) {
      let a = degrees * .pi / 180
      return (cx + radius * sin(a), cy - radius * cos(a))
    }
    let (ex, ey) = point(exitAngle, r)
    let (tx, ty) = point(exitAngle, r + 6)
    let (lx, ly) = point(exitAngle - 25, r + 3.5)
    let (rx, ry) = point(exitAngle + 25, r + 3.5)
    // The rotation mark: a short chevron on the left of the ring (counterclockwise traffic
    // passes it going down, clockwise going up).
    let mark = clockwise ? "M5 11 L7 8 L9 11" : "M5 9 L7 12 L9 9"
    let svg =
      "M12 22 V15 M\(f(ex)) \(f(ey)) L\(f(tx)) \(f(ty)) M\(f(lx)) \(f(ly)) L\(f(tx)) \(f(ty)) "
      + "L\(f(rx)) \(f(ry)) \(mark)"
    return VectorImage(
      size: CGSize(width: 24, height: 24),
      layers: [
        .init(
          path: .circle(centerX: cx, centerY: cy, radius: r), fill: nil, stroke: .tint,
          lineWidth: 2.5),
        .init(path: path(svg), fill: nil, stroke: .tint, lineWidth: 2.5),
      ])
  }

  /// The lane strip for a `gms.lanes:` name; `nil` for other names or unreadable keys.
  public static func lanes(named name: String) -> VectorImage? {
    guard name.hasPrefix("gms.lanes:") else { return nil }
    let lanes = name.dropFirst("gms.lanes:".count).split(separator: ",")
    guard !lanes.isEmpty else { return nil }
    var layers: [VectorImage.Layer] = []
    for (index, lane) in lanes.enumerated() {
      for direction in lane.split(separator: "+") {
        let recommended = direction.hasSuffix("r")
        guard let shape = Int(recommended ? direction.dropLast() : direction[...]),
          let svg = laneArrow(shape)
        else { return nil }
        layers.append(
          .init(
            path: path(shifted(svg, by: Double(index) * 24)), fill: nil,
            stroke: recommended ? .tint : .color(RGBA(hex: 0x9AA0A6)), lineWidth: 2.5))
      }
    }
    return VectorImage(size: CGSize(width: 24 * CGFloat(lanes.count), height: 24), layers: layers)
  }

  /// The arrow of a `GMSNavigationLaneShape` raw value.
  static func laneArrow(_ shape: Int) -> String? {
    let kinds = [
      "straight", "straight", "slight-left", "slight-right", "turn-left", "turn-right",
      "sharp-left", "sharp-right", "uturn-left", "uturn-right",
    ]
    return kinds.indices.contains(shape) ? arrows[kinds[shape]] : nil
  }

  /// `svg` (absolute M, L, H, V, Q and Z commands only) moved `dx` to the right.
  static func shifted(_ svg: String, by dx: Double) -> String {
    var out: [String] = []
    var command: Character = "M"
    var index = 0  // the argument's position within its command
    for token in svg.split(separator: " ") {
      var prefix = ""
      var number = Substring(token)
      if let first = token.first, first.isLetter {
        command = first
        index = 0
        prefix = String(first)
        number = token.dropFirst()
      }
      guard let value = Double(number) else {
        out.append(String(token))
        continue
      }
      let isX = command == "H" || (command != "V" && index % 2 == 0)
      out.append(prefix + f(isX ? value + dx : value))
      index += 1
    }
    return out.joined(separator: " ")
  }

  private static func f(_ value: Double) -> String { String(format: "%.2f", value) }

  private static func path(_ svg: String) -> VectorPath {
    (try? VectorPath(svg: svg)) ?? VectorPath()
  }

  private static func stroked(_ svg: String) -> VectorImage {
    VectorImage(
      size: CGSize(width: 24, height: 24),
      layers: [.init(path: path(svg), fill: nil, stroke: .tint, lineWidth: 2.5)])
  }
}

import Foundation

/// Vector icons for the names the navigation components use, drawn on a 24-point grid in
/// the tint colour (template images).
public enum BuiltInIcons {
  /// Every built-in icon by name.
  public static let all: [String: VectorImage] = [
    "location.north.fill": icon("M12 2 L20 21 L12 16.5 L4 21 Z"),
    "location.fill": icon("M21 3 L3 10.5 L11 13 L13.5 21 Z"),
    "arrow.up": stroked("M12 21 V4 M5 11 L12 4 L19 11"),
    "arrow.turn.up.right": stroked("M6 21 V13 Q6 9 10 9 H19 M14 4 L19 9 L14 14"),
    "arrow.turn.up.left": stroked("M18 21 V13 Q18 9 14 9 H5 M10 4 L5 9 L10 14"),
    "arrow.uturn.down": stroked("M7 21 V9 Q7 4 12 4 Q17 4 17 9 V20 M12 15 L17 20 L22 15"),
    "arrow.triangle.turn.up.right.circle": VectorImage(
      size: CGSize(width: 24, height: 24),
      layers: [
        .init(path: .circle(centerX: 12, centerY: 12, radius: 10), fill: .tint),
        .init(
          path: path("M8 18 V12 Q8 9 11 9 H16 M13 6 L16 9 L13 12"), fill: nil,
          stroke: .color(RGBA(hex: 0xFFFFFF)), lineWidth: 2),
      ]),
    "exclamationmark.triangle.fill": VectorImage(
      size: CGSize(width: 24, height: 24),
      layers: [
        .init(path: path("M12 2 L23 21 H1 Z"), fill: .tint),
        .init(
          path: path("M11 8 H13 L12.6 15 H11.4 Z"),
          fill: .color(RGBA(hex: 0xFFFFFF))),
        .init(
          path: .circle(centerX: 12, centerY: 18, radius: 1.2), fill: .color(RGBA(hex: 0xFFFFFF))),
      ]),
    "safari": VectorImage(
      size: CGSize(width: 24, height: 24),
      layers: [
        .init(
          path: .circle(centerX: 12, centerY: 12, radius: 10), fill: nil, stroke: .tint,
          lineWidth: 1.5),
        .init(path: path("M12 4 L15 12 H9 Z"), fill: .color(RGBA(hex: 0xEA4335))),
        .init(path: path("M12 20 L9 12 H15 Z"), fill: .color(RGBA(hex: 0x9AA0A6))),
      ]),
    "xmark": stroked("M5 5 L19 19 M19 5 L5 19"),
    "mappin": VectorImage(
      size: CGSize(width: 24, height: 24),
      layers: [
        .init(path: path("M12 23 L7 13 Q4 8 7 4.5 Q12 0 17 4.5 Q20 8 17 13 Z")),
        .init(
          path: .circle(centerX: 12, centerY: 9, radius: 2.5), fill: .color(RGBA(hex: 0xFFFFFF))),
      ]),
    "speaker.wave.2.fill": icon("M3 9 H7 L12 4 V20 L7 15 H3 Z"),
  ]

  private static func path(_ svg: String) -> VectorPath {
    (try? VectorPath(svg: svg)) ?? VectorPath()
  }

  private static func icon(_ svg: String) -> VectorImage {
    VectorImage(size: CGSize(width: 24, height: 24), layers: [.init(path: path(svg))])
  }

  private static func stroked(_ svg: String) -> VectorImage {
    VectorImage(
      size: CGSize(width: 24, height: 24),
      layers: [.init(path: path(svg), fill: nil, stroke: .tint, lineWidth: 2.5)])
  }
}

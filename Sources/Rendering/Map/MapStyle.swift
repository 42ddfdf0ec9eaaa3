import Foundation

/// The colours of the base map and its overlays; ``day`` and ``night`` are built in.
public struct MapStyle: Sendable, Hashable {
  /// Land.
  public var land: RGBA
  /// Sea, lakes, rivers.
  public var water: RGBA
  /// Parks, gardens, grass, woods.
  public var park: RGBA
  /// Building fill.
  public var building: RGBA
  /// Building outline.
  public var buildingOutline: RGBA
  /// Motorways and trunk roads.
  public var majorRoad: RGBA
  /// Primary and secondary roads.
  public var arterialRoad: RGBA
  /// Every other drivable road.
  public var minorRoad: RGBA
  /// The edge drawn under roads.
  public var roadCasing: RGBA
  /// Footways, paths, steps.
  public var path: RGBA
  /// Railways.
  public var rail: RGBA
  /// Road-name text.
  public var label: RGBA
  /// The halo around road names.
  public var labelHalo: RGBA
  /// The route ahead.
  public var route: RGBA
  /// The route's edge.
  public var routeCasing: RGBA
  /// The route already travelled.
  public var routeTraveled: RGBA
  /// Alternative routes.
  public var alternative: RGBA
  /// The vehicle chevron.
  public var vehicle: RGBA
  /// Destination markers.
  public var destination: RGBA
  /// The attribution's text.
  public var attribution: RGBA
  /// The attribution's background.
  public var attributionBackground: RGBA
  /// A destination's highlighted building.
  public var destinationBuilding = RGBA(hex: 0xF6AEA9)
  /// The walls of extruded buildings (a tilted camera).
  public var buildingWall = RGBA(hex: 0xC9C2B8)
  /// Base-map feature kinds not drawn (a map style's `visibility: off`).
  public var hiddenKinds: Set<MapFeatureKind> = []

  /// Daytime colours: light land, blue water, white streets, yellow arterials.
  public static let day = MapStyle(
    land: RGBA(hex: 0xF2EFE9), water: RGBA(hex: 0xAAD3DF), park: RGBA(hex: 0xC8E6B9),
    building: RGBA(hex: 0xE0DBD3), buildingOutline: RGBA(hex: 0xCFC8BE),
    majorRoad: RGBA(hex: 0xF5B87C), arterialRoad: RGBA(hex: 0xFCE49C),
    minorRoad: RGBA(hex: 0xFFFFFF),
    roadCasing: RGBA(hex: 0xC9C2B8), path: RGBA(hex: 0xB5A89A), rail: RGBA(hex: 0x9E9E9E),
    label: RGBA(hex: 0x3C4043), labelHalo: RGBA(hex: 0xFFFFFF, alpha: 0.9),
    route: RGBA(hex: 0x1A73E8), routeCasing: RGBA(hex: 0x0B57D0),
    routeTraveled: RGBA(hex: 0x9AA0A6),
    alternative: RGBA(hex: 0x9FC3F7), vehicle: RGBA(hex: 0x1A73E8),
    destination: RGBA(hex: 0xEA4335),
    attribution: RGBA(hex: 0x3C4043), attributionBackground: RGBA(hex: 0xFFFFFF, alpha: 0.75))

  /// Night colours: dark land and water, dim streets, lighter text.
  public static let night: MapStyle = {
    var style = nightBase
    style.destinationBuilding = RGBA(hex: 0x7A3E3A)
    style.buildingWall = RGBA(hex: 0x1F2835)
    return style
  }()

  private static let nightBase = MapStyle(
    land: RGBA(hex: 0x242F3E), water: RGBA(hex: 0x17263C), park: RGBA(hex: 0x263C3F),
    building: RGBA(hex: 0x2F3948), buildingOutline: RGBA(hex: 0x3A4556),
    majorRoad: RGBA(hex: 0x746855), arterialRoad: RGBA(hex: 0x5F6B7C),
    minorRoad: RGBA(hex: 0x4A5668),
    roadCasing: RGBA(hex: 0x1F2835), path: RGBA(hex: 0x4B5563), rail: RGBA(hex: 0x56606E),
    label: RGBA(hex: 0xD6D9DE), labelHalo: RGBA(hex: 0x1B2430, alpha: 0.9),
    route: RGBA(hex: 0x669DF6), routeCasing: RGBA(hex: 0x1967D2),
    routeTraveled: RGBA(hex: 0x5F6368),
    alternative: RGBA(hex: 0x3F5F8F), vehicle: RGBA(hex: 0x8AB4F8),
    destination: RGBA(hex: 0xF28B82),
    attribution: RGBA(hex: 0xD6D9DE), attributionBackground: RGBA(hex: 0x000000, alpha: 0.5))
}

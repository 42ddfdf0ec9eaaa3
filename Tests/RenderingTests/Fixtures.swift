import Foundation
import NavigationCore
import Rendering
import Testing
import ViewKit

/// Small view trees and scenes shared by the tests.
@MainActor
enum Fixtures {
  /// The Casino de Monte-Carlo.
  static let casino = CLLocationCoordinate2D(latitude: 43.7394, longitude: 7.4275)

  /// The bundled map followed from the approach's second point (course 40°) at
  /// `metersPerPoint`, with the route 100 m travelled.
  static func casinoScene(metersPerPoint: Double) throws -> MapScene {
    let vehicle = VehicleMarker(coordinate: casinoApproach[1], course: 40)
    return MapScene(
      map: try BaseMap.bundled(), camera: .following(vehicle, metersPerPoint: metersPerPoint),
      route: RouteOverlay(coordinates: casinoApproach, distanceTraveled: 100), vehicle: vehicle)
  }

  /// A short made-up approach to the casino along Avenue de Monte-Carlo.
  static let casinoApproach = [
    CLLocationCoordinate2D(latitude: 43.7372, longitude: 7.4245),
    CLLocationCoordinate2D(latitude: 43.7380, longitude: 7.4258),
    CLLocationCoordinate2D(latitude: 43.7388, longitude: 7.4268),
    CLLocationCoordinate2D(latitude: 43.7394, longitude: 7.4275),
  ]

  /// A 240 × 160 card screen: a red square, a rounded card with a border and a label, a
  /// half-transparent badge, a hidden view, a clipping view and an icon.
  static func cardWindow(rtl: Bool = false, text: String = "Avenue de Monte-Carlo")
    -> (UIWindow, ManualClock)
  {
    let clock = ManualClock()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 240, height: 160), clock: clock)
    window.backgroundColor = .white
    if rtl { window.semanticContentAttribute = .forceRightToLeft }
    let square = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
    square.backgroundColor = .red
    square.accessibilityIdentifier = "square"
    window.addSubview(square)
    let card = UIView(frame: CGRect(x: 60, y: 10, width: 170, height: 60))
    card.backgroundColor = UIColor(rgb: 0x1A73E8)
    card.layer.cornerRadius = 12
    card.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
    card.layer.borderWidth = 2
    card.layer.borderColor = UIColor.black.cgColor
    card.accessibilityIdentifier = "card"
    window.addSubview(card)
    let label = UILabel(frame: CGRect(x: 8, y: 8, width: 154, height: 44))
    label.text = text
    label.textColor = .white
    label.font = .systemFont(ofSize: 15, weight: .semibold)
    label.numberOfLines = 2
    label.textAlignment = .natural
    card.addSubview(label)
    let badge = UIView(frame: CGRect(x: 10, y: 60, width: 40, height: 40))
    badge.backgroundColor = .blue
    badge.alpha = 0.5
    window.addSubview(badge)
    let hidden = UIView(frame: CGRect(x: 0, y: 0, width: 240, height: 160))
    hidden.backgroundColor = .green
    hidden.isHidden = true
    window.addSubview(hidden)
    let clip = UIView(frame: CGRect(x: 60, y: 80, width: 60, height: 60))
    clip.backgroundColor = .lightGray
    clip.clipsToBounds = true
    clip.layer.cornerRadius = 30
    let inner = UIView(frame: CGRect(x: 30, y: 30, width: 60, height: 60))
    inner.backgroundColor = .black
    clip.addSubview(inner)
    window.addSubview(clip)
    let icon = UIImageView(image: UIImage(systemName: "location.north.fill"))
    icon.frame = CGRect(x: 140, y: 90, width: 48, height: 48)
    icon.tintColor = UIColor(rgb: 0x1A73E8)
    window.addSubview(icon)
    return (window, clock)
  }

  /// Writes a picture for people to look at, after checking that it decodes.
  static func write(_ data: Data, _ name: String) {
    if name.hasSuffix(".png") { #expect((try? RasterImage(png: data)) != nil, "\(name) decodes") }
    let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("rendering-look")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try? data.write(to: dir.appendingPathComponent(name))
  }
}

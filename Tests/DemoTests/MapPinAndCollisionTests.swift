import Demo
import Foundation
import NavigationCore
import NavigationUI
import Rendering
import Testing
import ViewKit

/// Hears the map's capabilities.
@MainActor
final class CapabilityRecorder: GMSMapViewDelegate {
  var heard: [GMSMapCapabilityFlags] = []
  func mapView(_ mapView: GMSMapView, didChange mapCapabilities: GMSMapCapabilityFlags) {
    heard.append(mapCapabilities)
  }
}

/// `GMSPinImage` markers drawn by the renderer, and advanced markers' collision behaviour,
/// checked by pixels and by hit-testing.
@MainActor
@Suite struct MapPinAndCollisionTests {
  static let monaco = MapOverlayRenderingTests.monaco
  static let land = MapOverlayRenderingTests.land
  static let red = RGBA(hex: 0xFF0000)
  static let blue = RGBA(hex: 0x0000FF)
  static let green = RGBA(hex: 0x00FF00)

  /// A 300 × 300 window with a map view at zoom 17 on Monaco, with a map ID or without.
  static func screen(mapID: Bool) -> (UIWindow, GMSMapView) {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300), clock: ManualClock())
    let camera = GMSCameraPosition(target: monaco, zoom: 17)
    let mapView =
      mapID
      ? GMSMapView(frame: window.bounds, mapID: GMSMapID(identifier: "pins"), camera: camera)
      : GMSMapView(frame: window.bounds, camera: camera)
    window.addSubview(mapView)
    return (window, mapView)
  }

  static func pin(_ color: UIColor, glyph: GMSPinImageGlyph? = nil) -> GMSPinImage {
    let options = GMSPinImageOptions()
    options.backgroundColor = color
    options.glyph = glyph
    return GMSPinImage.pinImage(with: options)
  }

  static func marker(
    _ icon: UIImage, at point: CGPoint = CGPoint(x: 150, y: 150), on mapView: GMSMapView,
    behavior: GMSCollisionBehavior, zIndex: Int32 = 0
  ) -> GMSAdvancedMarker {
    let marker = GMSAdvancedMarker(position: mapView.projection.coordinate(for: point))
    marker.icon = icon
    marker.collisionBehavior = behavior
    marker.zIndex = zIndex
    marker.map = mapView
    return marker
  }

  // MARK: - GMSPinImage

  @Test func aPinImageIsAUIImageDrawnAsGooglesPinWithItsGlyph() throws {
    let (window, mapView) = Self.screen(mapID: false)
    let glyphPicture = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10)).image { _ in
      UIColor.green.setFill()
      UIRectFill(CGRect(x: 0, y: 0, width: 10, height: 10))
    }
    let text = Self.pin(.blue, glyph: GMSPinImageGlyph(text: "W", textColor: .white))
    let picture = Self.pin(.blue, glyph: GMSPinImageGlyph(image: glyphPicture))
    let circle = Self.pin(.blue, glyph: GMSPinImageGlyph(glyphColor: .red))
    let plain = GMSPinImage.pinImage(with: nil)
    let asImage: UIImage = text
    #expect(asImage.size == GMSPinImage.pinSize && asImage.cgImage != nil)
    #expect(circle.scale == 3)
    // Four pins side by side, each anchored at its tip.
    let xs: [CGFloat] = [60, 120, 180, 240]
    for (x, icon) in zip(xs, [text, picture, circle, plain as UIImage]) {
      let marker = GMSMarker(position: mapView.projection.coordinate(for: CGPoint(x: x, y: 150)))
      marker.icon = icon
      marker.map = mapView
    }
    let image = try MapOverlayRenderingTests.draw(window, mapView)
    MapOverlayRenderingTests.save(image, "pins")
    // The head's centre is 29.5 points above the tip, its radius 12.5.
    let headY = 150 - 43 + 13
    for x in xs.dropLast() {
      // The fill at the head's side, land beside the head and below the tip.
      #expect(image.matches(x: Int(x) - 9, y: headY, Self.blue, tolerance: 12))
      #expect(image.matches(x: Int(x) - 16, y: headY, Self.land))
      #expect(image.matches(x: Int(x), y: 153, Self.land))
      // The point narrows toward the tip: filled just above it.
      #expect(image.matches(x: Int(x), y: 136, Self.blue, tolerance: 12))
    }
    // The default pin is Google's red.
    #expect(image.matches(x: 240 - 9, y: headY, RGBA(hex: 0xEA4335), tolerance: 12))
    // The text glyph: white strokes inside the head.
    var white = 0
    for y in (headY - 7)...(headY + 7) {
      for x in (60 - 6)...(60 + 6)
      where image.matches(x: x, y: y, RGBA(hex: 0xFFFFFF), tolerance: 30) {
        white += 1
      }
    }
    #expect(white > 15)
    // The picture glyph in the middle of the head, the circle glyph in red.
    #expect(image.matches(x: 120, y: headY, Self.green, tolerance: 12))
    #expect(image.matches(x: 180, y: headY, Self.red, tolerance: 12))
    #expect(image.matches(x: 180 + 8, y: headY, Self.blue, tolerance: 12))
  }

  @Test func aPinImagesGlyphKeepsWhatItWasMadeWith() {
    let text = GMSPinImageGlyph(text: "42", textColor: .white)
    #expect(text.text == "42" && text.textColor == .white && text.image == nil)
    let picture = GMSPinImageGlyph(image: UIImage(size: CGSize(width: 4, height: 4)))
    #expect(picture.image != nil && picture.text == nil && picture.glyphColor == nil)
    let circle = GMSPinImageGlyph(glyphColor: .yellow)
    #expect(circle.glyphColor == .yellow && circle.text == nil)
    let options = GMSPinImageOptions()
    #expect(options.backgroundColor == nil && options.borderColor == nil && options.glyph == nil)
    options.borderColor = .black
    options.glyph = circle
    #expect(options.glyph === circle && options.borderColor == .black)
  }

  // MARK: - Collision behaviour

  @Test func mapCapabilitiesNeedAMapIDAndReachTheDelegateAtTheFirstFrame() throws {
    let (window, mapView) = Self.screen(mapID: true)
    let clock = try #require(window.clock as? ManualClock)
    let recorder = CapabilityRecorder()
    mapView.delegate = recorder
    #expect(mapView.mapCapabilities.contains(.advancedMarkers))
    #expect(!mapView.mapCapabilities.contains(.dataDrivenStyling))
    _ = try MapOverlayRenderingTests.draw(window, mapView)
    clock.advance(by: 0)
    #expect(recorder.heard == [.advancedMarkers])
    _ = try MapOverlayRenderingTests.draw(window, mapView)
    clock.advance(by: 0)
    #expect(recorder.heard.count == 1)

    let (plainWindow, plain) = Self.screen(mapID: false)
    let plainRecorder = CapabilityRecorder()
    plain.delegate = plainRecorder
    #expect(plain.mapCapabilities.isEmpty)
    _ = try MapOverlayRenderingTests.draw(plainWindow, plain)
    (plainWindow.clock as? ManualClock)?.advance(by: 0)
    #expect(plainRecorder.heard.isEmpty)
  }

  @Test func anOptionalMarkerOverARequiredOneIsHiddenAndNotTapped() throws {
    let (window, mapView) = Self.screen(mapID: true)
    let required = Self.marker(Self.pin(.blue), on: mapView, behavior: .required)
    let optional = Self.marker(
      Self.pin(.red), on: mapView, behavior: .optionalAndHidesLowerPriority, zIndex: 5)
    #expect(mapView.isHiddenByCollision(optional) && !mapView.isHiddenByCollision(required))
    let image = try MapOverlayRenderingTests.draw(window, mapView)
    MapOverlayRenderingTests.save(image, "collision-required")
    // The red pin has the higher z-index, yet the blue one shows.
    #expect(image.matches(x: 150 - 9, y: 120, Self.blue, tolerance: 12))
    #expect(mapView.overlay(at: CGPoint(x: 150, y: 120)) === required)
    // Without the required marker, the optional one shows and is tapped.
    required.map = nil
    #expect(!mapView.isHiddenByCollision(optional))
    let alone = try MapOverlayRenderingTests.draw(window, mapView)
    #expect(alone.matches(x: 150 - 9, y: 120, Self.red, tolerance: 12))
    #expect(mapView.overlay(at: CGPoint(x: 150, y: 120)) === optional)
    // A plain marker counts as required.
    let plain = GMSMarker(position: Self.monaco)
    plain.map = mapView
    #expect(mapView.isHiddenByCollision(optional))
    // A hidden marker is not tapped: the tap reaches the plain marker under it.
    #expect(mapView.overlay(at: CGPoint(x: 150, y: 120)) === plain)
  }

  @Test func withoutAMapIDNothingIsHidden() throws {
    let (window, mapView) = Self.screen(mapID: false)
    _ = Self.marker(Self.pin(.blue), on: mapView, behavior: .requiredAndHidesOptional)
    let optional = Self.marker(
      Self.pin(.red), on: mapView, behavior: .optionalAndHidesLowerPriority, zIndex: 5)
    #expect(!mapView.isHiddenByCollision(optional))
    let image = try MapOverlayRenderingTests.draw(window, mapView)
    #expect(image.matches(x: 150 - 9, y: 120, Self.red, tolerance: 12))
    #expect(mapView.overlay(at: CGPoint(x: 150, y: 120)) === optional)
  }

  @Test func requiredAndHidesOptionalHidesOnlyTheOptionalMarkersItOverlaps() throws {
    let (window, mapView) = Self.screen(mapID: true)
    _ = Self.marker(Self.pin(.blue), on: mapView, behavior: .requiredAndHidesOptional)
    // Overlapping by 7 points across: hidden. 40 points away: shown.
    let near = Self.marker(
      Self.pin(.red), at: CGPoint(x: 170, y: 150), on: mapView,
      behavior: .optionalAndHidesLowerPriority)
    let far = Self.marker(
      Self.pin(.green), at: CGPoint(x: 190, y: 150), on: mapView,
      behavior: .optionalAndHidesLowerPriority)
    // A required marker beside it shows, overlapping or not.
    let other = Self.marker(
      Self.pin(.green), at: CGPoint(x: 140, y: 150), on: mapView, behavior: .required)
    #expect(mapView.isHiddenByCollision(near) && !mapView.isHiddenByCollision(far))
    #expect(!mapView.isHiddenByCollision(other))
    let image = try MapOverlayRenderingTests.draw(window, mapView)
    MapOverlayRenderingTests.save(image, "collision-hides-optional")
    // Where the hidden red pin's head would be, between the others' heads: land.
    #expect(image.matches(x: 170, y: 120, Self.land))
    #expect(image.matches(x: 190 + 9, y: 120, Self.green, tolerance: 12))
    #expect(mapView.overlay(at: CGPoint(x: 170, y: 120)) == nil)
  }

  @Test func amongOptionalMarkersTheHigherZIndexThenTheLowerOnScreenWins() {
    let (_, mapView) = Self.screen(mapID: true)
    let low = Self.marker(
      Self.pin(.red), on: mapView, behavior: .optionalAndHidesLowerPriority, zIndex: 1)
    let high = Self.marker(
      Self.pin(.blue), at: CGPoint(x: 155, y: 140), on: mapView,
      behavior: .optionalAndHidesLowerPriority, zIndex: 2)
    #expect(mapView.isHiddenByCollision(low) && !mapView.isHiddenByCollision(high))
    #expect(mapView.overlay(at: CGPoint(x: 155, y: 125)) === high)
    // Equal indices: the one lower on the screen shows.
    high.zIndex = 1
    #expect(!mapView.isHiddenByCollision(low) && mapView.isHiddenByCollision(high))
    // A hidden optional marker hides nothing: a third one overlapping only the hidden one
    // shows.
    let third = Self.marker(
      Self.pin(.green), at: CGPoint(x: 165, y: 105), on: mapView,
      behavior: .optionalAndHidesLowerPriority)
    #expect(!mapView.isHiddenByCollision(third))
    // Invisible markers neither show nor hide.
    low.opacity = 0
    #expect(!mapView.isHiddenByCollision(high))
  }

  @Test func collisionsAreWorkedOutAgainWhenTheCameraMoves() throws {
    let (window, mapView) = Self.screen(mapID: true)
    let a = Self.marker(
      Self.pin(.blue), on: mapView, behavior: .optionalAndHidesLowerPriority, zIndex: 1)
    let b = Self.marker(
      Self.pin(.red), at: CGPoint(x: 160, y: 150), on: mapView,
      behavior: .optionalAndHidesLowerPriority)
    #expect(mapView.isHiddenByCollision(b))
    // Zoomed in by 2, the 10 points between them become 40: both show.
    mapView.moveCamera(GMSCameraUpdate.zoom(to: 19))
    #expect(!mapView.isHiddenByCollision(a) && !mapView.isHiddenByCollision(b))
    let image = try MapOverlayRenderingTests.draw(window, mapView)
    let bx = Int(mapView.projection.point(for: b.position).x)
    #expect(image.matches(x: bx + 9, y: 120, Self.red, tolerance: 12))
    #expect(mapView.overlay(at: CGPoint(x: bx + 9, y: 120)) === b)
    mapView.moveCamera(GMSCameraUpdate.zoom(to: 17))
    #expect(mapView.isHiddenByCollision(b))
  }

  @Test func aHiddenMarkersIconViewIsHidden() {
    let (_, mapView) = Self.screen(mapID: true)
    _ = Self.marker(Self.pin(.blue), on: mapView, behavior: .required)
    let viewed = GMSAdvancedMarker(position: Self.monaco)
    viewed.iconView = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
    viewed.collisionBehavior = .optionalAndHidesLowerPriority
    viewed.map = mapView
    #expect(viewed.iconView?.isHidden == true)
    viewed.collisionBehavior = .required
    #expect(viewed.iconView?.isHidden == false)
    // Another marker's change hides it again.
    let front = Self.marker(
      Self.pin(.red), on: mapView, behavior: .optionalAndHidesLowerPriority, zIndex: 3)
    viewed.collisionBehavior = .optionalAndHidesLowerPriority
    #expect(viewed.iconView?.isHidden == true && mapView.isHiddenByCollision(front))
  }
}

/// Stamp styles along polylines, checked by pixels.
@MainActor
@Suite struct MapStampTests {
  /// A 4 × 8 picture: red top half, green bottom half.
  static let arrow = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 8)).image { _ in
    UIColor.red.setFill()
    UIRectFill(CGRect(x: 0, y: 0, width: 4, height: 4))
    UIColor.green.setFill()
    UIRectFill(CGRect(x: 0, y: 4, width: 4, height: 4))
  }

  /// A 10-point line on `mapView` across its middle, from x = 30 to 270.
  static func line(on mapView: GMSMapView) -> GMSPolyline {
    let p = mapView.projection
    let path = GMSMutablePath()
    path.add(p.coordinate(for: CGPoint(x: 30, y: 150)))
    path.add(p.coordinate(for: CGPoint(x: 270, y: 150)))
    let line = GMSPolyline(path: path)
    line.strokeWidth = 10
    line.map = mapView
    return line
  }

  @Test func aTextureStampCoversTheLineTurnedAlongIt() throws {
    let (window, mapView) = MapPinAndCollisionTests.screen(mapID: false)
    let line = Self.line(on: mapView)
    let style = GMSStrokeStyle.transparentStroke(withStamp: GMSTextureStyle(image: Self.arrow))
    #expect(style.stampStyle is GMSTextureStyle && style.fromColor == .clear)
    line.spans = [GMSStyleSpan(style: style)]
    // 240 points of line, copies 10 wide and 20 long.
    let stamps = mapView.stamps(of: line)
    #expect(stamps.count == 12)
    #expect(stamps.allSatisfy { abs($0.rotation - 90) < 1e-6 && $0.size.height == 20 })
    let image = try MapOverlayRenderingTests.draw(window, mapView)
    MapOverlayRenderingTests.save(image, "stamps")
    // The copy from x = 130 to 150: its top (red) toward the line's end, east.
    #expect(image.matches(x: 145, y: 150, MapPinAndCollisionTests.red, tolerance: 12))
    #expect(image.matches(x: 135, y: 150, MapPinAndCollisionTests.green, tolerance: 12))
    // No stroke colour under the stamps; land beside the line.
    #expect(image.matches(x: 150, y: 158, MapPinAndCollisionTests.land))
    #expect(image.matches(x: 20, y: 150, MapPinAndCollisionTests.land))
  }

  @Test func aStampCoversOnlyItsSpansStretch() throws {
    let (window, mapView) = MapPinAndCollisionTests.screen(mapID: false)
    let line = Self.line(on: mapView)
    let solid = GMSStrokeStyle.solidColor(.blue)
    solid.stampStyle = nil
    line.spans = [
      GMSStyleSpan(style: solid, segments: 0.5),
      GMSStyleSpan(
        style: .transparentStroke(withStampStyle: GMSSpriteStyle.spriteStyle(with: Self.arrow))),
    ]
    #expect(mapView.stamps(of: line).count == 6)
    let image = try MapOverlayRenderingTests.draw(window, mapView)
    #expect(image.matches(x: 90, y: 150, MapPinAndCollisionTests.blue, tolerance: 12))
    #expect(image.matches(x: 165, y: 150, MapPinAndCollisionTests.red, tolerance: 12))
    // Without a stamped span, no stamps.
    line.spans = [GMSStyleSpan(color: .blue)]
    #expect(mapView.stamps(of: line).isEmpty)
  }
}

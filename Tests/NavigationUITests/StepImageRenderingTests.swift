import Foundation
import NavigationCore
import NavigationUI
import Rendering
import Testing
import ViewKit

@MainActor
@Suite struct StepImageRenderingTests {
  /// A dark strip (the header's colour) with one image view per image.
  func strip(_ images: [UIImage], side: CGFloat) -> UIWindow {
    let width = images.reduce(CGFloat(8)) { $0 + $1.size.width * side / $1.size.height + 8 }
    let window = UIWindow(
      frame: CGRect(x: 0, y: 0, width: width, height: side + 16), clock: ManualClock())
    window.backgroundColor = UIColor(rgb: 0x0B7A43)
    var x: CGFloat = 8
    for image in images {
      let view = UIImageView(image: image)
      let w = image.size.width * side / image.size.height
      view.frame = CGRect(x: x, y: 8, width: w, height: side)
      window.addSubview(view)
      x += w + 8
    }
    return window
  }

  @Test func maneuverAndLaneImagesAreDrawnAsVectors() throws {
    let maneuvers: [GMSNavigationManeuver] = [
      .straight, .turnLeft, .turnRight, .turnSlightLeft, .turnSharpRight,
      .turnUTurnCounterClockwise,
      .roundaboutLeftCounterClockwise, .roundaboutRightClockwise, .roundaboutExitCounterClockwise,
      .destination, .ferryBoat,
    ]
    let images = maneuvers.map {
      UIImage(
        size: CGSize(width: 96, height: 96), scale: 1, name: GMSManeuverImageName.name(for: $0),
        renderingMode: .alwaysTemplate, tintColor: .white)
    }
    let lanes = UIImage(
      size: CGSize(width: 48 * 4, height: 48), scale: 1, name: "gms.lanes:4,1r,1r+5,5",
      renderingMode: .alwaysTemplate, tintColor: .white)
    let renderer = Renderer(scale: 1)
    let png = try renderer.png(window: strip(images + [lanes], side: 48))
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("step-images.png")
    try png.write(to: out)
    #expect(png.count > 1000)
    // Left and right arrows differ: each image alone gives a different picture.
    let left = try renderer.png(window: strip([images[1]], side: 48))
    let right = try renderer.png(window: strip([images[2]], side: 48))
    #expect(left != right)
    #expect(ManeuverIcons.lanes(named: "gms.lanes:4,1r") != nil)
    #expect(ManeuverIcons.lanes(named: "gms.lanes:x") == nil)
  }
}

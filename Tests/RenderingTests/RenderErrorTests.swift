import Foundation
import Rendering
import Testing
import ViewKit

/// Bad input ends in a typed error, never a crash.
@MainActor
@Suite struct RenderErrorTests {
  @Test(arguments: [0.0, 0.5, 3.5, .nan, .infinity])
  func badScalesAreRejected(scale: Double) {
    let (window, _) = Fixtures.cardWindow()
    #expect(throws: RenderError.self) { try Renderer(scale: scale).png(window: window) }
  }

  @Test func emptyAndHugeWindowsAreRejected() {
    let empty = UIWindow(frame: .zero, clock: ManualClock())
    #expect(throws: RenderError.invalidSize(width: 0, height: 0)) {
      try Renderer().svg(window: empty)
    }
    let huge = UIView(frame: CGRect(x: 0, y: 0, width: 20_000, height: 10))
    #expect(throws: RenderError.invalidSize(width: 20_000, height: 10)) {
      try Renderer().png(window: huge)
    }
  }

  @Test func nonFiniteTimeIsRejected() {
    let (window, _) = Fixtures.cardWindow()
    #expect(throws: RenderError.invalidTime(.infinity)) {
      try Renderer().png(window: window, at: .infinity)
    }
  }

  @Test func badPNGDataIsATypedError() {
    #expect(throws: RenderError.self) { try RasterImage(png: Data("not a png".utf8)) }
    var truncated = try! Renderer().png(window: Fixtures.cardWindow().0)
    truncated.removeLast(truncated.count / 2)
    #expect(throws: RenderError.self) { try RasterImage(png: truncated) }
  }

  @Test func badImageDataDrawsAPlaceholder() throws {
    var images = ImageCatalog.standard
    images.register("broken", .png(Data([1, 2, 3])))
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 40, height: 40), clock: ManualClock())
    let view = UIImageView(image: UIImage(size: CGSize(width: 40, height: 40), name: "broken"))
    window.addSubview(view)
    let image = try RasterImage(png: Renderer(images: images).png(window: window))
    #expect(image.pixel(x: 20, y: 20)?.alpha ?? 0 > 0)
  }

  @Test func badPathDataNamesTheOffset() {
    #expect(throws: VectorPathError.missingNumber(offset: 4)) { try VectorPath(svg: "M 1 x") }
    #expect(throws: VectorPathError.unexpectedCharacter(offset: 0)) { try VectorPath(svg: "?") }
    #expect(throws: Never.self) {
      try VectorPath(svg: "M0 0 l10 0 v10 h-10 z q1 1 2 2 c1 1 2 2 3 3")
    }
  }

  @Test func errorMessagesNameTheInput() {
    #expect(RenderError.invalidScale(4).description.contains("4"))
    #expect(RenderError.invalidImageData(name: "logo", reason: "x").description.contains("logo"))
    #expect(RenderError.mapData("gone").description.contains("gone"))
  }
}

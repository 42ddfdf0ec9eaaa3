import Testing
import ViewKit

@MainActor
@Suite struct BasicLayoutTests {
  @Test func pinsToSafeAreaWithConstants() {
    let window = makeWindow()
    let card = makeView("card")
    window.addSubview(card)
    NSLayoutConstraint.activate([
      card.leadingAnchor.constraint(equalTo: window.safeAreaLayoutGuide.leadingAnchor, constant: 8),
      card.trailingAnchor.constraint(
        equalTo: window.safeAreaLayoutGuide.trailingAnchor, constant: -8),
      card.topAnchor.constraint(equalTo: window.safeAreaLayoutGuide.topAnchor),
      card.heightAnchor.constraint(equalToConstant: 100),
    ])
    window.layoutIfNeeded()
    #expect(card.frame.short == "8,47,374,100")
    #expect(!card.hasAmbiguousLayout)
    #expect(window.layoutIssues.isEmpty)
  }

  @Test func intrinsicSizeWithHuggingAndCompression() {
    let window = makeWindow()
    let label = makeView("label", intrinsic: CGSize(width: 120, height: 20))
    window.addSubview(label)
    NSLayoutConstraint.activate([
      label.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10),
      label.topAnchor.constraint(equalTo: window.topAnchor, constant: 10),
    ])
    window.layoutIfNeeded()
    #expect(label.frame.short == "10,10,120,20")
    (label as! FixedSizeView).size = CGSize(width: 200, height: 30)
    window.layoutIfNeeded()
    #expect(label.frame.short == "10,10,200,30")
  }

  @Test func subviewFramesAreInSuperviewCoordinates() {
    let window = makeWindow()
    let outer = UIView(frame: CGRect(x: 50, y: 60, width: 200, height: 200))
    window.addSubview(outer)
    let inner = makeView("inner")
    outer.addSubview(inner)
    NSLayoutConstraint.activate([
      inner.leadingAnchor.constraint(equalTo: outer.leadingAnchor, constant: 5),
      inner.topAnchor.constraint(equalTo: outer.topAnchor, constant: 6),
      inner.widthAnchor.constraint(equalTo: outer.widthAnchor, multiplier: 0.5),
      inner.heightAnchor.constraint(equalToConstant: 10),
    ])
    window.layoutIfNeeded()
    #expect(inner.frame.short == "5,6,100,10")
    #expect(inner.convert(inner.bounds, to: nil).short == "55,66,100,10")
  }
}

import Testing
import ViewKit

@MainActor
@Suite struct StackViewTests {
  let window = makeWindow()

  func stack(
    _ sizes: [CGSize], axis: NSLayoutConstraint.Axis = .horizontal,
    distribution: UIStackView.Distribution = .fill, alignment: UIStackView.Alignment = .fill,
    length: CGFloat? = nil, rtl: Bool = false
  ) -> (UIStackView, [UIView]) {
    if rtl { window.semanticContentAttribute = .forceRightToLeft }
    let views = sizes.enumerated().map { makeView("v\($0.offset)", intrinsic: $0.element) }
    let stack = UIStackView(arrangedSubviews: views)
    stack.accessibilityIdentifier = "stack"
    stack.translatesAutoresizingMaskIntoConstraints = false
    stack.axis = axis
    stack.distribution = distribution
    stack.alignment = alignment
    stack.spacing = 10
    window.addSubview(stack)
    var list = [
      stack.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 20),
      stack.topAnchor.constraint(equalTo: window.topAnchor, constant: 100),
    ]
    if let length {
      list.append(
        axis == .horizontal
          ? stack.widthAnchor.constraint(equalToConstant: length)
          : stack.heightAnchor.constraint(equalToConstant: length))
    }
    NSLayoutConstraint.activate(list)
    window.layoutIfNeeded()
    return (stack, views)
  }

  let three = [
    CGSize(width: 40, height: 20), CGSize(width: 60, height: 30), CGSize(width: 20, height: 10),
  ]

  @Test func fillSizesToContent() {
    let (stack, views) = stack(three)
    #expect(stack.frame.short == "20,100,140,30")
    #expect(views.map(\.frame.short) == ["0,0,40,30", "50,0,60,30", "120,0,20,30"])
    #expect(window.layoutIssues.isEmpty)
  }

  @Test func fillRightToLeftStartsAtTheRight() {
    let (stack, views) = stack(three, rtl: true)
    #expect(stack.frame.short == "230,100,140,30")
    #expect(views.map(\.frame.short) == ["100,0,40,30", "30,0,60,30", "0,0,20,30"])
  }

  @Test func fillEquallyShareTheLength() {
    let (_, views) = stack(three, distribution: .fillEqually, length: 200)
    #expect(views.map(\.frame.short) == ["0,0,60,30", "70,0,60,30", "140,0,60,30"])
  }

  @Test func fillProportionally() {
    let (_, views) = stack(three, distribution: .fillProportionally, length: 260)
    #expect(views.map(\.frame.width) == [80, 120, 40])
  }

  @Test func equalSpacingSpreadsTheGaps() {
    let (_, views) = stack(three, distribution: .equalSpacing, length: 200)
    #expect(views.map(\.frame.short) == ["0,0,40,30", "80,0,60,30", "180,0,20,30"])
  }

  @Test func equalCenteringSpacesTheCentres() {
    let (_, views) = stack(three, distribution: .equalCentering, length: 200)
    let centres = views.map(\.frame.midX)
    #expect(abs((centres[1] - centres[0]) - (centres[2] - centres[1])) < 0.001)
    #expect(views[0].frame.minX == 0 && views[2].frame.maxX == 200)
  }

  @Test(arguments: [
    (UIStackView.Alignment.leading, ["0,0,40,20", "0,30,60,30", "0,70,20,10"]),
    (.center, ["10,0,40,20", "0,30,60,30", "20,70,20,10"]),
    (.trailing, ["20,0,40,20", "0,30,60,30", "40,70,20,10"]),
    (.fill, ["0,0,60,20", "0,30,60,30", "0,70,60,10"]),
  ])
  func verticalAlignments(alignment: UIStackView.Alignment, expected: [String]) {
    let sizes = [
      CGSize(width: 40, height: 20), CGSize(width: 60, height: 30), CGSize(width: 20, height: 10),
    ]
    let (_, views) = stack(sizes, axis: .vertical, alignment: alignment)
    #expect(views.map(\.frame.short) == expected)
  }

  @Test func hiddenViewsCollapse() {
    let (stack, views) = stack(three)
    views[1].isHidden = true
    window.layoutIfNeeded()
    #expect(stack.frame.width == 70)
    #expect(views[2].frame.minX == 50)
    views[1].isHidden = false
    window.layoutIfNeeded()
    #expect(stack.frame.width == 140)
    stack.removeArrangedSubview(views[0])
    views[0].removeFromSuperview()
    window.layoutIfNeeded()
    #expect(stack.frame.width == 90)
    #expect(stack.arrangedSubviews.count == 2)
  }

  @Test func customSpacingAndMargins() {
    let (stack, views) = stack(three)
    stack.setCustomSpacing(30, after: views[0])
    stack.isLayoutMarginsRelativeArrangement = true
    stack.directionalLayoutMargins = NSDirectionalEdgeInsets(
      top: 4, leading: 6, bottom: 4, trailing: 6)
    stack.insetsLayoutMarginsFromSafeArea = false
    window.layoutIfNeeded()
    #expect(views.map(\.frame.minX) == [6, 76, 146])
    #expect(stack.frame.short == "20,100,172,38")
    #expect(window.layoutIssues.isEmpty)
  }
}

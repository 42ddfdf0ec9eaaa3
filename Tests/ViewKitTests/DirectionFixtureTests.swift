import Testing
import ViewKit

/// Layout fixtures in the manner of yoga's generated tests: each builds the same tree and
/// constraints, and is checked left-to-right and right-to-left.
struct DirectionFixture: Sendable, CustomStringConvertible {
  let name: String
  let ltr: String
  let rtl: String
  let build: @MainActor @Sendable (UIView) -> UIView

  var description: String { name }

  nonisolated static let all: [DirectionFixture] = [
    DirectionFixture(
      name: "leading and trailing with constants", ltr: "10,0,170,10", rtl: "20,0,170,10"
    ) { parent in
      let child = pinned(in: parent, height: 10)
      NSLayoutConstraint.activate([
        child.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: 10),
        child.trailingAnchor.constraint(equalTo: parent.trailingAnchor, constant: -20),
      ])
      return child
    },
    DirectionFixture(name: "leading and width", ltr: "10,0,50,10", rtl: "140,0,50,10") {
      parent in
      let child = pinned(in: parent, height: 10)
      NSLayoutConstraint.activate([
        child.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: 10),
        child.widthAnchor.constraint(equalToConstant: 50),
      ])
      return child
    },
    DirectionFixture(name: "left never flips", ltr: "10,0,50,10", rtl: "10,0,50,10") { parent in
      let child = pinned(in: parent, height: 10)
      NSLayoutConstraint.activate([
        child.leftAnchor.constraint(equalTo: parent.leftAnchor, constant: 10),
        child.widthAnchor.constraint(equalToConstant: 50),
      ])
      return child
    },
    DirectionFixture(name: "right never flips", ltr: "130,0,50,10", rtl: "130,0,50,10") {
      parent in
      let child = pinned(in: parent, height: 10)
      NSLayoutConstraint.activate([
        child.rightAnchor.constraint(equalTo: parent.rightAnchor, constant: -20),
        child.widthAnchor.constraint(equalToConstant: 50),
      ])
      return child
    },
    DirectionFixture(name: "centre x does not flip", ltr: "85,0,50,10", rtl: "85,0,50,10") {
      parent in
      let child = pinned(in: parent, height: 10)
      NSLayoutConstraint.activate([
        child.centerXAnchor.constraint(equalTo: parent.centerXAnchor, constant: 10),
        child.widthAnchor.constraint(equalToConstant: 50),
      ])
      return child
    },
    DirectionFixture(name: "chain of siblings", ltr: "56,0,40,10", rtl: "104,0,40,10") {
      parent in
      let first = pinned(in: parent, height: 10)
      let second = pinned(in: parent, height: 10)
      NSLayoutConstraint.activate([
        first.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: 8),
        first.widthAnchor.constraint(equalToConstant: 40),
        second.leadingAnchor.constraint(equalTo: first.trailingAnchor, constant: 8),
        second.widthAnchor.constraint(equalToConstant: 40),
      ])
      return second
    },
    DirectionFixture(name: "trailing inequality", ltr: "140,0,50,10", rtl: "10,0,50,10") {
      parent in
      let child = pinned(in: parent, height: 10)
      let pull = child.leadingAnchor.constraint(equalTo: parent.trailingAnchor)
      pull.priority = .defaultLow
      NSLayoutConstraint.activate([
        child.trailingAnchor.constraint(lessThanOrEqualTo: parent.trailingAnchor, constant: -10),
        child.widthAnchor.constraint(equalToConstant: 50), pull,
      ])
      return child
    },
    // Margins stack on the safe area (47 pt at the top of the window).
    DirectionFixture(name: "directional margins", ltr: "16,55,50,10", rtl: "134,55,50,10") {
      parent in
      parent.directionalLayoutMargins = NSDirectionalEdgeInsets(
        top: 8, leading: 16, bottom: 8, trailing: 4)
      let child = makeView("child")
      parent.addSubview(child)
      NSLayoutConstraint.activate([
        child.leadingAnchor.constraint(equalTo: parent.layoutMarginsGuide.leadingAnchor),
        child.topAnchor.constraint(equalTo: parent.layoutMarginsGuide.topAnchor),
        child.widthAnchor.constraint(equalToConstant: 50),
        child.heightAnchor.constraint(equalToConstant: 10),
      ])
      return child
    },
    DirectionFixture(name: "forced left-to-right subtree", ltr: "10,0,50,10", rtl: "10,0,50,10") {
      parent in
      parent.semanticContentAttribute = .forceLeftToRight
      let child = pinned(in: parent, height: 10)
      NSLayoutConstraint.activate([
        child.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: 10),
        child.widthAnchor.constraint(equalToConstant: 50),
      ])
      return child
    },
  ]

  @MainActor
  static func pinned(in parent: UIView, height: CGFloat) -> UIView {
    let child = makeView("child")
    parent.addSubview(child)
    NSLayoutConstraint.activate([
      child.topAnchor.constraint(equalTo: parent.topAnchor),
      child.heightAnchor.constraint(equalToConstant: height),
    ])
    return child
  }
}

@MainActor
@Suite struct DirectionFixtureTests {
  @Test(arguments: DirectionFixture.all, [false, true])
  func fixture(_ fixture: DirectionFixture, rightToLeft: Bool) {
    let window = makeWindow(rtl: rightToLeft)
    let parent = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    window.addSubview(parent)
    let child = fixture.build(parent)
    window.layoutIfNeeded()
    #expect(child.frame.short == (rightToLeft ? fixture.rtl : fixture.ltr))
    #expect(window.layoutIssues.isEmpty)
  }

  @Test func changingDirectionRelaysOut() {
    let window = makeWindow()
    let parent = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    window.addSubview(parent)
    let child = DirectionFixture.all[1].build(parent)
    window.layoutIfNeeded()
    #expect(child.frame.short == "10,0,50,10")
    #expect(child.effectiveUserInterfaceLayoutDirection == .leftToRight)
    parent.semanticContentAttribute = .forceRightToLeft
    window.layoutIfNeeded()
    #expect(child.effectiveUserInterfaceLayoutDirection == .rightToLeft)
    #expect(child.frame.short == "140,0,50,10")
    #expect(parent.layoutMargins.left == 8)
  }
}

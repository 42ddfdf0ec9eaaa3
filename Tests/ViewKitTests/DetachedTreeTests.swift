import Testing
import ViewKit

/// A subtree built before it joins a window has no layout engine of its own: its views'
/// needs-layout flags wait, and the engine that takes the tree (the window's, or one made
/// for the subtree when it is laid out alone) runs the passes they ask for.
@MainActor
@Suite struct DetachedTreeTests {
  @Test func aSubtreeFlaggedWhileDetachedIsLaidOutInTheWindowItJoins() {
    let window = makeWindow()
    let container = CompatView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let child = CompatView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    let grandchild = CompatView(frame: CGRect(x: 0, y: 0, width: 5, height: 5))
    container.addSubview(child)
    child.addSubview(grandchild)
    grandchild.setNeedsLayout()
    window.addSubview(container)
    window.layoutIfNeeded()
    #expect(container.laidOut == 1)
    #expect(child.laidOut == 1)
    #expect(grandchild.laidOut == 1)
    // Nothing is left queued: a second pass runs no layoutSubviews.
    window.layoutIfNeeded()
    #expect(container.laidOut == 1)
    #expect(child.laidOut == 1)
    #expect(grandchild.laidOut == 1)
  }

  @Test func aViewFlaggedWhileItsSubtreeIsOutOfTheWindowIsLaidOutWhenItReturns() {
    let window = makeWindow()
    let container = CompatView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let child = CompatView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    container.addSubview(child)
    window.addSubview(container)
    window.layoutIfNeeded()
    let (containerBefore, childBefore) = (container.laidOut, child.laidOut)
    container.removeFromSuperview()
    child.setNeedsLayout()
    window.layoutIfNeeded()
    #expect(child.laidOut == childBefore)
    window.addSubview(container)
    window.layoutIfNeeded()
    #expect(child.laidOut == childBefore + 1)
    #expect(container.laidOut == containerBefore + 1)
  }

  @Test func aDetachedSubtreeIsLaidOutOnItsOwn() {
    let container = CompatView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let child = CompatView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    container.addSubview(child)
    container.layoutIfNeeded()
    #expect(container.laidOut == 1)
    #expect(child.laidOut == 1)
  }

  @Test func aLoneViewFlaggedForLayoutIsLaidOut() {
    let view = CompatView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    view.setNeedsLayout()
    view.layoutIfNeeded()
    #expect(view.laidOut == 1)
    view.layoutIfNeeded()
    #expect(view.laidOut == 1)
  }

  @Test func aStackBuiltDetachedLaysOutInTheWindow() {
    let window = makeWindow()
    let views = (0..<3).map { makeView("item\($0)", intrinsic: CGSize(width: 40, height: 20)) }
    let stack = UIStackView(arrangedSubviews: views)
    stack.translatesAutoresizingMaskIntoConstraints = false
    stack.axis = .vertical
    stack.spacing = 5
    window.addSubview(stack)
    NSLayoutConstraint.activate([
      stack.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10),
      stack.topAnchor.constraint(equalTo: window.topAnchor, constant: 100),
    ])
    window.layoutIfNeeded()
    #expect(stack.frame.short == "10,100,40,70")
    #expect(views.map(\.frame.short) == ["0,0,40,20", "0,25,40,20", "0,50,40,20"])
  }
}

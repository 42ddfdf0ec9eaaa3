import Testing
import ViewKit

/// Back references that are not `weak` (superview, guide owner, layer owner, engine) are
/// cleared when their target goes: what outlives its owner sees `nil`, never a dangling
/// object.
@MainActor
@Suite struct LifetimeTests {
  @Test func aSubviewThatOutlivesItsSuperviewSeesNoSuperview() {
    var kept: UIView?
    var keptGuide: UILayoutGuide?
    var keptLayer: CALayer?
    do {
      let parent = makeView("parent")
      let child = makeView("child", intrinsic: CGSize(width: 10, height: 10))
      parent.addSubview(child)
      NSLayoutConstraint.activate([
        child.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: 3),
        child.topAnchor.constraint(equalTo: parent.topAnchor),
      ])
      parent.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
      parent.layoutIfNeeded()
      kept = child
      keptGuide = parent.safeAreaLayoutGuide
      keptLayer = parent.layer
    }
    #expect(kept?.superview == nil)
    #expect(keptGuide?.owningView == nil)
    #expect(keptGuide?.layoutFrame == .zero)
    #expect(keptLayer?.delegateView == nil)
    #expect(keptLayer?.frame == .zero)
    // The survivor still works: it is its own root now.
    kept?.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
    kept?.invalidateIntrinsicContentSize()
    kept?.layoutIfNeeded()
    #expect(kept?.frame.size == CGSize(width: 20, height: 20))
  }

  @Test func anAnchorIsMadeOnceAndDoesNotKeepItsItemAlive() {
    weak var weakView: UIView?
    weak var weakGuide: UILayoutGuide?
    var keptAnchor: NSLayoutXAxisAnchor?
    var keptGuideAnchor: NSLayoutDimension?
    do {
      let window = makeWindow()
      let view = makeView("anchored")
      window.addSubview(view)
      let guide = UILayoutGuide()
      view.addLayoutGuide(guide)
      // UIKit hands out the same anchor object every time.
      #expect(view.leadingAnchor === view.leadingAnchor)
      #expect(view.firstBaselineAnchor === view.firstBaselineAnchor)
      #expect(guide.heightAnchor === guide.heightAnchor)
      #expect(view.leadingAnchor !== view.trailingAnchor)
      #expect(view.leadingAnchor.anchorItem === view)
      NSLayoutConstraint.activate([
        view.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 4),
        guide.heightAnchor.constraint(equalTo: view.heightAnchor),
      ])
      window.layoutIfNeeded()
      keptAnchor = view.leadingAnchor
      keptGuideAnchor = guide.heightAnchor
      weakView = view
      weakGuide = guide
    }
    // Anchors cached by their items make no cycle: the items went with their window.
    #expect(weakView == nil)
    #expect(weakGuide == nil)
    #expect(keptAnchor?.anchorItem == nil)
    #expect(keptGuideAnchor?.anchorItem == nil)
    // A constraint made from an anchor whose item is gone is reported, not installed.
    LayoutIssue.unattachedIssues = []
    let late = keptGuideAnchor?.constraint(equalToConstant: 5)
    late?.isActive = true
    #expect(late?.isActive == false)
    #expect(LayoutIssue.unattachedIssues.map(\.kind) == [.missingItem])
    LayoutIssue.unattachedIssues = []
  }

  @Test func constraintsThatOutliveTheirViewsReportInsteadOfCrashing() {
    var constraint: NSLayoutConstraint?
    var guideConstraint: NSLayoutConstraint?
    do {
      let window = makeWindow()
      let view = makeView("gone")
      window.addSubview(view)
      constraint = view.widthAnchor.constraint(equalToConstant: 10)
      let guide = UILayoutGuide()
      view.addLayoutGuide(guide)
      guideConstraint = guide.heightAnchor.constraint(equalTo: view.heightAnchor)
      constraint?.isActive = true
      window.layoutIfNeeded()
    }
    #expect(constraint?.firstItem == nil)
    // Deactivating and reactivating a constraint of a freed tree is safe.
    constraint?.isActive = false
    constraint?.constant = 20
    LayoutIssue.unattachedIssues = []
    constraint?.isActive = true
    #expect(constraint?.isActive == false)
    guideConstraint?.isActive = true
    #expect(guideConstraint?.isActive == false)
    #expect(LayoutIssue.unattachedIssues.map(\.kind) == [.missingItem, .missingItem])
  }

  @Test func viewsThatOutliveTheirWindowKeepWorking() {
    var survivor: UIView?
    var kept: NSLayoutConstraint?
    do {
      let window = makeWindow()
      let card = makeView("card")
      window.addSubview(card)
      let label = makeView("label", intrinsic: CGSize(width: 40, height: 12))
      card.addSubview(label)
      kept = label.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 4)
      NSLayoutConstraint.activate([
        card.leadingAnchor.constraint(equalTo: window.leadingAnchor),
        card.topAnchor.constraint(equalTo: window.safeAreaLayoutGuide.topAnchor),
        card.widthAnchor.constraint(equalToConstant: 100),
        card.heightAnchor.constraint(equalToConstant: 40), kept!,
        label.topAnchor.constraint(equalTo: card.topAnchor),
      ])
      window.layoutIfNeeded()
      survivor = card
    }
    // The window and its engine are gone; the card's tree still lays out on its own.
    #expect(survivor?.window == nil)
    kept?.constant = 10
    survivor?.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
    survivor?.layoutIfNeeded()
    #expect(survivor?.subviews.first?.frame.minX == 10)
  }

  /// An item's active constraints are a list through the constraints: deactivating them in
  /// any order, a constraint between an item and itself, removing a guide and freeing the
  /// item each leave the others working and release what left.
  @Test func deactivatingInAnyOrderKeepsTheOtherConstraints() {
    weak var freed: NSLayoutConstraint?
    weak var orphanedByRemoval: NSLayoutConstraint?
    var survivor: NSLayoutConstraint?
    do {
      let window = makeWindow()
      let box = makeView("box")
      window.addSubview(box)
      let guide = UILayoutGuide()
      window.addLayoutGuide(guide)
      let leading = box.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 5)
      let top = box.topAnchor.constraint(equalTo: window.topAnchor, constant: 7)
      let square = box.heightAnchor.constraint(equalTo: box.widthAnchor)
      let width = box.widthAnchor.constraint(equalToConstant: 30)
      let wider = box.widthAnchor.constraint(equalToConstant: 60)
      wider.priority = .defaultLow
      let guideTop = guide.topAnchor.constraint(equalTo: box.bottomAnchor)
      NSLayoutConstraint.activate([leading, top, square, width, wider, guideTop])
      window.layoutIfNeeded()
      #expect(box.frame == CGRect(x: 5, y: 7, width: 30, height: 30))
      // The middle of the list, then the constraint on the box alone twice.
      top.isActive = false
      square.isActive = false
      square.isActive = true
      square.isActive = false
      width.isActive = false
      window.layoutIfNeeded()
      #expect(leading.isActive && wider.isActive && guideTop.isActive)
      #expect(box.frame.minX == 5 && box.frame.width == 60)
      // Removing the guide deactivates what references it, and only that.
      window.removeLayoutGuide(guide)
      #expect(!guideTop.isActive && leading.isActive)
      orphanedByRemoval = guideTop
      freed = square
      square.isActive = true
      survivor = square
      box.removeFromSuperview()
    }
    #expect(orphanedByRemoval == nil)
    // The constraint between the box and itself outlives the box, still active, and can
    // be deactivated.
    #expect(freed != nil)
    #expect(survivor?.isActive == true)
    survivor?.isActive = false
    #expect(survivor?.isActive == false)
    survivor = nil
    #expect(freed == nil)
  }
}

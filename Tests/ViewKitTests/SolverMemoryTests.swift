import Cassowary
import Testing

@testable import ViewKit

/// What the solver keeps after removals: nothing of what was removed.
@MainActor
@Suite struct SolverMemoryTests {
  /// A variable that no constraint mentions any more is let go by the solver, so a
  /// long-lived window solver that adds and removes views does not grow.
  @Test func removedVariablesAreReleased() throws {
    let solver = Solver()
    weak var weakVariable: Variable?
    do {
      let variable = Variable("x")
      weakVariable = variable
      let constraint = variable == 10
      try solver.addConstraint(constraint)
      solver.updateVariables()
      try solver.removeConstraint(constraint)
    }
    #expect(weakVariable == nil)
  }

  @Test func manyRemovalsKeepTheLayoutAndTheSolverSmall() {
    let window = makeWindow()
    let keeper = makeView("keeper")
    window.addSubview(keeper)
    NSLayoutConstraint.activate([
      keeper.leadingAnchor.constraint(
        equalTo: window.safeAreaLayoutGuide.leadingAnchor, constant: 3),
      keeper.topAnchor.constraint(equalTo: window.safeAreaLayoutGuide.topAnchor, constant: 4),
      keeper.widthAnchor.constraint(equalToConstant: 50),
      keeper.heightAnchor.constraint(equalToConstant: 60),
    ])
    window.layoutIfNeeded()
    let baseline = window.layoutStatistics.solverConstraints
    var views: [UIView] = []
    for index in 0..<300 {
      let view = makeView("v\(index)")
      window.addSubview(view)
      NSLayoutConstraint.activate([
        view.leadingAnchor.constraint(equalTo: keeper.trailingAnchor),
        view.topAnchor.constraint(equalTo: keeper.topAnchor, constant: CGFloat(index)),
        view.widthAnchor.constraint(equalToConstant: 10),
        view.heightAnchor.constraint(equalToConstant: 10),
      ])
      views.append(view)
    }
    window.layoutIfNeeded()
    weak var weakView = views.first
    for view in views { view.removeFromSuperview() }
    views = []
    window.layoutIfNeeded()
    #expect(weakView == nil)
    #expect(window.layoutStatistics.solverConstraints == baseline)
    #expect(keeper.frame.short == "3,51,50,60")
    #expect(!keeper.hasAmbiguousLayout)
    let again = makeView("again")
    window.addSubview(again)
    NSLayoutConstraint.activate([
      again.leadingAnchor.constraint(equalTo: keeper.trailingAnchor),
      again.topAnchor.constraint(equalTo: keeper.bottomAnchor),
      again.widthAnchor.constraint(equalToConstant: 10),
      again.heightAnchor.constraint(equalToConstant: 10),
    ])
    window.layoutIfNeeded()
    #expect(again.frame.short == "53,111,10,10")
    #expect(window.layoutIssues.isEmpty)
  }
}

/// Views thrown away with work pending, and layers animated again and again, hold nothing.
@MainActor
@Suite struct PendingWorkMemoryTests {
  @Test func aDetachedViewWithAPendingLayoutIsFreed() {
    weak var weakView: UIView?
    do {
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      weakView = view
      view.setNeedsLayout()
      view.setNeedsUpdateConstraints()
    }
    #expect(weakView == nil)
  }

  @Test func finishedAnimationsDoNotAccumulate() {
    let window = makeWindow()
    let view = makeView("animated")
    window.addSubview(view)
    view.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
    guard let clock = window.clock as? ManualClock else {
      Issue.record("the test window has no manual clock")
      return
    }
    for i in 0..<200 {
      UIView.animate(withDuration: 0.25) {
        view.frame = CGRect(x: Double(i % 2) * 100, y: 0, width: 10, height: 10)
        view.alpha = i % 2 == 0 ? 0.5 : 1
      }
      clock.advance(by: 0.5)
    }
    #expect(view.layer.frameAnimations.count <= 1)
    #expect(view.layer.opacityAnimations.count <= 1)
  }

  /// A removed subtree keeps its inner constraints (in its own engine) while someone holds
  /// it, and everything — views, guides, constraints, engine — goes when nobody does; the
  /// window's solver and item list are back to their size before the subtree came.
  @Test func aRemovedSubtreeWithInnerConstraintsIsFreed() {
    let window = makeWindow()
    window.layoutIfNeeded()
    let before = window.layoutStatistics
    weak var weakGroup: UIView?
    weak var weakChild: UIView?
    weak var weakGuide: UILayoutGuide?
    weak var weakConstraint: NSLayoutConstraint?
    do {
      let group = makeView("group")
      window.addSubview(group)
      let child = makeView("child", intrinsic: CGSize(width: 30, height: 20))
      group.addSubview(child)
      let guide = UILayoutGuide()
      group.addLayoutGuide(guide)
      let inner = child.leadingAnchor.constraint(equalTo: group.leadingAnchor, constant: 4)
      NSLayoutConstraint.activate([
        group.leadingAnchor.constraint(equalTo: window.leadingAnchor),
        group.topAnchor.constraint(equalTo: window.topAnchor),
        group.widthAnchor.constraint(equalToConstant: 100),
        group.heightAnchor.constraint(equalToConstant: 40), inner,
        child.centerYAnchor.constraint(equalTo: group.centerYAnchor),
        guide.leadingAnchor.constraint(equalTo: child.trailingAnchor),
        guide.widthAnchor.constraint(equalToConstant: 5),
      ])
      window.layoutIfNeeded()
      #expect(child.frame.short == "4,10,30,20")
      (weakGroup, weakChild, weakGuide, weakConstraint) = (group, child, guide, inner)
      group.removeFromSuperview()
      group.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
      group.layoutIfNeeded()
      // The inner constraints moved with the subtree.
      #expect(inner.isActive)
      #expect(child.frame.short == "4,10,30,20")
    }
    window.layoutIfNeeded()
    #expect(weakGroup == nil)
    #expect(weakChild == nil)
    #expect(weakGuide == nil)
    #expect(weakConstraint == nil)
    // The window itself stays registered (it took part in the constraints); nothing else.
    let after = window.layoutStatistics
    #expect(after.items == 1)
    #expect(after.userConstraints == before.userConstraints)
    #expect(after.solverConstraints == before.solverConstraints)
  }

  /// When three quarters of a large tree leave, the window's solver is rebuilt from what is
  /// live (its buffers shrink with the tree), and layout goes on as before.
  @Test func aSolverThatShrankALotIsRebuiltSmall() throws {
    let window = makeWindow()
    let keeper = makeView("keeper", intrinsic: CGSize(width: 50, height: 20))
    window.addSubview(keeper)
    NSLayoutConstraint.activate([
      keeper.leadingAnchor.constraint(
        equalTo: window.safeAreaLayoutGuide.leadingAnchor, constant: 5),
      keeper.topAnchor.constraint(equalTo: window.safeAreaLayoutGuide.topAnchor, constant: 6),
    ])
    var views: [UIView] = []
    var offsets: [NSLayoutConstraint] = []
    // Each view: one soft intrinsic equality per axis and two user constraints.
    for index in 0..<1100 {
      let view = makeView("v\(index)", intrinsic: CGSize(width: 10, height: 10))
      window.addSubview(view)
      let offset = view.leadingAnchor.constraint(
        equalTo: keeper.trailingAnchor, constant: CGFloat(index))
      NSLayoutConstraint.activate([offset, view.topAnchor.constraint(equalTo: keeper.bottomAnchor)])
      views.append(view)
      offsets.append(offset)
    }
    window.layoutIfNeeded()
    let engine = try #require(window._engine)
    #expect(engine.solverPeak >= 4096)
    for view in views.dropFirst(10) { view.removeFromSuperview() }
    window.layoutIfNeeded()
    // Rebuilt (the solver is reset in place): the peak starts again from what is live.
    #expect(engine.solverPeak == engine.solver.constraintCount)
    #expect(engine.solverPeak < 4096)
    #expect(window.layoutStatistics.solverConstraints == 4 + 2 + 2 + 10 * 4)
    #expect(keeper.frame.short == "5,53,50,20")
    #expect(views[3].frame.short == "58,73,10,10")
    // The live constraints are in the new solver: constants still update in place.
    offsets[3].constant = 100
    window.frame = CGRect(x: 0, y: 0, width: 844, height: 390)
    window.layoutIfNeeded()
    #expect(views[3].frame.short == "155,73,10,10")
    #expect(window.layoutIssues.isEmpty)
  }

  /// The engine's own constraints (frame-derived here) are values in the solver: after a
  /// rebuild they are re-added under new handles, still update in place, and a conflict
  /// with one still names it.
  @Test func ownConstraintsSurviveARebuildAndAreStillNamed() throws {
    let window = makeWindow()
    let legacy = UIView(frame: CGRect(x: 10, y: 20, width: 40, height: 30))
    legacy.accessibilityIdentifier = "legacy"
    window.addSubview(legacy)
    var views: [UIView] = []
    for index in 0..<1100 {
      let view = makeView("v\(index)", intrinsic: CGSize(width: 10, height: 10))
      window.addSubview(view)
      NSLayoutConstraint.activate([
        view.leadingAnchor.constraint(equalTo: legacy.trailingAnchor, constant: CGFloat(index)),
        view.topAnchor.constraint(equalTo: legacy.bottomAnchor),
      ])
      views.append(view)
    }
    window.layoutIfNeeded()
    let engine = try #require(window._engine)
    #expect(engine.solverPeak >= 4096)
    for view in views.dropFirst(2) { view.removeFromSuperview() }
    window.layoutIfNeeded()
    #expect(engine.solverPeak < 4096)
    #expect(views[1].frame.short == "51,50,10,10")
    legacy.frame = CGRect(x: 5, y: 25, width: 60, height: 30)
    window.layoutIfNeeded()
    #expect(views[1].frame.short == "66,55,10,10")
    legacy.widthAnchor.constraint(equalToConstant: 50).isActive = true
    let issue = try #require(window.layoutIssues.first)
    #expect(issue.kind == .unsatisfiable)
    #expect(issue.conflictingDescriptions == ["NSAutoresizingMaskLayoutConstraint(legacy).width"])
  }
}

import Testing
import ViewKit

/// Conflicts, ambiguity and misuse: the reports, not just survival.
@MainActor
@Suite struct ConflictTests {
  let window = makeWindow()

  func placed(_ name: String) -> UIView {
    let view = makeView(name)
    window.addSubview(view)
    NSLayoutConstraint.activate([
      view.leadingAnchor.constraint(equalTo: window.leadingAnchor),
      view.topAnchor.constraint(equalTo: window.topAnchor),
      view.heightAnchor.constraint(equalToConstant: 10),
    ])
    return view
  }

  @Test func conflictingRequiredConstraintsBreakTheNewOneAndReportTheSet() {
    let view = placed("box")
    let hundred = view.widthAnchor.constraint(equalToConstant: 100)
    hundred.identifier = "w100"
    let twoHundred = view.widthAnchor.constraint(equalToConstant: 200)
    twoHundred.identifier = "w200"
    hundred.isActive = true
    twoHundred.isActive = true
    window.layoutIfNeeded()
    #expect(view.frame.width == 100)
    #expect(window.layoutIssues.count == 1)
    let issue = window.layoutIssues[0]
    #expect(issue.kind == .unsatisfiable)
    #expect(issue.constraint === twoHundred)
    #expect(issue.conflicting.map(\.identifier) == ["w100"])
    #expect(issue.message.contains("Unable to simultaneously satisfy constraints"))
    #expect(issue.message.contains("'w200' box.width == 200"))
    #expect(twoHundred.isActive && twoHundred.isBrokenByEngine)
    // Removing the other one and re-activating brings the broken one back.
    hundred.isActive = false
    twoHundred.isActive = false
    twoHundred.isActive = true
    window.layoutIfNeeded()
    #expect(view.frame.width == 200)
    #expect(!twoHundred.isBrokenByEngine)
  }

  @Test func conflictWithFrameDerivedConstraintNamesIt() {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
    view.accessibilityIdentifier = "legacy"
    window.addSubview(view)
    view.widthAnchor.constraint(equalToConstant: 50).isActive = true
    let issue = window.layoutIssues.first
    #expect(issue?.kind == .unsatisfiable)
    #expect(issue?.conflictingDescriptions == ["NSAutoresizingMaskLayoutConstraint(legacy).width"])
    window.layoutIfNeeded()
    #expect(view.frame.width == 40)
  }

  @Test func changingAConstantIntoAConflictBreaksItAndBackRestoresIt() {
    let view = placed("box")
    view.widthAnchor.constraint(lessThanOrEqualToConstant: 100).isActive = true
    let width = view.widthAnchor.constraint(equalToConstant: 80)
    width.isActive = true
    window.layoutIfNeeded()
    #expect(view.frame.width == 80)
    width.constant = 150
    window.layoutIfNeeded()
    #expect(width.isBrokenByEngine)
    #expect(window.layoutIssues.count == 1)
    width.constant = 90
    window.layoutIfNeeded()
    #expect(!width.isBrokenByEngine)
    #expect(view.frame.width == 90)
  }

  @Test func aConstantChangedIntoAConflictNamesTheConstraintsItConflictsWith() {
    let view = placed("box")
    let cap = view.widthAnchor.constraint(lessThanOrEqualToConstant: 100)
    cap.identifier = "cap"
    let floor = view.widthAnchor.constraint(greaterThanOrEqualToConstant: 20)
    floor.identifier = "floor"
    let width = view.widthAnchor.constraint(equalToConstant: 80)
    width.identifier = "width"
    NSLayoutConstraint.activate([cap, floor, width])
    width.constant = 150
    window.layoutIfNeeded()
    let issue = window.layoutIssues.first
    #expect(issue?.constraint === width)
    #expect(issue?.conflicting.map(\.identifier) == ["cap"])
    #expect(issue?.message.contains("'width' box.width == 150") == true)
    #expect(view.frame.width >= 20 && view.frame.width <= 100)
    // Broken, it is out of the solver: the others hold, and deactivating it is quiet.
    width.isActive = false
    floor.constant = 60
    cap.constant = 70
    window.layoutIfNeeded()
    #expect(view.frame.width >= 60 && view.frame.width <= 70)
    #expect(window.layoutIssues.count == 1)
  }

  @Test func priorityChangesReinstallAndConstantsStillUpdateInPlace() {
    let view = placed("box")
    let width = view.widthAnchor.constraint(equalToConstant: 80)
    width.isActive = true
    let other = view.widthAnchor.constraint(equalToConstant: 40)
    other.isActive = true
    #expect(other.isBrokenByEngine)
    other.priority = .defaultHigh
    #expect(!other.isBrokenByEngine)
    width.constant = 60
    window.layoutIfNeeded()
    #expect(view.frame.width == 60)
    other.priority = .required
    #expect(other.isBrokenByEngine)
    #expect(window.layoutIssues.count == 2)
    #expect(window.layoutIssues.last?.conflicting.first === width)
    width.constant = 50
    window.layoutIfNeeded()
    #expect(view.frame.width == 50)
    other.constant = 50
    window.layoutIfNeeded()
    #expect(!other.isBrokenByEngine)
    #expect(view.frame.width == 50)
    width.isActive = false
    other.constant = 30
    window.layoutIfNeeded()
    #expect(view.frame.width == 30)
    #expect(window.layoutIssues.count == 2)
  }

  @Test func prioritiesResolveOptionalConflicts() {
    let view = placed("box")
    let high = view.widthAnchor.constraint(equalToConstant: 100)
    high.priority = .defaultHigh
    let low = view.widthAnchor.constraint(equalToConstant: 200)
    low.priority = .defaultLow
    NSLayoutConstraint.activate([high, low])
    window.layoutIfNeeded()
    #expect(view.frame.width == 100)
    high.priority = UILayoutPriority(100)
    window.layoutIfNeeded()
    #expect(view.frame.width == 200)
    #expect(window.layoutIssues.isEmpty)
  }

  @Test func noCommonAncestorIsReportedAndLeavesTheConstraintInactive() {
    let view = placed("inWindow")
    let stray = makeView("stray")
    let constraint = stray.leadingAnchor.constraint(equalTo: view.trailingAnchor)
    constraint.isActive = true
    #expect(!constraint.isActive)
    let issue = stray.layoutIssues.first
    #expect(issue?.kind == .noCommonAncestor)
    #expect(issue?.message.contains("stray and inWindow") == true)
  }

  @Test func mixingLeadingWithLeftIsReported() {
    let view = placed("box")
    let constraint = NSLayoutConstraint(
      item: view, attribute: .leading, relatedBy: .equal, toItem: window, attribute: .left,
      multiplier: 1, constant: 0)
    constraint.isActive = true
    #expect(!constraint.isActive)
    #expect(window.layoutIssues.first?.kind == .invalidAttributes)
  }

  @Test func nonFiniteConstantIsReported() {
    let view = placed("box")
    let constraint = view.widthAnchor.constraint(equalToConstant: .nan)
    constraint.isActive = true
    #expect(!constraint.isActive)
    #expect(window.layoutIssues.first?.kind == .nonFinite)
  }

  @Test func ambiguityIsDetectedAndDeterministic() {
    let view = makeView("loose")
    window.addSubview(view)
    view.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 5).isActive = true
    view.widthAnchor.constraint(equalToConstant: 30).isActive = true
    window.layoutIfNeeded()
    let before = view.frame
    #expect(view.hasAmbiguousLayout)
    #expect(view.frame == before)
    view.topAnchor.constraint(equalTo: window.topAnchor).isActive = true
    view.heightAnchor.constraint(equalToConstant: 30).isActive = true
    #expect(!view.hasAmbiguousLayout)
    #expect(view.frame.short == "5,0,30,30")
  }

  @Test func addingAViewToItsDescendantIsReported() {
    let outer = UIView()
    let inner = UIView()
    outer.addSubview(inner)
    inner.addSubview(outer)
    #expect(outer.superview == nil)
    #expect(outer.layoutIssues.first?.kind == .invalidAttributes)
  }

  @Test func constraintsAreReusable() {
    let view = placed("box")
    let width = view.widthAnchor.constraint(equalToConstant: 60)
    for _ in 0..<3 {
      width.isActive = true
      width.isActive = true
      window.layoutIfNeeded()
      #expect(view.frame.width == 60)
      width.isActive = false
      width.isActive = false
    }
    #expect(window.layoutIssues.isEmpty)
  }

  @Test func removingASubtreeKeepsItsInnerConstraints() {
    let card = makeView("card")
    let title = makeView("title", intrinsic: CGSize(width: 50, height: 20))
    window.addSubview(card)
    card.addSubview(title)
    let inner = [
      title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 12),
      title.topAnchor.constraint(equalTo: card.topAnchor, constant: 6),
      card.widthAnchor.constraint(equalToConstant: 200),
      card.heightAnchor.constraint(equalToConstant: 40),
    ]
    let outer = [
      card.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 30),
      card.topAnchor.constraint(equalTo: window.topAnchor, constant: 100),
    ]
    NSLayoutConstraint.activate(inner + outer)
    window.layoutIfNeeded()
    #expect(card.frame.short == "30,100,200,40")
    card.removeFromSuperview()
    #expect(outer.allSatisfy { !$0.isActive })
    #expect(inner.allSatisfy { $0.isActive })
    window.addSubview(card)
    NSLayoutConstraint.activate(outer)
    window.layoutIfNeeded()
    #expect(card.frame.short == "30,100,200,40")
    #expect(title.frame.short == "12,6,50,20")
    #expect(window.layoutIssues.isEmpty)
  }

  @Test func removedViewsAreReleased() {
    weak var weakView: UIView?
    weak var weakConstraint: NSLayoutConstraint?
    do {
      let view = placed("temporary")
      let width = view.widthAnchor.constraint(equalToConstant: 10)
      width.isActive = true
      window.layoutIfNeeded()
      weakView = view
      weakConstraint = width
      view.removeFromSuperview()
    }
    #expect(weakView == nil)
    #expect(weakConstraint == nil)
  }
}

/// Values a caller can pass that must not trap.
@MainActor
@Suite struct HostileInputTests {
  @Test func nonFiniteAndHugeValuesDoNotTrap() {
    let clock = ManualClock()
    clock.advance(by: .nan)
    clock.advance(to: .infinity)
    #expect(clock.now == 0)
    _ = clock.scheduledTimer(withTimeInterval: .nan, repeats: true) { _ in }
    clock.advance(by: 1)
    #expect(UIColor(red: .nan, green: 2, blue: -1, alpha: 1).description == "#00FF00FF")
    #expect(UILayoutPriority(Float.infinity).description == "inf")
    let label = UILabel()
    label.text = "Boulevard du Larvotto"
    label.numberOfLines = 0
    label.preferredMaxLayoutWidth = 1e300
    #expect(label.intrinsicContentSize.width > 0)
    label.font = UIFont.systemFont(ofSize: 17, weight: UIFont.Weight(.nan))
    #expect(label.intrinsicContentSize.width > 0)
    label.font = UIFont.systemFont(ofSize: .infinity)
    #expect(label.intrinsicContentSize == .zero)
    #expect(label.textError == .invalidFontSize(.infinity))
    let window = makeWindow(clock: clock)
    let view = makeView("box")
    window.addSubview(view)
    let width = view.widthAnchor.constraint(equalToConstant: 10)
    width.priority = UILayoutPriority(Float.nan)
    width.isActive = true
    view.frame = CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)
    window.layoutIfNeeded()
  }
}

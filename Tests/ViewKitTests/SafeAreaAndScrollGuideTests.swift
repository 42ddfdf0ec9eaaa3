import Testing
import ViewKit

@MainActor
@Suite struct SafeAreaAndScrollGuideTests {
  let window = makeWindow()

  func pin(_ view: UIView, to guide: UILayoutGuide) {
    NSLayoutConstraint.activate([
      view.leadingAnchor.constraint(equalTo: guide.leadingAnchor),
      view.trailingAnchor.constraint(equalTo: guide.trailingAnchor),
      view.topAnchor.constraint(equalTo: guide.topAnchor),
      view.bottomAnchor.constraint(equalTo: guide.bottomAnchor),
    ])
  }

  /// The guide's frame and `bounds.inset(by: safeAreaInsets)` are the same rectangle.
  func expectGuideMatchesInsets(_ view: UIView, sourceLocation: SourceLocation = #_sourceLocation) {
    let guide = view.safeAreaLayoutGuide.layoutFrame
    let insets = view.bounds.inset(by: view.safeAreaInsets)
    #expect(
      guide.short == insets.short, "\(view.accessibilityIdentifier ?? "?")",
      sourceLocation: sourceLocation)
  }

  @Test func additionalSafeAreaInsetsMoveTheControllersGuideAndItsSubviews() {
    let controller = UIViewController()
    window.rootViewController = controller
    let root: UIView = controller.view
    root.accessibilityIdentifier = "root"
    let content = makeView("content")
    root.addSubview(content)
    pin(content, to: root.safeAreaLayoutGuide)
    let badge = makeView("badge")
    content.addSubview(badge)
    NSLayoutConstraint.activate([
      badge.topAnchor.constraint(equalTo: content.safeAreaLayoutGuide.topAnchor),
      badge.leadingAnchor.constraint(equalTo: content.safeAreaLayoutGuide.leadingAnchor),
      badge.widthAnchor.constraint(equalToConstant: 20),
      badge.heightAnchor.constraint(equalToConstant: 20),
    ])
    window.layoutIfNeeded()
    #expect(content.frame.short == "0,47,390,763")
    var changes = 0
    final class Watcher: UIViewController {
      var onChange: () -> Void = {}
      override func viewSafeAreaInsetsDidChange() { onChange() }
    }
    controller.additionalSafeAreaInsets = UIEdgeInsets(top: 10, left: 20, bottom: 30, right: 0)
    window.layoutIfNeeded()
    #expect(root.safeAreaInsets == UIEdgeInsets(top: 57, left: 20, bottom: 64, right: 0))
    #expect(content.frame.short == "20,57,370,723")
    #expect(content.safeAreaInsets == .zero)
    #expect(badge.frame.short == "0,0,20,20")
    for view in [root, content, badge] { expectGuideMatchesInsets(view) }
    // A child controller's view adds its own on top.
    let child = Watcher()
    child.onChange = { changes += 1 }
    controller.addChild(child)
    let childView: UIView = child.view
    childView.accessibilityIdentifier = "child"
    childView.translatesAutoresizingMaskIntoConstraints = false
    content.addSubview(childView)
    child.didMove(toParent: controller)
    pin(childView, to: content.safeAreaLayoutGuide)
    let inner = makeView("inner")
    childView.addSubview(inner)
    pin(inner, to: childView.safeAreaLayoutGuide)
    child.additionalSafeAreaInsets = UIEdgeInsets(top: 0, left: 0, bottom: 44, right: 16)
    window.layoutIfNeeded()
    #expect(changes == 1)
    #expect(childView.safeAreaInsets == UIEdgeInsets(top: 0, left: 0, bottom: 44, right: 16))
    #expect(inner.frame.short == "0,0,354,679")
    for view in [root, content, childView, inner] { expectGuideMatchesInsets(view) }
    // Back to zero: everything returns.
    controller.additionalSafeAreaInsets = .zero
    child.additionalSafeAreaInsets = .zero
    window.layoutIfNeeded()
    #expect(content.frame.short == "0,47,390,763")
    #expect(inner.frame.short == "0,0,390,763")
    #expect(window.layoutIssues.isEmpty)
  }

  @Test func guideAndInsetsAgreeInPortraitAndLandscapeForPartlyCoveredViews() {
    // Views poking into the notch, the home indicator and the landscape side insets.
    let top = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 120))
    top.accessibilityIdentifier = "top"
    let bottom = makeView("bottom")
    let corner = UIView(frame: CGRect(x: 300, y: 800, width: 200, height: 100))
    corner.accessibilityIdentifier = "corner"
    let thin = UIView(frame: CGRect(x: 0, y: 10, width: 390, height: 20))
    thin.accessibilityIdentifier = "thin"
    for view in [top, bottom, corner, thin] { window.addSubview(view) }
    NSLayoutConstraint.activate([
      bottom.leadingAnchor.constraint(equalTo: window.leadingAnchor),
      bottom.trailingAnchor.constraint(equalTo: window.trailingAnchor),
      bottom.bottomAnchor.constraint(equalTo: window.bottomAnchor),
      bottom.heightAnchor.constraint(equalToConstant: 90),
    ])
    // A probe in each safe area puts its guide in the solver (unconstrained guides report
    // the geometric answer, which would make the comparison trivial).
    var probes: [UIView] = []
    for view in [window, top, bottom, corner, thin] {
      let probe = makeView("probe")
      view.addSubview(probe)
      pin(probe, to: view.safeAreaLayoutGuide)
      probes.append(probe)
    }
    window.layoutIfNeeded()
    for view in [window, top, bottom, corner, thin] { expectGuideMatchesInsets(view) }
    #expect(probes[4].frame.short == "0,20,390,0")
    #expect(bottom.safeAreaInsets == UIEdgeInsets(top: 0, left: 0, bottom: 34, right: 0))
    // Wholly under the notch: an empty safe area at its bottom edge, never an inverted one.
    #expect(thin.safeAreaInsets == UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
    #expect(thin.safeAreaLayoutGuide.layoutFrame.short == "0,20,390,0")
    window.frame = CGRect(x: 0, y: 0, width: 844, height: 390)
    window.setSafeAreaInsets(UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47))
    window.layoutIfNeeded()
    for view in [window, top, bottom, corner, thin] { expectGuideMatchesInsets(view) }
    #expect(bottom.safeAreaInsets == UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47))
    #expect(window.layoutIssues.isEmpty)
  }

  @Test func contentLayoutGuideDrivesContentSizeAndFrameGuideFollowsTheOffset() {
    let scroll = UIScrollView()
    scroll.accessibilityIdentifier = "scroll"
    scroll.translatesAutoresizingMaskIntoConstraints = false
    window.addSubview(scroll)
    NSLayoutConstraint.activate([
      scroll.leadingAnchor.constraint(equalTo: window.leadingAnchor),
      scroll.trailingAnchor.constraint(equalTo: window.trailingAnchor),
      scroll.topAnchor.constraint(equalTo: window.topAnchor, constant: 100),
      scroll.heightAnchor.constraint(equalToConstant: 300),
    ])
    let content = scroll.contentLayoutGuide
    let viewport = scroll.frameLayoutGuide
    var rows: [UIView] = []
    var previous = content.topAnchor
    for index in 0..<8 {
      let row = makeView("row\(index)")
      scroll.addSubview(row)
      NSLayoutConstraint.activate([
        row.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 16),
        row.widthAnchor.constraint(equalTo: viewport.widthAnchor, constant: -32),
        row.topAnchor.constraint(equalTo: previous, constant: 8),
        row.heightAnchor.constraint(equalToConstant: 60),
      ])
      previous = row.bottomAnchor
      rows.append(row)
    }
    let last = rows[7].bottomAnchor.constraint(equalTo: content.bottomAnchor, constant: -8)
    NSLayoutConstraint.activate([
      last, content.trailingAnchor.constraint(equalTo: rows[0].trailingAnchor, constant: 16),
    ])
    // A badge that floats: pinned to the visible rectangle.
    let badge = makeView("badge", intrinsic: CGSize(width: 40, height: 20))
    scroll.addSubview(badge)
    NSLayoutConstraint.activate([
      badge.topAnchor.constraint(equalTo: viewport.topAnchor, constant: 8),
      badge.trailingAnchor.constraint(equalTo: viewport.trailingAnchor, constant: -8),
    ])
    window.layoutIfNeeded()
    #expect(scroll.contentSize == CGSize(width: 390, height: 8 * 68 + 8))
    #expect(rows[1].frame.short == "16,76,358,60")
    #expect(viewport.layoutFrame.short == "0,0,390,300")
    #expect(content.layoutFrame.short == "0,0,390,552")
    #expect(badge.frame.short == "342,8,40,20")
    scroll.drag(by: CGPoint(x: 0, y: -150))
    window.layoutIfNeeded()
    #expect(scroll.contentOffset == CGPoint(x: 0, y: 150))
    #expect(viewport.layoutFrame.short == "0,150,390,300")
    #expect(badge.frame.short == "342,158,40,20")
    #expect(badge.convert(badge.bounds, to: nil).short == "342,108,40,20")
    // The content grows with its constraints; the offset range follows.
    last.constant = -208
    window.layoutIfNeeded()
    #expect(scroll.contentSize.height == 752)
    #expect(scroll.offsetRange.max.y == 452)
    #expect(window.layoutIssues.isEmpty)
  }

  @Test func anUnconstrainedContentGuideLeavesContentSizeAlone() {
    let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
    window.addSubview(scroll)
    scroll.contentSize = CGSize(width: 200, height: 900)
    _ = scroll.contentLayoutGuide
    window.layoutIfNeeded()
    #expect(scroll.contentSize == CGSize(width: 200, height: 900))
  }

  @Test func safeAreaGuidesInsideAScrolledViewFollowTheContentOffset() {
    // A full-screen scroll view whose tall content view starts under the notch: the content
    // view's safe-area guide must agree with its `safeAreaInsets` at every offset, because
    // the views pinned to it are what users see move out from under the notch.
    let scroll = UIScrollView()
    scroll.translatesAutoresizingMaskIntoConstraints = false
    window.addSubview(scroll)
    NSLayoutConstraint.activate([
      scroll.leadingAnchor.constraint(equalTo: window.leadingAnchor),
      scroll.trailingAnchor.constraint(equalTo: window.trailingAnchor),
      scroll.topAnchor.constraint(equalTo: window.topAnchor),
      scroll.bottomAnchor.constraint(equalTo: window.bottomAnchor),
    ])
    let page = makeView("page")
    scroll.addSubview(page)
    let content = scroll.contentLayoutGuide
    NSLayoutConstraint.activate([
      page.leadingAnchor.constraint(equalTo: content.leadingAnchor),
      page.topAnchor.constraint(equalTo: content.topAnchor),
      page.bottomAnchor.constraint(equalTo: content.bottomAnchor),
      page.widthAnchor.constraint(equalTo: scroll.frameLayoutGuide.widthAnchor),
      page.heightAnchor.constraint(equalToConstant: 2000),
      content.trailingAnchor.constraint(equalTo: page.trailingAnchor),
    ])
    let header = makeView("header")
    page.addSubview(header)
    NSLayoutConstraint.activate([
      header.topAnchor.constraint(equalTo: page.safeAreaLayoutGuide.topAnchor),
      header.leadingAnchor.constraint(equalTo: page.leadingAnchor),
      header.trailingAnchor.constraint(equalTo: page.trailingAnchor),
      header.heightAnchor.constraint(equalToConstant: 44),
    ])
    window.layoutIfNeeded()
    #expect(page.safeAreaInsets.top == 47)
    #expect(header.frame.minY == 47)
    expectGuideMatchesInsets(page)
    for offset in [CGFloat(20), 100, 500, 0] {
      scroll.contentOffset = CGPoint(x: 0, y: offset)
      window.layoutIfNeeded()
      // Scrolled down by `offset`, the safe top edge is `offset` further into the page
      // (never less than the page's own top).
      #expect(page.safeAreaInsets.top == 47 + offset, "offset \(offset)")
      #expect(header.frame.minY == 47 + offset, "offset \(offset)")
      expectGuideMatchesInsets(page)
    }
    #expect(window.layoutIssues.isEmpty)
  }
}

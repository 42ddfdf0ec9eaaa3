import Testing
import ViewKit

@MainActor
final class RecordingController: UIViewController {
  var log: [String] = []
  let card = makeView("card")
  var cardWidth: NSLayoutConstraint?

  override func viewDidLoad() {
    log.append("viewDidLoad")
    view.addSubview(card)
    let width = card.widthAnchor.constraint(equalToConstant: 100)
    cardWidth = width
    NSLayoutConstraint.activate([
      width, card.heightAnchor.constraint(equalToConstant: 50),
      card.leadingAnchor.constraint(equalTo: view.safeAreaLayoutGuide.leadingAnchor),
      card.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor),
    ])
  }
  override func viewWillAppear(_ animated: Bool) { log.append("viewWillAppear") }
  override func viewDidAppear(_ animated: Bool) { log.append("viewDidAppear") }
  override func viewDidLayoutSubviews() {
    if log.last != "viewDidLayoutSubviews" { log.append("viewDidLayoutSubviews") }
  }

  override func willTransition(
    to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator
  ) {
    super.willTransition(to: newCollection, with: coordinator)
    log.append(
      "willTransition \(newCollection.verticalSizeClass == .compact ? "compact" : "regular")")
    coordinator.animate(alongsideTransition: { _ in
      self.cardWidth?.constant = newCollection.verticalSizeClass == .compact ? 360 : 100
    }) { _ in
      self.log.append("transition done")
    }
  }
}

@MainActor
@Suite struct ControllerTests {
  @Test func lifecycleAndRotationWithACoordinator() {
    let clock = ManualClock()
    let window = makeWindow(clock: clock)
    let controller = RecordingController()
    window.rootViewController = controller
    window.layoutIfNeeded()
    #expect(
      controller.log == ["viewDidLoad", "viewWillAppear", "viewDidAppear", "viewDidLayoutSubviews"])
    #expect(controller.card.frame.short == "0,760,100,50")
    #expect(controller.traitCollection.verticalSizeClass == .regular)

    window.transition(
      to: CGSize(width: 844, height: 390),
      safeAreaInsets: UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47), duration: 0.3)
    #expect(controller.log.contains("willTransition compact"))
    #expect(controller.card.frame.short == "47,319,360,50")
    #expect(controller.traitCollection.verticalSizeClass == .compact)
    // The card animates to its new frame; completion after the duration.
    #expect(controller.card.layer.presentation()?.frame.short == "0,760,100,50")
    #expect(!controller.log.contains("transition done"))
    clock.advance(by: 0.3)
    #expect(controller.log.last == "transition done")
    #expect(controller.card.layer.presentation()?.frame.short == "47,319,360,50")
  }

  @Test func childControllers() {
    let parent = UIViewController()
    let child = UIViewController()
    parent.addChild(child)
    parent.view.addSubview(child.view)
    child.didMove(toParent: parent)
    #expect(parent.children.count == 1 && child.parent === parent)
    child.removeFromParent()
    #expect(parent.children.isEmpty && child.parent == nil)
  }
}

@MainActor
@Suite struct ScrollViewTests {
  final class Recorder: UIScrollViewDelegate {
    var offsets: [CGFloat] = []
    func scrollViewDidScroll(_ scrollView: UIScrollView) {
      offsets.append(scrollView.contentOffset.y)
    }
  }

  @Test func dragScrollsWithinTheContentAndMovesSubviews() {
    let window = makeWindow()
    let scroll = UIScrollView(frame: CGRect(x: 0, y: 100, width: 390, height: 300))
    window.addSubview(scroll)
    scroll.contentSize = CGSize(width: 390, height: 1000)
    let row = UIView(frame: CGRect(x: 0, y: 500, width: 390, height: 44))
    scroll.addSubview(row)
    let recorder = Recorder()
    scroll.delegate = recorder
    scroll.drag(by: CGPoint(x: 0, y: -250))
    #expect(scroll.contentOffset.y == 250)
    #expect(row.convert(row.bounds, to: nil).minY == 350)
    scroll.drag(by: CGPoint(x: 0, y: -5000))
    #expect(scroll.contentOffset.y == 700)
    scroll.scrollRectToVisible(CGRect(x: 0, y: 0, width: 10, height: 10), animated: false)
    #expect(scroll.contentOffset.y == 0)
    #expect(recorder.offsets == [250, 700, 0])
  }
}

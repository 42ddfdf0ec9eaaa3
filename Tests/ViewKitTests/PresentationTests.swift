import Testing
import ViewKit

@MainActor
final class LoggingController: UIViewController {
  let name: String

  init(_ name: String) {
    self.name = name
    super.init()
  }

  var shared: ((String) -> Void)?

  private func note(_ event: String) { shared?("\(name).\(event)") }

  override func viewWillAppear(_ animated: Bool) { note("willAppear") }
  override func viewDidAppear(_ animated: Bool) { note("didAppear") }
  override func viewWillDisappear(_ animated: Bool) { note("willDisappear") }
  override func viewDidDisappear(_ animated: Bool) { note("didDisappear") }
}

@MainActor
@Suite struct PresentationTests {
  let clock = ManualClock()

  @Test func presentSlidesUpCoversAndDismissRestores() {
    let window = makeWindow(clock: clock)
    var log: [String] = []
    let base = LoggingController("base")
    base.shared = { log.append($0) }
    window.rootViewController = base
    log = []
    let sheet = LoggingController("sheet")
    sheet.shared = { log.append($0) }
    var presented = false
    base.present(sheet, animated: true) {
      presented = true
      log.append("completion")
    }
    #expect(!presented)
    #expect(base.presentedViewController === sheet)
    #expect(sheet.presentingViewController === base)
    let view: UIView = sheet.view
    #expect(view.window === window)
    #expect(view.frame == window.bounds)
    clock.advance(by: 0.15)
    let halfway = view.layer.presentation()?.frame.minY ?? 0
    #expect(halfway > 0 && halfway < 844)
    clock.advance(by: 0.15)
    #expect(presented)
    #expect(base.view.superview == nil)
    #expect(
      log == [
        "base.willDisappear", "sheet.willAppear", "base.didDisappear", "sheet.didAppear",
        "completion",
      ])
    // The presented view follows the window.
    window.frame = CGRect(x: 0, y: 0, width: 844, height: 390)
    window.layoutIfNeeded()
    #expect(view.frame.size == CGSize(width: 844, height: 390))
    log = []
    var dismissed = false
    sheet.dismiss(animated: true) { dismissed = true }
    #expect(base.view.window === window)
    clock.advance(by: 0.3)
    #expect(dismissed)
    #expect(view.superview == nil)
    #expect(base.presentedViewController == nil)
    #expect(sheet.presentingViewController == nil)
    #expect(
      log == ["base.willAppear", "sheet.willDisappear", "sheet.didDisappear", "base.didAppear"])
  }

  @Test func overFullScreenKeepsThePresenterAndNonAnimatedCompletesOnTheNextTurn() {
    let window = makeWindow(clock: clock)
    let base = LoggingController("base")
    window.rootViewController = base
    let overlay = UIViewController()
    overlay.modalPresentationStyle = .overFullScreen
    var done = 0
    base.present(overlay, animated: false) { done += 1 }
    #expect(done == 0)
    clock.advance(by: 0)
    #expect(done == 1)
    #expect(base.view.window === window)
    #expect(window.subviews.last === overlay.view)
    base.dismiss(animated: false) { done += 1 }
    clock.advance(by: 0)
    #expect(done == 2)
    #expect(overlay.view.superview == nil)
    #expect(window.subviews.count == 1)
  }

  @Test func misusedPresentationsAreReportedAndIgnored() {
    let window = makeWindow(clock: clock)
    let base = UIViewController()
    window.rootViewController = base
    let first = UIViewController()
    let second = UIViewController()
    base.present(first, animated: false)
    base.present(second, animated: false)
    #expect(base.presentedViewController === first)
    #expect(window.layoutIssues.map(\.kind) == [.invalidPresentation])
    #expect(window.layoutIssues.first?.message.contains("already presenting") == true)
    let offscreen = UIViewController()
    LayoutIssue.unattachedIssues = []
    offscreen.present(UIViewController(), animated: false)
    #expect(offscreen.presentedViewController == nil)
    #expect(
      LayoutIssue.unattachedIssues.first?.message.contains("not in the window hierarchy") == true)
  }
}

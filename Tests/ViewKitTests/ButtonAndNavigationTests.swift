import Testing
import ViewKit

@MainActor
@Suite struct ButtonAndNavigationTests {
  @Test func buttonSizesToContentAndRunsActionsOnTap() {
    var taps: [String] = []
    let button = UIButton(
      type: .system, primaryAction: UIAction(title: "Re-centre") { taps.append($0.title) })
    button.setImage(UIImage(systemName: "location"), for: .normal)
    button.contentEdgeInsets = UIEdgeInsets(top: 12, left: 12, bottom: 12, right: 12)
    #expect(button.intrinsicContentSize == CGSize(width: 48, height: 48))
    button.setTitle("Re-centre", for: .normal)
    #expect(button.intrinsicContentSize.width > 48)
    #expect(button.accessibilityLabel == "Re-centre")
    button.simulateTap()
    button.isEnabled = false
    button.simulateTap()
    #expect(taps == ["Re-centre"])
    #expect(button.accessibilityTraits.contains(.button))
  }

  @Test func pushAndPopSlideOnTheClockWithAppearanceCallbacks() {
    final class Screen: UIViewController {
      let name: String
      var log: [String]
      init(_ name: String, log: [String]) {
        self.name = name
        self.log = log
        super.init()
      }
      override func viewWillAppear(_ animated: Bool) { log.append("\(name) will appear") }
      override func viewDidAppear(_ animated: Bool) { log.append("\(name) did appear") }
      override func viewDidDisappear(_ animated: Bool) { log.append("\(name) did disappear") }
    }
    let clock = ManualClock()
    let window = makeWindow(clock: clock)
    let root = Screen("map", log: [])
    let navigation = UINavigationController(rootViewController: root)
    window.rootViewController = navigation
    #expect(root.log == ["map will appear", "map did appear"])
    let list = Screen("list", log: [])
    navigation.pushViewController(list, animated: true)
    #expect(list.navigationController === navigation)
    #expect(navigation.topViewController === list)
    #expect(list.view.frame.minX == 0)
    #expect(list.view.layer.presentation()?.frame.minX == 390)
    #expect(list.log == ["list will appear"])
    clock.advance(by: 0.35)
    #expect(list.log == ["list will appear", "list did appear"])
    #expect(root.log.last == "map did disappear")
    #expect(root.view.superview == nil)
    navigation.popViewController(animated: true)
    #expect(root.view.superview === navigation.view)
    clock.advance(by: 0.35)
    #expect(list.view.superview == nil)
    #expect(navigation.viewControllers.count == 1)
    #expect(root.log.suffix(2) == ["map will appear", "map did appear"])
    #expect(navigation.popViewController(animated: false) == nil)
  }
}

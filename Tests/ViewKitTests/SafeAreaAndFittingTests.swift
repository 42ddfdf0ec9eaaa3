import Testing
import ViewKit

@MainActor
@Suite struct SafeAreaAndFittingTests {
  let window = makeWindow()

  @Test func windowSafeAreaIsSettableByTheHost() {
    let view = makeView("bar")
    window.addSubview(view)
    NSLayoutConstraint.activate([
      view.leadingAnchor.constraint(equalTo: window.safeAreaLayoutGuide.leadingAnchor),
      view.trailingAnchor.constraint(equalTo: window.safeAreaLayoutGuide.trailingAnchor),
      view.bottomAnchor.constraint(equalTo: window.safeAreaLayoutGuide.bottomAnchor),
      view.heightAnchor.constraint(equalToConstant: 44),
    ])
    window.layoutIfNeeded()
    #expect(view.frame.short == "0,766,390,44")
    window.setSafeAreaInsets(UIEdgeInsets(top: 20, left: 44, bottom: 0, right: 44))
    window.layoutIfNeeded()
    #expect(view.frame.short == "44,800,302,44")
    #expect(window.safeAreaInsets == UIEdgeInsets(top: 20, left: 44, bottom: 0, right: 44))
    #expect(window.safeAreaLayoutGuide.layoutFrame.short == "44,20,302,824")
  }

  @Test func aSubviewsSafeAreaIsWhereTheWindowsCutsIntoIt() {
    let card = UIView(frame: CGRect(x: 0, y: 700, width: 390, height: 144))
    card.accessibilityIdentifier = "card"
    window.addSubview(card)
    let content = makeView("content")
    card.addSubview(content)
    NSLayoutConstraint.activate([
      content.leadingAnchor.constraint(equalTo: card.safeAreaLayoutGuide.leadingAnchor),
      content.trailingAnchor.constraint(equalTo: card.safeAreaLayoutGuide.trailingAnchor),
      content.topAnchor.constraint(equalTo: card.safeAreaLayoutGuide.topAnchor),
      content.bottomAnchor.constraint(equalTo: card.safeAreaLayoutGuide.bottomAnchor),
    ])
    window.layoutIfNeeded()
    // The card pokes 34 pt into the home-indicator area; its top is far from the notch.
    #expect(content.frame.short == "0,0,390,110")
    #expect(card.safeAreaInsets == UIEdgeInsets(top: 0, left: 0, bottom: 34, right: 0))
    #expect(card.safeAreaLayoutGuide.layoutFrame.short == "0,0,390,110")
    #expect(window.layoutIssues.isEmpty)
  }

  @Test func layoutMarginsGuideStacksOnTheSafeArea() {
    let content = makeView("content")
    window.addSubview(content)
    window.directionalLayoutMargins = NSDirectionalEdgeInsets(
      top: 10, leading: 16, bottom: 10, trailing: 16)
    NSLayoutConstraint.activate([
      content.leadingAnchor.constraint(equalTo: window.layoutMarginsGuide.leadingAnchor),
      content.trailingAnchor.constraint(equalTo: window.layoutMarginsGuide.trailingAnchor),
      content.topAnchor.constraint(equalTo: window.layoutMarginsGuide.topAnchor),
      content.heightAnchor.constraint(equalToConstant: 20),
    ])
    window.layoutIfNeeded()
    #expect(content.frame.short == "16,57,358,20")
    window.insetsLayoutMarginsFromSafeArea = false
    window.layoutIfNeeded()
    #expect(content.frame.short == "16,10,358,20")
  }

  @Test func systemLayoutSizeFittingCompressesToContent() {
    let card = makeView("card")
    let title = makeView("title", intrinsic: CGSize(width: 120, height: 22))
    let detail = makeView("detail", intrinsic: CGSize(width: 200, height: 18))
    card.addSubview(title)
    card.addSubview(detail)
    NSLayoutConstraint.activate([
      title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 12),
      title.topAnchor.constraint(equalTo: card.topAnchor, constant: 12),
      detail.leadingAnchor.constraint(equalTo: title.leadingAnchor),
      detail.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 4),
      card.trailingAnchor.constraint(greaterThanOrEqualTo: title.trailingAnchor, constant: 12),
      card.trailingAnchor.constraint(greaterThanOrEqualTo: detail.trailingAnchor, constant: 12),
      card.bottomAnchor.constraint(equalTo: detail.bottomAnchor, constant: 12),
    ])
    let size = card.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
    #expect(size == CGSize(width: 224, height: 68))
    let wide = card.systemLayoutSizeFitting(
      CGSize(width: 300, height: 0), withHorizontalFittingPriority: .required,
      verticalFittingPriority: .fittingSizeLevel)
    #expect(wide == CGSize(width: 300, height: 68))
  }

  @Test func layoutSubviewsRunsForResizedViewsTopDown() {
    final class Recorder: UIView {
      var log: [String] = []
      override func layoutSubviews() { log.append("\(bounds.width)") }
    }
    let view = Recorder()
    view.translatesAutoresizingMaskIntoConstraints = false
    window.addSubview(view)
    let width = view.widthAnchor.constraint(equalToConstant: 100)
    NSLayoutConstraint.activate([
      width, view.heightAnchor.constraint(equalToConstant: 10),
      view.leadingAnchor.constraint(equalTo: window.leadingAnchor),
      view.topAnchor.constraint(equalTo: window.topAnchor),
    ])
    window.layoutIfNeeded()
    width.constant = 150
    window.layoutIfNeeded()
    window.layoutIfNeeded()
    #expect(view.log == ["100.0", "150.0"])
  }

  @Test func layerPropertiesAndPresentationCopy() {
    let view = UIView(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
    window.addSubview(view)
    view.layer.cornerRadius = 12
    view.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
    view.layer.borderWidth = 1
    view.layer.borderColor = UIColor.red.cgColor
    view.backgroundColor = .blue
    let copy = view.layer.presentation()
    #expect(copy?.frame.short == "1,2,3,4")
    #expect(copy?.cornerRadius == 12)
    #expect(copy?.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner])
    #expect(copy?.presentation() == nil)
    #expect(view.layer.backgroundColor == UIColor.blue.cgColor)
    #expect(UIColor(rgb: 0x007AFF) == UIColor.systemBlue)
    #expect(UIColor.red.withAlphaComponent(0.5).description == "#FF000080")
  }
}

@MainActor
@Suite struct AutoresizingTests {
  @Test func flexibleViewsFollowTheWindowThroughARotation() {
    let clock = ManualClock()
    let window = makeWindow(clock: clock)
    let map = UIView(frame: window.bounds)
    map.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    window.addSubview(map)
    let badge = UIView(frame: CGRect(x: 330, y: 10, width: 50, height: 20))
    badge.autoresizingMask = [.flexibleLeftMargin]
    window.addSubview(badge)
    let pinned = makeView("pinned")
    map.addSubview(pinned)
    NSLayoutConstraint.activate([
      pinned.trailingAnchor.constraint(equalTo: map.trailingAnchor),
      pinned.bottomAnchor.constraint(equalTo: map.bottomAnchor),
      pinned.widthAnchor.constraint(equalToConstant: 40),
      pinned.heightAnchor.constraint(equalToConstant: 40),
    ])
    window.layoutIfNeeded()
    #expect(pinned.frame.short == "350,804,40,40")
    window.transition(
      to: CGSize(width: 844, height: 390),
      safeAreaInsets: UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47))
    #expect(map.frame.short == "0,0,844,390")
    #expect(badge.frame.short == "784,10,50,20")
    #expect(pinned.frame.short == "804,350,40,40")
    #expect(window.traitCollection.verticalSizeClass == .compact)
    #expect(window.layoutIssues.isEmpty)
  }
}

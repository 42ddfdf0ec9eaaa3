/// The vertical trip progress bar: 12 pt wide, height from its constraints. The elapsed part
/// fills from the bottom, traffic ahead shows as segments, a marker shows the current
/// position. A reroute resets it as if a new trip started there.
@MainActor
final class TripProgressBarView: ComponentView {
  let elapsed = UIView()
  let marker = UIView()
  private var trafficViews: [UIView] = []
  private(set) var fraction: Double = 0
  private var shownPercent = -1
  /// Fractions (start, end) of the trip with heavy traffic.
  private(set) var traffic: [(Double, Double)] = []

  init() {
    super.init(identifier: "tripProgressBar")
    layer.cornerRadius = 6
    elapsed.accessibilityIdentifier = "tripProgressBar.elapsed"
    marker.accessibilityIdentifier = "tripProgressBar.position"
    addSubview(elapsed)
    addSubview(marker)
    isAccessibilityElement = true
    accessibilityTraits = [.updatesFrequently]
  }

  override var intrinsicContentSize: CGSize {
    CGSize(width: 12, height: UIView.noIntrinsicMetric)
  }

  override func layoutSubviews() {
    let h = bounds.height
    let done = h * CGFloat(fraction)
    elapsed.frame = CGRect(x: 0, y: h - done, width: 12, height: done)
    marker.frame = CGRect(x: -2, y: h - done - 8, width: 16, height: 16)
    for (view, span) in zip(trafficViews, traffic) {
      let y0 = h - h * CGFloat(span.1)
      view.frame = CGRect(x: 0, y: y0, width: 12, height: h * CGFloat(span.1 - span.0))
    }
  }

  override func apply(_ theme: NavigationTheme) {
    backgroundColor = theme.isNight ? UIColor(rgb: 0x5F6368) : UIColor(rgb: 0xDADCE0)
    elapsed.backgroundColor = UIColor(rgb: 0x9AA0A6)
    marker.backgroundColor = UIColor(rgb: 0x1A73E8)
  }

  /// A new trip: traffic spans from the route's congestion annotations.
  func reset(route: Route) {
    for view in trafficViews { view.removeFromSuperview() }
    trafficViews = []
    traffic = []
    var along = 0.0
    let total = max(route.distance, 1)
    for leg in route.legs {
      guard let annotation = leg.annotation else {
        along += leg.distance
        continue
      }
      for (i, level) in annotation.congestion.enumerated() {
        let d = i < annotation.distances.count ? annotation.distances[i] : 0
        if level == .heavy || level == .severe {
          traffic.append((along / total, min(1, (along + d) / total)))
        }
        along += d
      }
    }
    for _ in traffic {
      let view = UIView()
      view.backgroundColor = UIColor(rgb: 0xD93025)
      view.accessibilityIdentifier = "tripProgressBar.traffic"
      insertSubview(view, belowSubview: marker)
      trafficViews.append(view)
    }
    fraction = 0
    shownPercent = -1
    setNeedsLayoutSafely()
  }

  /// The share of the trip travelled; the bar moves when its position changes by half a
  /// point or more, the accessibility label when the whole percentage changes.
  func show(fraction value: Double) {
    let clamped = min(1, max(0, value))
    let percent = Int((clamped * 100).rounded())
    if percent != shownPercent {
      shownPercent = percent
      accessibilityLabel = "Trip progress \(percent) percent"
    }
    let height = bounds.height > 0 ? Double(bounds.height) : 400
    guard abs(clamped - fraction) * height >= 0.5 || (clamped == 1 && fraction != 1) else {
      return
    }
    fraction = clamped
    setNeedsLayoutSafely()
  }
}

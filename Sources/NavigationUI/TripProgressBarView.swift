/// How slow a stretch of the trip ahead is, as the trip progress bar colours it.
enum TripTraffic: Int, Sendable, Hashable {
  /// Some slowing (orange).
  case moderate
  /// Slow traffic (red).
  case heavy
  /// Standstill (dark red).
  case severe

  /// The level of a segment: its congestion, else its numeric congestion (0–100, Mapbox's
  /// bands: 40 moderate, 60 heavy, 80 severe); `nil` for free flow or no data.
  init?(_ level: CongestionLevel?, numeric: Int?) {
    switch level {
    case .moderate?: self = .moderate
    case .heavy?: self = .heavy
    case .severe?: self = .severe
    case .low?: return nil
    default:
      guard let numeric, numeric >= 40 else { return nil }
      self = numeric >= 80 ? .severe : numeric >= 60 ? .heavy : .moderate
    }
  }

  var color: UIColor {
    switch self {
    case .moderate: return UIColor(rgb: 0xF29900)
    case .heavy: return UIColor(rgb: 0xD93025)
    case .severe: return UIColor(rgb: 0x8C1A10)
    }
  }
}

/// The vertical trip progress bar (Guides/Spec.md §12.6): 12 pt wide, height from its
/// constraints, the start at the bottom and the destination mark at the top. The elapsed
/// part fills from the bottom, traffic ahead shows as coloured stretches from the route's
/// congestion annotations (Valhalla, OSRM with annotations, Mapbox), a marker shows the
/// current position. A reroute resets it as if a new trip started there.
@MainActor
final class TripProgressBarView: ComponentView {
  let elapsed = UIView()
  let marker = UIView()
  let destinationMark = UIView()
  private var trafficViews: [UIView] = []
  private(set) var fraction: Double = 0
  private var shownPercent = -1
  /// Stretches of the trip (start and end fractions) with slow traffic, and how slow.
  private(set) var traffic: [(start: Double, end: Double, level: TripTraffic)] = []

  init() {
    super.init(identifier: "tripProgressBar")
    layer.cornerRadius = 6
    elapsed.accessibilityIdentifier = "tripProgressBar.elapsed"
    marker.accessibilityIdentifier = "tripProgressBar.position"
    destinationMark.accessibilityIdentifier = "tripProgressBar.destination"
    marker.layer.cornerRadius = 8
    marker.layer.borderWidth = 2
    marker.layer.borderColor = UIColor.white.cgColor
    destinationMark.layer.cornerRadius = 8
    destinationMark.layer.borderWidth = 2
    destinationMark.layer.borderColor = UIColor.white.cgColor
    addSubview(elapsed)
    addSubview(destinationMark)
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
    for (view, span) in zip(trafficViews, traffic) {
      let y0 = h - h * CGFloat(span.end)
      view.frame = CGRect(x: 0, y: y0, width: 12, height: h * CGFloat(span.end - span.start))
    }
    elapsed.frame = CGRect(x: 0, y: h - done, width: 12, height: done)
    destinationMark.frame = CGRect(x: -2, y: -8, width: 16, height: 16)
    marker.frame = CGRect(x: -2, y: h - done - 8, width: 16, height: 16)
  }

  override func apply(_ theme: NavigationTheme) {
    backgroundColor = theme.isNight ? UIColor(rgb: 0x5F6368) : UIColor(rgb: 0xDADCE0)
    elapsed.backgroundColor = UIColor(rgb: 0x9AA0A6)
    marker.backgroundColor = UIColor(rgb: 0x1A73E8)
    destinationMark.backgroundColor = UIColor(rgb: 0xEA4335)
  }

  /// A new trip: traffic stretches from the route's congestion annotations (segment
  /// lengths from the annotation, else from the leg's shape), adjacent stretches of one
  /// level merged; the elapsed part and the position back at the start.
  func reset(route: Route) {
    for view in trafficViews { view.removeFromSuperview() }
    trafficViews = []
    traffic = []
    var along = 0.0
    let total = max(route.distance, 1)
    for leg in route.legs {
      guard let annotation = leg.annotation,
        !annotation.congestion.isEmpty || !annotation.congestionNumeric.isEmpty
      else {
        along += leg.distance
        continue
      }
      let shape = leg.geometry
      let count = max(annotation.congestion.count, annotation.congestionNumeric.count)
      let legStart = along
      for i in 0..<count {
        var d = i < annotation.distances.count ? annotation.distances[i] : -1
        if d < 0, i + 1 < shape.count { d = Geodesy.distance(shape[i], shape[i + 1]) }
        d = d.isFinite ? max(0, d) : 0
        let level = TripTraffic(
          i < annotation.congestion.count ? annotation.congestion[i] : nil,
          numeric: i < annotation.congestionNumeric.count ? annotation.congestionNumeric[i] : nil)
        if let level {
          let start = along / total
          let end = min(1, (along + d) / total)
          if let last = traffic.last, last.level == level, abs(last.end - start) < 1e-9 {
            traffic[traffic.count - 1].end = end
          } else {
            traffic.append((start, end, level))
          }
        }
        along += d
      }
      // The annotation may miss a little of the leg: keep the legs aligned.
      along = max(along, legStart + leg.distance)
    }
    for span in traffic {
      let view = UIView()
      view.backgroundColor = span.level.color
      view.accessibilityIdentifier = "tripProgressBar.traffic"
      insertSubview(view, belowSubview: elapsed)
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

import Demo
import Foundation
import NavigationCore
import NavigationUI
import ViewKit

// `benchmarks animation [--runs N]`: Core Animation on the map. 1,000 markers moved inside a
// 1 s CATransaction (each move starts two layer animations) against the same moves outside
// one; the overlay items of those markers half-way through their animations (each position
// worked out from its layer) against the same markers at rest; and a frame of a layer's
// explicit opacity animation (`presentationOpacity(at:)`) against a view animation's.

/// Runs the Core Animation suite.
@MainActor
func runCoreAnimationBenchmark(_ arguments: [String]) throws {
  let runs = try Arguments.runs(in: arguments, fallback: 20)
  let clock = ManualClock()
  let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844), clock: clock)
  let monaco = CLLocationCoordinate2D(latitude: 43.7384, longitude: 7.4246)
  func map() -> GMSMapView {
    let mapView = GMSMapView(frame: window.bounds)
    window.addSubview(mapView)
    mapView.camera = GMSCameraPosition(target: monaco, zoom: 16)
    return mapView
  }
  let animatedMap = map()
  let restingMap = map()
  var random = SplitMix64(seed: 21)
  func anywhere() -> CLLocationCoordinate2D {
    animatedMap.projection.coordinate(
      for: CGPoint(x: Double(random.next() % 390), y: Double(random.next() % 844)))
  }
  let places = (0..<1000).map { _ in anywhere() }
  func markers(on mapView: GMSMapView) -> [GMSMarker] {
    places.map { place in
      let marker = GMSMarker(position: place)
      marker.map = mapView
      return marker
    }
  }
  let animated = markers(on: animatedMap)
  let resting = markers(on: restingMap)
  func moveAll(_ list: [GMSMarker], by step: Double) {
    for marker in list {
      marker.position = CLLocationCoordinate2D(
        latitude: marker.position.latitude + step, longitude: marker.position.longitude)
    }
  }

  var inTransaction: [Double] = []
  var outside: [Double] = []
  var itemsAnimating: [Double] = []
  var itemsResting: [Double] = []
  for run in 0..<runs {
    let step = run % 2 == 0 ? 0.0005 : -0.0005
    inTransaction.append(
      elapsed(in: .ms) {
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        moveAll(animated, by: step)
        CATransaction.commit()
      })
    outside.append(elapsed(in: .ms) { moveAll(resting, by: step) })
    clock.advance(by: 0.5)
    itemsAnimating.append(elapsed(in: .ms) { _ = animatedMap.mapOverlayItems() })
    itemsResting.append(elapsed(in: .ms) { _ = restingMap.mapOverlayItems() })
    clock.advance(by: 0.6)
  }
  fact("markers", "1,000 per map, \(runs) moves")
  let pairs = [
    ("move 1,000 markers in a 1 s CATransaction", inTransaction),
    ("the same moves outside a transaction", outside),
    ("overlay items, 1,000 markers half-way", itemsAnimating),
    ("the same markers at rest", itemsResting),
  ]
  for pair in stride(from: 0, to: pairs.count, by: 2) {
    let (ours, peer) = (pairs[pair], pairs[pair + 1])
    report(ours.0, Samples(ours.1), .ms, peer: Peer(name: peer.0, samples: Samples(peer.1)))
  }

  // One layer's opacity on screen mid-animation: explicit (CABasicAnimation) against a
  // view animation (UIView.animate), 100,000 reads each.
  let explicitView = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
  let blockView = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
  window.addSubview(explicitView)
  window.addSubview(blockView)
  let fade = CABasicAnimation(keyPath: "opacity")
  fade.fromValue = 0
  fade.toValue = 1
  fade.duration = 1000
  explicitView.layer.add(fade, forKey: "fade")
  UIView.animate(withDuration: 1000) { blockView.alpha = 0.5 }
  clock.advance(by: 1)
  let reads = 100_000
  let explicitReads = measure(.ns, runs: runs, operations: reads) {
    for i in 0..<reads { _ = explicitView.layer.presentationOpacity(at: 1 + Double(i) * 1e-6) }
  }
  let blockReads = measure(.ns, runs: runs, operations: reads) {
    for i in 0..<reads { _ = blockView.layer.presentationOpacity(at: 1 + Double(i) * 1e-6) }
  }
  report(
    "presentationOpacity, CABasicAnimation", explicitReads, .ns,
    peer: Peer(name: "UIView.animate", samples: blockReads))
}

import Foundation
import Location
import NavigationCore
import Routing
import Testing
import ViewKit

/// Records what a road-snapped engine reports.
@MainActor
final class SnapRecorder: RoadSnappedLocationObserver {
  var fixes: [RoadSnappedFix] = []
  var reroutes: [Route] = []
  /// For each reroute, how many fixes had been reported before it.
  var rerouteAtFix: [Int] = []
  var stepIndices: [Int] = []
  var errors: [String] = []

  func locationEngine(_ engine: RoadSnappedLocationEngine, didUpdate fix: RoadSnappedFix) {
    fixes.append(fix)
    if let step = engine.progress?.currentLegProgress.stepIndex, stepIndices.last != step {
      stepIndices.append(step)
    }
  }

  func locationEngine(_ engine: RoadSnappedLocationEngine, didReroute route: Route) {
    reroutes.append(route)
    rerouteAtFix.append(fixes.count)
  }

  func locationEngine(_ engine: RoadSnappedLocationEngine, didFailWithError error: any Error) {
    errors.append("\(error)")
  }
}

@Suite struct RoadSnapperTests {
  /// A noisy drive that follows the planned route: every snapped fix lies on the route,
  /// progress passes every step, nothing is mistaken for leaving the route, and it arrives.
  @Test func noisyTraceAlongTheRouteSnapsAdvancesAndArrives() throws {
    let engine = try MonacoDrive.engine.get()
    let route = try MonacoDrive.planned()
    let snapper = RoadSnapper(route: route, router: engine.router)
    let fixes = SimulatedDrive(route: route, noise: 10, correlation: 0, seed: 3).fixes()
    var state = snapper.start()
    var steps = Set<Int>()
    var offRoute = 0
    var rawOff = 0.0
    for fix in fixes {
      let (next, snapped) = snapper.update(state, with: fix)
      state = next
      if !snapped.isOnRoute { offRoute += 1 }
      #expect(MonacoDrive.distance(snapped.location.coordinate, to: route) < 0.5)
      rawOff += MonacoDrive.distance(fix.coordinate, to: route)
      if let i = snapper.progress(for: state, now: fix.timestamp)?.currentLegProgress.stepIndex {
        steps.insert(i)
      }
    }
    #expect(rawOff / Double(fixes.count) > 5, "the trace is noisy")
    #expect(offRoute == 0)
    #expect(state.navigation.status == .complete)
    #expect(
      steps.count == route.legs[0].steps.count - 1 || steps.count == route.legs[0].steps.count)
  }

  /// Off the route (or without one), fixes are matched onto the road network: through 10 m
  /// noise on Monaco's dense, stacked roads the matcher keeps to the driven roads far more
  /// often than snapping each fix to its nearest road, online (each fix as it comes) and
  /// more so with hindsight (the whole trace).
  @Test func withoutARouteFixesAreMatchedToRoads() throws {
    let engine = try MonacoDrive.engine.get()
    let route = try MonacoDrive.driven()
    let snapper = RoadSnapper(route: nil, router: engine.router)
    let matcher = try #require(snapper.matcher)
    var total = 0
    var online = 0
    var offline = 0
    var nearest = 0
    func onRoute(_ c: CLLocationCoordinate2D?) -> Bool {
      c.map { MonacoDrive.distance($0, to: route) < 3 } ?? false
    }
    for seed in [5, 6, 7] as [UInt64] {
      let fixes = SimulatedDrive(route: route, noise: 10, correlation: 0, seed: seed).fixes()
      let whole = matcher.match(fixes)
      var state = snapper.start()
      for (k, fix) in fixes.enumerated() {
        let (next, snapped) = snapper.update(state, with: fix)
        state = next
        let m = try #require(snapped.matched)
        #expect(snapped.location.coordinate == m.coordinate)
        #expect(snapped.location.course == m.bearing)
        total += 1
        if onRoute(m.coordinate) { online += 1 }
        if onRoute(whole[k]?.coordinate) { offline += 1 }
        let plain = engine.router.index.nearest(fix.coordinate, in: engine.router.graph).first
        if onRoute(plain?.coordinate) { nearest += 1 }
      }
    }
    let share = { (n: Int) in Double(n) / Double(total) }
    #expect(share(online) > 0.85, "online \(online) of \(total)")
    #expect(share(offline) > 0.9, "whole trace \(offline) of \(total)")
    #expect(share(online) > share(nearest) + 0.15, "nearest road \(nearest) of \(total)")
  }

  /// A wrong turn: the engine, fed by a location manager replaying the drive on a manual
  /// clock, notices leaving the route (not before the vehicle really leaves it), reroutes
  /// through the router, and arrives.
  @MainActor
  @Test func wrongTurnIsDetectedReroutedAndArrives() throws {
    let engine = try MonacoDrive.engine.get()
    let planned = try MonacoDrive.planned()
    let driven = try MonacoDrive.driven()
    let fixes = SimulatedDrive(route: driven, noise: 10, correlation: 0.5, seed: 11).fixes()
    let clock = ManualClock()
    let manager = CLLocationManager(source: ReplayLocationSource(fixes: fixes), clock: clock)
    let location = RoadSnappedLocationEngine(locationManager: manager, routeEngine: engine)
    let recorder = SnapRecorder()
    location.addObserver(recorder)
    location.setRoute(planned)
    location.startUpdatingLocation()
    clock.advance(by: fixes.last!.timestamp - fixes[0].timestamp + 1)
    #expect(recorder.fixes.count == fixes.count)
    #expect(location.rerouteCount >= 1)
    #expect(recorder.reroutes.count == location.rerouteCount)
    // The first reroute comes after the vehicle is really away from the planned route.
    let first = try #require(recorder.rerouteAtFix.first)
    let truth = LocationSimulator(route: driven).run()
    let away = truth.firstIndex { MonacoDrive.distance($0.coordinate, to: planned) > 20 } ?? 0
    #expect(first > away, "reroute at fix \(first), wrong turn at \(away)")
    #expect(first < away + 30)
    #expect(recorder.stepIndices.count >= 3)
    #expect(location.progress?.currentLegProgress.leg != nil)
    #expect(recorder.fixes.last?.status == .complete)
    #expect(Geodesy.distance(location.location!.coordinate, MonacoDrive.casino) < 60)
  }
}

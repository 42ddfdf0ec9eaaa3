import Testing

@testable import NavigationCore

@Suite struct LightingAndAlternatesTests {
  let monaco = CLLocationCoordinate2D(latitude: 43.7296, longitude: 7.4168)
  let helsinki = CLLocationCoordinate2D(latitude: 60.1699, longitude: 24.9384)
  // 2024-06-21T00:00:00Z
  let june21 = 1_718_928_000.0

  @Test func solarElevationKnownValues() {
    // Monaco solar noon near the solstice: 90 - 43.73 + 23.44 ≈ 69.7°.
    let noon = june21 + 12 * 3600 - 7.4168 * 240 + 100
    #expect(abs(SolarPosition.elevation(at: monaco, time: noon) - 69.7) < 0.5)
    // Monaco at local midnight: well below the horizon.
    #expect(SolarPosition.elevation(at: monaco, time: june21 - 1800) < -20)
    // Helsinki sunset on 2024-06-21 is 22:50 EEST (19:50 UTC): elevation ≈ -0.8° then.
    let sunset = june21 + 19 * 3600 + 50 * 60
    #expect(abs(SolarPosition.elevation(at: helsinki, time: sunset) + 0.8) < 0.6)
  }

  @Test func lightingSwitchesAfterDwellOnly() {
    let advisor = LightingModeAdvisor()
    var s = LightingModeAdvisor.State()
    let day = june21 + 10 * 3600
    s = advisor.update(s, at: monaco, now: day)
    #expect(s.suggested == .normal)
    // Monaco sunset ≈ 19:17 UTC on the solstice; by 20:00 UTC the sun is below -4°.
    let night = june21 + 20 * 3600
    s = advisor.update(s, at: monaco, now: night)
    #expect(s.suggested == .normal)
    #expect(s.candidate == .lowLight)
    s = advisor.update(s, at: monaco, now: night + 30)
    #expect(s.suggested == .normal)
    s = advisor.update(s, at: monaco, now: night + 61)
    #expect(s.suggested == .lowLight)
    // A brief return (e.g. a bad position) within the dwell does not switch back.
    s = advisor.update(s, at: monaco, now: day + 86400)
    #expect(s.suggested == .lowLight)
    s = advisor.update(s, at: monaco, now: night + 200)
    #expect(s.candidate == nil && s.suggested == .lowLight)
    #expect(LightingMode.lowLight.rawValue == 1)
  }

  @Test func alternateRoutesStrategy() {
    let a = SyntheticRoutes.route([(90, 100)])
    let b = SyntheticRoutes.route([(0, 100)])
    let c = SyntheticRoutes.route([(180, 100)])
    let d = SyntheticRoutes.route([(270, 100)])
    let routes = [a, b, c, d, a]
    #expect(AlternateRoutesStrategy.all.select(from: routes).alternates == [b, c])
    #expect(AlternateRoutesStrategy.one.select(from: routes).alternates == [b])
    #expect(AlternateRoutesStrategy.none.select(from: routes).alternates.isEmpty)
    #expect(AlternateRoutesStrategy.all.select(from: [a, a]).alternates.isEmpty)
    #expect(AlternateRoutesStrategy.all.select(from: []).main == nil)
    #expect(AlternateRoutesStrategy(rawValue: 1) == AlternateRoutesStrategy.none)
    #expect(AlternateRoutesStrategy.one.rawValue == 2)
    #expect(RoutingOptions(routingStrategy: .shorter).hasIncompatibleCombination)
    #expect(
      !RoutingOptions(routingStrategy: .shorter, alternateRoutesStrategy: .none)
        .hasIncompatibleCombination)
  }
}

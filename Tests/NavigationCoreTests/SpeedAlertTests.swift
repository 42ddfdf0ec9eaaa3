import Testing

@testable import NavigationCore

@Suite struct SpeedAlertTests {
  let kmh = 1 / 3.6
  let limit50 = SpeedLimit.known(value: 50, unit: .kilometersPerHour)

  func run(_ options: SpeedAlertOptions, _ speedsKmh: [Double], limit: SpeedLimit?)
    -> [SpeedAlertSeverity]
  {
    var s = SpeedAlertState()
    var out: [SpeedAlertSeverity] = []
    for (t, v) in speedsKmh.enumerated() {
      s = options.update(s, speed: v * kmh, limit: limit, now: Double(t))
      out.append(s.severity)
    }
    return out
  }

  @Test func defaultThresholdsKmh() {
    let o = SpeedAlertOptions()
    #expect(
      run(o, [50, 59.9, 60.5, 69.9, 70.5, 80], limit: limit50) == [
        .notSpeeding, .notSpeeding, .minor, .minor, .major, .major,
      ])
  }

  @Test func defaultThresholdsMph() {
    let o = SpeedAlertOptions()
    let mph = 1.609344
    let limit = SpeedLimit.known(value: 30, unit: .milesPerHour)
    #expect(
      run(o, [34.9 * mph, 35.5 * mph, 40.5 * mph], limit: limit) == [.notSpeeding, .minor, .major])
  }

  @Test func hysteresisPreventsFlicker() {
    let o = SpeedAlertOptions()
    // Oscillating around 60 km/h (the minor threshold) stays minor once entered.
    let sev = run(o, [61, 59.8, 60.2, 59.6, 60.1, 57.5], limit: limit50)
    #expect(sev == [.minor, .minor, .minor, .minor, .minor, .notSpeeding])
    let major = run(o, [71, 69.5, 70.2, 67.5], limit: limit50)
    #expect(major == [.major, .major, .major, .minor])
  }

  @Test func percentagesAndUpgradeDuration() {
    let o = SpeedAlertOptions(minorPercentage: 0.1, majorPercentage: 0.3, upgradeAfter: 3)
    // 56 km/h is over 55 (10 %): minor, then major after 3 s.
    #expect(
      run(o, [56, 56, 56, 56, 56], limit: limit50) == [.minor, .minor, .minor, .major, .major])
    #expect(run(o, [66], limit: limit50) == [.major])
  }

  @Test func unknownLimitOrSpeed() {
    let o = SpeedAlertOptions()
    #expect(run(o, [80], limit: nil) == [.unknown])
    #expect(run(o, [80], limit: .unknown) == [.unknown])
    #expect(run(o, [200], limit: SpeedLimit.none) == [.notSpeeding])
    #expect(o.update(SpeedAlertState(), speed: -1, limit: limit50, now: 0).severity == .unknown)
    #expect(o.update(SpeedAlertState(), speed: .nan, limit: limit50, now: 0).severity == .unknown)
    #expect(SpeedAlertSeverity.major.rawValue == 1 && SpeedAlertSeverity.unknown.rawValue == -2)
  }
}

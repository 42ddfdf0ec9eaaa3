import Foundation

/// The sun's position from the NOAA solar calculator equations (after Meeus,
/// *Astronomical Algorithms*); accurate to about 0.1° for dates 1901–2099.
public enum SolarPosition {
  /// The sun's elevation above the horizon in degrees (no refraction), at `coordinate`
  /// and `time` in seconds since 1970-01-01T00:00:00Z.
  public static func elevation(at coordinate: CLLocationCoordinate2D, time: Double) -> Double {
    let rad = Double.pi / 180
    let jd = time / 86400 + 2_440_587.5
    let jc = (jd - 2_451_545) / 36525
    let l0 = (280.46646 + jc * (36000.76983 + jc * 0.0003032)).truncatingRemainder(dividingBy: 360)
    let m = 357.52911 + jc * (35999.05029 - 0.0001537 * jc)
    let e = 0.016708634 - jc * (0.000042037 + 0.0000001267 * jc)
    let c =
      sin(m * rad) * (1.914602 - jc * (0.004817 + 0.000014 * jc))
      + sin(2 * m * rad) * (0.019993 - 0.000101 * jc) + sin(3 * m * rad) * 0.000289
    let trueLong = l0 + c
    let omega = 125.04 - 1934.136 * jc
    let appLong = trueLong - 0.00569 - 0.00478 * sin(omega * rad)
    let meanObliq = 23 + (26 + (21.448 - jc * (46.815 + jc * (0.00059 - jc * 0.001813))) / 60) / 60
    let obliq = meanObliq + 0.00256 * cos(omega * rad)
    let decl = asin(sin(obliq * rad) * sin(appLong * rad))
    let y = pow(tan(obliq * rad / 2), 2)
    let eqTime =
      4
      * (y * sin(2 * l0 * rad) - 2 * e * sin(m * rad) + 4 * e * y * sin(m * rad) * cos(2 * l0 * rad)
        - 0.5 * y * y * sin(4 * l0 * rad) - 1.25 * e * e * sin(2 * m * rad)) / rad
    var dayMinutes = (time / 60).truncatingRemainder(dividingBy: 1440)
    if dayMinutes < 0 { dayMinutes += 1440 }
    var trueSolar = (dayMinutes + eqTime + 4 * coordinate.longitude).truncatingRemainder(
      dividingBy: 1440)
    if trueSolar < 0 { trueSolar += 1440 }
    let hourAngle = trueSolar / 4 < 0 ? trueSolar / 4 + 180 : trueSolar / 4 - 180
    let lat = coordinate.latitude * rad
    let cosZenith = sin(lat) * sin(decl) + cos(lat) * cos(decl) * cos(hourAngle * rad)
    return 90 - acos(min(1, max(-1, cosZenith))) / rad
  }
}

import Foundation

/// Why an NMEA 0183 sentence or log could not be read, with the 1-based line it is on.
public enum NMEAError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The line does not start with `$` (or `!`).
  case missingStart(line: Int)
  /// The checksum after `*` is not two hexadecimal digits.
  case malformedChecksum(line: Int, text: String)
  /// The checksum does not match the sentence's bytes.
  case checksumMismatch(line: Int, expected: UInt8, found: UInt8)
  /// The address field is not a talker and a three-letter sentence type.
  case malformedAddress(line: Int, address: String)
  /// A known sentence has fewer fields than it needs.
  case tooFewFields(line: Int, sentence: String, expected: Int, found: Int)
  /// A field of a known sentence has a value that is not allowed there.
  case invalidField(line: Int, sentence: String, field: String, value: String)

  /// The 1-based line of the offending sentence.
  public var line: Int {
    switch self {
    case .missingStart(let l), .malformedChecksum(let l, _), .checksumMismatch(let l, _, _),
      .malformedAddress(let l, _), .tooFewFields(let l, _, _, _), .invalidField(let l, _, _, _):
      return l
    }
  }

  /// A one-line message naming what went wrong and where.
  public var description: String {
    switch self {
    case .missingStart(let l): return "line \(l): an NMEA sentence starts with '$'"
    case .malformedChecksum(let l, let text):
      return "line \(l): checksum '\(text)' is not two hexadecimal digits"
    case .checksumMismatch(let l, let expected, let found):
      return "line \(l): checksum is \(NMEAParser.hex(found)), the sentence's bytes give "
        + NMEAParser.hex(expected)
    case .malformedAddress(let l, let address):
      return "line \(l): address '\(address)' is not a talker and a sentence type"
    case .tooFewFields(let l, let sentence, let expected, let found):
      return "line \(l): \(sentence) needs \(expected) fields, has \(found)"
    case .invalidField(let l, let sentence, let field, let value):
      return "line \(l): \(sentence) field \(field) has invalid value '\(value)'"
    }
  }
}

/// `GGA`: time, position, fix quality, satellites, HDOP and altitude.
public struct NMEAGGA: Sendable, Hashable {
  /// UTC seconds since midnight.
  public var time: Double?
  /// Position, nil without a fix.
  public var coordinate: CLLocationCoordinate2D?
  /// Fix quality: 0 invalid, 1 GPS, 2 DGPS, 4 RTK fixed, 5 RTK float, 6 estimated, 8 simulation.
  public var quality: Int
  /// Satellites in use.
  public var satellites: Int?
  /// Horizontal dilution of precision.
  public var hdop: Double?
  /// Altitude above mean sea level in meters.
  public var altitude: Double?
}

/// `RMC`: the recommended minimum: time, date, validity, position, speed and course.
public struct NMEARMC: Sendable, Hashable {
  /// UTC seconds since midnight.
  public var time: Double?
  /// Whether the receiver calls the data valid (`A`).
  public var isValid: Bool
  /// Position, nil without a fix.
  public var coordinate: CLLocationCoordinate2D?
  /// Speed over ground in meters per second.
  public var speed: Double?
  /// Course over ground in degrees from true north.
  public var course: Double?
  /// UTC seconds since 1970-01-01 of the date's midnight, when the date field is set.
  public var date: Double?
}

/// `VTG`: course and speed over ground.
public struct NMEAVTG: Sendable, Hashable {
  /// Course over ground in degrees from true north.
  public var course: Double?
  /// Speed over ground in meters per second.
  public var speed: Double?
}

/// `GSA`: fix mode, satellites used and dilutions of precision.
public struct NMEAGSA: Sendable, Hashable {
  /// 1 no fix, 2 two-dimensional, 3 three-dimensional.
  public var fixMode: Int
  /// PRNs of the satellites used.
  public var satellites: [Int]
  /// Position dilution of precision.
  public var pdop: Double?
  /// Horizontal dilution of precision.
  public var hdop: Double?
  /// Vertical dilution of precision.
  public var vdop: Double?
}

/// One NMEA sentence, decoded when it is one of the kinds navigation needs.
public enum NMEASentence: Sendable, Hashable {
  /// Fix data.
  case gga(NMEAGGA)
  /// Recommended minimum data.
  case rmc(NMEARMC)
  /// Course and speed.
  case vtg(NMEAVTG)
  /// Dilution of precision and active satellites.
  case gsa(NMEAGSA)
  /// A well-formed sentence of another type (GSV, GLL, proprietary …), kept by name.
  case other(type: String)
}

/// A parser of NMEA 0183 sentences and logs: GGA, RMC, VTG and GSA are decoded, checksums
/// checked, other sentence types passed over; bad input is an ``NMEAError`` naming its line.
///
/// ```swift
/// let sentence = try NMEAParser.parse(sentence: "$GPVTG,54.7,T,,M,005.5,N,010.2,K*48")
/// let fixes = try NMEAParser.fixes(fromLog: text)  // one CLLocation per epoch
/// ```
public enum NMEAParser {
  /// Meters per second in one knot.
  public static let metersPerSecondPerKnot = 1852.0 / 3600.0
  /// The receiver's user-equivalent range error: horizontal accuracy is HDOP times this.
  public static let userEquivalentRangeError = 4.0

  /// The XOR of the bytes between `$` and `*`.
  public static func checksum<S: StringProtocol>(_ body: S) -> UInt8 {
    body.utf8.reduce(0) { $0 ^ $1 }
  }

  static func hex(_ value: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(value >> 4)], digits[Int(value & 15)]])
  }

  /// `body` framed as a sentence: `$body*CS`.
  public static func sentence(_ body: String) -> String { "$\(body)*\(hex(checksum(body)))" }

  /// Decodes one sentence; `line` is the line number errors report.
  public static func parse(sentence text: String, line: Int = 1) throws(NMEAError) -> NMEASentence {
    var s = Substring(text)
    while let last = s.last, last.isNewline || last == " " { s = s.dropLast() }
    guard let first = s.first, first == "$" || first == "!" else {
      throw .missingStart(line: line)
    }
    s = s.dropFirst()
    if let star = s.lastIndex(of: "*") {
      let body = s[..<star]
      let sum = s[s.index(after: star)...]
      guard sum.count == 2, let found = UInt8(sum, radix: 16) else {
        throw .malformedChecksum(line: line, text: String(sum))
      }
      let expected = checksum(body)
      guard expected == found else {
        throw .checksumMismatch(line: line, expected: expected, found: found)
      }
      s = body
    }
    let fields = s.split(separator: ",", omittingEmptySubsequences: false)
    let address = fields[0]
    if address.first == "P" { return .other(type: String(address)) }
    guard address.count == 5, address.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
    else { throw .malformedAddress(line: line, address: String(address)) }
    let type = String(address.suffix(3))
    var reader = FieldReader(fields: fields, line: line, sentence: type)
    switch type {
    case "GGA":
      try reader.require(10)
      let time = try reader.time(1)
      let quality = try reader.int(6) ?? 0
      return .gga(
        NMEAGGA(
          time: time, coordinate: quality == 0 ? nil : try reader.coordinate(2),
          quality: quality, satellites: try reader.int(7), hdop: try reader.double(8),
          altitude: try reader.double(9)))
    case "RMC":
      try reader.require(10)
      let status = reader[2]
      guard status == "A" || status == "V" || status.isEmpty else {
        throw .invalidField(line: line, sentence: type, field: "status", value: status)
      }
      let knots = try reader.double(7)
      return .rmc(
        NMEARMC(
          time: try reader.time(1), isValid: status == "A",
          coordinate: status == "A" ? try reader.coordinate(3) : nil,
          speed: knots.map { $0 * metersPerSecondPerKnot }, course: try reader.course(8),
          date: try reader.date(9)))
    case "VTG":
      try reader.require(8)
      var speed = try reader.double(5).map { $0 * metersPerSecondPerKnot }
      if speed == nil, let kmh = try reader.double(7) { speed = kmh / 3.6 }
      return .vtg(NMEAVTG(course: try reader.course(1), speed: speed))
    case "GSA":
      try reader.require(18)
      let mode = try reader.int(2) ?? 1
      guard (1...3).contains(mode) else {
        throw .invalidField(line: line, sentence: type, field: "fix mode", value: reader[2])
      }
      var satellites: [Int] = []
      for k in 3..<15 { if let prn = try reader.int(k) { satellites.append(prn) } }
      return .gsa(
        NMEAGSA(
          fixMode: mode, satellites: satellites, pdop: try reader.double(15),
          hdop: try reader.double(16), vdop: try reader.double(17)))
    default:
      return .other(type: type)
    }
  }

  /// Decodes every sentence of a log, one per line; blank lines and `#` comments (as in
  /// gpsfake logs) are skipped.
  public static func parse(log: String) throws(NMEAError) -> [NMEASentence] {
    var out: [NMEASentence] = []
    var number = 0
    for raw in log.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      number += 1
      let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
      if text.isEmpty || text.hasPrefix("#") { continue }
      out.append(try parse(sentence: text, line: number))
    }
    return out
  }

  /// The fixes of a log: one per epoch (sentences sharing a UTC time), combining RMC, GGA,
  /// VTG and GSA; epochs without a valid position are left out. Timestamps are UTC seconds
  /// since 1970 when an RMC gave the date, else seconds since midnight.
  public static func fixes(fromLog log: String) throws(NMEAError) -> [CLLocation] {
    var assembler = NMEAFixAssembler()
    var out: [CLLocation] = []
    for sentence in try parse(log: log) {
      if let fix = assembler.add(sentence) { out.append(fix) }
    }
    if let fix = assembler.finish() { out.append(fix) }
    return out
  }

  /// Reads fields of one sentence, throwing errors that name the sentence and line.
  struct FieldReader {
    let fields: [Substring]
    let line: Int
    let sentence: String

    subscript(_ i: Int) -> String { i < fields.count ? String(fields[i]) : "" }

    func require(_ count: Int) throws(NMEAError) {
      guard fields.count >= count else {
        throw .tooFewFields(line: line, sentence: sentence, expected: count, found: fields.count)
      }
    }

    func fail(_ field: String, _ i: Int) -> NMEAError {
      .invalidField(line: line, sentence: sentence, field: field, value: self[i])
    }

    func double(_ i: Int) throws(NMEAError) -> Double? {
      let text = self[i]
      if text.isEmpty { return nil }
      guard let v = Double(text), v.isFinite, v >= 0 else { throw fail("\(i)", i) }
      return v
    }

    func int(_ i: Int) throws(NMEAError) -> Int? {
      let text = self[i]
      if text.isEmpty { return nil }
      guard let v = Int(text), v >= 0 else { throw fail("\(i)", i) }
      return v
    }

    func course(_ i: Int) throws(NMEAError) -> Double? {
      guard let c = try double(i) else { return nil }
      guard c <= 360 else { throw fail("course", i) }
      return c.truncatingRemainder(dividingBy: 360)
    }

    /// `hhmmss.ss` as seconds since midnight.
    func time(_ i: Int) throws(NMEAError) -> Double? {
      let text = self[i]
      if text.isEmpty { return nil }
      let chars = Array(text.utf8)
      guard chars.count >= 6, let h = Int(text.prefix(2)), let m = Int(text.dropFirst(2).prefix(2)),
        let s = Double(text.dropFirst(4)), h < 24, m < 60, s >= 0, s < 61
      else { throw fail("time", i) }
      return Double(h * 3600 + m * 60) + s
    }

    /// `ddmmyy` as seconds since 1970 at that day's midnight (years 80–99 are 19xx).
    func date(_ i: Int) throws(NMEAError) -> Double? {
      let text = self[i]
      if text.isEmpty { return nil }
      guard text.count == 6, let d = Int(text.prefix(2)), let mo = Int(text.dropFirst(2).prefix(2)),
        let y = Int(text.suffix(2)), (1...31).contains(d), (1...12).contains(mo)
      else { throw fail("date", i) }
      let year = y >= 80 ? 1900 + y : 2000 + y
      return Double(NMEAParser.daysFromCivil(year: year, month: mo, day: d)) * 86_400
    }

    /// `ddmm.mmmm,N,dddmm.mmmm,E` at fields `i`…`i+3`.
    func coordinate(_ i: Int) throws(NMEAError) -> CLLocationCoordinate2D? {
      let lat = self[i]
      let lon = self[i + 2]
      if lat.isEmpty && lon.isEmpty { return nil }
      guard let latitude = angle(lat, degreeDigits: 2), latitude <= 90 else {
        throw fail("latitude", i)
      }
      guard let longitude = angle(lon, degreeDigits: 3), longitude <= 180 else {
        throw fail("longitude", i + 2)
      }
      let ns = self[i + 1]
      let ew = self[i + 3]
      guard ns == "N" || ns == "S" else { throw fail("N/S", i + 1) }
      guard ew == "E" || ew == "W" else { throw fail("E/W", i + 3) }
      return CLLocationCoordinate2D(
        latitude: ns == "S" ? -latitude : latitude, longitude: ew == "W" ? -longitude : longitude)
    }

    func angle(_ text: String, degreeDigits: Int) -> Double? {
      guard text.count > degreeDigits + 1, let d = Int(text.prefix(degreeDigits)),
        let m = Double(text.dropFirst(degreeDigits)), m >= 0, m < 60
      else { return nil }
      return Double(d) + m / 60
    }
  }

  /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }
}

/// Combines the sentences of one epoch (RMC, GGA, VTG, GSA sharing a UTC time) into a fix.
///
/// Feed sentences in log order; ``add(_:)`` returns the previous epoch's fix when a sentence
/// with a new time starts the next one, and ``finish()`` returns the last.
public struct NMEAFixAssembler: Sendable {
  var time: Double?
  var date: Double?
  var coordinate: CLLocationCoordinate2D?
  var valid = false
  var altitude: Double?
  var hdop: Double?
  var course: Double?
  var speed: Double?
  var fixMode = 0
  var dayOffset = 0.0
  var lastTimeOfDay: Double?

  /// An empty assembler.
  public init() {}

  /// Adds a sentence; returns a completed fix when this sentence begins a new epoch.
  public mutating func add(_ sentence: NMEASentence) -> CLLocation? {
    var sentenceTime: Double?
    switch sentence {
    case .gga(let g): sentenceTime = g.time
    case .rmc(let r): sentenceTime = r.time
    default: break
    }
    var done: CLLocation?
    if let t = sentenceTime, let current = time, t != current {
      done = finish()
    }
    if let t = sentenceTime { time = t }
    switch sentence {
    case .gga(let g):
      if let c = g.coordinate, g.quality > 0 {
        coordinate = c
        valid = true
      }
      altitude = g.altitude ?? altitude
      hdop = g.hdop ?? hdop
    case .rmc(let r):
      if let c = r.coordinate, r.isValid {
        coordinate = c
        valid = true
      }
      if let d = r.date { date = d }
      course = r.course ?? course
      speed = r.speed ?? speed
    case .vtg(let v):
      course = v.course ?? course
      speed = v.speed ?? speed
    case .gsa(let g):
      fixMode = g.fixMode
      hdop = g.hdop ?? hdop
    case .other: break
    }
    return done
  }

  /// The fix of the epoch in progress, if it has a valid position; resets for the next one.
  public mutating func finish() -> CLLocation? {
    defer {
      coordinate = nil
      valid = false
      altitude = nil
      hdop = nil
      course = nil
      speed = nil
      fixMode = 0
      time = nil
    }
    guard valid, let c = coordinate, fixMode != 1 else { return nil }
    var t = time ?? 0
    if let last = lastTimeOfDay, t < last - 43_200, date == nil { dayOffset += 86_400 }
    lastTimeOfDay = time ?? lastTimeOfDay
    t += (date ?? 0) + (date == nil ? dayOffset : 0)
    return CLLocation(
      coordinate: c, altitude: altitude,
      horizontalAccuracy: (hdop ?? 1) * NMEAParser.userEquivalentRangeError,
      course: course ?? -1, speed: speed ?? -1, timestamp: t)
  }
}

/// Writes fixes as NMEA sentences (RMC, GGA, GSA and VTG, with checksums), for logs that
/// gpsd, gpsfake and ``NMEAParser`` read.
public enum NMEAWriter {
  /// The sentences of one fix; `timestamp` is UTC seconds since 1970. HDOP is the fix's
  /// accuracy divided by ``NMEAParser/userEquivalentRangeError``.
  public static func sentences(for fix: CLLocation, satellites: Int = 9) -> [String] {
    let t = fix.timestamp
    let day = (t / 86_400).rounded(.down)
    let secondOfDay = t - day * 86_400
    let h = Int(secondOfDay / 3600)
    let m = Int(secondOfDay.truncatingRemainder(dividingBy: 3600) / 60)
    let s = secondOfDay.truncatingRemainder(dividingBy: 60)
    let time = pad(h, 2) + pad(m, 2) + (s < 10 ? "0" : "") + Format.fixed(s, 2)
    let (y, mo, d) = civil(days: Int(day))
    let date = pad(d, 2) + pad(mo, 2) + pad(y % 100, 2)
    let lat = angle(abs(fix.coordinate.latitude), degreeDigits: 2)
    let lon = angle(abs(fix.coordinate.longitude), degreeDigits: 3)
    let ns = fix.coordinate.latitude < 0 ? "S" : "N"
    let ew = fix.coordinate.longitude < 0 ? "W" : "E"
    let knots = fix.speed >= 0 ? Format.fixed(fix.speed / NMEAParser.metersPerSecondPerKnot, 2) : ""
    let kmh = fix.speed >= 0 ? Format.fixed(fix.speed * 3.6, 2) : ""
    let course = fix.course >= 0 ? Format.fixed(fix.course, 1) : ""
    let hdop = Format.fixed(
      max(0.5, fix.horizontalAccuracy / NMEAParser.userEquivalentRangeError), 1)
    let altitude = Format.fixed(fix.altitude ?? 0, 1)
    let prns = (1...12).map { $0 <= satellites ? pad($0 + 2, 2) : "" }.joined(separator: ",")
    return [
      NMEAParser.sentence(
        "GPRMC,\(time),A,\(lat),\(ns),\(lon),\(ew),\(knots),\(course),\(date),,,A"),
      NMEAParser.sentence(
        "GPGGA,\(time),\(lat),\(ns),\(lon),\(ew),1,\(pad(satellites, 2)),\(hdop),\(altitude),M,"
          + "47.0,M,,"),
      NMEAParser.sentence("GPGSA,A,3,\(prns),\(hdop),\(hdop),\(hdop)"),
      NMEAParser.sentence("GPVTG,\(course),T,,M,\(knots),N,\(kmh),K,A"),
    ]
  }

  static func pad(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }

  static func angle(_ degrees: Double, degreeDigits: Int) -> String {
    var d = Int(degrees)
    var minutes = (degrees - Double(d)) * 60
    if (minutes * 10_000).rounded() >= 600_000 {
      d += 1
      minutes = 0
    }
    return pad(d, degreeDigits) + (minutes < 10 ? "0" : "") + Format.fixed(minutes, 4)
  }

  /// Year, month and day of a count of days since 1970-01-01.
  static func civil(days: Int) -> (Int, Int, Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
  }
}

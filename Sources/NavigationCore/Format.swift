/// Fixed-precision number formatting that does not depend on the locale.
enum Format {
  /// `value` with exactly `digits` decimals, rounded half away from zero; `nan`/`inf` spelled out.
  static func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    guard scaled < 9.0e15 else { return String(value) }
    let whole = Int64(scaled)
    let negative = value < 0 && whole != 0
    var digitsText = String(whole)
    if digits > 0 {
      if digitsText.count <= digits {
        digitsText = String(repeating: "0", count: digits - digitsText.count + 1) + digitsText
      }
      digitsText.insert(".", at: digitsText.index(digitsText.endIndex, offsetBy: -digits))
    }
    return negative ? "-" + digitsText : digitsText
  }
}

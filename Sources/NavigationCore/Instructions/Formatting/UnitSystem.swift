import Foundation

/// The units distances are shown in.
public enum UnitSystem: String, Sendable, Equatable, CaseIterable {
  /// Metres and kilometres.
  case metric
  /// Feet and miles.
  case imperial

  /// The system road signs use in the locale's region: imperial in the United States,
  /// the United Kingdom, Liberia and Myanmar (and their territories that follow them),
  /// metric elsewhere and when the locale has no region.
  public static func preferred(for locale: Locale) -> UnitSystem {
    guard let region = locale.region?.identifier.uppercased() else { return .metric }
    return imperialRegions.contains(region) ? .imperial : .metric
  }

  private static let imperialRegions: Set<String> = [
    "US", "GB", "LR", "MM", "PR", "GU", "VI", "AS", "MP", "UM", "IM", "JE", "GG",
  ]
}

/// Unit words for one language, used by the distance and time formatters.
struct NavigationUnitNames: Sendable {
  var meters = "m"
  var kilometers = "km"
  var feet = "ft"
  var miles = "mi"
  var minutes = "min"
  var hours = "h"
  var days = "d"
  /// Put between a number and its unit: a space, or nothing in Chinese and Japanese.
  var separator = " "

  /// The names for a locale's language; international symbols when it has none of its own.
  static func forLocale(_ locale: Locale) -> NavigationUnitNames {
    let identifier = locale.identifier.replacingOccurrences(of: "_", with: "-")
    let language = locale.language.languageCode?.identifier ?? identifier
    switch language {
    case "th":
      return NavigationUnitNames(
        meters: "ม.", kilometers: "กม.", feet: "ฟุต", miles: "ไมล์", minutes: "นาที",
        hours: "ชม.", days: "วัน")
    case "zh":
      let simplified =
        identifier.contains("Hans") || identifier.hasSuffix("CN")
        || identifier.hasSuffix("SG") || identifier == "zh"
      return simplified
        ? NavigationUnitNames(
          meters: "米", kilometers: "公里", feet: "英尺", miles: "英里", minutes: "分钟",
          hours: "小时", days: "天", separator: "")
        : NavigationUnitNames(
          meters: "公尺", kilometers: "公里", feet: "英尺", miles: "英里", minutes: "分鐘",
          hours: "小時", days: "天", separator: "")
    case "ja":
      return NavigationUnitNames(minutes: "分", hours: "時間", days: "日", separator: "")
    case "ru", "uk":
      return NavigationUnitNames(
        meters: "м", kilometers: "км", feet: "фт", miles: "ми", minutes: "мин",
        hours: "ч", days: language == "ru" ? "д" : "дн")
    case "de":
      return NavigationUnitNames(minutes: "Min.", hours: "Std.", days: "T.")
    case "fr":
      return NavigationUnitNames(days: "j")
    case "ar":
      // CLDR's short forms: كم, م, قدم, ميل; د (دقيقة), س (ساعة), ي (يوم).
      return NavigationUnitNames(
        meters: "م", kilometers: "كم", feet: "قدم", miles: "ميل", minutes: "د", hours: "س",
        days: "ي")
    case "he":
      return NavigationUnitNames(
        meters: "מ׳", kilometers: "ק״מ", feet: "רגל", miles: "מייל", minutes: "דק׳",
        hours: "שע׳", days: "י׳")
    case "fa":
      return NavigationUnitNames(
        meters: "متر", kilometers: "کیلومتر", feet: "فوت", miles: "مایل", minutes: "دقیقه",
        hours: "ساعت", days: "روز")
    default:
      return NavigationUnitNames()
    }
  }
}

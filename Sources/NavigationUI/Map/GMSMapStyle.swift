import Foundation

/// A map style in Google's JSON styling format (`GMSMapStyle`): a list of rules, each with
/// an optional `featureType` and `elementType` and a list of `stylers`.
///
/// ```swift
/// mapView.mapStyle = try GMSMapStyle(jsonString: """
///   [{"featureType": "road", "elementType": "geometry", "stylers": [{"visibility": "off"}]}]
///   """)
/// ```
///
/// Applied to the OpenStreetMap base map: feature types `all`, `landscape` (and
/// `.man_made` — buildings — and `.natural`), `poi` and `poi.park` (parks), `road`,
/// `road.highway`, `road.arterial`, `road.local`, `transit` and `transit.line` (railways),
/// `water`; element types `all`, `geometry` (`.fill`, `.stroke`), `labels` (`.text`,
/// `.text.fill`, `.text.stroke`, `.icon`); stylers `color`, `visibility` (`on`, `off`,
/// `simplified`), `lightness`, `saturation`, `weight`, `hue`, `gamma`, `invert_lightness`.
/// Other feature types, element types and styler keys are kept and listed in ``warnings``
/// rather than refused.
public final class GMSMapStyle: Sendable {
  /// One styler of a rule.
  public enum Styler: Sendable, Hashable {
    /// A colour, `0xRRGGBB`.
    case color(UInt32)
    /// `on`, `off` or `simplified`.
    case visibility(String)
    /// -100 (black) … 100 (white).
    case lightness(Double)
    /// -100 (grey) … 100.
    case saturation(Double)
    /// A line width factor (widths in points: 1 is the default width).
    case weight(Double)
    /// A hue, `0xRRGGBB`.
    case hue(UInt32)
    /// A gamma, 0.01 … 10.
    case gamma(Double)
    /// Whether lightness is inverted.
    case invertLightness(Bool)
  }

  /// One rule: what it selects and how it styles it.
  public struct Rule: Sendable, Hashable {
    /// The feature type (`all` when absent).
    public var featureType: String
    /// The element type (`all` when absent).
    public var elementType: String
    /// The stylers in order.
    public var stylers: [Styler]
  }

  /// The rules in order (a later rule wins over an earlier one).
  public let rules: [Rule]
  /// What the style asks for that this map cannot do: unknown styler keys, feature types
  /// and element types, with where they are.
  public let warnings: [String]

  /// Feature types the OpenStreetMap base map applies.
  static let knownFeatureTypes: Set<String> = [
    "all", "administrative", "landscape", "landscape.man_made", "landscape.natural", "poi",
    "poi.park", "road", "road.highway", "road.arterial", "road.local", "transit",
    "transit.line", "water",
  ]
  /// Element types the OpenStreetMap base map applies.
  static let knownElementTypes: Set<String> = [
    "all", "geometry", "geometry.fill", "geometry.stroke", "labels", "labels.text",
    "labels.text.fill", "labels.text.stroke", "labels.icon",
  ]

  /// A style from JSON text.
  ///
  /// - Throws: ``GMSMapStyleError`` when the text is not JSON or not an array of rules
  ///   (the message says which rule and key).
  public init(jsonString style: String) throws {
    let parsed = try Self.parse(style)
    rules = parsed.rules
    warnings = parsed.warnings
  }

  /// A style from a JSON file.
  ///
  /// - Throws: ``GMSMapStyleError`` when the file cannot be read or holds no valid style.
  public convenience init(contentsOfFileURL fileURL: URL) throws {
    let data: Data
    do { data = try Data(contentsOf: fileURL) } catch {
      throw GMSMapStyleError("cannot read \(fileURL.path): \(error.localizedDescription)")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw GMSMapStyleError("\(fileURL.path) is not UTF-8 text")
    }
    try self.init(jsonString: text)
  }

  private static func parse(_ text: String) throws -> (rules: [Rule], warnings: [String]) {
    let json: Any
    do {
      json = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    } catch {
      throw GMSMapStyleError("the style is not valid JSON: \(error.localizedDescription)")
    }
    guard let list = json as? [Any] else {
      throw GMSMapStyleError("the style must be a JSON array of rules, not \(type(of: json))")
    }
    var rules: [Rule] = []
    var warnings: [String] = []
    for (i, item) in list.enumerated() {
      guard let object = item as? [String: Any] else {
        throw GMSMapStyleError("rule \(i) must be an object")
      }
      var rule = Rule(featureType: "all", elementType: "all", stylers: [])
      for (key, value) in object.sorted(by: { $0.key < $1.key }) {
        switch key {
        case "featureType", "elementType":
          guard let name = value as? String else {
            throw GMSMapStyleError("rule \(i): \(key) must be a string")
          }
          let known = key == "featureType" ? knownFeatureTypes : knownElementTypes
          if !known.contains(name) { warnings.append("rule \(i): unsupported \(key) \"\(name)\"") }
          if key == "featureType" { rule.featureType = name } else { rule.elementType = name }
        case "stylers":
          guard let stylers = value as? [Any] else {
            throw GMSMapStyleError("rule \(i): stylers must be an array")
          }
          for (j, styler) in stylers.enumerated() {
            guard let entry = styler as? [String: Any] else {
              throw GMSMapStyleError("rule \(i), styler \(j): must be an object")
            }
            for (name, setting) in entry.sorted(by: { $0.key < $1.key }) {
              if let parsed = try parseStyler(name, setting, at: "rule \(i), styler \(j)") {
                rule.stylers.append(parsed)
              } else {
                warnings.append("rule \(i), styler \(j): unsupported styler \"\(name)\"")
              }
            }
          }
        default:
          warnings.append("rule \(i): unsupported key \"\(key)\"")
        }
      }
      rules.append(rule)
    }
    return (rules, warnings)
  }

  private static func parseStyler(_ name: String, _ value: Any, at place: String) throws
    -> Styler?
  {
    func number() throws -> Double {
      if let n = value as? NSNumber, !(value is Bool) { return n.doubleValue }
      if let s = value as? String, let n = Double(s) { return n }
      throw GMSMapStyleError("\(place): \(name) must be a number")
    }
    func color() throws -> UInt32 {
      guard let s = value as? String, s.hasPrefix("#"),
        s.count == 7 || s.count == 9, let n = UInt32(s.dropFirst().prefix(6), radix: 16)
      else { throw GMSMapStyleError("\(place): \(name) must be a colour like \"#RRGGBB\"") }
      return n
    }
    switch name {
    case "color": return .color(try color())
    case "hue": return .hue(try color())
    case "visibility":
      guard let s = value as? String, ["on", "off", "simplified"].contains(s) else {
        throw GMSMapStyleError("\(place): visibility must be \"on\", \"off\" or \"simplified\"")
      }
      return .visibility(s)
    case "lightness": return .lightness(min(100, max(-100, try number())))
    case "saturation": return .saturation(min(100, max(-100, try number())))
    case "weight": return .weight(max(0, try number()))
    case "gamma": return .gamma(min(10, max(0.01, try number())))
    case "invert_lightness":
      if let b = value as? Bool { return .invertLightness(b) }
      if let s = value as? String { return .invertLightness(s == "true") }
      throw GMSMapStyleError("\(place): invert_lightness must be true or false")
    default: return nil
    }
  }
}

/// Why a map style could not be read; ``message`` says what and where.
public struct GMSMapStyleError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, with the rule and styler numbers.
  public let message: String

  init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { "GMSMapStyle: \(message)" }
}

extension GMSMapView {
  /// The style applied to the base map, `nil` for the default look.
  public var mapStyle: GMSMapStyle? {
    get { mapState.mapStyle }
    set {
      mapState.mapStyle = newValue
      mapState.overlayGeneration += 1
    }
  }

  /// Light or dark map and control colours whatever ``lightingMode`` says; `.unspecified`
  /// (the default) follows ``lightingMode`` (see ``resolvedLightingMode``).
  public var overrideUserInterfaceStyle: UIUserInterfaceStyle {
    get { mapState.userInterfaceStyle }
    set {
      mapState.userInterfaceStyle = newValue
      mapState.overlayGeneration += 1
      refreshTheme()
    }
  }
}

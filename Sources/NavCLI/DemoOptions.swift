import Demo
import Foundation
import NavigationCore
import ViewKit

/// The options `navui demo` and `navui render` share, parsed into a ``DemoConfiguration``.
public struct DemoOptions: Equatable, Sendable {
  /// The session to run.
  public var configuration = DemoConfiguration()
  /// `--out` as given, or `nil` for the command's default.
  public var out: String?
  /// `--t` (render only).
  public var time: TimeInterval?
  /// `--route` as given.
  public var routeFile: String?
  /// `--map` as given.
  public var mapFile: String?
  /// `--debug` (render only): draw the debug overlay.
  public var debug = false
  /// `--tap X,Y` (render only): the window point to inspect.
  public var tap: CGPoint?

  /// The help entries of the shared options.
  static let entries: [CommandHelp.Entry] = [
    CommandHelp.Entry(
      "--layout <layout>",
      "The layout delegate: sample, wide, sheet or builtin (no delegate). Default: sample."),
    CommandHelp.Entry(
      "--device <device>", "The screen: phone, phone-landscape or tablet. Default: phone."),
    CommandHelp.Entry("--size <WxH>", "A custom screen size in points, e.g. 400x800."),
    CommandHelp.Entry(
      "--safe-area <t,l,b,r>", "Safe-area insets in points for --size, e.g. 47,0,34,0."),
    CommandHelp.Entry(
      "--locale <locale>", "The UI language, e.g. en, fr, th, zh-Hant, ar. Default: en."),
    CommandHelp.Entry("--from <lat,lon>", "Where the drive starts. Default: Fontvieille."),
    CommandHelp.Entry("--to <lat,lon>", "Where it ends. Default: the Casino."),
    CommandHelp.Entry(
      "--route <file>", "Drive a recorded route response (OSRM, Valhalla, GPX) instead."),
    CommandHelp.Entry(
      "--map <file>",
      "An OSM extract (PBF or XML) to route on and draw instead of the bundled Monaco map;"
        + " give --from and --to on it (or --route)."),
    CommandHelp.Entry("--scale <scale>", "Pixels per point of PNG output, 1 to 3. Default: 1."),
  ]

  /// Parses `arguments`; `extra` handles command-specific options (returns false for
  /// unknown ones). Returns `nil` when `--help` was asked for.
  static func parse(
    _ arguments: [String],
    extra: (String, () throws(CommandLineError) -> String, inout DemoOptions)
      throws(CommandLineError) -> Bool
  ) throws(CommandLineError) -> DemoOptions? {
    var options = DemoOptions()
    var device: DemoConfiguration.Device?
    var size: CGSize?
    var safeArea: UIEdgeInsets?
    var gaveFrom = false
    var gaveTo = false
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
      let name = parts.first ?? argument
      let inline = parts.count > 1 ? parts[1] : nil
      let read: () throws(CommandLineError) -> String = { () throws(CommandLineError) in
        if let inline { return inline }
        index += 1
        guard index < arguments.count, !arguments[index].hasPrefix("--") else {
          throw .missingValue(option: name)
        }
        return arguments[index]
      }
      guard argument.hasPrefix("-") else { throw .unexpectedArgument(argument) }
      switch name {
      case "-h", "--help": return nil
      case "--layout":
        let value = try read()
        guard let layout = DemoConfiguration.Layout(rawValue: value) else {
          throw .invalidValue(
            option: name, value: value, reason: "expected sample, wide, sheet or builtin")
        }
        options.configuration.layout = layout
      case "--device":
        let value = try read()
        guard let named = DemoConfiguration.Device(rawValue: value) else {
          throw .invalidValue(
            option: name, value: value, reason: "expected phone, phone-landscape or tablet")
        }
        device = named
      case "--size": size = try parseSize(try read(), option: name)
      case "--safe-area": safeArea = try parseInsets(try read(), option: name)
      case "--locale":
        let value = try read()
        guard !value.isEmpty, value.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "_" }) else {
          throw .invalidValue(
            option: name, value: value, reason: "expected a locale like fr or zh-Hant")
        }
        options.configuration.locale = value
      case "--from":
        options.configuration.origin = try parseCoordinate(try read(), option: name)
        gaveFrom = true
      case "--to":
        options.configuration.destination = try parseCoordinate(try read(), option: name)
        options.configuration.destinationTitle = "Destination"
        gaveTo = true
      case "--route": options.routeFile = try read()
      case "--map": options.mapFile = try read()
      case "--scale":
        options.configuration.scale = try parseNumber(try read(), option: name, in: 1...3)
      case "--out": options.out = try read()
      default:
        guard try extra(name, read, &options) else { throw .unknownOption(name) }
      }
      index += 1
    }
    if let map = options.mapFile, options.routeFile == nil, !(gaveFrom && gaveTo) {
      throw .invalidValue(
        option: "--map", value: map,
        reason: "give --from and --to on that map (the defaults are in Monaco), or --route")
    }
    if device != nil, size != nil {
      throw .invalidValue(
        option: "--size", value: "\(Int(size!.width))x\(Int(size!.height))",
        reason: "give either --device or --size")
    }
    if safeArea != nil, size == nil {
      throw .invalidValue(
        option: "--safe-area", value: "\(safeArea!)", reason: "needs --size")
    }
    if let size {
      options.configuration.size = size
      options.configuration.safeArea = safeArea ?? .zero
    } else if let device {
      options.configuration.size = device.size
      options.configuration.safeArea = device.safeArea
    }
    return options
  }

  static func parseNumber(_ text: String, option: String, in range: ClosedRange<Double>)
    throws(CommandLineError) -> Double
  {
    guard let value = Double(text), value.isFinite, range.contains(value) else {
      throw .invalidValue(
        option: option, value: text,
        reason: "expected a number from \(formatted(range.lowerBound)) to "
          + "\(formatted(range.upperBound))")
    }
    return value
  }

  static func formatted(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }

  static func parseSize(_ text: String, option: String) throws(CommandLineError) -> CGSize {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
      (100...4000).contains(w), (100...4000).contains(h)
    else {
      throw .invalidValue(
        option: option, value: text, reason: "expected WxH in points, 100 to 4000 each")
    }
    return CGSize(width: w, height: h)
  }

  static func parseInsets(_ text: String, option: String) throws(CommandLineError)
    -> UIEdgeInsets
  {
    let values = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
    guard values.count == 4, values.allSatisfy({ ($0 ?? -1) >= 0 && ($0 ?? -1) <= 500 }) else {
      throw .invalidValue(
        option: option, value: text, reason: "expected four insets t,l,b,r from 0 to 500")
    }
    return UIEdgeInsets(
      top: values[0] ?? 0, left: values[1] ?? 0, bottom: values[2] ?? 0, right: values[3] ?? 0)
  }

  static func parsePoint(_ text: String, option: String) throws(CommandLineError) -> CGPoint {
    let values = text.split(separator: ",", omittingEmptySubsequences: false).map {
      Double($0.trimmingCharacters(in: .whitespaces))
    }
    guard values.count == 2, let x = values[0], let y = values[1], x.isFinite, y.isFinite else {
      throw .invalidValue(option: option, value: text, reason: "expected X,Y in points")
    }
    return CGPoint(x: x, y: y)
  }

  static func parseCoordinate(_ text: String, option: String) throws(CommandLineError)
    -> CLLocationCoordinate2D
  {
    let values = text.split(separator: ",", omittingEmptySubsequences: false).map {
      Double($0.trimmingCharacters(in: .whitespaces))
    }
    guard values.count == 2, let lat = values[0], let lon = values[1], (-90...90).contains(lat),
      (-180...180).contains(lon)
    else {
      throw .invalidValue(
        option: option, value: text, reason: "expected latitude,longitude in degrees")
    }
    return CLLocationCoordinate2D(latitude: lat, longitude: lon)
  }
}

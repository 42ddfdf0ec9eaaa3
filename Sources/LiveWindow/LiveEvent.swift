import Foundation

/// Something that happened in a live window, for a log a test or a person reads: the window
/// opening or resizing, a touch, a key, a layout callback, the camera or the vehicle moving.
///
/// ``description`` is one line, `live t=<seconds> <name> key=value …`, which
/// `navui run --log-events` prints.
public struct LiveEvent: Sendable, Equatable, CustomStringConvertible {
  /// Wall seconds since the window opened.
  public var time: TimeInterval
  /// What happened: `opened`, `resized`, `wide`, `touch`, `key`, `callback`, `camera`,
  /// `controls`, `vehicle`, `voice`, `stats`, `closed`.
  public var name: String
  /// Its details, in order.
  public var fields: [Field]

  /// One detail of an event.
  public struct Field: Sendable, Equatable {
    /// Its name.
    public var key: String
    /// Its value (no spaces: they become `_`).
    public var value: String

    /// A detail.
    public init(_ key: String, _ value: String) {
      self.key = key
      self.value = value
    }
  }

  /// An event.
  public init(time: TimeInterval, name: String, fields: [Field]) {
    self.time = time
    self.name = name
    self.fields = fields
  }

  /// The value of the field named `key`, if any.
  public subscript(key: String) -> String? { fields.first { $0.key == key }?.value }

  /// `live t=12.345 name key=value …`.
  public var description: String {
    var line = "live t=\(String(format: "%.3f", time)) \(name)"
    for field in fields {
      line += " \(field.key)=\(field.value.replacingOccurrences(of: " ", with: "_"))"
    }
    return line
  }
}

extension LiveEvent.Field {
  /// A rectangle as `x,y,w,h` in points.
  static func rect(_ key: String, _ r: CGRect) -> Self {
    Self(key, String(format: "%.1f,%.1f,%.1f,%.1f", r.minX, r.minY, r.width, r.height))
  }

  /// A number with `digits` decimals.
  static func number(_ key: String, _ value: Double, digits: Int = 1) -> Self {
    Self(key, String(format: "%.\(digits)f", value))
  }
}

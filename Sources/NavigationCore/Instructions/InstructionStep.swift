import Foundation

/// The parts of an OSRM v5 route step that turn instructions are made from.
///
/// Decodes the `step` objects of OSRM, Valhalla (OSRM format) and Mapbox responses; fields the
/// compiler does not use are ignored.
///
/// ```swift
/// let step = InstructionStep(
///   maneuver: InstructionManeuver(type: "turn", modifier: "left"), name: "Main Street")
/// ```
public struct InstructionStep: Sendable, Equatable, Codable {
  /// The maneuver at the start of the step.
  public var maneuver: InstructionManeuver
  /// The name of the way the step travels along ("" when unnamed).
  public var name: String?
  /// The road reference(s), `;`-separated, e.g. `"A 100; B 96"`.
  public var ref: String?
  /// Destination signage, e.g. `"A 100: Berlin, Hamburg"`.
  public var destinations: String?
  /// Exit numbers, `;`-separated.
  public var exits: String?
  /// The name of the rotary or roundabout entered.
  public var rotaryName: String?
  /// The name of the junction, `;`-separated.
  public var junctionName: String?
  /// The travel mode: `driving`, `walking`, `ferry`, …
  public var mode: String?
  /// The side of the road traffic drives on: `left` or `right`.
  public var drivingSide: String?
  /// The intersections along the step; the first one carries the lanes at the maneuver.
  public var intersections: [InstructionIntersection]?

  /// Creates a step.
  public init(
    maneuver: InstructionManeuver, name: String? = nil, ref: String? = nil,
    destinations: String? = nil, exits: String? = nil, rotaryName: String? = nil,
    junctionName: String? = nil, mode: String? = nil, drivingSide: String? = nil,
    intersections: [InstructionIntersection]? = nil
  ) {
    self.maneuver = maneuver
    self.name = name
    self.ref = ref
    self.destinations = destinations
    self.exits = exits
    self.rotaryName = rotaryName
    self.junctionName = junctionName
    self.mode = mode
    self.drivingSide = drivingSide
    self.intersections = intersections
  }

  enum CodingKeys: String, CodingKey {
    case maneuver, name, ref, destinations, exits, mode, intersections
    case rotaryName = "rotary_name"
    case junctionName = "junction_name"
    case drivingSide = "driving_side"
  }

  /// Decodes a step from OSRM v5 step JSON.
  ///
  /// - Throws: ``InstructionError/invalidStep(field:reason:)`` naming the field at fault.
  public static func decode(from data: Data) throws(InstructionError) -> InstructionStep {
    do {
      return try JSONDecoder().decode(InstructionStep.self, from: data)
    } catch let error as DecodingError {
      throw describe(error)
    } catch {
      throw .invalidStep(field: "(step)", reason: "\(error)")
    }
  }

  /// Decodes a step from a value produced by `JSONSerialization`.
  static func decode(json: Any) throws(InstructionError) -> InstructionStep {
    let data: Data
    do {
      data = try JSONSerialization.data(withJSONObject: json)
    } catch {
      throw .invalidStep(field: "(step)", reason: "not a JSON object")
    }
    return try decode(from: data)
  }

  private static func describe(_ error: DecodingError) -> InstructionError {
    func path(_ codingPath: [any CodingKey], _ last: (any CodingKey)? = nil) -> String {
      let keys = codingPath + (last.map { [$0] } ?? [])
      let text = keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
        .joined(separator: ".")
      return text.isEmpty ? "(step)" : text.replacingOccurrences(of: ".[", with: "[")
    }
    switch error {
    case .keyNotFound(let key, let context):
      return .invalidStep(field: path(context.codingPath, key), reason: "missing")
    case .typeMismatch(let type, let context):
      return .invalidStep(field: path(context.codingPath), reason: "expected \(type)")
    case .valueNotFound(let type, let context):
      return .invalidStep(field: path(context.codingPath), reason: "expected \(type), got null")
    case .dataCorrupted(let context):
      return .invalidStep(field: path(context.codingPath), reason: context.debugDescription)
    @unknown default:
      return .invalidStep(field: "(step)", reason: "\(error)")
    }
  }
}

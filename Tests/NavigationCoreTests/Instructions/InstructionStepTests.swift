import Foundation
import NavigationCore
import Testing

@Suite struct InstructionStepTests {
  @Test func decodesOSRMStep() throws {
    let json = """
      {"maneuver": {"type": "off ramp", "modifier": "slight right", "exit": 2,
                    "bearing_after": 93.5, "bearing_before": 80, "location": [7.42, 43.73]},
       "name": "Avenue Princesse Grace", "ref": "D 6098", "destinations": "Monaco",
       "exits": "10", "rotary_name": "Rond-point", "junction_name": "J1",
       "mode": "driving", "driving_side": "right", "distance": 12.5,
       "intersections": [{"location": [7.42, 43.73],
                          "lanes": [{"indications": ["straight"], "valid": true, "active": false},
                                    {"valid": false}]}]}
      """
    let step = try InstructionStep.decode(from: Data(json.utf8))
    #expect(step.maneuver.type == "off ramp")
    #expect(step.maneuver.modifier == "slight right")
    #expect(step.maneuver.exit == 2)
    #expect(step.maneuver.bearingAfter == 93.5)
    #expect(step.rotaryName == "Rond-point")
    #expect(step.drivingSide == "right")
    #expect(step.intersections?.first?.lanes?.count == 2)
    #expect(
      step.intersections?.first?.lanes?.last == InstructionLane(indications: [], valid: false))
  }

  @Test(arguments: [
    (#"{"name": "x"}"#, InstructionError.invalidStep(field: "maneuver", reason: "missing")),
    (#"{"maneuver": {}}"#, .invalidStep(field: "maneuver.type", reason: "missing")),
    (
      #"{"maneuver": {"type": "turn", "exit": "two"}}"#,
      .invalidStep(field: "maneuver.exit", reason: "expected Int")
    ),
    (
      #"{"maneuver": {"type": "turn"}, "intersections": [{"lanes": [{"indications": []}]}]}"#,
      .invalidStep(field: "intersections[0].lanes[0].valid", reason: "missing")
    ),
  ])
  func badStepsNameTheField(json: String, expected: InstructionError) {
    #expect(throws: expected) { try InstructionStep.decode(from: Data(json.utf8)) }
  }

  @Test func notJSONIsTyped() {
    #expect {
      try InstructionStep.decode(from: Data("[1,".utf8))
    } throws: { error in
      guard case .invalidStep(let field, _) = error as? InstructionError else { return false }
      return field == "(step)"
    }
  }
}

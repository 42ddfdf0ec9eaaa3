import Foundation
import Testing

@testable import NavigationCore

/// Routes whose source gives no text (plain OSRM, the embedded router) get instructions from
/// the templates.
@Suite("Generated instructions")
struct GeneratedInstructionsTests {
  static let compiler: InstructionCompiler? = {
    guard let catalog = try? InstructionCatalog.loadDefault() else { return nil }
    return InstructionCompiler(catalog: catalog)
  }()

  static func osrmRoute(_ file: String) throws -> Route {
    let routes = try RouteDecoder.decode(try TestData.data("generated/\(file)"))
    return try #require(routes.first)
  }

  @Test func plainOSRMRouteGetsEveryManeuverPhrased() throws {
    let compiler = try #require(Self.compiler, "instruction data not found")
    let route = try Self.osrmRoute("monaco-fontvieille-casino.osrm.json")
    #expect(route.legs[0].steps.allSatisfy { $0.visualInstructions.isEmpty })
    let english = route.withGeneratedInstructions(language: "en", compiler: compiler)
    let steps = english.legs[0].steps
    for step in steps { #expect(step.maneuver.instruction?.isEmpty == false) }
    #expect(steps.first?.maneuver.instruction?.hasPrefix("Head ") == true)
    #expect(steps.last?.maneuver.instruction?.hasPrefix("You have arrived") == true)
    // Each step but the last announces the maneuver that ends it.
    for i in 0..<(steps.count - 1) {
      #expect(steps[i].visualInstructions.first?.primary.text == steps[i + 1].maneuver.instruction)
      #expect(steps[i].spokenInstructions.first?.text == steps[i + 1].maneuver.instruction)
      #expect(steps[i].visualInstructions.first?.distanceAlongStep == steps[i].distance)
    }
    let roundabout = try #require(steps.first { $0.maneuver.type == .roundabout })
    #expect(roundabout.maneuver.instruction?.contains("exit") == true)
  }

  @Test func languagesAndWaypointsShapeTheText() throws {
    let compiler = try #require(Self.compiler, "instruction data not found")
    let route = try Self.osrmRoute("monaco-port-palais-jardinexotique-2legs.osrm.json")
    let french = route.withGeneratedInstructions(language: "fr", compiler: compiler)
    let firstArrival = try #require(french.legs[0].steps.last?.maneuver.instruction)
    let lastArrival = try #require(french.legs[1].steps.last?.maneuver.instruction)
    #expect(firstArrival.contains("première destination"), "the first of two legs ends at the 1st")
    #expect(firstArrival != lastArrival)
    let thai = route.withGeneratedInstructions(language: "th", compiler: compiler)
    #expect(
      thai.legs[0].steps[0].maneuver.instruction?.unicodeScalars.contains {
        (0x0E00...0x0E7F).contains($0.value)
      } == true)
  }

  @Test func textFromTheSourceIsKept() throws {
    let compiler = try #require(Self.compiler, "instruction data not found")
    let route = try Self.osrmRoute("monaco-fontvieille-casino.valhalla-osrm.json")
    let regenerated = route.withGeneratedInstructions(language: "de", compiler: compiler)
    #expect(
      regenerated.legs[0].steps.map(\.visualInstructions)
        == route.legs[0].steps.map(\.visualInstructions))
    #expect(
      regenerated.legs[0].steps.map(\.maneuver.instruction)
        == route.legs[0].steps.map(\.maneuver.instruction))
  }

  @Test func unknownLanguageLeavesTheRouteAsItWas() throws {
    let compiler = try #require(Self.compiler, "instruction data not found")
    let route = try Self.osrmRoute("monaco-fontvieille-casino.osrm.json")
    #expect(route.withGeneratedInstructions(language: "xx-unknown", compiler: compiler) == route)
  }

  @Test func adapterCarriesLanes() throws {
    let route = try Self.osrmRoute("helsinki-annankatu-kaivokatu-lanes.osrm.json")
    let withLanes = try #require(
      route.legs[0].steps.first { $0.intersections.first?.lanes?.isEmpty == false })
    let step = InstructionStep(withLanes)
    let lanes = try #require(step.intersections?.first?.lanes)
    #expect(lanes.count == withLanes.intersections[0].lanes?.count)
    #expect(step.maneuver.type == withLanes.maneuver.type.rawValue)
  }
}

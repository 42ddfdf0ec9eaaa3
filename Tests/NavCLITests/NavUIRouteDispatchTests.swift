import Testing

@testable import NavCLI

/// `navui route` reaches the routing command through the tool's dispatcher.
@MainActor
@Suite("navui route dispatch")
struct NavUIRouteDispatchTests {
  func run(_ arguments: [String]) -> (Int32, String, String) {
    var out = ""
    var err = ""
    let status = NavUI.run(
      arguments,
      context: CommandContext(
        currentDirectory: "/", writeOutput: { out += $0 }, writeError: { err += $0 }))
    return (status, out, err)
  }

  @Test func routesOnTheEmbeddedMap() {
    let (status, out, _) = run([
      "route", "--from", "43.7296,7.4168", "--to", "43.7394,7.4275", "--format", "summary",
    ])
    #expect(status == 0)
    #expect(out.contains("legs: 1"))
    #expect(out.contains("OpenStreetMap contributors"))
  }

  @Test func usageErrorsExitWith64() {
    let (status, _, err) = run(["route", "--from", "43.7296"])
    #expect(status == 64)
    #expect(!err.isEmpty)
  }

  @Test func pointsOffTheMapExitWith65() {
    let (status, _, err) = run(["route", "--from", "10,10", "--to", "11,11"])
    #expect(status == 65)
    #expect(!err.isEmpty)
  }
}

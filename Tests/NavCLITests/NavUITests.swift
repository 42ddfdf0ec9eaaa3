import Testing

@testable import NavCLI

@Test func placeholder() {}

import Testing
@testable import Cassowary

@Test func smoke() throws {
  let s = Solver()
  let x = Variable("x")
  try s.addConstraint(x >= 10)
  s.updateVariables()
  #expect(x.value == 10)
}

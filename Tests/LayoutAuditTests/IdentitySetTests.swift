import Testing

@testable import LayoutAudit

/// The audit tells the SDK's constraints and views from the delegate's by identity: a
/// freed member's address taken by a new object must not make the new object a member.
struct IdentitySetTests {
  final class Probe {}

  @Test func anObjectMadeAfterAMemberWentIsNotAMember() {
    var set = IdentitySet<Probe>()
    do {
      let member = Probe()
      set.insert(member)
      #expect(set.contains(member))
    }
    // The caller's reference is gone; objects of the same size are made where freed ones
    // were (a set of bare identifiers matched them).
    var later: [Probe] = []
    for _ in 0..<1000 { later.append(Probe()) }
    #expect(!later.contains { set.contains($0) })
  }
}

import Testing

@testable import ViewKit

/// The activation check of a constraint's attributes answers plainly valid pairs from a
/// table of attribute kinds; it must agree with the detailed check for every pair.
@MainActor
@Suite struct AttributeCheckTests {
  @Test func theQuickCheckAgreesWithTheDetailedOneForEveryPair() {
    let window = makeWindow()
    let view = makeView("view")
    let other = makeView("other")
    window.addSubview(view)
    window.addSubview(other)
    let all: [NSLayoutConstraint.Attribute] = [
      .notAnAttribute, .left, .right, .top, .bottom, .leading, .trailing, .width, .height,
      .centerX, .centerY, .lastBaseline, .firstBaseline,
    ]
    var valid = 0
    for first in all {
      for second in all {
        for relatesToItem in [true, false] {
          let constraint = NSLayoutConstraint(
            item: view, attribute: first, relatedBy: .equal,
            toItem: relatesToItem ? other : nil, attribute: second, multiplier: 1, constant: 0)
          let detailed = constraint.attributeProblemInDetail()
          #expect(
            constraint.attributeProblem() == detailed,
            "\(first.name) \(relatesToItem ? second.name : "constant")")
          if detailed == nil { valid += 1 }
        }
      }
    }
    // Sizes with sizes or constants; positions on one axis, leading/trailing never with
    // left/right.
    #expect(valid == 77)
  }
}

@_spi(Layout) import Cassowary

extension NSLayoutConstraint: @MainActor CustomStringConvertible {
  /// A layout attribute (UIKit's `NSLayoutConstraint.Attribute`).
  public enum Attribute: Int, Sendable, Hashable {
    /// Left edge.
    case left = 1
    /// Right edge.
    case right
    /// Top edge.
    case top
    /// Bottom edge.
    case bottom
    /// Leading edge: left in left-to-right layouts, right in right-to-left ones.
    case leading
    /// Trailing edge.
    case trailing
    /// Width.
    case width
    /// Height.
    case height
    /// Horizontal centre.
    case centerX
    /// Vertical centre.
    case centerY
    /// The last line's baseline.
    case lastBaseline
    /// The first line's baseline.
    case firstBaseline
    /// No attribute (constant constraints).
    case notAnAttribute = 0

    var isDirectional: Bool { self == .leading || self == .trailing }
    var isPhysicalX: Bool { self == .left || self == .right }
    var isXPosition: Bool { isDirectional || isPhysicalX || self == .centerX }
    var isSize: Bool { self == .width || self == .height }

    /// The attribute's name as UIKit spells it (`top`, `leading`, `centerX` …), for logs and
    /// debug drawings.
    public var name: String {
      switch self {
      case .left: return "left"
      case .right: return "right"
      case .top: return "top"
      case .bottom: return "bottom"
      case .leading: return "leading"
      case .trailing: return "trailing"
      case .width: return "width"
      case .height: return "height"
      case .centerX: return "centerX"
      case .centerY: return "centerY"
      case .lastBaseline: return "lastBaseline"
      case .firstBaseline: return "firstBaseline"
      case .notAnAttribute: return "notAnAttribute"
      }
    }
  }

  /// A relation (UIKit's `NSLayoutConstraint.Relation`).
  public enum Relation: Int, Sendable, Hashable {
    /// `<=`.
    case lessThanOrEqual = -1
    /// `==`.
    case equal = 0
    /// `>=`.
    case greaterThanOrEqual = 1

    var symbol: String {
      switch self {
      case .lessThanOrEqual: return "<="
      case .equal: return "=="
      case .greaterThanOrEqual: return ">="
      }
    }
  }

  /// `first.leading == second.leading + 8 @250 'id'`.
  public var description: String {
    var text = "\(firstLayoutItem?.layoutName ?? "nil").\(firstAttribute.name) \(relation.symbol)"
    if let second = secondLayoutItem {
      text += " " + (multiplier == 1 ? "" : "\(Self.format(multiplier)) * ")
      text += "\(second.layoutName).\(secondAttribute.name)"
      if constant != 0 { text += (constant < 0 ? " - " : " + ") + Self.format(abs(constant)) }
    } else {
      text += " " + Self.format(constant)
    }
    if !priority.isRequired { text += " @\(priority)" }
    if let identifier { text = "'\(identifier)' " + text }
    return "<NSLayoutConstraint \(text)>"
  }

  static func format(_ value: CGFloat) -> String {
    value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(Double(value))
  }

  /// Each attribute's kind, four bits per raw value: 1 left/right, 2 leading/trailing,
  /// 3 centre x, 4 a vertical position, 5 a size, 0 none.
  private static let attributeKinds: UInt64 = 0x4_4435_5224_4110

  /// Why the attributes cannot be related, or `nil`. (Pairs that are plainly fine are
  /// answered from the kinds: every activation asks.)
  func attributeProblem() -> String? {
    let first = (Self.attributeKinds >> (4 * UInt64(firstAttribute.rawValue))) & 0xF
    if secondState?.hasOwner == true {
      let second = (Self.attributeKinds >> (4 * UInt64(secondAttribute.rawValue))) & 0xF
      if first != 0 && second != 0
        && (first == second || (first <= 3 && second <= 3 && (first == 3 || second == 3)))
      {
        return nil
      }
    } else if first == 5 {
      return nil
    }
    return attributeProblemInDetail()
  }

  /// ``attributeProblem()`` for every pair.
  func attributeProblemInDetail() -> String? {
    let a = firstAttribute
    let b = secondAttribute
    if a == .notAnAttribute { return "the first attribute is notAnAttribute: \(description)" }
    if secondState?.hasOwner != true {
      return a.isSize ? nil : "a position (\(a.name)) cannot equal a constant: \(description)"
    }
    if a.isSize != b.isSize && !(a.isSize && b.isSize) {
      return "a size and a position cannot be related: \(description)"
    }
    if a.isXPosition != b.isXPosition && !a.isSize {
      return "an x-axis and a y-axis attribute cannot be related: \(description)"
    }
    if (a.isDirectional && b.isPhysicalX) || (a.isPhysicalX && b.isDirectional) {
      return "a leading/trailing attribute cannot be related to a left/right one: \(description)"
    }
    return nil
  }

  var usesDirectionalAttributes: Bool {
    firstAttribute.isDirectional || secondAttribute.isDirectional
  }

  /// Whether the constraint is built mirrored (right-to-left layout with leading/trailing).
  var needsFlip: Bool {
    guard usesDirectionalAttributes, let firstState, firstState.hasOwner else { return false }
    return needsFlip(firstState, engine: nil)
  }

  func needsFlip(_ first: LayoutItemState, engine: LayoutEngine?) -> Bool {
    guard usesDirectionalAttributes else { return false }
    // No view anywhere forces a direction: every view reads the window's.
    if UIView.forcedDirectionCount == 0, let engine {
      return engine.rootIsRightToLeft
    }
    guard let item = first.owner, let view = item.layoutParentView ?? (item as? UIView) else {
      return false
    }
    return view.effectiveUserInterfaceLayoutDirection == .rightToLeft
  }

  /// The solver constant for the current ``constant``.
  var solverConstant: Double { structuralConstant - Double(constant) }

  /// `first − multiplier·second − constant (relation) 0`, mirrored in x (every x position
  /// negated, leading read as right, trailing as left) when ``needsFlip``.
  func makeSolverConstraint(
    _ first: LayoutItemState, _ second: LayoutItemState?, engine: LayoutEngine?
  ) -> InlineConstraint {
    let flip = needsFlip(first, engine: engine)
    builtFlipped = flip
    var structural = 0.0
    // Each item gives at most two terms, unretained (the states hold the variables); the
    // list is made in one call (a call per term into Cassowary cost more than the terms).
    let (v0, k0, v1, k1) = Self.terms(first, firstAttribute, scale: 1, flip: flip, &structural)
    let terms: TermList
    if let second {
      let (v2, k2, v3, k3) = Self.terms(
        second, secondAttribute, scale: -Double(multiplier), flip: flip, &structural)
      terms = TermList(v0, k0, v1, k1, v2, k2, v3, k3)
    } else {
      terms = TermList(v0, k0, v1, k1, nil, 0, nil, 0)
    }
    structuralConstant = structural
    let op: RelationalOperator
    switch relation {
    case .equal: op = .equal
    case .lessThanOrEqual: op = .lessThanOrEqual
    case .greaterThanOrEqual: op = .greaterThanOrEqual
    }
    return InlineConstraint(terms, constant: solverConstant, op, strength: priority.strength)
  }

  /// The terms of an attribute of the item of `s`, times `scale` (at most two; nil for
  /// none), adding any baseline offset to `structural`.
  private static func terms(
    _ s: LayoutItemState, _ attribute: Attribute, scale: Double, flip: Bool,
    _ structural: inout Double
  ) -> (Unmanaged<Variable>?, Double, Unmanaged<Variable>?, Double) {
    let sign = flip && attribute.isXPosition ? -scale : scale
    let x = Unmanaged.passUnretained(s.x)
    let y = Unmanaged.passUnretained(s.y)
    let width = Unmanaged.passUnretained(s.width)
    let height = Unmanaged.passUnretained(s.height)
    switch attribute {
    case .left: return (x, sign, nil, 0)
    case .right: return (x, sign, width, sign)
    case .leading: return (x, sign, flip ? width : nil, sign)
    case .trailing: return (x, sign, flip ? nil : width, sign)
    case .centerX: return (x, sign, width, sign * 0.5)
    case .top: return (y, scale, nil, 0)
    case .bottom: return (y, scale, height, scale)
    case .centerY: return (y, scale, height, scale * 0.5)
    case .width: return (width, scale, nil, 0)
    case .height: return (height, scale, nil, 0)
    case .firstBaseline:
      structural += scale * Double(s.owner?.baselineOffsets.first ?? 0)
      return (y, scale, nil, 0)
    case .lastBaseline:
      structural -= scale * Double(s.owner?.baselineOffsets.last ?? 0)
      return (y, scale, height, scale)
    case .notAnAttribute: return (nil, 0, nil, 0)
    }
  }
}

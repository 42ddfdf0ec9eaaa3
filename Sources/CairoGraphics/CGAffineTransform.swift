import Foundation

/// An affine transform of the plane (Core Graphics' `CGAffineTransform`): a point `(x, y)`
/// goes to `(a·x + c·y + tx, b·x + d·y + ty)`. Foundation on Linux has none.
public struct CGAffineTransform: Sendable, Hashable {
  /// The x-scale part.
  public var a: CGFloat
  /// The y-shear part.
  public var b: CGFloat
  /// The x-shear part.
  public var c: CGFloat
  /// The y-scale part.
  public var d: CGFloat
  /// The x translation.
  public var tx: CGFloat
  /// The y translation.
  public var ty: CGFloat

  /// A transform from its six values.
  public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  /// A transform from its six values, unlabelled.
  public init(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, _ tx: CGFloat, _ ty: CGFloat)
  {
    self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
  }

  /// The identity.
  public init() { self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }

  /// The identity transform.
  public static let identity = CGAffineTransform()

  /// A translation.
  public init(translationX tx: CGFloat, y ty: CGFloat) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
  }

  /// A scale.
  public init(scaleX sx: CGFloat, y sy: CGFloat) {
    self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }

  /// A rotation by `angle` radians (towards positive y from positive x).
  public init(rotationAngle angle: CGFloat) {
    let cosine = CGFloat(cos(Double(angle)))
    let sine = CGFloat(sin(Double(angle)))
    self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
  }

  /// Whether this is the identity.
  public var isIdentity: Bool { self == .identity }

  /// `self` then `t2` (a point is mapped by `self` first).
  public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
    CGAffineTransform(
      a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d,
      c: c * t2.a + d * t2.c, d: c * t2.b + d * t2.d,
      tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
  }

  /// A translation applied before this transform.
  public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
    CGAffineTransform(translationX: x, y: y).concatenating(self)
  }

  /// A scale applied before this transform.
  public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
    CGAffineTransform(scaleX: x, y: y).concatenating(self)
  }

  /// A rotation applied before this transform.
  public func rotated(by angle: CGFloat) -> CGAffineTransform {
    CGAffineTransform(rotationAngle: angle).concatenating(self)
  }

  /// The inverse, or `self` when it has none (as Core Graphics).
  public func inverted() -> CGAffineTransform {
    let determinant = a * d - b * c
    guard determinant != 0, determinant.isFinite else { return self }
    let ia = d / determinant
    let ib = -b / determinant
    let ic = -c / determinant
    let id = a / determinant
    return CGAffineTransform(
      a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
  }
}

extension CGPoint {
  /// The point mapped by `t`.
  public func applying(_ t: CGAffineTransform) -> CGPoint {
    CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
  }
}

extension CGSize {
  /// The size mapped by `t`'s linear part.
  public func applying(_ t: CGAffineTransform) -> CGSize {
    CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
  }
}

extension CGRect {
  /// The smallest rectangle holding the four corners mapped by `t`.
  public func applying(_ t: CGAffineTransform) -> CGRect {
    if isNull { return self }
    let corners = [
      CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY), CGPoint(x: minX, y: maxY),
      CGPoint(x: maxX, y: maxY),
    ].map { $0.applying(t) }
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    let x0 = xs.min()!
    let y0 = ys.min()!
    return CGRect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
  }
}

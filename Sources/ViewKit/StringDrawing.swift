import CCairo
import CPango
import Text

extension String {
  /// The font and colour string drawing uses: the attributes' `UIFont` (the system font at
  /// 12 points without one, as UIKit) and `UIColor` (black).
  private static func style(_ attributes: [NSAttributedString.Key: Any]?) -> (UIFont, UIColor) {
    (
      attributes?[.font] as? UIFont ?? .systemFont(ofSize: 12),
      attributes?[.foregroundColor] as? UIColor ?? .black
    )
  }

  /// The size the string takes drawn on one line per paragraph with `attributes`.
  @MainActor
  public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
    let (font, _) = Self.style(attributes)
    let layout = LabelPainter.shared.makeLayout(self, font: font.fontDescription, maxWidth: nil)
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    var logical = PangoRectangle()
    pango_layout_get_extents(layout, nil, &logical)
    let scale = CGFloat(PANGO_SCALE)
    return CGSize(width: CGFloat(logical.width) / scale, height: CGFloat(logical.height) / scale)
  }

  /// Draws the string with its top left at `point` in the current context, shaped by Pango as
  /// `UILabel` text is.
  @MainActor
  public func draw(
    at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil
  ) {
    draw(origin: point, width: nil, clip: nil, attributes: attributes)
  }

  /// Draws the string wrapped to `rect`'s width from its top left, clipped to `rect`.
  @MainActor
  public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil)
  {
    draw(origin: rect.origin, width: Double(rect.width), clip: rect, attributes: attributes)
  }

  @MainActor
  private func draw(
    origin: CGPoint, width: Double?, clip: CGRect?, attributes: [NSAttributedString.Key: Any]?
  ) {
    guard let context = UIGraphicsGetCurrentContext(), !isEmpty else { return }
    let (font, color) = Self.style(attributes)
    let layout = LabelPainter.shared.makeLayout(self, font: font.fontDescription, maxWidth: width)
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    context.drawDirectly { cr in
      Self.show(layout, in: cr, origin: origin, clip: clip, color: color)
    }
  }

  /// Shows `layout` at `origin` in `color`, clipped to `clip`.
  private static func show(
    _ layout: OpaquePointer, in cr: OpaquePointer, origin: CGPoint, clip: CGRect?, color: UIColor
  ) {
    cairo_save(cr)
    if let clip {
      cairo_new_path(cr)
      cairo_rectangle(
        cr, Double(clip.minX), Double(clip.minY), Double(clip.width), Double(clip.height))
      cairo_clip(cr)
    }
    cairo_new_path(cr)
    cairo_set_source_rgba(
      cr, Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha))
    cairo_move_to(cr, Double(origin.x), Double(origin.y))
    pango_cairo_show_layout(cr, layout)
    cairo_new_path(cr)
    cairo_restore(cr)
  }
}

extension NSString {
  /// The size the string takes drawn with `attributes` (see `String.size(withAttributes:)`).
  @MainActor
  public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
    (self as String).size(withAttributes: attributes)
  }

  /// Draws the string at `point` (see `String.draw(at:withAttributes:)`).
  @MainActor
  public func draw(
    at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil
  ) {
    (self as String).draw(at: point, withAttributes: attributes)
  }

  /// Draws the string in `rect` (see `String.draw(in:withAttributes:)`).
  @MainActor
  public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil)
  {
    (self as String).draw(in: rect, withAttributes: attributes)
  }
}

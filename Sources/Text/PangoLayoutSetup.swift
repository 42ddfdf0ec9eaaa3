import CPango

/// The one Pango setup behind measured and drawn text: ``TextShaper`` measures layouts made
/// here and ViewKit's label painter draws layouts made here, so the lines drawn are the lines
/// measured by construction (the same font map settings, font description, wrapping,
/// ellipsizing, line limit and attributes).
package enum PangoLayoutSetup {
  /// A new Pango font map and context at 72 dpi (1 pt = 1 unit), unhinted, with fractional
  /// glyph positions and grey antialiasing, so metrics are the font's own. The caller owns
  /// (and unrefs) both.
  package static func makeContext() -> (
    fontMap: UnsafeMutablePointer<PangoFontMap>, context: OpaquePointer
  ) {
    let map = pango_cairo_font_map_new()!
    pango_cairo_font_map_set_resolution(OpaquePointer(map), 72)
    let context = pango_font_map_create_context(map)!
    pango_context_set_round_glyph_positions(context, 0)
    let options = cairo_font_options_create()
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
    pango_cairo_context_set_font_options(context, options)
    cairo_font_options_destroy(options)
    return (map, context)
  }

  /// A new layout of `text` in `context` set up by
  /// ``configure(_:text:font:maxWidth:maxLines:lineBreakMode:alignment:)``, with `spans` put
  /// on it (``TextShaper/applyAttributes(_:alpha:to:)``); the caller unrefs it.
  package static func makeLayout(
    in context: OpaquePointer, text: String, font: FontDescription,
    spans: [TextAttributeSpan] = [], alpha: Double = 1, maxWidth: Double?, maxLines: Int,
    lineBreakMode: TextLineBreakMode, alignment: TextAlignment = .natural
  ) -> OpaquePointer {
    let layout = pango_layout_new(context)!
    configure(
      layout, text: text, font: font, maxWidth: maxWidth, maxLines: maxLines,
      lineBreakMode: lineBreakMode, alignment: alignment)
    if !spans.isEmpty { TextShaper.applyAttributes(spans, alpha: alpha, to: layout) }
    return layout
  }

  /// Sets `layout`'s text, font, automatic direction, wrap width (`nil`: each paragraph on
  /// one line), wrapping and ellipsizing (`lineBreakMode`), line limit (`maxLines`, 0 for
  /// none) and alignment (which does not change the measured size; natural is left, as
  /// Pango's automatic direction flips it for right-to-left paragraphs).
  package static func configure(
    _ layout: OpaquePointer, text: String, font: FontDescription, maxWidth: Double?,
    maxLines: Int, lineBreakMode: TextLineBreakMode, alignment: TextAlignment = .natural
  ) {
    let desc = pangoDescription(font)
    defer { pango_font_description_free(desc) }
    pango_layout_set_font_description(layout, desc)
    pango_layout_set_text(layout, text, -1)
    pango_layout_set_auto_dir(layout, 1)
    if let maxWidth {
      let units = min((maxWidth * Double(PANGO_SCALE)).rounded(.down), Double(Int32.max))
      pango_layout_set_width(layout, Int32(max(units, 1)))
    } else {
      pango_layout_set_width(layout, -1)
    }
    pango_layout_set_wrap(
      layout, lineBreakMode == .byCharWrapping ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR)
    switch lineBreakMode {
    case .byTruncatingHead: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_START)
    case .byTruncatingMiddle: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_MIDDLE)
    case .byTruncatingTail: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
    default: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE)
    }
    // A negative height limits lines per paragraph when ellipsizing; with no line limit,
    // an unbounded height keeps every line (Pango would otherwise ellipsize to one line).
    pango_layout_set_height(layout, maxLines > 0 ? -Int32(clamping: maxLines) : Int32.max)
    switch alignment {
    case .left, .natural: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
    case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
    case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
    case .justified:
      pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
      pango_layout_set_justify(layout, 1)
    }
  }

  /// A Pango font description of `font` (absolute size in points; weight clamped to
  /// 1…1000, 400 when not finite); the caller frees it.
  package static func pangoDescription(_ font: FontDescription) -> OpaquePointer {
    let desc = pango_font_description_new()!
    pango_font_description_set_family(desc, font.family)
    pango_font_description_set_absolute_size(desc, font.size * Double(PANGO_SCALE))
    let weight = font.weight.rawValue.isFinite ? min(max(font.weight.rawValue, 1), 1000) : 400
    pango_font_description_set_weight(desc, PangoWeight(UInt32(weight.rounded())))
    pango_font_description_set_style(desc, font.isItalic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
    return desc
  }
}

import CCairo
import CPango
import Foundation
import Text

/// Draws a `UILabel`'s text with Pango layouts made by `PangoLayoutSetup`, as `TextShaper`
/// measures it (72 dpi, unhinted, fractional positions, the same font, wrapping, ellipsizing,
/// line limit and attributes), so the drawn lines are the measured ones by construction.
@MainActor
package final class LabelPainter {
  package static let shared = LabelPainter()

  private let fontMap: UnsafeMutablePointer<PangoFontMap>
  private let context: OpaquePointer

  private init() {
    let made = PangoLayoutSetup.makeContext()
    fontMap = made.fontMap
    context = made.context
  }

  /// A label's Pango layout as it is drawn.
  package final class Prepared {
    package let layout: OpaquePointer
    /// The most lines drawn (0 for any).
    package var lines: Int
    /// The wrap width, or `nil` for one unwrapped line.
    package let wrapWidth: Double?
    /// Whether the first paragraph reads right to left.
    package var rtl = false
    /// Whether natural alignment puts lines on the right: the label's layout direction is
    /// right to left (as UIKit, whatever the script), or its text reads right to left.
    package var naturalRight = false

    package init(layout: OpaquePointer, lines: Int, wrapWidth: Double?) {
      self.layout = layout
      self.lines = lines
      self.wrapWidth = wrapWidth
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }
  }

  /// Lays a label's text out as it will be drawn: wrapped where it was measured, limited to
  /// its lines and to the lines that fit its height, with its attributed spans (fonts and
  /// colours, span colours multiplied by `alpha`) and its fonts scaled by `fontScale`
  /// (`adjustsFontSizeToFitWidth`), as `UILabel` measures it.
  /// The layout is kept for the next frames (labels change little between frames) and
  /// shared: callers only read it.
  package func prepare(_ label: UILabel, alpha: Double = 1) -> Prepared? {
    guard let text = label.text, !text.isEmpty, var font = label.font?.fontDescription else {
      return nil
    }
    let fontScale = Double(label.fontScale)
    font.size *= fontScale
    let spans = label.textAttributeSpans.map { span in
      var copy = span
      copy.font?.size *= fontScale
      return copy
    }
    let bounds = label.bounds
    guard bounds.width > 0, bounds.height > 0 else { return nil }
    let key = PreparedKey(
      text: text, font: font, spans: spans, alpha: alpha, width: Double(bounds.width),
      height: Double(bounds.height), lines: label.numberOfLines,
      lineBreakMode: label.lineBreakMode.rawValue,
      preferredMaxLayoutWidth: Double(label.preferredMaxLayoutWidth),
      alignment: label.textAlignment.rawValue,
      rightToLeft: label.effectiveUserInterfaceLayoutDirection == .rightToLeft)
    if let kept = preparedLayouts[key] { return kept }
    let prepared = makePrepared(label, text: text, font: font, spans: spans, alpha: alpha)
    if preparedLayouts.count >= 256 { preparedLayouts.removeAll(keepingCapacity: true) }
    preparedLayouts[key] = prepared
    return prepared
  }

  /// What a label's drawn layout depends on.
  private struct PreparedKey: Hashable {
    let text: String
    let font: FontDescription
    let spans: [TextAttributeSpan]
    let alpha: Double
    let width: Double
    let height: Double
    let lines: Int
    let lineBreakMode: Int
    let preferredMaxLayoutWidth: Double
    let alignment: Int
    let rightToLeft: Bool
  }

  private var preparedLayouts: [PreparedKey: Prepared] = [:]

  /// Forgets the kept layouts (tests compare kept and fresh ones).
  package func forgetPreparedLayouts() {
    preparedLayouts.removeAll()
    ellipsizedLines.removeAll()
  }

  private func makePrepared(
    _ label: UILabel, text: String, font: FontDescription, spans: [TextAttributeSpan],
    alpha: Double
  ) -> Prepared {
    let bounds = label.bounds
    let requestedLines = label.numberOfLines
    let mode = label.lineBreakMode
    let truncates =
      mode == .byTruncatingHead || mode == .byTruncatingMiddle || mode == .byTruncatingTail
    // Multi-line labels wrap where they were measured; one-line labels are cut or
    // ellipsized at their own width, as UIKit draws them.
    let wrapWidth: Double? =
      requestedLines != 1
      ? Double(label.preferredMaxLayoutWidth > 0 ? label.preferredMaxLayoutWidth : bounds.width)
      : (truncates ? Double(bounds.width) : nil)
    let prepared = Prepared(
      layout: PangoLayoutSetup.makeLayout(
        in: context, text: text, font: font, spans: spans, alpha: alpha, maxWidth: wrapWidth,
        maxLines: requestedLines, lineBreakMode: mode),
      lines: requestedLines, wrapWidth: wrapWidth)
    let layout = prepared.layout
    // As UIKit, a label shorter than its text shows only the lines that fit (at least one),
    // ellipsizing the last one in a truncating mode.
    let fitting = Self.fittingLineCount(
      layout, height: Double(bounds.height), maxLines: requestedLines)
    if fitting < Self.shownLineCount(layout, maxLines: requestedLines) {
      prepared.lines = fitting
      PangoLayoutSetup.configure(
        layout, text: text, font: font, maxWidth: wrapWidth, maxLines: fitting,
        lineBreakMode: mode)
    }
    prepared.rtl = Self.isRightToLeft(layout)
    prepared.naturalRight =
      label.effectiveUserInterfaceLayoutDirection == .rightToLeft || prepared.rtl
    align(layout, label.textAlignment, rtl: prepared.rtl, naturalRight: prepared.naturalRight)
    return prepared
  }

  /// The drawn lines as (UTF-8 start, UTF-8 length), to compare with the label's measurement.
  package func lineRanges(_ label: UILabel) -> [(start: Int, length: Int)] {
    guard let prepared = prepare(label) else { return [] }
    var ranges: [(Int, Int)] = []
    let count = Self.shownLineCount(prepared.layout, maxLines: prepared.lines)
    for index in 0..<count {
      guard let line = pango_layout_get_line_readonly(prepared.layout, Int32(index)) else { break }
      ranges.append((Int(line.pointee.start_index), Int(line.pointee.length)))
    }
    return ranges
  }

  /// Draws `label`'s text in its bounds (the context is in the label's coordinates).
  package func draw(_ label: UILabel, in cr: OpaquePointer, opacity: Double) {
    let alpha = opacity * (label.isEnabled ? 1 : 0.45)
    guard let prepared = prepare(label, alpha: alpha) else { return }
    let layout = prepared.layout
    let lines = prepared.lines
    let bounds = label.bounds
    let scale = Double(PANGO_SCALE)
    let (x, y) = origin(of: prepared, in: label)
    cairo_save(cr)
    cairo_rectangle(cr, 0, 0, Double(bounds.width), Double(bounds.height))
    cairo_clip(cr)
    let color = label.textColor ?? .label
    let colorAlpha = Double(color.alpha) * (label.isEnabled ? 1 : 0.45)
    cairo_set_source_rgba(
      cr, Double(color.red), Double(color.green), Double(color.blue), colorAlpha * opacity)
    if lines > 0, pango_layout_get_line_count(layout) > Int32(lines) {
      let iter = pango_layout_get_iter(layout)
      defer { pango_layout_iter_free(iter) }
      var shown = 0
      repeat {
        guard shown < lines, let line = pango_layout_iter_get_line_readonly(iter) else { break }
        var extents = PangoRectangle()
        pango_layout_iter_get_line_extents(iter, nil, &extents)
        let baseline = Double(pango_layout_iter_get_baseline(iter)) / scale
        cairo_move_to(cr, x + Double(extents.x) / scale, y + baseline)
        pango_cairo_show_layout_line(cr, line)
        shown += 1
      } while pango_layout_iter_next_line(iter) != 0
    } else {
      cairo_move_to(cr, x, y)
      pango_cairo_show_layout(cr, layout)
    }
    cairo_restore(cr)
  }

  /// Where `label`'s prepared layout is drawn in its bounds: one unwrapped line placed by
  /// the label's alignment, and the text centred vertically as ``draw(_:in:opacity:)`` does.
  private func origin(of prepared: Prepared, in label: UILabel) -> (x: Double, y: Double) {
    let layout = prepared.layout
    let bounds = label.bounds
    var x = 0.0
    if prepared.wrapWidth == nil {
      var logical = PangoRectangle()
      pango_layout_get_extents(layout, nil, &logical)
      let width = Double(logical.width) / Double(PANGO_SCALE)
      x = Self.offset(
        width: width, in: Double(bounds.width), label.textAlignment,
        rtl: prepared.naturalRight)
    }
    // Like UILabel, one line is centred in the bounds even when it is taller than them (a
    // fallback font's tall line box, as Arabic's in a Latin-sized label, then loses equal
    // parts of its empty ascent and descent, not the glyphs); several lines start at the top.
    let textHeight = Self.shownHeight(layout, maxLines: prepared.lines)
    let lineCount = Int(pango_layout_get_line_count(layout))
    let shownLines = prepared.lines > 0 ? min(prepared.lines, lineCount) : lineCount
    let centred = (Double(bounds.height) - textHeight) / 2
    return (x, shownLines <= 1 ? centred : max(0, centred))
  }

  /// The box of the ink ``draw(_:in:opacity:)`` lays down for `label`'s shown lines, in the
  /// label's coordinates before its clip; `nil` for a label that draws nothing.
  package func drawnInkBox(_ label: UILabel) -> CGRect? {
    guard let prepared = prepare(label) else { return nil }
    let (x, y) = origin(of: prepared, in: label)
    let scale = Double(PANGO_SCALE)
    let iter = pango_layout_get_iter(prepared.layout)!
    defer { pango_layout_iter_free(iter) }
    var box: CGRect?
    var shown = 0
    repeat {
      if prepared.lines > 0, shown >= prepared.lines { break }
      var ink = PangoRectangle()
      pango_layout_iter_get_line_extents(iter, &ink, nil)
      shown += 1
      guard ink.width > 0, ink.height > 0 else { continue }
      let line = CGRect(
        x: x + Double(ink.x) / scale, y: y + Double(ink.y) / scale,
        width: Double(ink.width) / scale, height: Double(ink.height) / scale)
      box = box?.union(line) ?? line
    } while pango_layout_iter_next_line(iter) != 0
    return box
  }

  private struct ExtentsKey: Hashable {
    let text: String
    let size: Double
    let weight: Double
  }

  private var extentsCache: [ExtentsKey: (Double, Double)] = [:]

  /// The logical width and height of a one-line map label, remembered by text, size and
  /// weight (street names repeat from frame to frame).
  package func extents(of text: String, size: Double, weight: FontWeight) -> (Double, Double) {
    let key = ExtentsKey(text: text, size: size, weight: weight.rawValue)
    if let known = extentsCache[key] { return known }
    let layout = makeLayout(text, size: size, weight: weight)
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    var logical = PangoRectangle()
    pango_layout_get_extents(layout, nil, &logical)
    let result = (
      Double(logical.width) / Double(PANGO_SCALE), Double(logical.height) / Double(PANGO_SCALE)
    )
    if extentsCache.count > 4096 { extentsCache.removeAll() }
    extentsCache[key] = result
    return result
  }

  private struct LineKey: Hashable {
    let text: String
    let size: Double
    let width: Double
  }

  private var ellipsizedLines: [LineKey: (layout: Prepared, logical: PangoRectangle)] = [:]

  /// A kept one-line layout of `text` in the system font, ellipsized at its end to `width`
  /// points (the map's attribution, the same on every frame), and its logical extents.
  /// Drawn from, never changed: the layout stays the painter's.
  package func ellipsizedLine(_ text: String, size: Double, width: Double) -> (
    layout: OpaquePointer, logical: PangoRectangle
  ) {
    let key = LineKey(text: text, size: size, width: width)
    if let kept = ellipsizedLines[key] { return (kept.layout.layout, kept.logical) }
    let layout = makeLayout(text, size: size)
    pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
    pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
    var logical = PangoRectangle()
    pango_layout_get_extents(layout, nil, &logical)
    if ellipsizedLines.count >= 64 { ellipsizedLines.removeAll() }
    // `Prepared` owns (and unrefs) the layout.
    ellipsizedLines[key] = (Prepared(layout: layout, lines: 1, wrapWidth: width), logical)
    return (layout, logical)
  }

  /// A one-line layout of `text` in the system font (for map labels); the caller unrefs it.
  package func makeLayout(_ text: String, size: Double, weight: FontWeight = .regular)
    -> OpaquePointer
  {
    PangoLayoutSetup.makeLayout(
      in: context, text: text,
      font: FontDescription(family: UIFont.systemFontFamily, size: size, weight: weight),
      maxWidth: nil, maxLines: 1, lineBreakMode: .byClipping)
  }

  /// A layout of `text` in `font`, wrapped at `maxWidth` when given (UIKit's string
  /// drawing); the caller unrefs it.
  package func makeLayout(_ text: String, font: FontDescription, maxWidth: Double?)
    -> OpaquePointer
  {
    PangoLayoutSetup.makeLayout(
      in: context, text: text, font: font, maxWidth: maxWidth, maxLines: 0,
      lineBreakMode: .byWordWrapping)
  }

  /// Line alignment inside the wrap width. Pango flips left and right for right-to-left
  /// paragraphs when the direction is automatic, so explicit sides are flipped back;
  /// natural alignment goes right when `naturalRight` (a right-to-left label or text).
  private func align(
    _ layout: OpaquePointer, _ alignment: TextAlignment, rtl: Bool, naturalRight: Bool
  ) {
    switch alignment {
    case .natural:
      pango_layout_set_alignment(layout, naturalRight != rtl ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
    case .left: pango_layout_set_alignment(layout, rtl ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
    case .right: pango_layout_set_alignment(layout, rtl ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT)
    case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
    case .justified:
      pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
      pango_layout_set_justify(layout, 1)
    }
  }

  /// Whether the layout's first paragraph resolved right to left.
  package static func isRightToLeft(_ layout: OpaquePointer) -> Bool {
    guard let line = pango_layout_get_line_readonly(layout, 0) else { return false }
    let direction = PangoDirection(line.pointee.resolved_dir)
    return direction == PANGO_DIRECTION_RTL || direction == PANGO_DIRECTION_WEAK_RTL
  }

  /// Where a one-line text of `width` starts in a box of `box` points.
  package static func offset(width: Double, in box: Double, _ alignment: TextAlignment, rtl: Bool)
    -> Double
  {
    switch alignment {
    case .left, .justified: return 0
    case .right: return box - width
    case .center: return (box - width) / 2
    case .natural: return rtl ? box - width : 0
    }
  }

  /// The number of lines shown (at most `maxLines` when it is not 0).
  package static func shownLineCount(_ layout: OpaquePointer, maxLines: Int) -> Int {
    let count = Int(pango_layout_get_line_count(layout))
    return maxLines > 0 ? min(count, maxLines) : count
  }

  /// How many of the shown lines fit in `height` points (at least one).
  package static func fittingLineCount(_ layout: OpaquePointer, height: Double, maxLines: Int)
    -> Int
  {
    let scale = Double(PANGO_SCALE)
    let iter = pango_layout_get_iter(layout)!
    defer { pango_layout_iter_free(iter) }
    var count = 0
    repeat {
      if maxLines > 0, count >= maxLines { break }
      var logical = PangoRectangle()
      pango_layout_iter_get_line_extents(iter, nil, &logical)
      guard Double(logical.y + logical.height) / scale <= height + 0.5 else { break }
      count += 1
    } while pango_layout_iter_next_line(iter) != 0
    return max(count, 1)
  }

  /// The height of the lines shown (at most `maxLines` when it is not 0).
  package static func shownHeight(_ layout: OpaquePointer, maxLines: Int) -> Double {
    let scale = Double(PANGO_SCALE)
    let iter = pango_layout_get_iter(layout)!
    defer { pango_layout_iter_free(iter) }
    var bottom = 0.0
    var count = 0
    repeat {
      if maxLines > 0, count >= maxLines { break }
      var logical = PangoRectangle()
      pango_layout_iter_get_line_extents(iter, nil, &logical)
      bottom = Double(logical.y + logical.height) / scale
      count += 1
    } while pango_layout_iter_next_line(iter) != 0
    return bottom
  }
}

import CPango
import Foundation

/// Shapes, breaks and measures text with Pango (HarfBuzz shaping, fontconfig fonts, the
/// Unicode bidirectional and line-breaking algorithms).
///
/// One shaper owns a Pango font map and context at 72 dpi (1 pt = 1 unit), unhinted, with
/// fractional glyph positions, so metrics are the font's own. Calls are serialised by a lock;
/// use ``shared`` from any thread.
///
/// ```swift
/// let size = try TextShaper.shared.measure(
///   "Avenue des Champs-Élysées", font: FontDescription(family: "Noto Sans", size: 17),
///   maxWidth: 120, maxLines: 0)
/// ```
public final class TextShaper: @unchecked Sendable {
  /// The process-wide shaper.
  public static let shared = TextShaper()

  private let lock = NSLock()
  private let fontMap: UnsafeMutablePointer<PangoFontMap>
  private let context: OpaquePointer
  private var familyCache: [String: Bool] = [:]
  private var installedFamilies: [String]?

  /// A shaper with its own font map.
  public init() {
    let made = PangoLayoutSetup.makeContext()
    fontMap = made.fontMap
    context = made.context
  }

  deinit {
    g_object_unref(UnsafeMutableRawPointer(context))
    g_object_unref(UnsafeMutableRawPointer(fontMap))
  }

  /// The installed font families, sorted.
  public func availableFamilies() -> [String] {
    lock.lock()
    defer { lock.unlock() }
    return loadFamilies()
  }

  /// Whether a family with this name (case-insensitive) is installed.
  public func hasFamily(_ family: String) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return hasFamilyLocked(family)
  }

  /// Lays `text` out and measures it.
  ///
  /// - Parameters:
  ///   - maxWidth: the line width limit; `nil` keeps each paragraph on one line.
  ///   - maxLines: the most lines shown; 0 for no limit.
  ///   - lineBreakMode: wrapping and truncation, as `NSLineBreakMode`.
  ///   - alignment: line alignment; does not change the measured size.
  /// - Throws: ``TextError/fontFamilyNotFound(_:)`` when none of the font's families is
  ///   installed; ``TextError/invalidFontSize(_:)``, ``TextError/invalidWidth(_:)``.
  public func measure(
    _ text: String, font: FontDescription, maxWidth: Double? = nil, maxLines: Int = 0,
    lineBreakMode: TextLineBreakMode = .byWordWrapping, alignment: TextAlignment = .natural
  ) throws(TextError) -> TextMeasurement {
    try measure(
      text, font: font, spans: [], maxWidth: maxWidth, maxLines: maxLines,
      lineBreakMode: lineBreakMode, alignment: alignment)
  }

  /// Lays out `text` with attribute spans (fonts and colours over UTF-8 ranges, later spans
  /// winning where they overlap) and measures it: the shaping behind `NSAttributedString`.
  ///
  /// - Throws: as ``measure(_:font:maxWidth:maxLines:lineBreakMode:alignment:)``, for the
  ///   base font and every span's font; ``TextError/invalidSpan(_:length:)`` for a span
  ///   outside the text or splitting a character.
  public func measure(
    _ text: String, font: FontDescription, spans: [TextAttributeSpan], maxWidth: Double? = nil,
    maxLines: Int = 0, lineBreakMode: TextLineBreakMode = .byWordWrapping,
    alignment: TextAlignment = .natural
  ) throws(TextError) -> TextMeasurement {
    for span in spans { try span.validate(in: text) }
    guard font.size.isFinite, font.size > 0, font.size < 100_000 else {
      throw .invalidFontSize(font.size)
    }
    if let maxWidth, !(maxWidth.isFinite && maxWidth > 0) { throw .invalidWidth(maxWidth) }
    lock.lock()
    defer { lock.unlock() }
    for wanted in [font] + spans.compactMap(\.font)
    where !wanted.families.contains(where: { hasFamilyLocked($0) }) {
      throw .fontFamilyNotFound(wanted.family)
    }
    let layout = PangoLayoutSetup.makeLayout(
      in: context, text: text, font: font, spans: spans, maxWidth: maxWidth, maxLines: maxLines,
      lineBreakMode: lineBreakMode, alignment: alignment)
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    return read(layout, text: text, maxLines: maxLines)
  }

  // MARK: - Pango

  /// Puts the spans on a Pango layout as an attribute list (font descriptions, foreground
  /// colour and alpha), the way measuring does, so a renderer that draws the layout shows what
  /// was measured. `alpha` multiplies each span colour's alpha (a view's opacity: Pango sets a
  /// span's colour over the context's source).
  ///
  /// - Parameter layout: a `PangoLayout *` holding the text the spans' UTF-8 ranges index.
  public static func applyAttributes(
    _ spans: [TextAttributeSpan], alpha: Double = 1, to layout: OpaquePointer
  ) {
    let list = pango_attr_list_new()
    defer { pango_attr_list_unref(list) }
    func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?, _ span: TextAttributeSpan) {
      guard let attribute else { return }
      attribute.pointee.start_index = guint(span.utf8Range.lowerBound)
      attribute.pointee.end_index = guint(span.utf8Range.upperBound)
      pango_attr_list_insert(list, attribute)
    }
    func channel(_ value: Double) -> UInt16 {
      UInt16((min(max(value.isFinite ? value : 0, 0), 1) * 65535).rounded())
    }
    for span in spans where !span.utf8Range.isEmpty {
      if let font = span.font {
        let desc = PangoLayoutSetup.pangoDescription(font)
        insert(pango_attr_font_desc_new(desc), span)
        pango_font_description_free(desc)
      }
      if let color = span.color {
        insert(
          pango_attr_foreground_new(channel(color.red), channel(color.green), channel(color.blue)),
          span)
        insert(pango_attr_foreground_alpha_new(max(channel(color.alpha * alpha), 1)), span)
      }
    }
    pango_layout_set_attributes(layout, list)
  }

  private func read(_ layout: OpaquePointer, text: String, maxLines: Int) -> TextMeasurement {
    let scale = Double(PANGO_SCALE)
    let total = Int(pango_layout_get_line_count(layout))
    var lines: [TextLine] = []
    let iter = pango_layout_get_iter(layout)!
    defer { pango_layout_iter_free(iter) }
    repeat {
      if maxLines > 0, lines.count >= maxLines { break }
      var logical = PangoRectangle()
      pango_layout_iter_get_line_extents(iter, nil, &logical)
      let line = pango_layout_iter_get_line_readonly(iter)!
      let baseline = Double(pango_layout_iter_get_baseline(iter)) / scale
      lines.append(
        TextLine(
          utf8Start: Int(line.pointee.start_index), utf8Length: Int(line.pointee.length),
          width: Double(logical.width) / scale, top: Double(logical.y) / scale,
          height: Double(logical.height) / scale, baseline: baseline,
          direction: Self.direction(PangoDirection(line.pointee.resolved_dir)),
          runCount: Self.count(line.pointee.runs)))
    } while pango_layout_iter_next_line(iter) != 0
    let width = lines.map(\.width).max() ?? 0
    let height = lines.last.map { $0.top + $0.height } ?? 0
    return TextMeasurement(
      width: width, height: height, firstBaseline: lines.first?.baseline ?? 0,
      lastBaseline: lines.last?.baseline ?? 0, lines: lines, totalLineCount: total,
      baseDirection: Self.baseDirection(of: text, firstLine: lines.first?.direction),
      isTruncated: pango_layout_is_ellipsized(layout) != 0)
  }

  private static func direction(_ direction: PangoDirection) -> TextDirection {
    switch direction {
    case PANGO_DIRECTION_RTL, PANGO_DIRECTION_WEAK_RTL: return .rightToLeft
    case PANGO_DIRECTION_LTR, PANGO_DIRECTION_WEAK_LTR: return .leftToRight
    default: return .neutral
    }
  }

  /// The first paragraph's direction: the first line's, as Pango resolved it from the first
  /// strong character (auto direction); neutral when no character is strongly directional.
  private static func baseDirection(of text: String, firstLine: TextDirection?) -> TextDirection {
    let strong = text.unicodeScalars.contains { scalar in
      scalar.properties.isAlphabetic || scalar.properties.isIdeographic
    }
    return strong ? firstLine ?? .neutral : .neutral
  }

  private static func count(_ list: UnsafeMutablePointer<GSList>?) -> Int {
    var node = list
    var count = 0
    while let current = node {
      count += 1
      node = current.pointee.next
    }
    return count
  }

  private func hasFamilyLocked(_ family: String) -> Bool {
    let key = family.lowercased()
    if let known = familyCache[key] { return known }
    let found = loadFamilies().contains { $0.lowercased() == key }
    familyCache[key] = found
    return found
  }

  private func loadFamilies() -> [String] {
    if let installedFamilies { return installedFamilies }
    var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
    var count: Int32 = 0
    pango_font_map_list_families(fontMap, &families, &count)
    var names: [String] = []
    for index in 0..<Int(count) {
      if let family = families?[index], let name = pango_font_family_get_name(family) {
        names.append(String(cString: name))
      }
    }
    g_free(families)
    names.sort()
    installedFamilies = names
    return names
  }
}

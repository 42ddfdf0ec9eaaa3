import CCairo

/// What a renderer adds to the painting of a view tree: the seam between ViewKit, which
/// walks the tree (``ViewTreePainter``), and the Rendering module (which ViewKit cannot
/// import), whose painter paints the map, catalogue images and kept shadow masks and
/// encodes finished rows while later views are painted. Given per painting, never
/// registered process-wide.
@MainActor
package protocol ViewTreePaintingHooks: AnyObject {
  /// The painting of `root`'s tree at `time` into `cr` (user space: the root's coordinates)
  /// begins.
  func willPaintTree(root: UIView, at time: TimeInterval, in cr: OpaquePointer)
  /// `view` (shown) begins: the `step`-th view in painting order, the context saved and
  /// not yet moved to the view's frame.
  func willPaint(_ view: UIView, step: Int, in cr: OpaquePointer)
  /// Fills a square-cornered background `bounds` (view space) in the current source in its
  /// own way; `false`, having drawn nothing, to leave it to the painter.
  func fillSquareBackground(_ bounds: CGRect, in cr: OpaquePointer) -> Bool
  /// Paints `layer`'s soft shadow in its own way (`rings` fills the rings in opaque black in
  /// view space); `false`, having drawn nothing, to leave it to the painter.
  func paintShadow(
    of layer: CALayer, color: CGColor, opacity: Double, bounds: CGRect, opaque: Bool,
    steps: Int, radius: Double, in cr: OpaquePointer, rings: (OpaquePointer) -> Void
  ) -> Bool
  /// Paints content of `view` that ViewKit cannot (a map, a catalogue image); `true` when it
  /// painted `view`'s image (an image view's image is then not drawn again).
  func paintContent(of view: UIView, bounds: CGRect, isRoot: Bool, in cr: OpaquePointer) -> Bool
}

/// Paints a view tree back to front with its presentation values at one moment:
/// shadow, background with rounded and masked corners, content (text, images, what
/// `draw(_:)` drew, shape and gradient layers), subviews clipped where the view clips, then
/// the border, all under the view's group opacity. `UIView.drawHierarchy(in:afterScreenUpdates:)`,
/// `CALayer.render(in:)` and the Rendering module's renderer all paint through it.
@MainActor
package final class ViewTreePainter {
  let cr: OpaquePointer
  let time: TimeInterval
  weak var hooks: (any ViewTreePaintingHooks)?
  /// The context `draw(_:)` overrides draw into (over the same Cairo context).
  private var drawingContext: CGContext?
  /// Pixels per point of the device (a kept drawing is recorded again for another scale:
  /// what it rasterizes itself, such as a shadow, is made at one pixel a point).
  let deviceScale: Double
  private var step = 0

  /// A painter into `cr` (user space: the root's coordinates) at `time`.
  package init(cr: OpaquePointer, time: TimeInterval, hooks: (any ViewTreePaintingHooks)?) {
    self.cr = cr
    self.time = time
    self.hooks = hooks
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cr, &matrix)
    deviceScale = max(1, (abs(matrix.xx * matrix.yy - matrix.xy * matrix.yx)).squareRoot())
  }

  /// Paints `root` at the origin (its own frame origin is ignored).
  package func paint(root: UIView) {
    step = 0
    hooks?.willPaintTree(root: root, at: time, in: cr)
    paint(root, isRoot: true)
  }

  /// Paints a layer no view backs with its bounds at the origin.
  package func paintDetached(_ layer: CALayer) {
    cairo_save(cr)
    cairo_translate(cr, -Double(layer.frame.minX), -Double(layer.frame.minY))
    paint(layer)
    cairo_restore(cr)
  }

  /// A view's frame and opacity on screen, `nil` when it is not painted (hidden, fully
  /// transparent, or a frame that is not finite).
  package static func shown(_ view: UIView, at time: TimeInterval) -> (
    frame: CGRect, opacity: Double
  )? {
    guard !view.isHidden else { return nil }
    let layer = view.layer
    let opacity = Double(layer.presentationOpacity(at: time))
    guard opacity > 0.001 else { return nil }
    let frame = layer.presentationFrame(at: time)
    guard frame.width.isFinite, frame.height.isFinite, frame.minX.isFinite, frame.minY.isFinite
    else { return nil }
    return (frame, opacity)
  }

  /// Subviews sorted by `layer.zPosition`, keeping the subview order among equals.
  package static func drawingOrder(_ subviews: [UIView]) -> [UIView] {
    guard subviews.contains(where: { $0.layer.zPosition != 0 }) else { return subviews }
    return subviews.enumerated().sorted {
      ($0.element.layer.zPosition, $0.offset) < ($1.element.layer.zPosition, $1.offset)
    }.map(\.element)
  }

  private func paint(_ view: UIView, isRoot: Bool) {
    guard let (frame, opacity) = Self.shown(view, at: time) else { return }
    step += 1
    let bounds = CGRect(origin: .zero, size: frame.size)
    cairo_save(cr)
    hooks?.willPaint(view, step: step, in: cr)
    if !isRoot { cairo_translate(cr, Double(frame.minX), Double(frame.minY)) }
    let layer = view.layer
    let masked = layer.mask != nil
    let grouped = opacity < 0.999 || masked
    if grouped { cairo_push_group(cr) }
    let radius = Double(layer.cornerRadius)
    let corners = layer.maskedCorners
    if layer.shadowOpacity > 0, let shadow = layer.shadowColor,
      view.backgroundColor != nil || layer.shadowPath != nil
    {
      paintShadow(
        layer, color: shadow, bounds: bounds, opaque: (view.backgroundColor?.alpha ?? 0) >= 1)
    }
    if let background = view.backgroundColor, background.alpha > 0 {
      cairo_set_source_rgba(
        cr, Double(background.red), Double(background.green), Double(background.blue),
        Double(background.alpha))
      // Square corners: a renderer may leave out what its map covers.
      if radius > 0 && !corners.isEmpty || hooks?.fillSquareBackground(bounds, in: cr) != true {
        Self.roundedRect(cr, bounds, radius: radius, corners: corners)
        cairo_fill(cr)
      }
    }
    let clips = layer.masksToBounds
    cairo_save(cr)
    if clips {
      Self.roundedRect(cr, bounds, radius: radius, corners: corners)
      cairo_clip(cr)
    }
    paintContent(of: view, bounds: bounds, isRoot: isRoot)
    for sublayer in layer.sublayers ?? [] { paint(sublayer) }
    let origin = view.bounds.origin
    cairo_translate(cr, -Double(origin.x), -Double(origin.y))
    for subview in Self.drawingOrder(view.subviews) {
      paint(subview, isRoot: false)
    }
    cairo_restore(cr)
    paintBorder(of: layer, bounds: bounds)
    if grouped {
      cairo_pop_group_to_source(cr)
      if let mask = layer.mask {
        paintMasked(by: mask, opacity: opacity)
      } else {
        cairo_paint_with_alpha(cr, opacity)
      }
    }
    cairo_restore(cr)
  }

  /// Paints the source (the view's group) through the alpha of `mask` painted in the
  /// view's space.
  private func paintMasked(by mask: CALayer, opacity: Double) {
    let content = cairo_get_source(cr).map { cairo_pattern_reference($0)! }
    cairo_push_group(cr)
    paint(mask)
    let maskPattern = cairo_pop_group(cr)!
    if let content { cairo_set_source(cr, content) }
    if opacity < 0.999 {
      // Opacity and mask together: the content at `opacity` through the mask.
      cairo_push_group(cr)
      cairo_paint_with_alpha(cr, opacity)
      cairo_pop_group_to_source(cr)
    }
    cairo_mask(cr, maskPattern)
    cairo_pattern_destroy(maskPattern)
    if let content { cairo_pattern_destroy(content) }
  }

  private func paintBorder(of layer: CALayer, bounds: CGRect) {
    let radius = Double(layer.cornerRadius)
    guard layer.borderWidth > 0, let color = layer.borderColor, color.alpha > 0 else { return }
    let width = Double(layer.borderWidth)
    let inset = bounds.insetBy(dx: CGFloat(width / 2), dy: CGFloat(width / 2))
    guard inset.width > 0, inset.height > 0 else { return }
    Self.roundedRect(cr, inset, radius: radius - width / 2, corners: layer.maskedCorners)
    cairo_set_source_rgba(
      cr, Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha))
    cairo_set_line_width(cr, width)
    cairo_stroke(cr)
  }

  /// A layer that no view backs (a shape or gradient layer, a mask) and its sublayers.
  private func paint(_ layer: CALayer) {
    guard !layer.isHidden, layer.opacity > 0.001 else { return }
    let frame = layer.frame
    guard frame.minX.isFinite, frame.minY.isFinite, frame.width.isFinite, frame.height.isFinite
    else { return }
    let bounds = CGRect(origin: .zero, size: frame.size)
    cairo_save(cr)
    cairo_translate(cr, Double(frame.minX), Double(frame.minY))
    let grouped = layer.opacity < 0.999
    if grouped { cairo_push_group(cr) }
    let radius = Double(layer.cornerRadius)
    if let background = layer.backgroundColor, background.alpha > 0 {
      cairo_set_source_rgba(
        cr, Double(background.red), Double(background.green), Double(background.blue),
        Double(background.alpha))
      Self.roundedRect(cr, bounds, radius: radius, corners: layer.maskedCorners)
      cairo_fill(cr)
    }
    cairo_save(cr)
    if layer.masksToBounds {
      Self.roundedRect(cr, bounds, radius: radius, corners: layer.maskedCorners)
      cairo_clip(cr)
    }
    withContext { context in layer.draw(in: context) }
    for sublayer in layer.sublayers ?? [] { paint(sublayer) }
    cairo_restore(cr)
    paintBorder(of: layer, bounds: bounds)
    if grouped {
      cairo_pop_group_to_source(cr)
      cairo_paint_with_alpha(cr, Double(layer.opacity))
    }
    cairo_restore(cr)
  }

  /// Runs `body` with a Core Graphics context over the Cairo context, current for UIKit
  /// drawing, its state saved and restored around it.
  private func withContext(_ body: (CGContext) -> Void) {
    cairo_save(cr)
    let context = CGContext(cairo: cr)
    UIGraphicsPushContext(context)
    body(context)
    UIGraphicsPopContext()
    cairo_restore(cr)
  }

  private func paintContent(of view: UIView, bounds: CGRect, isRoot: Bool) {
    let paintedImage =
      hooks?.paintContent(of: view, bounds: bounds, isRoot: isRoot, in: cr) ?? false
    if let label = view as? UILabel {
      LabelPainter.shared.draw(label, in: cr, opacity: 1)
    } else if !paintedImage, let imageView = view as? UIImageView {
      let shown =
        imageView.isHighlighted ? (imageView.highlightedImage ?? imageView.image) : imageView.image
      if let image = shown, let cgImage = image.cgImage {
        let rect = Self.placement(of: image.size, in: bounds, mode: imageView.contentMode)
        let tint =
          image.tintColor
          ?? (image.renderingMode == .alwaysTemplate ? (imageView.tintColor ?? .systemBlue) : nil)
        withContext { context in
          image.paint(cgImage, tint: tint?.cgColor, in: rect, context: context)
        }
      }
    }
    paintDrawing(of: view, bounds: bounds)
  }

  /// What the view's `draw(_:)` drew: kept as a recording and drawn again only after
  /// `setNeedsDisplay()` or, with content mode `.redraw`, a new size (other modes place the
  /// kept drawing in the new bounds as they place images).
  private func paintDrawing(of view: UIView, bounds: CGRect) {
    guard view.drawsOwnContent != false, bounds.width > 0, bounds.height > 0 else { return }
    let kept = view.keptDrawing
    let current =
      kept.map {
        $0.generation == view.displayGeneration && $0.scale == deviceScale
          && (view.contentMode != .redraw || $0.size == bounds.size)
      } ?? false
    if !current {
      guard let drawing = record(view, size: bounds.size) else {
        view.keptDrawing = nil
        return
      }
      view.keptDrawing = drawing
    }
    guard let drawing = view.keptDrawing else { return }
    cairo_save(cr)
    cairo_rectangle(cr, 0, 0, Double(bounds.width), Double(bounds.height))
    cairo_clip(cr)
    if drawing.size != bounds.size {
      let rect = Self.placement(of: drawing.size, in: bounds, mode: view.contentMode)
      cairo_translate(cr, Double(rect.minX), Double(rect.minY))
      cairo_scale(
        cr, Double(rect.width / drawing.size.width), Double(rect.height / drawing.size.height))
    }
    cairo_set_source_surface(cr, drawing.surface, 0, 0)
    cairo_paint(cr)
    cairo_restore(cr)
  }

  /// Records `view.draw(_:)` over its bounds; `nil` when the view does not draw (its
  /// `draw(_:)` is UIView's and drew nothing: it is then never asked again).
  private func record(_ view: UIView, size: CGSize) -> UIView.KeptDrawing? {
    var extents = cairo_rectangle_t(
      x: 0, y: 0, width: Double(size.width), height: Double(size.height))
    guard let surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents) else {
      return nil
    }
    let recorder = cairo_create(surface)!
    let context = CGContext(cairo: recorder)
    cairo_destroy(recorder)
    view.baseDrawCalled = false
    UIGraphicsPushContext(context)
    view.draw(CGRect(origin: .zero, size: size))
    UIGraphicsPopContext()
    view.redrawCount += 1
    if view.baseDrawCalled, context.operationCount == 0 {
      view.drawsOwnContent = false
      view.redrawCount -= 1
      cairo_surface_destroy(surface)
      return nil
    }
    view.drawsOwnContent = true
    return UIView.KeptDrawing(
      surface: surface, generation: view.displayGeneration, size: size, scale: deviceScale)
  }

  /// The soft shadow under the layer's rounded rectangle (or its `shadowPath`): rings of
  /// growing size and falling opacity approximate the blur (`shadowRadius`), offset by
  /// `shadowOffset`. Under an opaque background only the part outside the view is filled.
  private func paintShadow(_ layer: CALayer, color: CGColor, bounds: CGRect, opaque: Bool) {
    let radius = max(0, Double(layer.shadowRadius))
    let opacity = Double(min(max(layer.shadowOpacity, 0), 1)) * Double(color.alpha)
    let offset = layer.shadowOffset
    guard radius.isFinite, offset.width.isFinite, offset.height.isFinite else { return }
    if let path = layer.shadowPath {
      withContext { context in
        context.paintShadow(
          of: path, offset: offset, blur: CGFloat(radius),
          color: color.copy(alpha: CGFloat(opacity)) ?? color)
      }
      return
    }
    let steps = radius > 0 ? 8 : 1
    let handled =
      hooks?.paintShadow(
        of: layer, color: color, opacity: opacity, bounds: bounds, opaque: opaque, steps: steps,
        radius: radius, in: cr,
        rings: { cr in
          Self.addShadowRings(
            cr, layer: layer, opacity: opacity, bounds: bounds, opaque: opaque, steps: steps,
            radius: radius, color: .black)
        }) ?? false
    if handled { return }
    Self.addShadowRings(
      cr, layer: layer, opacity: opacity, bounds: bounds, opaque: opaque, steps: steps,
      radius: radius, color: color)
  }

  /// Fills a layer shadow's rings one after another in `color` (its alpha replaced by the
  /// ring's share of `opacity`).
  package static func addShadowRings(
    _ cr: OpaquePointer, layer: CALayer, opacity: Double, bounds: CGRect, opaque: Bool,
    steps: Int, radius: Double, color: CGColor
  ) {
    let offset = layer.shadowOffset
    for step in 0..<steps {
      let spread = radius * (Double(steps - step) / Double(steps))
      let rect = bounds.offsetBy(dx: offset.width, dy: offset.height)
        .insetBy(dx: CGFloat(-spread / 2), dy: CGFloat(-spread / 2))
      roundedRect(
        cr, rect, radius: Double(layer.cornerRadius) + spread / 2, corners: layer.maskedCorners)
      if opaque {
        roundedRect(cr, bounds, radius: Double(layer.cornerRadius), corners: layer.maskedCorners)
      }
      cairo_set_source_rgba(
        cr, Double(color.red), Double(color.green), Double(color.blue),
        opacity / Double(steps) * 1.5)
      cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
      cairo_fill(cr)
      cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
    }
  }

  /// Adds a rectangle whose corners in `corners` are rounded by `radius` (clamped to half the
  /// shorter side), as Core Animation's `cornerRadius` with `maskedCorners`.
  nonisolated package static func roundedRect(
    _ cr: OpaquePointer, _ rect: CGRect, radius: Double, corners: CACornerMask
  ) {
    let x = Double(rect.minX)
    let y = Double(rect.minY)
    let w = Double(rect.width)
    let h = Double(rect.height)
    let r = max(0, min(radius, min(w, h) / 2))
    guard r > 0, !corners.isEmpty else {
      cairo_rectangle(cr, x, y, w, h)
      return
    }
    func cornerRadius(_ corner: CACornerMask) -> Double { corners.contains(corner) ? r : 0 }
    let topLeft = cornerRadius(.layerMinXMinYCorner)
    let topRight = cornerRadius(.layerMaxXMinYCorner)
    let bottomRight = cornerRadius(.layerMaxXMaxYCorner)
    let bottomLeft = cornerRadius(.layerMinXMaxYCorner)
    func corner(
      _ cx: Double, _ cy: Double, _ r: Double, _ a0: Double, _ a1: Double, _ point: (Double, Double)
    ) {
      if r > 0 { cairo_arc(cr, cx, cy, r, a0, a1) } else { cairo_line_to(cr, point.0, point.1) }
    }
    cairo_new_sub_path(cr)
    corner(x + w - topRight, y + topRight, topRight, -.pi / 2, 0, (x + w, y))
    corner(x + w - bottomRight, y + h - bottomRight, bottomRight, 0, .pi / 2, (x + w, y + h))
    corner(x + bottomLeft, y + h - bottomLeft, bottomLeft, .pi / 2, .pi, (x, y + h))
    corner(x + topLeft, y + topLeft, topLeft, .pi, 1.5 * .pi, (x, y))
    cairo_close_path(cr)
  }

  /// The rectangle content of `size` takes in `bounds` under a content mode.
  nonisolated package static func placement(
    of size: CGSize, in bounds: CGRect, mode: UIView.ContentMode
  )
    -> CGRect
  {
    let w = size.width
    let h = size.height
    guard w > 0, h > 0 else { return bounds }
    switch mode {
    case .scaleToFill, .redraw: return bounds
    case .scaleAspectFit, .scaleAspectFill:
      let sx = bounds.width / w
      let sy = bounds.height / h
      let s = mode == .scaleAspectFit ? min(sx, sy) : max(sx, sy)
      return CGRect(
        x: bounds.midX - w * s / 2, y: bounds.midY - h * s / 2, width: w * s, height: h * s)
    case .center: return CGRect(x: bounds.midX - w / 2, y: bounds.midY - h / 2, width: w, height: h)
    case .top: return CGRect(x: bounds.midX - w / 2, y: bounds.minY, width: w, height: h)
    case .bottom: return CGRect(x: bounds.midX - w / 2, y: bounds.maxY - h, width: w, height: h)
    case .left: return CGRect(x: bounds.minX, y: bounds.midY - h / 2, width: w, height: h)
    case .right: return CGRect(x: bounds.maxX - w, y: bounds.midY - h / 2, width: w, height: h)
    }
  }
}

import CCairo
import CPango
import Foundation
import NavigationCore
import ViewKit

extension MapPainter {
  /// Adds a coordinate line as one subpath in device space.
  func addLine(
    _ coordinates: ArraySlice<CLLocationCoordinate2D>, in cr: OpaquePointer,
    matrix m: inout cairo_matrix_t
  ) {
    guard coordinates.count >= 2 else { return }
    let frame = self.frame
    cairo_save(cr)
    cairo_transform(cr, &m)
    var first = true
    for c in coordinates {
      let p = frame.local(c)
      if first { cairo_move_to(cr, p.x, p.y) } else { cairo_line_to(cr, p.x, p.y) }
      first = false
    }
    cairo_restore(cr)
  }

  /// The view point of a coordinate.
  func point(_ c: CLLocationCoordinate2D, matrix m: inout cairo_matrix_t) -> (Double, Double) {
    let p = frame.local(c)
    var x = p.x
    var y = p.y
    cairo_matrix_transform_point(&m, &x, &y)
    return (x, y)
  }

  /// The alternative routes: each a casing at half opacity under its line. With
  /// `scanConverts`, where `cr` lets our code write its pixels, they are scan converted by
  /// ``PolylineRasterizer`` (round joins and caps, as Cairo strokes them here) instead of
  /// Cairo's strokes.
  func paintAlternatives(
    in cr: OpaquePointer, matrix m: inout cairo_matrix_t, scanConverts: Bool = false
  ) {
    let width = max(5, 10 / scene.camera.metersPerPoint)
    let lines = scanConverts && !scene.alternatives.isEmpty ? PolylineRasterizer(cr) : nil
    for line in scene.alternatives where line.count >= 2 {
      if let lines {
        let points = line.map { point($0, matrix: &m) }
        lines.stroke(
          points, width: width + 2, color: scene.style.routeCasing.withAlpha(0.5), spans: [])
        lines.stroke(points, width: width, color: scene.style.alternative, spans: [])
        continue
      }
      cairo_new_path(cr)
      addLine(line[...], in: cr, matrix: &m)
      let path = cairo_copy_path(cr)
      stroke(cr, color: scene.style.routeCasing.withAlpha(0.5), width: width + 2)
      cairo_append_path(cr, path)
      cairo_path_destroy(path)
      stroke(cr, color: scene.style.alternative, width: width)
    }
  }

  /// The route: travelled part dimmed, the rest in the route colour over its casing.
  func paintRoute(in cr: OpaquePointer, matrix m: inout cairo_matrix_t) {
    guard let route = scene.route, route.coordinates.count >= 2 else { return }
    let split = Self.split(route.coordinates, at: route.distanceTraveled)
    let width = max(6, 12 / scene.camera.metersPerPoint)
    if split.traveled.count >= 2 {
      cairo_new_path(cr)
      addLine(split.traveled[...], in: cr, matrix: &m)
      stroke(cr, color: scene.style.routeTraveled, width: width)
    }
    if split.ahead.count >= 2 {
      cairo_new_path(cr)
      addLine(split.ahead[...], in: cr, matrix: &m)
      let path = cairo_copy_path(cr)
      stroke(cr, color: scene.style.routeCasing, width: width + 3)
      cairo_append_path(cr, path)
      cairo_path_destroy(path)
      stroke(cr, color: scene.style.route, width: width)
    }
  }

  /// Splits a line at a distance along it into the part behind and the part ahead (both
  /// include the split point).
  static func split(_ line: [CLLocationCoordinate2D], at distance: Double) -> (
    traveled: [CLLocationCoordinate2D], ahead: [CLLocationCoordinate2D]
  ) {
    guard distance > 0 else { return ([], line) }
    var covered = 0.0
    for i in 1..<line.count {
      let length = Geodesy.distance(line[i - 1], line[i])
      if covered + length >= distance {
        let fraction = length > 0 ? (distance - covered) / length : 0
        let cut = Geodesy.interpolate(line[i - 1], line[i], fraction: fraction)
        return (Array(line[..<i]) + [cut], [cut] + Array(line[i...]))
      }
      covered += length
    }
    return (line, [])
  }

  func paintDestinations(in cr: OpaquePointer, matrix m: inout cairo_matrix_t) {
    for destination in scene.destinations where destination.isValid {
      let (x, y) = point(destination, matrix: &m)
      // A pin: a teardrop whose tip is on the destination.
      cairo_new_path(cr)
      cairo_move_to(cr, x, y)
      cairo_curve_to(cr, x - 4, y - 8, x - 11, y - 14, x - 11, y - 22)
      cairo_arc(cr, x, y - 22, 11, .pi, 0)
      cairo_curve_to(cr, x + 11, y - 14, x + 4, y - 8, x, y)
      cairo_close_path(cr)
      CairoDrawing.setColor(cr, scene.style.destination)
      cairo_fill_preserve(cr)
      stroke(cr, color: RGBA(hex: 0xFFFFFF), width: 1.5)
      cairo_arc(cr, x, y - 22, 4, 0, 2 * .pi)
      CairoDrawing.setColor(cr, RGBA(hex: 0xFFFFFF))
      cairo_fill(cr)
    }
  }

  /// The vehicle chevron, pointing along its course relative to the camera's heading.
  func paintVehicle(in cr: OpaquePointer, matrix m: inout cairo_matrix_t) {
    guard let vehicle = scene.vehicle, vehicle.coordinate.isValid else { return }
    let (x, y) = point(vehicle.coordinate, matrix: &m)
    cairo_save(cr)
    cairo_translate(cr, x, y)
    cairo_rotate(cr, (vehicle.course - scene.camera.heading) * .pi / 180)
    cairo_arc(cr, 0, 0, 20, 0, 2 * .pi)
    CairoDrawing.setColor(cr, scene.style.vehicle.withAlpha(0.18))
    cairo_fill(cr)
    cairo_move_to(cr, 0, -15)
    cairo_line_to(cr, 11, 12)
    cairo_line_to(cr, 0, 6)
    cairo_line_to(cr, -11, 12)
    cairo_close_path(cr)
    CairoDrawing.setColor(cr, scene.style.vehicle)
    cairo_fill_preserve(cr)
    stroke(cr, color: RGBA(hex: 0xFFFFFF), width: 2.5)
    cairo_restore(cr)
  }

  /// The attribution line in the bottom trailing corner, over a translucent plate.
  @MainActor
  func paintAttribution(in cr: OpaquePointer, size: CGSize) {
    guard let text = scene.attribution, !text.isEmpty else { return }
    let available = Double(size.width) - 8
    guard available > 20 else { return }
    let (layout, logical) = LabelPainter.shared.ellipsizedLine(text, size: 8, width: available)
    let scale = Double(PANGO_SCALE)
    let w = Double(logical.width) / scale
    let h = Double(logical.height) / scale
    let x = Double(size.width) - w - 4
    let y = Double(size.height) - h - 2
    CairoDrawing.setColor(cr, scene.style.attributionBackground)
    cairo_rectangle(cr, x - 3, y - 1, w + 6, h + 2)
    cairo_fill(cr)
    CairoDrawing.setColor(cr, scene.style.attribution)
    cairo_move_to(cr, x - Double(logical.x) / scale, y)
    pango_cairo_show_layout(cr, layout)
  }
}

extension MapPainter {
  /// The destinations' buildings: filled with the highlight colour, outlined darker.
  func paintDestinationBuildings(in cr: OpaquePointer, matrix m: inout cairo_matrix_t) {
    for building in scene.destinationBuildings where building.outline.count >= 3 {
      cairo_new_path(cr)
      addLine(building.outline[...], in: cr, matrix: &m)
      cairo_close_path(cr)
      CairoDrawing.setColor(cr, scene.style.destinationBuilding)
      cairo_fill_preserve(cr)
      stroke(cr, color: scene.style.destination, width: 1.5)
    }
  }

  /// The entrances of the destinations' buildings: a white disc with a door in the
  /// destination colour.
  func paintEntrances(in cr: OpaquePointer, matrix m: inout cairo_matrix_t) {
    for building in scene.destinationBuildings {
      for entrance in building.entrances where entrance.isValid {
        let (x, y) = point(entrance, matrix: &m)
        cairo_new_path(cr)
        cairo_arc(cr, x, y, 9, 0, 2 * .pi)
        CairoDrawing.setColor(cr, RGBA(hex: 0xFFFFFF))
        cairo_fill_preserve(cr)
        stroke(cr, color: scene.style.destination, width: 1.5)
        // The door: a rectangle with an arrow into it.
        cairo_rectangle(cr, x - 1, y - 5, 5, 10)
        CairoDrawing.setColor(cr, scene.style.destination)
        cairo_fill(cr)
        cairo_move_to(cr, x - 6, y)
        cairo_line_to(cr, x - 1, y)
        stroke(cr, color: scene.style.destination, width: 1.5)
      }
    }
  }
}

import Foundation

/// One copy of a stamp picture on a polyline (see ``GMSStampStyle``): where its centre is,
/// its size in points and which way it is turned.
public struct GMSPolylineStamp {
  /// The picture.
  public let image: UIImage
  /// Where its centre lies.
  public let position: CLLocationCoordinate2D
  /// Its size in points: the stroke's width across, the picture's proportion along.
  public let size: CGSize
  /// Degrees clockwise from north its top points to (along the line).
  public let rotation: CLLocationDegrees
}

extension GMSMapView {
  /// The stamp copies of `line`'s spans that have a ``GMSStrokeStyle/stampStyle``, for the
  /// current camera: each span's stretch (counted in segments, as its colour is) is covered
  /// by copies of the picture as wide as ``GMSPolyline/strokeWidth``, end to end from the
  /// stretch's start (at most 4,000 a line). Lines are followed straight on the screen.
  public func stamps(of line: GMSPolyline) -> [GMSPolylineStamp] {
    guard let spans = line.spans, spans.contains(where: { $0.style.stampStyle != nil }),
      let path = line.path, path.coordinates.count >= 2, line.strokeWidth > 0
    else { return [] }
    let projection = self.projection
    let points = path.coordinates.map(projection.point(for:))
    let segmentCount = Double(points.count - 1)
    func point(at u: Double) -> CGPoint {
      let i = min(points.count - 2, max(0, Int(u.rounded(.down))))
      let t = CGFloat(min(1, max(0, u - Double(i))))
      return CGPoint(
        x: points[i].x + (points[i + 1].x - points[i].x) * t,
        y: points[i].y + (points[i + 1].y - points[i].y) * t)
    }
    var stamps: [GMSPolylineStamp] = []
    var start = 0.0
    for (k, span) in spans.enumerated() where start < segmentCount {
      let end = k == spans.count - 1 ? segmentCount : min(segmentCount, start + span.segments)
      defer { start = end }
      guard let image = span.style.stampStyle?.image, end > start,
        image.size.width > 0, image.size.height > 0
      else { continue }
      var stretch = [point(at: start)]
      var index = Int(start.rounded(.down)) + 1
      while Double(index) < end {
        stretch.append(points[index])
        index += 1
      }
      stretch.append(point(at: end))
      let size = CGSize(
        width: line.strokeWidth, height: line.strokeWidth * image.size.height / image.size.width)
      place(image, size: size, along: stretch, projection: projection, into: &stamps)
    }
    return stamps
  }

  /// Copies of `image` end to end along screen points `stretch`.
  private func place(
    _ image: UIImage, size: CGSize, along stretch: [CGPoint], projection: GMSProjection,
    into stamps: inout [GMSPolylineStamp]
  ) {
    let step = Double(size.height)
    var next = step / 2  // the next copy's centre, in points from the stretch's start
    var walked = 0.0
    for i in stretch.indices.dropFirst() {
      let a = stretch[i - 1]
      let b = stretch[i]
      let length = Double(hypot(b.x - a.x, b.y - a.y))
      guard length > 0 else { continue }
      let heading = atan2(Double(b.x - a.x), Double(a.y - b.y)) * 180 / .pi
      while next <= walked + length, stamps.count < 4000 {
        let t = CGFloat((next - walked) / length)
        let centre = CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        stamps.append(
          GMSPolylineStamp(
            image: image, position: projection.coordinate(for: centre), size: size,
            rotation: heading + camera.bearing))
        next += step
      }
      walked += length
    }
  }
}

import Foundation

/// Joins way node lists that share end nodes into longer chains (and closed rings), in a
/// deterministic order.
enum RingJoiner {
  /// Chains `ways` end to start (reversing pieces where needed).
  static func join(_ ways: [[Int64]]) -> [[Int64]] {
    var pending = ways.filter { $0.count >= 2 }
    var result: [[Int64]] = []
    while !pending.isEmpty {
      var chain = pending.removeFirst()
      var grew = true
      while grew, chain.first != chain.last {
        grew = false
        for (i, piece) in pending.enumerated() {
          if piece.first == chain.last {
            chain += piece.dropFirst()
          } else if piece.last == chain.first {
            chain = piece + chain.dropFirst()
          } else if piece.last == chain.last {
            chain += piece.reversed().dropFirst()
          } else if piece.first == chain.first {
            chain = piece.reversed() + chain.dropFirst()
          } else {
            continue
          }
          pending.remove(at: i)
          grew = true
          break
        }
      }
      result.append(chain)
    }
    return result
  }
}

/// Closes an open coastline (land on its left) into a sea polygon by walking a box's edge
/// clockwise (seen north-up) from the chain's end back to its start.
struct SeaCloser {
  let minX: Double
  let minY: Double
  let maxX: Double
  let maxY: Double

  private var width: Double { maxX - minX }
  private var height: Double { maxY - minY }

  /// The perimeter position (clockwise from the top-left corner) of a point's projection on
  /// the nearest edge, and that projection.
  func perimeter(_ p: (Double, Double)) -> (t: Double, point: (Double, Double)) {
    let x = min(max(p.0, minX), maxX)
    let y = min(max(p.1, minY), maxY)
    let distances = [maxY - y, maxX - x, y - minY, x - minX]  // top, right, bottom, left
    let edge = distances.indices.min { distances[$0] < distances[$1] }!
    switch edge {
    case 0: return (x - minX, (x, maxY))
    case 1: return (width + (maxY - y), (maxX, y))
    case 2: return (width + height + (maxX - x), (x, minY))
    default: return (2 * width + height + (y - minY), (minX, y))
    }
  }

  /// The chain followed by the box edge from its end, clockwise, to its start.
  func close(_ chain: [(Double, Double)]) -> [(Double, Double)] {
    let total = 2 * (width + height)
    let end = perimeter(chain.last!)
    let start = perimeter(chain.first!)
    var points = chain
    points.append(end.point)
    let corners: [(t: Double, point: (Double, Double))] = [
      (width, (maxX, maxY)), (width + height, (maxX, minY)), (2 * width + height, (minX, minY)),
      (total, (minX, maxY)),
    ]
    var span = start.t - end.t
    if span <= 0 { span += total }
    for lap in 0..<2 {
      for corner in corners {
        let ahead = corner.t + Double(lap) * total - end.t
        if ahead > 0, ahead < span { points.append(corner.point) }
      }
    }
    points.append(start.point)
    points.append(chain.first!)
    return points
  }
}

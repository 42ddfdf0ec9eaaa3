import Foundation

/// What went wrong while rendering; every case names the input at fault.
public enum RenderError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The scale is not a finite number in 1…3.
  case invalidScale(Double)
  /// The picture would be empty, not finite, or larger than the renderer allows
  /// (``Renderer/maximumPixelDimension`` pixels on a side).
  case invalidSize(width: Double, height: Double)
  /// The time is not a finite number.
  case invalidTime(Double)
  /// Cairo refused to make or finish a surface; `status` is Cairo's message.
  case cairo(stage: String, status: String)
  /// Image data (PNG) could not be decoded; `reason` says why.
  case invalidImageData(name: String, reason: String)
  /// The PNG encoder failed (zlib's message).
  case encodingFailed(String)
  /// The base map could not be built from the OSM file.
  case mapData(String)

  /// A message that names the input and the place.
  public var description: String {
    switch self {
    case .invalidScale(let scale):
      return "render scale \(scale) is not a finite number between 1 and 3"
    case .invalidSize(let width, let height):
      return "render size \(width) × \(height) points is empty, not finite or too large"
    case .invalidTime(let time): return "render time \(time) is not a finite number"
    case .cairo(let stage, let status): return "cairo failed while \(stage): \(status)"
    case .invalidImageData(let name, let reason): return "image '\(name)' is not usable: \(reason)"
    case .encodingFailed(let reason): return "PNG encoding failed: \(reason)"
    case .mapData(let reason): return "base map unavailable: \(reason)"
    }
  }
}

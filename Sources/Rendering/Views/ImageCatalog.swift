import Foundation
import ViewKit

/// What the renderer draws for a `UIImage`: `UIImage` carries only a size and a name, so
/// pictures are looked up here by name.
///
/// ```swift
/// var images = ImageCatalog.standard
/// images.register("logo", .png(try Data(contentsOf: logoURL)))
/// images.register("pin", .vector(myPinImage))
/// ```
public struct ImageCatalog: Sendable {
  /// A picture: vector layers, or PNG bytes (decoded by Cairo when drawn).
  public enum Content: Sendable, Hashable {
    /// A vector image, scaled to the image view.
    case vector(VectorImage)
    /// PNG data.
    case png(Data)
  }

  private var entries: [String: Content]

  /// A catalogue with the given entries.
  public init(_ entries: [String: Content] = [:]) {
    self.entries = entries
  }

  /// The built-in navigation icons (see ``BuiltInIcons``), under their SF Symbols names.
  /// With them, the Navigation SDK's maneuver arrows (``ManeuverIcons``).
  public static let standard = ImageCatalog(
    BuiltInIcons.all.merging(ManeuverIcons.all) { first, _ in first }.mapValues {
      Content.vector($0)
    })

  /// Adds or replaces the picture for `name`.
  public mutating func register(_ name: String, _ content: Content) {
    entries[name] = content
  }

  /// The picture for `name`, if any (lane strips, `gms.lanes:…`, are made on request).
  public func content(named name: String) -> Content? {
    entries[name] ?? ManeuverIcons.lanes(named: name).map { .vector($0) }
  }

  /// The registered names, sorted.
  public var names: [String] { entries.keys.sorted() }
}

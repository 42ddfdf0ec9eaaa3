import Foundation
import NavigationUI
import ViewKit

extension AuditRun {
  /// An opaque piece of the screen: a visible view with an opaque background, and the unit it
  /// belongs to (a Google component, or a view placed directly on the map).
  struct OpaquePiece {
    let frame: CGRect
    let owner: UIView
  }

  /// The opaque pieces of the map's tree, each with its owning unit. Insides of Google
  /// components count for the component (the speed widget's plates, the turn card's rows).
  func opaquePieces() -> [OpaquePiece] {
    let units = components()
    var pieces: [OpaquePiece] = []
    func walk(_ view: UIView, owner: UIView?) {
      guard !view.isHidden, view.alpha > 0.01 else { return }
      let mine = units.contains { $0 === view } ? view : (owner ?? view)
      if view.alpha >= 0.99, (view.backgroundColor?.alpha ?? 0) >= 0.99 {
        let f = frame(view)
        if f.width > 0, f.height > 0 { pieces.append(OpaquePiece(frame: f, owner: mine)) }
      }
      for sub in view.subviews { walk(sub, owner: mine) }
    }
    for sub in mapView.subviews { walk(sub, owner: nil) }
    return pieces
  }

  /// No two opaque views overlap unless the layout declares it (``AllowedOverlap``). Views
  /// inside one another (an ETA card inside an app's sheet) do not count as overlapping.
  func checkOverlaps(_ state: String, _ s: any NavigationUIState) {
    let pieces = opaquePieces()
    var reported = Set<[ObjectIdentifier]>()
    for (i, a) in pieces.enumerated() {
      for b in pieces[(i + 1)...] where a.owner !== b.owner {
        if a.owner.isDescendant(of: b.owner) || b.owner.isDescendant(of: a.owner) { continue }
        let overlap = a.frame.intersection(b.frame)
        guard !overlap.isNull, overlap.width > 0.5, overlap.height > 0.5 else { continue }
        let key = [ObjectIdentifier(a.owner), ObjectIdentifier(b.owner)].sorted()
        guard !reported.contains(key) else { continue }
        let (na, nb) = (Self.name(a.owner), Self.name(b.owner))
        if allowedOverlaps.contains(where: { $0.allows(na, nb, in: state) }) { continue }
        reported.insert(key)
        report(
          .overlap, state, [a.owner, b.owner],
          "opaque \(na) at \(Self.text(frame(a.owner))) overlaps opaque \(nb) at "
            + "\(Self.text(frame(b.owner))) by \(points(overlap.width))×\(points(overlap.height)) pt"
        )
      }
    }
  }
}

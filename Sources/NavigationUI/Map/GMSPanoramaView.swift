import Foundation

/// A Street View panorama (`GMSPanoramaView`). OpenStreetMap has no street-level imagery, so
/// a panorama view shows only its background colour; it exists so that code written against
/// the original (a marker's ``GMSMarker/panoramaView``, a screen holding one) compiles and
/// runs. Markers are drawn on map views only.
@MainActor
open class GMSPanoramaView: UIView {}
